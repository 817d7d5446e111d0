"""Squares, placed tiles, and following a path.

The board is a grid of W x H squares surrounded by a one-square frame of
off-board squares, so that a marker that leaves the board still has a place:
the square beyond the edge and the port facing back in (NOTATION.md).

Hot paths work on plain ints.  A *place* ``[x, y, port]`` is packed as
``code = ((y + 1) * (W + 2) + (x + 1)) * 8 + port``; ``code >> 3`` is the
square's cell index and ``code & 7`` the port.  The board itself is a list
``cells`` indexed by cell, each entry ``None`` or a tile's connection tuple.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .errors import BadArgument
from .tiles import PARTNER, Conn

Cells = list[Conn | None]

# (dx, dy) of the neighbour across each side: north, east, south, west.
_SIDE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))

LOOP = -1
"""Where :func:`follow` and :func:`trace` say a path ends when it never does.

The one loop rule: each step along a path is one-to-one on places (it can be
walked backwards), so a path that never ends is a cycle through its own
start, and it is one exactly when it comes back to where it started.  Never
from a classic start mark (its path runs back to the edge); the course
variant's rules knock out a looping avatar."""


class Geometry:
    """Precomputed tables for a W x H board: place codes, neighbours, edges."""

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= 64 and 1 <= height <= 64):
            raise BadArgument(f"board size out of range: {width} x {height}")
        self.width = width
        self.height = height
        self.stride = width + 2
        self.cell_count = (width + 2) * (height + 2)
        self.on_board: list[bool] = [False] * self.cell_count
        for y in range(height):
            for x in range(width):
                self.on_board[self.cell(x, y)] = True
        # NEXT[cell * 8 + exit_port]: the place reached by leaving that square
        # through that port (the neighbour's square and touching port).
        self.next: list[int] = [0] * (self.cell_count * 8)
        for y in range(-1, height + 1):
            for x in range(-1, width + 1):
                for p in range(8):
                    dx, dy = _SIDE_STEP[p >> 1]
                    nx, ny = x + dx, y + dy
                    if -1 <= nx <= width and -1 <= ny <= height:
                        self.next[self.cell(x, y) * 8 + p] = self.code(nx, ny, PARTNER[p])
        self.start_marks: tuple[int, ...] = tuple(
            self.code(x, y, p)
            for y in range(height)
            for x in range(width)
            for p in range(8)
            if self.is_edge_port(x, y, p)
        )

    def cell(self, x: int, y: int) -> int:
        """The cell index of square (x, y) (which may be one step off the board)."""
        return (y + 1) * self.stride + (x + 1)

    def code(self, x: int, y: int, port: int) -> int:
        """The packed place of ``[x, y, port]``."""
        return ((y + 1) * self.stride + (x + 1)) * 8 + port

    def xyp(self, code: int) -> tuple[int, int, int]:
        """Unpack a place code to (x, y, port)."""
        cell = code >> 3
        return cell % self.stride - 1, cell // self.stride - 1, code & 7

    def xy(self, cell: int) -> tuple[int, int]:
        """Unpack a cell index to (x, y)."""
        return cell % self.stride - 1, cell // self.stride - 1

    def contains(self, x: int, y: int) -> bool:
        """Whether (x, y) is a square of the board."""
        return 0 <= x < self.width and 0 <= y < self.height

    def is_edge_port(self, x: int, y: int, port: int) -> bool:
        """Whether port ``port`` of on-board square (x, y) lies on the board's outer boundary."""
        if not self.contains(x, y):
            return False
        dx, dy = _SIDE_STEP[port >> 1]
        return not self.contains(x + dx, y + dy)

    def is_on_board(self, code: int) -> bool:
        """Whether a place faces a square of the board (a marker there is still in)."""
        return self.on_board[code >> 3]

    def new_cells(self) -> Cells:
        """An empty board."""
        return [None] * self.cell_count


@cache
def geometry(width: int, height: int) -> Geometry:
    """The shared tables for a board size (built once per size)."""
    return Geometry(width, height)


def follow(
    cells: Sequence[Conn | None],
    nxt: Sequence[int],
    code: int,
    steps: list[tuple[int, int, int]] | None = None,
) -> int:
    """The place a marker at ``code`` reaches following placed tiles, or LOOP;
    each step ``(cell, entry port, exit port)`` is appended to ``steps`` if given
    (for a LOOP, they go round once).

    The engine's one path follower, with the one loop rule (:data:`LOOP`).
    ``Game.legal_placements`` calls it for every placement: keep it lean."""
    start = code
    conn = cells[code >> 3]
    while conn is not None:
        exit_port = conn[code & 7]
        if steps is not None:
            steps.append((code >> 3, code & 7, exit_port))
        code = nxt[(code & -8) | exit_port]
        if code == start:
            return LOOP
        conn = cells[code >> 3]
    return code


def trace(
    cells: Sequence[Conn | None], nxt: Sequence[int], code: int
) -> tuple[list[tuple[int, int, int]], int]:
    """:func:`follow`, with the steps: ``(steps, end)``."""
    steps: list[tuple[int, int, int]] = []
    return steps, follow(cells, nxt, code, steps)
