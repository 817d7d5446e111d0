"""The players' marker palette: read it from web/js/lib/views/style.js, measure it, retune it.

    python3 tools/palette.py            # the table: min CIEDE2000 per vision,
                                        # hue/lightness per colour
    python3 tools/palette.py --search   # look for defaults that do better within NAMED (~15 s)
    python3 tools/palette.py --extras [--search]   # the twelve colours; tune the four extras

The eight default seat colours must stay far apart under normal vision and
under simulated protanopia, deuteranopia and tritanopia (tools/colour.py),
while each still reads as its name: NAMED bounds every colour's CIELAB
lightness, chroma and hue to the region people call by that name.
docs/accessibility.md explains the thresholds; tests/test_palette.py asserts them.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
from pathlib import Path

from tools.colour import RGB, VISIONS, delta_e, lch, parse_hex, to_hex

ROOT = Path(__file__).resolve().parents[1]
STYLE_JS = ROOT / "web" / "js" / "lib" / "views" / "style.js"
DEFAULT = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")
# The visions the palette is tuned for.  Seen as luminance alone
# (achromatopsia, a grey screen) eight colours cannot stay as far apart (yellow
# and white are both light): there the palette keeps a floor, and the markers'
# shapes and numbers do the rest.
TUNED = ("normal", "protanopia", "deuteranopia", "tritanopia")
GREY_FLOOR = 5.0

# What keeps a colour its name, in CIE LCh(ab): (L min, L max, C min, C max, hue from, hue to).
# Hue ranges are those of the usual exemplars (sRGB red ~40 deg, orange ~60,
# yellow ~90-100, green ~135-160, blue ~260-306, purple ~300-330); black and
# white are near-neutral extremes.
NAMED = {
    "red": (42, 58, 60, 200, 25, 42),
    "orange": (58, 76, 55, 200, 50, 72),
    "yellow": (78, 95, 60, 200, 82, 102),
    "green": (40, 66, 40, 200, 128, 158),
    "blue": (28, 58, 45, 200, 258, 292),
    "purple": (25, 55, 40, 200, 300, 332),
    "black": (0, 16, 0, 5, 0, 360),
    "white": (94, 100, 0, 5, 0, 360),
    # the extra colours a player may choose in the setup
    "pink": (55, 80, 30, 80, 335, 360),
    "teal": (45, 65, 25, 50, 185, 215),
    "brown": (30, 48, 25, 50, 45, 75),
    "gray": (40, 70, 0, 5, 0, 360),
}
EXTRA = ("pink", "teal", "brown", "gray")


def read_palette(path: Path = STYLE_JS) -> dict[str, str]:
    """The COLORS table of style.js: name -> '#rrggbb'."""
    text = path.read_text(encoding="utf-8")
    block = re.search(r"export const COLORS = \{(.*?)\};", text, re.S)
    if not block:
        raise ValueError(f"{path}: no `export const COLORS = {{...}};`")
    return dict(re.findall(r'(\w+):\s*"(#[0-9a-fA-F]{6})"', block.group(1)))


def read_default_names(path: Path = STYLE_JS) -> list[str]:
    """DEFAULT_COLORS of style.js, in seat order."""
    m = re.search(
        r"export const DEFAULT_COLORS = \[(.*?)\];", path.read_text(encoding="utf-8"), re.S
    )
    if not m:
        raise ValueError(f"{path}: no `export const DEFAULT_COLORS = [...];`")
    return re.findall(r'"(\w+)"', m.group(1))


def named_as(name: str, rgb: RGB) -> bool:
    """Whether `rgb` lies in NAMED[name]'s region."""
    lo_l, hi_l, lo_c, hi_c, h0, h1 = NAMED[name]
    L, C, h = lch(rgb)
    return lo_l <= L <= hi_l and lo_c <= C <= hi_c and (C <= 5 or h0 <= h <= h1)


def worst_pairs(colours: dict[str, RGB], vision: str) -> list[tuple[float, str, str]]:
    """Every pair's CIEDE2000 under `vision`, closest first."""
    return sorted(
        (delta_e(colours[a], colours[b], vision), a, b)
        for a, b in itertools.combinations(colours, 2)
    )


def min_delta(colours: dict[str, RGB], visions=TUNED) -> float:
    """The smallest pairwise CIEDE2000 over `visions`."""
    return min(worst_pairs(colours, v)[0][0] for v in visions)


def score(colours: dict[str, RGB]) -> float:
    """What search() raises for the defaults: min_delta over TUNED, once greyscale's is
    GREY_FLOOR."""
    grey = worst_pairs(colours, "achromatopsia")[0][0]
    return min_delta(colours) if grey >= GREY_FLOOR else grey - 100


def search(
    start: dict[str, RGB], movable, rounds: int = 10000, seed: int = 4, score=score
) -> dict[str, RGB]:
    """Hill-climb the `movable` colours of `start` to raise score(), every colour
    kept inside its NAMED region; seeded, so it is repeatable."""
    rng = random.Random(seed)
    best = dict(start)
    best_score = score(best)
    for i in range(rounds):
        step = 0.08 * (1 - i / rounds) + 0.01
        name = rng.choice(movable)
        trial = dict(best)
        trial[name] = tuple(min(1.0, max(0.0, c + rng.gauss(0, step))) for c in best[name])  # type: ignore[assignment]
        if not named_as(name, trial[name]):
            continue
        trial_score = score(trial)
        if trial_score > best_score:
            best, best_score = trial, trial_score
    return best


def table(hexes: dict[str, str]) -> str:
    """Markdown: each colour's hex and LCh, then the closest pair per vision."""
    rgb = {n: parse_hex(h) for n, h in hexes.items()}
    lines = ["| colour | hex | L | C | h |", "| --- | --- | --- | --- | --- |"]
    for n, c in rgb.items():
        L, C, h = lch(c)
        lines.append(f"| {n} | `{hexes[n]}` | {L:.0f} | {C:.0f} | {h:.0f} |")
    lines += ["", "| vision | min CIEDE2000 | closest pair |", "| --- | --- | --- |"]
    for v in VISIONS:
        d, a, b = worst_pairs(rgb, v)[0]
        lines.append(f"| {v} | {d:.1f} | {a} / {b} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--search", action="store_true", help="look for better defaults from the current ones"
    )
    ap.add_argument(
        "--extras",
        action="store_true",
        help="the twelve colours; with --search, tune the extras against the fixed defaults",
    )
    args = ap.parse_args()
    palette = read_palette()
    names = list(palette) if args.extras else read_default_names()
    hexes = {n: palette[n] for n in names}
    print(table(hexes))
    if args.search:
        start = {n: parse_hex(h) for n, h in hexes.items()}
        if args.extras:  # luminance alone cannot part twelve colours: the dichromacies only
            found = search(start, EXTRA, score=min_delta)
        else:
            found = search(start, [n for n in start if n not in ("black", "white")])
        print("\nfound:\n" + table({n: to_hex(c) for n, c in found.items()}))


if __name__ == "__main__":
    main()
