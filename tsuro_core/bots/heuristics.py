"""Fast judgements of a marker's place that the survivor and the planner share.

The central trick: for a marker facing an empty square, follow the path out
of each of that square's 8 ports once (:func:`port_ends`).  Then what any
tile at any rotation would do to every marker facing the square is a few
table look-ups (:func:`exit_of`), with no path following per tile: 8 follows
instead of 140 per square.  A path that comes back into the square is
handled exactly (it goes on through the same tile).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Cells, follow
from ..tiles import CONN, DISTINCT, Conn

# TILE_ROTS[t]: (quarter turns, connections) of each distinct rotation of tile t.
TILE_ROTS: tuple[tuple[tuple[int, Conn], ...], ...] = tuple(
    tuple((q, CONN[t][q]) for q in DISTINCT[t]) for t in range(35)
)


def port_ends(cells: Cells, nxt: Sequence[int], cell: int) -> list[int]:
    """Where a path leaving empty square ``cell`` through each port ends (a place
    code; one facing ``cell`` again means the path comes back into it)."""
    base = cell << 3
    return [follow(cells, nxt, nxt[base | e]) for e in range(8)]


def exit_of(conn: Conn, port: int, ends: list[int], cell: int) -> int:
    """Where a marker entering ``cell`` at ``port`` ends if ``conn`` is placed there."""
    code = ends[conn[port]]
    for _ in range(4):
        if code >> 3 != cell:
            return code
        code = ends[conn[code & 7]]
    return code


def safe_rotations(
    tile: int, port: int, ends: list[int], cell: int, on_board: Sequence[bool]
) -> int:
    """How many distinct rotations of ``tile`` keep a marker entering at ``port`` on the board."""
    return sum(1 for _, conn in TILE_ROTS[tile] if on_board[exit_of(conn, port, ends, cell) >> 3])


def tile_is_safe(
    tile: int, port: int, ends: list[int], cell: int, on_board: Sequence[bool]
) -> bool:
    """Whether some rotation of ``tile`` keeps a marker entering at ``port`` on the board."""
    return any(on_board[exit_of(conn, port, ends, cell) >> 3] for _, conn in TILE_ROTS[tile])


def place_safety(
    cells: Cells,
    nxt: Sequence[int],
    on_board: Sequence[bool],
    code: int,
    hand: Sequence[int],
    pool: Sequence[int],
) -> tuple[int, float, list[int]]:
    """For a marker at ``code``: the number of safe placements of the tiles in
    ``hand`` there, the fraction of ``pool`` tiles with a safe rotation there,
    and the square's port-ends table."""
    cell = code >> 3
    ends = port_ends(cells, nxt, cell)
    port = code & 7
    opts = 0
    for t in hand:
        opts += safe_rotations(t, port, ends, cell, on_board)
    if pool:
        frac = sum(1 for t in pool if tile_is_safe(t, port, ends, cell, on_board)) / len(pool)
    else:
        frac = 0.0
    return opts, frac, ends


def kill_fraction(
    my_port: int,
    their_port: int,
    ends: list[int],
    cell: int,
    on_board: Sequence[bool],
    pool: Sequence[int],
) -> float:
    """The fraction of ``pool`` tiles that an opponent standing at ``their_port``
    of the same square could place so that it stays on and the marker at
    ``my_port`` goes off."""
    if not pool:
        return 0.0
    hits = 0
    for t in pool:
        for _, conn in TILE_ROTS[t]:
            if (
                on_board[exit_of(conn, their_port, ends, cell) >> 3]
                and not on_board[exit_of(conn, my_port, ends, cell) >> 3]
            ):
                hits += 1
                break
    return hits / len(pool)


def edge_distance(cell: int, stride: int, width: int, height: int) -> int:
    """Squares between ``cell`` and the nearest edge (0 for an edge square)."""
    x, y = cell % stride - 1, cell // stride - 1
    return min(x, y, width - 1 - x, height - 1 - y)


def is_corner(cell: int, stride: int, width: int, height: int) -> bool:
    """Whether ``cell`` is one of the board's four corner squares."""
    x, y = cell % stride - 1, cell // stride - 1
    return x in (0, width - 1) and y in (0, height - 1)


def square_distance(a: int, b: int, stride: int) -> int:
    """Chebyshev distance between two squares given as cell indices."""
    return max(abs(a % stride - b % stride), abs(a // stride - b // stride))


def exchange_score(
    hand: Sequence[int],
    code: int | None,
    cells: Cells,
    nxt: Sequence[int],
    on_board: Sequence[bool],
) -> float:
    """How good a hand is to hold at the marker's place: tiles with a safe
    rotation count most, then safe placements in all."""
    if code is None:
        return 0.0
    cell, port = code >> 3, code & 7
    ends = port_ends(cells, nxt, cell)
    safe_tiles = 0
    total = 0
    for t in hand:
        k = safe_rotations(t, port, ends, cell, on_board)
        total += k
        safe_tiles += k > 0
    return 10.0 * safe_tiles + total


def link_table(cells: Cells, nxt: Sequence[int], on_board: Sequence[bool]) -> list[int]:
    """``link[cell * 8 + port]``: for every empty square of the board, where a path
    leaving it through ``port`` ends (as :func:`port_ends`, for all squares at
    once).  :func:`link_place` keeps it up to date as tiles are placed, so a
    simulation never follows a path again."""
    link = [0] * (len(cells) * 8)
    for c, conn in enumerate(cells):
        if on_board[c] and conn is None:
            base = c << 3
            for e in range(8):
                link[base | e] = follow(cells, nxt, nxt[base | e])
    return link


def link_place(link: list[int], cell: int, conn: Conn) -> None:
    """Update ``link`` for ``conn`` placed on empty square ``cell``: each of the
    tile's four paths joins the two path ends that meet at its ports."""
    base = cell << 3
    for a in range(8):
        b = conn[a]
        if a < b:
            za = link[base | a]
            zb = link[base | b]
            link[za] = zb
            link[zb] = za
