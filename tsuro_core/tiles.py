"""Ports, the 35 Tsuro tiles, rotation and symmetry.

A tile is four paths pairing the eight ports of a square.  Internally a tile
at a rotation is a tuple ``conn`` of 8 ints with ``conn[p]`` the port that
port ``p`` leads to.  Ports are 0..7 for A..H, clockwise from the left port of
the north side (NOTATION.md).  Rotations are quarter turns clockwise (0..3)
inside the engine and degrees (0, 90, 180, 270) in JSON.
"""

from __future__ import annotations

from .errors import BadArgument
from .jsonin import is_whole, show
from .shapes import TileInfo

PORT_NAMES = "ABCDEFGH"
"""Port letters, indexed by port number."""

# The port of the neighbouring square that touches each port: A-F, B-E, C-H, D-G.
PARTNER = (5, 4, 7, 6, 1, 0, 3, 2)

# The tiles in the Northeastern CS4500 numbering (NOTATION.md's table).
_TABLE = (
    "AE BF CH DG",
    "AE BF CG DH",
    "AF BE CH DG",
    "AE BD CG FH",
    "AH BC DE FG",
    "AE BC DH FG",
    "AE BC DG FH",
    "AD BG CF EH",
    "AD BF CG EH",
    "AD BE CH FG",
    "AD BE CG FH",
    "AD BC EH FG",
    "AC BH DF EG",
    "AC BH DE FG",
    "AC BG DF EH",
    "AC BG DE FH",
    "AC BF DH EG",
    "AC BF DG EH",
    "AC BE DH FG",
    "AC BE DG FH",
    "AC BD EH FG",
    "AC BD EG FH",
    "AB CH DG EF",
    "AB CH DF EG",
    "AB CH DE FG",
    "AB CG DH EF",
    "AB CG DF EH",
    "AB CG DE FH",
    "AB CF DH EG",
    "AB CF DG EH",
    "AB CE DH FG",
    "AB CE DG FH",
    "AB CD EH FG",
    "AB CD EG FH",
    "AB CD EF GH",
)

TILE_COUNT = len(_TABLE)
ROTATIONS = (0, 90, 180, 270)

Conn = tuple[int, int, int, int, int, int, int, int]


def port_index(port: str | int) -> int:
    """Port number 0..7 from a letter ``"A"``..``"H"`` (or an int already)."""
    if isinstance(port, bool):
        raise BadArgument(f"not a port: {show(port)}")
    if isinstance(port, int):
        if 0 <= port < 8:
            return port
    elif isinstance(port, str) and len(port) == 1 and port.upper() in PORT_NAMES:
        return PORT_NAMES.index(port.upper())
    raise BadArgument(f"not a port: {show(port)} (expected a letter A-H)")


def port_name(port: int) -> str:
    """The letter of port number ``port``."""
    return PORT_NAMES[port]


def _as_conn(ports: list[int]) -> Conn:
    """The connection tuple of a list of the 8 ports' partners."""
    a, b, c, d, e, f, g, h = ports
    return (a, b, c, d, e, f, g, h)


def _parse(spec: str) -> Conn:
    conn = [0] * 8
    for pair in spec.split():
        a, b = (PORT_NAMES.index(c) for c in pair)
        conn[a], conn[b] = b, a
    return _as_conn(conn)


def rotate(conn: Conn, quarters: int) -> Conn:
    """``conn`` turned ``quarters`` quarter turns clockwise (each port moves two steps)."""
    shift = 2 * (quarters % 4)
    out = [0] * 8
    for p in range(8):
        out[(p + shift) % 8] = (conn[p] + shift) % 8
    return _as_conn(out)


BASE: tuple[Conn, ...] = tuple(_parse(s) for s in _TABLE)
"""Each tile's connections at rotation 0."""

CONN: tuple[tuple[Conn, ...], ...] = tuple(tuple(rotate(c, q) for q in range(4)) for c in BASE)
"""``CONN[tile][quarters]``: the connections of a tile at a rotation."""

CANONICAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(min(q for q in range(4) if CONN[t][q] == CONN[t][r]) for r in range(4))
    for t in range(TILE_COUNT)
)
"""``CANONICAL[tile][quarters]``: the smallest rotation with the same connections."""

DISTINCT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(set(CANONICAL[t]))) for t in range(TILE_COUNT)
)
"""``DISTINCT[tile]``: the rotations (quarter turns) that look different."""

_INDEX_OF: dict[Conn, tuple[int, int]] = {
    CONN[t][q]: (t, CANONICAL[t][q]) for t in range(TILE_COUNT) for q in range(4)
}


def identify(conn: Conn) -> tuple[int, int]:
    """The (tile index, canonical quarter turns) that has connections ``conn``."""
    return _INDEX_OF[conn]


def quarters(degrees: object) -> int:
    """Quarter turns from a rotation in degrees (0, 90, 180 or 270)."""
    if not is_whole(degrees) or degrees not in ROTATIONS:
        raise BadArgument(f"not a rotation: {show(degrees)} (expected 0, 90, 180 or 270)")
    return degrees // 90


def check_tile(index: object) -> int:
    """``index`` if it is a tile number 0..34, else BadArgument."""
    if not is_whole(index) or not 0 <= index < TILE_COUNT:
        raise BadArgument(f"not a tile: {show(index)} (expected 0..{TILE_COUNT - 1})")
    return index


def tile_spec(index: int, quarter_turns: int = 0) -> str:
    """A tile's paths as text, e.g. ``"AE BF CH DG"``."""
    conn = CONN[index][quarter_turns % 4]
    return " ".join(PORT_NAMES[a] + PORT_NAMES[conn[a]] for a in range(8) if a < conn[a])


def _crossing_counts() -> tuple[tuple[int, ...], ...]:
    """``CROSSINGS[tile][port]``: how many other paths the path from ``port`` crosses.

    Ports sit in clockwise order on the square's boundary, so two straight
    chords cross exactly when their ends interleave; a drawn curve that stays
    inside the square crosses the same paths.
    """

    def crosses(a: int, b: int, c: int, d: int) -> bool:
        lo, hi = min(a, b), max(a, b)
        return (lo < c < hi) != (lo < d < hi)

    table = []
    for t in range(TILE_COUNT):
        conn = BASE[t]
        row = []
        for p in range(8):
            q = conn[p]
            row.append(
                sum(
                    1
                    for c in range(8)
                    if c < conn[c] and c not in (p, q) and crosses(p, q, c, conn[c])
                )
            )
        table.append(tuple(row))
    return tuple(table)


CROSSINGS = _crossing_counts()
"""``CROSSINGS[tile][port]`` at rotation 0; rotation-invariant once ports are turned back."""


def all_matchings() -> list[Conn]:
    """Every perfect matching of the 8 ports (105 of them), for checking the table."""
    result: list[Conn] = []

    def build(conn: list[int], free: list[int]) -> None:
        if not free:
            result.append(_as_conn(conn))
            return
        a = free[0]
        for b in free[1:]:
            conn[a], conn[b] = b, a
            build(conn, [p for p in free if p not in (a, b)])

    build([0] * 8, list(range(8)))
    return result


def tiles_up_to_rotation() -> set[frozenset[Conn]]:
    """The classes of perfect matchings under rotation: there are exactly 35."""
    return {frozenset(rotate(c, q) for q in range(4)) for c in all_matchings()}


def tile_table_json() -> list[TileInfo]:
    """The tiles as data for the front end: ports paired per rotation, crossings."""
    return [
        {
            "tile": t,
            "paths": [
                [[a, CONN[t][q][a]] for a in range(8) if a < CONN[t][q][a]] for q in range(4)
            ],
            "distinct": [q * 90 for q in DISTINCT[t]],
        }
        for t in range(TILE_COUNT)
    ]


__all__ = [
    "BASE",
    "CANONICAL",
    "CONN",
    "CROSSINGS",
    "DISTINCT",
    "PARTNER",
    "PORT_NAMES",
    "ROTATIONS",
    "TILE_COUNT",
    "all_matchings",
    "check_tile",
    "identify",
    "port_index",
    "port_name",
    "quarters",
    "rotate",
    "tile_spec",
    "tile_table_json",
    "tiles_up_to_rotation",
]
