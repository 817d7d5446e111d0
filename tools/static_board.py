#!/usr/bin/env python3
"""Write the empty 6 x 6 board, as web/js/lib/views/board.js draws it, into the pages
as static SVG, so the board is on screen at first paint, before any script
has loaded (board.js replaces it with its own, identical drawing).

    python3 tools/static_board.py      # rewrites the marked block in the pages

Run it again if board.js changes how an empty board looks (S, MARGIN, the
frame, the edge marks, the coordinates, the squares).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "web" / "index.html", ROOT / "web" / "embed.html", ROOT / "web" / "lesson.html"]
S, MARGIN, W, H = 100, 36, 6, 6
COORD_GAP = 22
PX = [1 / 3, 2 / 3, 1, 1, 2 / 3, 1 / 3, 0, 0]
PY = [0, 0, 1 / 3, 2 / 3, 1, 1, 2 / 3, 1 / 3]


def f(n: float) -> str:
    r = round(n * 100) / 100
    return str(int(r)) if r == int(r) else f"{r:g}"


def port(x: int, y: int, p: int) -> tuple[float, float]:
    return (x + PX[p]) * S, (y + PY[p]) * S


def svg(label: str, key: str) -> str:
    parts = [
        f'<svg class="board board-static" role="img" aria-label="{label}" '
        f'data-i18n-attr="aria-label:{key}" '
        f'viewBox="{-MARGIN} {-MARGIN} {W * S + 2 * MARGIN} {H * S + 2 * MARGIN}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg"><g>',
        f'<rect x="{-MARGIN + 2}" y="{-MARGIN + 2}" width="{W * S + 2 * MARGIN - 4}" '
        f'height="{H * S + 2 * MARGIN - 4}" rx="14" class="board-frame"/>',
        f'<rect x="-3" y="-3" width="{W * S + 6}" height="{H * S + 6}" rx="6" class="board-edge"/>',
    ]
    for i in range(W):
        for y, p in ((0, 0), (0, 1), (H - 1, 4), (H - 1, 5)):
            px, py = port(i, y, p)
            parts.append(
                f'<circle cx="{f(px)}" cy="{f(py + (-13 if y == 0 else 13))}" '
                'r="3.2" class="edge-mark"/>'
            )
    for j in range(H):
        for x, p in ((0, 6), (0, 7), (W - 1, 2), (W - 1, 3)):
            px, py = port(x, j, p)
            parts.append(
                f'<circle cx="{f(px + (-13 if x == 0 else 13))}" cy="{f(py)}" '
                'r="3.2" class="edge-mark"/>'
            )
    # coordinates, as board.js draws them: columns A.. above, rows 1.. to the left
    for i in range(W):
        parts.append(
            f'<text x="{f((i + 0.5) * S)}" y="{-COORD_GAP}" class="coord" text-anchor="middle" '
            f'dominant-baseline="central">{chr(65 + i)}</text>'
        )
    for j in range(H):
        parts.append(
            f'<text x="{-COORD_GAP}" y="{f((j + 0.5) * S)}" class="coord" text-anchor="middle" '
            f'dominant-baseline="central">{j + 1}</text>'
        )
    parts.append("</g><g>")
    for y in range(H):
        for x in range(W):
            parts.append(
                f'<rect x="{x * S + 2}" y="{y * S + 2}" width="{S - 4}" height="{S - 4}" '
                'rx="5" class="square"/>'
            )
    parts.append("</g></svg>")
    return "".join(parts)


BLOCK = re.compile(r"<!-- static-board -->.*?<!-- /static-board -->", re.S)


def main() -> None:
    for page in PAGES:
        html = page.read_text(encoding="utf-8")
        # the label in English; the page's script puts it in the reader's language (data-i18n-attr)
        label, key = (
            ("Tsuro board, 6 by 6 squares", "board.static")
            if page.name == "index.html"
            else ("Tsuro board", "embed.board")
        )
        block = (
            "<!-- static-board -->"
            + svg(label, key)
            + '<script>performance.mark("board-visible")</script><!-- /static-board -->'
        )
        if not BLOCK.search(html):
            raise SystemExit(f"{page}: no <!-- static-board --> block")
        page.write_text(BLOCK.sub(lambda _, block=block: block, html), encoding="utf-8")
        print(f"wrote the static board into {page.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
