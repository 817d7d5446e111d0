"""The installed app's icons and web app manifest, made by build.py.

The icon is the favicon's picture: a cream tile crossed by one red path
(the curve M5,0 C5,8 11,8 11,16 on a 16-unit tile).  The PNGs are drawn
here, row by row with anti-aliased edges, and written by a small PNG
encoder (zlib + CRC), so nothing is fetched or installed to make them.
"""

from __future__ import annotations

import json
import struct
import zlib

TILE = (0xF2, 0xE3, 0xC4)  # the tile face (the favicon's)
PATH = (0xD6, 0x28, 0x39)  # the path
BACKGROUND = "#16130f"  # the site's --bg (css/tsuro.css)
THEME = "#16130f"

# (file, size, purpose): the sizes browsers ask for (Chrome's install needs
# 192 and 512; Android's launcher the maskable one; iOS the 180 touch icon).
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
    ("icons/apple-touch-icon.png", 180, "any"),
)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGBA PNG from rows of width * 4 bytes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\0" + r for r in rows)  # filter type 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _cover(acc: list[float], a: float, b: float, weight: float) -> None:
    """Add weight times how much of each pixel column [i, i + 1) lies in [a, b)."""
    n = len(acc)
    a, b = max(a, 0.0), min(b, float(n))
    if b <= a:
        return
    i, j = int(a), int(b)
    if i == j:
        acc[i] += weight * (b - a)
        return
    acc[i] += weight * (i + 1 - a)
    for k in range(i + 1, j):
        acc[k] += weight
    if j < n:
        acc[j] += weight * (b - j)


def _curve_at(y: float) -> tuple[float, float]:
    """The path's x and dx/dy at height y (tile units 0..16).

    y(t) = 24t - 24t^2 + 16t^3 rises with t."""
    lo, hi = 0.0, 1.0
    for _ in range(30):
        t = (lo + hi) / 2
        if 24 * t - 24 * t * t + 16 * t**3 < y:
            lo = t
        else:
            hi = t
    t = (lo + hi) / 2
    x = 5 * (1 - t) ** 3 + 15 * t * (1 - t) ** 2 + 33 * t * t * (1 - t) + 11 * t**3
    dx = 36 * t * (1 - t)  # x'(t)
    dy = 24 - 48 * t + 48 * t * t
    return x, dx / dy


def icon(size: int, maskable: bool = False) -> bytes:
    """The app icon as a PNG of size x size pixels (maskable: the tile inside
    the safe circle on an opaque background that fills the square)."""
    # the tile's square on the icon, in pixels
    inset = size * 0.2 if maskable else 0.0
    side = size - 2 * inset
    unit = side / 16
    radius = 3 * unit
    half_width = 1.25 * unit
    bg = tuple(int(BACKGROUND[i : i + 2], 16) for i in (1, 3, 5))
    sub = 4  # sub-rows per pixel row, for smooth edges
    rows = []
    for py in range(size):
        tile = [0.0] * size
        path = [0.0] * size
        for s in range(sub):
            y = py + (s + 0.5) / sub - inset
            if not 0 <= y < side:
                continue
            # the rounded square's span on this line
            dy = max(radius - y, y - (side - radius), 0.0)
            dx = radius - (radius * radius - dy * dy) ** 0.5 if dy else 0.0
            _cover(tile, inset + dx, inset + side - dx, 1 / sub)
            cx, slope = _curve_at(y / unit)
            w = half_width * (1 + slope * slope) ** 0.5
            _cover(path, inset + cx * unit - w, inset + cx * unit + w, 1 / sub)
        row = bytearray()
        for a, p in zip(tile, path):
            a, p = min(a, 1.0), min(p, a, 1.0)
            face = [TILE[k] + (PATH[k] - TILE[k]) * (p / a if a else 0) for k in range(3)]
            if maskable:
                row += bytes(round(bg[k] + (face[k] - bg[k]) * a) for k in range(3)) + b"\xff"
            else:
                row += bytes(round(c) for c in face) + bytes([round(255 * a)])
        rows.append(bytes(row))
    return png(size, size, rows)


def manifest(description: str) -> str:
    """The web app manifest (manifest.webmanifest at the site's root)."""
    return (
        json.dumps(
            {
                "name": "Tsuro: the game of the path",
                "short_name": "Tsuro",
                "description": description,
                "id": "./",
                "start_url": "./",
                "scope": "./",
                "display": "standalone",
                "orientation": "any",
                "background_color": BACKGROUND,
                "theme_color": THEME,
                "categories": ["games"],
                "icons": [
                    {
                        "src": name,
                        "sizes": f"{size}x{size}",
                        "type": "image/png",
                        "purpose": purpose,
                    }
                    for name, size, purpose in ICONS
                    if "apple" not in name
                ],
            },
            indent=2,
        )
        + "\n"
    )


def app_files(description: str) -> dict[str, bytes]:
    """Every file the installed app needs, by its path in dist/."""
    files = {name: icon(size, purpose == "maskable") for name, size, purpose in ICONS}
    files["manifest.webmanifest"] = manifest(description).encode()
    return files


if __name__ == "__main__":  # python3 tools/app_icons.py OUT_DIR: write them to look at
    import sys
    from pathlib import Path

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/tsuro-icons")
    for rel, data in app_files("Tsuro").items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
        print(out / rel, len(data))
