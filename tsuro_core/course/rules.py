"""The Northeastern CS4500 Fall 2019 course variant (rule set ``neu``) and its referee.

The course played Tsuro on a 10 x 10 board with 3-5 players, coloured by age
(white, black, red, green, blue).  Its rules, as implemented here:

- **Opening round.**  Oldest first, each player is handed three tiles and
  places one of them, any rotation, on an empty square of the board's
  periphery whose four neighbours are all empty, with its avatar on a port
  of that tile that faces a square of the board.
- **Turns.**  Then, round after round, oldest first, each player still on
  the board is handed two tiles and places one of them, any rotation, on the
  square its avatar faces.  Every avatar facing that square follows its path
  to the end.
- **Knocked out.**  An avatar whose path reaches the board's edge is out; so
  is an avatar whose path turns into an infinite loop.  Avatars that meet on
  the same spot (a *collision*) both stay on the board, sharing it.
- **The rule checker** (:func:`check_turn`).  The tile must be one of the two
  handed out.  The *loop rule*: a placement that sends any avatar into an
  infinite loop is legal only if all eight options (two tiles x four
  rotations) do.  The *forced-exit rule*: a placement that makes the mover
  leave the board is legal only if every option does exactly that.  A
  collision is always legal; so is everything else.
- **The referee** (:func:`run_referee`) deals tiles in index order
  0, 1, 2, ..., 34, 0, 1, ..., three per player in the opening and two per
  turn.  A player whose action breaks the rules is a cheater: its avatar is
  removed and it is not ranked.  The game ends when at most one avatar is
  left at the end of a round; the survivors rank first, then the players
  knocked out in the last round, and so on: players knocked out in the same
  round share a rank.

Readings (details and evidence in docs/course.md).  Forced by the instructor's
expected outputs: three tiles in the opening and two per turn; the referee
enforces the forced-exit rule; a cheater is removed and unranked, and the
tiles it was handed are used up (all from xref); a collision outranks the
mover's exit (xboard/8).  Chosen, because no instructor test tells:
first-s opens on the first free periphery square clockwise *after* (0, 0),
on its first port A..H facing the board, with the third tile; a collision
knocks nobody out; a forced loop still places the tile and takes the looping
avatars out; every living player finishes the round; an exit is forced only
when all eight options are plain exits (none loops or collides).

Places.  The course puts an avatar *on* port p of the last tile it crossed,
at (x, y).  The engine puts a marker on the port of the empty square it
faces (NOTATION.md).  The two are one step apart across p's side of (x, y):
the neighbouring square, at port PARTNER[p].  The step is its own inverse,
so :func:`course_to_place` and :func:`place_to_course` are the same walk.

The package: this module is the rules (and the referee); formats.py reads
and writes the course's JSON values and the browser's positions; harness.py
is ``python -m tsuro_core.course xtiles|xboard|xrules|xref``; game.py a game in
progress for the browser; ops.py its JSON API operations.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..board import LOOP, follow, geometry
from ..errors import BadArgument
from ..tiles import CONN, Conn, check_tile, identify, port_name

SIZE = 10
"""The course's board is 10 x 10."""

G = geometry(SIZE, SIZE)

COLORS = ("white", "black", "red", "green", "blue")
"""Avatar colours, oldest player first."""

MIN_PLAYERS, MAX_PLAYERS = 3, 5
OPENING_HAND, TURN_HAND = 3, 2
"""Tiles handed to a player for its opening placement and for each turn."""

# What one placement does (priority order: a loop outranks a collision,
# which outranks the mover leaving the board).
STAYS, EXITS, COLLIDES, LOOPS = 0, 1, 2, 3

# check_turn's verdicts.
LEGAL = "legal"
NOT_HANDED_OUT = "the tile is not one of those handed out"
UNFORCED_LOOP = "sends an avatar into an infinite loop although another option does not"
UNFORCED_EXIT = "makes the mover leave the board although another option does not"


# ---------------------------------------------------------------------------
# Places: the course's "avatar on a tile's port" and the engine's place code.


def course_to_place(port: int, x: int, y: int) -> int:
    """The place code of an avatar standing on ``port`` of the tile at (x, y):
    the neighbouring square across that port's side, at the touching port."""
    return G.next[G.cell(x, y) * 8 + port]


def place_to_course(code: int) -> tuple[int, int, int]:
    """``(port, x, y)``: the tile square and port a marker at ``code`` stands on
    in the course's terms (the inverse of :func:`course_to_place`)."""
    x, y, port = G.xyp(G.next[code])
    return port, x, y


def on_board(code: int) -> bool:
    """Whether a place faces a square of the board (not a loop, not off the edge)."""
    return code != LOOP and G.on_board[code >> 3]


# ---------------------------------------------------------------------------
# The state.


@dataclass(frozen=True)
class CourseState:
    """A position of the course variant: placed tiles, avatars, who is out.

    ``cells`` is indexed by the board geometry's cell index (frame included)
    and holds each placed tile's connections or None.  ``avatars`` lists the
    avatars still on the board as ``(colour, place code)`` in colour order.
    ``out`` lists the colours no longer on the board, in the order they left.
    """

    cells: tuple[Conn | None, ...] = tuple(G.new_cells())
    avatars: tuple[tuple[str, int], ...] = ()
    out: tuple[str, ...] = ()

    def place_of(self, color: str) -> int | None:
        """The place code of ``color``'s avatar, or None if it is not on the board."""
        for c, code in self.avatars:
            if c == color:
                return code
        return None

    def alive(self) -> tuple[str, ...]:
        """The colours whose avatars are on the board."""
        return tuple(c for c, _ in self.avatars)

    def tile_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The canonical ``(tile, degrees)`` placed at (x, y), or None."""
        conn = self.cells[G.cell(x, y)]
        if conn is None:
            return None
        tile, q = identify(conn)
        return tile, q * 90

    def without(self, color: str) -> CourseState:
        """The state with ``color`` taken out of the game (a cheater is removed)."""
        return CourseState(
            self.cells, tuple(a for a in self.avatars if a[0] != color), (*self.out, color)
        )


def sorted_avatars(avatars: Sequence[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Avatars in colour (age) order, as :class:`CourseState` keeps them."""
    return tuple(sorted(avatars, key=lambda a: COLORS.index(a[0])))


# ---------------------------------------------------------------------------
# Moving avatars: one placement, on plain ints.


def _move(cells: Sequence[Conn | None], codes: Sequence[int], target: int) -> list[int]:
    """Where each marker ends once a tile sits on cell ``target`` (LOOP for a loop)."""
    return [follow(cells, G.next, c) if c >> 3 == target else c for c in codes]


def shared_pairs(codes: Sequence[int]) -> int:
    """How many pairs of on-board markers share a place (almost always 0)."""
    on = G.on_board
    live = [c for c in codes if c != LOOP and on[c >> 3]]
    if len(set(live)) == len(live):
        return 0
    return sum(n * (n - 1) // 2 for n in Counter(live).values())


def _outcome(pairs_before: int, after: Sequence[int], mover: int) -> int:
    """Classify a placement: LOOPS, COLLIDES, EXITS (the mover) or STAYS.

    A collision is a placement that brings avatars together on one place;
    avatars that already shared a place and travel on together do not count.
    """
    if LOOP in after:
        return LOOPS
    if shared_pairs(after) > pairs_before:
        return COLLIDES
    if not on_board(after[mover]):
        return EXITS
    return STAYS


def option_outcome(
    cells: list[Conn | None], codes: Sequence[int], pairs_before: int, mover: int, conn: Conn
) -> int:
    """The outcome of placing ``conn`` in front of avatar ``mover`` (cells restored)."""
    target = codes[mover] >> 3
    cells[target] = conn
    try:
        return _outcome(pairs_before, _move(cells, codes, target), mover)
    finally:
        cells[target] = None


class Step(NamedTuple):
    """What :func:`apply_action` did: the next state and the events."""

    state: CourseState
    looped: tuple[str, ...]
    """Colours whose paths became infinite loops (they are out)."""
    exited: tuple[str, ...]
    """Colours whose paths reached the edge (they are out)."""
    collided: bool
    """Whether the placement brought avatars together on one place."""


def apply_action(state: CourseState, color: str, tile: int, quarter_turns: int) -> Step:
    """Place ``tile`` turned ``quarter_turns`` on the square ``color``'s avatar
    faces and move every avatar facing it; no legality check (see check_turn)."""
    mover = _mover_index(state, color)
    colors = [c for c, _ in state.avatars]
    codes = [code for _, code in state.avatars]
    target = codes[mover] >> 3
    cells = list(state.cells)
    cells[target] = CONN[check_tile(tile)][quarter_turns % 4]
    after = _move(cells, codes, target)
    looped = tuple(c for c, a in zip(colors, after) if a == LOOP)
    exited = tuple(c for c, a in zip(colors, after) if a != LOOP and not on_board(a))
    collided = _outcome(shared_pairs(codes), after, mover) == COLLIDES
    avatars = tuple((c, a) for c, a in zip(colors, after) if on_board(a))
    leaving = tuple(c for c in colors if c in looped or c in exited)
    return Step(CourseState(tuple(cells), avatars, state.out + leaving), looped, exited, collided)


def _mover_index(state: CourseState, color: str) -> int:
    for i, (c, _) in enumerate(state.avatars):
        if c == color:
            return i
    raise BadArgument(f"no {color} avatar on the board")


# ---------------------------------------------------------------------------
# The rule checker.


def check_turn(
    state: CourseState, color: str, tile: int, quarter_turns: int, handed: Sequence[int]
) -> str:
    """LEGAL, or why ``color`` may not place ``tile`` at ``quarter_turns`` when it
    was handed the tiles ``handed`` (NOT_HANDED_OUT, UNFORCED_LOOP, UNFORCED_EXIT)."""
    for t in handed:
        check_tile(t)
    if tile not in handed:
        return NOT_HANDED_OUT
    mover = _mover_index(state, color)
    codes = [code for _, code in state.avatars]
    cells = list(state.cells)
    pairs = shared_pairs(codes)
    outcome = option_outcome(cells, codes, pairs, mover, CONN[check_tile(tile)][quarter_turns % 4])
    if outcome not in (LOOPS, EXITS):
        return LEGAL
    options = [
        option_outcome(cells, codes, pairs, mover, CONN[t][q]) for t in handed for q in range(4)
    ]
    if outcome == LOOPS and not loop_is_forced(options):
        return UNFORCED_LOOP
    if outcome == EXITS and not exit_is_forced(options):
        return UNFORCED_EXIT
    return LEGAL


def loop_is_forced(options: Sequence[int]) -> bool:
    """The loop rule: sending an avatar into an infinite loop is allowed only
    when every option (both tiles, all four rotations) does so."""
    return all(o == LOOPS for o in options)


def exit_is_forced(options: Sequence[int]) -> bool:
    """The forced-exit rule: the mover may leave the board only when every
    option makes it leave (and none loops or collides instead)."""
    return all(o == EXITS for o in options)


def legal(
    state: CourseState, color: str, tile: int, quarter_turns: int, handed: Sequence[int]
) -> bool:
    """Whether the turn is legal (see :func:`check_turn` for the reason)."""
    return check_turn(state, color, tile, quarter_turns, handed) == LEGAL


# ---------------------------------------------------------------------------
# The opening round.


def check_initial(
    state: CourseState,
    color: str,
    tile: int,
    quarter_turns: int,
    port: int,
    x: int,
    y: int,
    handed: Sequence[int],
) -> str:
    """LEGAL, or why ``color`` may not open with ``tile`` at (x, y), avatar on ``port``."""
    if color in state.alive() or color in state.out:
        return f"{color} has already placed its avatar"
    if tile not in handed:
        return NOT_HANDED_OUT
    if not G.contains(x, y) or (0 < x < SIZE - 1 and 0 < y < SIZE - 1):
        return f"({x}, {y}) is not on the periphery"
    if not free_for_opening(state, x, y):
        return f"({x}, {y}) is taken or next to a placed tile"
    if not on_board(course_to_place(port, x, y)):
        return f"port {port_name(port)} of ({x}, {y}) faces the edge"
    return LEGAL


def place_initial(
    state: CourseState, color: str, tile: int, quarter_turns: int, port: int, x: int, y: int
) -> CourseState:
    """Put ``tile`` on (x, y) with ``color``'s avatar on ``port`` (no legality check)."""
    cells = list(state.cells)
    cells[G.cell(x, y)] = CONN[check_tile(tile)][quarter_turns % 4]
    avatars = sorted_avatars((*state.avatars, (color, course_to_place(port, x, y))))
    return CourseState(tuple(cells), avatars, state.out)


def free_for_opening(state: CourseState, x: int, y: int) -> bool:
    """Square (x, y) and its four neighbours are empty."""
    cells = state.cells
    return all(
        cells[G.cell(x + dx, y + dy)] is None
        for dx, dy in ((0, 0), (0, -1), (1, 0), (0, 1), (-1, 0))
    )


# ---------------------------------------------------------------------------
# The "first-s" strategy and the referee.

PERIPHERY_CLOCKWISE = tuple(
    [(x, 0) for x in range(1, SIZE)]
    + [(SIZE - 1, y) for y in range(1, SIZE)]
    + [(x, SIZE - 1) for x in range(SIZE - 2, -1, -1)]
    + [(0, y) for y in range(SIZE - 2, -1, -1)]
)
"""The periphery squares clockwise, starting after (0, 0) and ending with it."""

InitialChoice = tuple[int, int, int, int, int]
"""An opening action: (tile, quarter turns, port, x, y)."""
TurnChoice = tuple[int, int]
"""A turn action: (tile, quarter turns)."""


def first_s_initial(state: CourseState, handed: Sequence[int]) -> InitialChoice:
    """first-s opens with the third tile handed out, unturned, on the first free
    periphery square clockwise after (0, 0), on its first port (A..H) facing the board."""
    for x, y in PERIPHERY_CLOCKWISE:
        if free_for_opening(state, x, y):
            port = next(p for p in range(8) if on_board(course_to_place(p, x, y)))
            return handed[2], 0, port, x, y
    raise BadArgument("no free periphery square")


def first_s_turn(state: CourseState, color: str, handed: Sequence[int]) -> TurnChoice:
    """first-s always places the first tile handed out, unturned, legal or not."""
    return handed[0], 0


def deal() -> Iterator[int]:
    """The referee's tiles: 0, 1, ..., 34, then from 0 again, forever."""
    return itertools.cycle(range(len(CONN)))


def run_referee(
    names: Sequence[str],
    initial: Callable[[CourseState, Sequence[int]], InitialChoice] = first_s_initial,
    turn: Callable[[CourseState, str, Sequence[int]], TurnChoice] = first_s_turn,
) -> dict[str, Any]:
    """Play one game among ``names`` (oldest first) and report
    ``{"winners": [[names], ...], "cheaters": [names]}``, names sorted within
    each entry and empty entries left out."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len(set(names)) != len(names):
        raise BadArgument(f"a game needs {MIN_PLAYERS}-{MAX_PLAYERS} distinct players")
    name_of = dict(zip(COLORS, names))
    tiles = deal()
    state = CourseState()
    cheaters: list[str] = []
    for color in name_of:
        handed = [next(tiles) for _ in range(OPENING_HAND)]
        t, q, port, x, y = initial(state, handed)
        if check_initial(state, color, t, q, port, x, y, handed) == LEGAL:
            state = place_initial(state, color, t, q, port, x, y)
        else:
            cheaters.append(color)
            state = state.without(color)
    ranks: list[list[str]] = []
    while len(state.avatars) > 1:
        knocked_out: list[str] = []
        for color in name_of:
            if color not in state.alive():
                continue
            handed = [next(tiles) for _ in range(TURN_HAND)]
            t, q = turn(state, color, handed)
            if check_turn(state, color, t, q, handed) != LEGAL:
                cheaters.append(color)
                state = state.without(color)
                continue
            step = apply_action(state, color, t, q)
            knocked_out += step.looped + step.exited
            state = step.state
        if knocked_out:
            ranks.append(knocked_out)
    if state.avatars:
        ranks.append(list(state.alive()))
    result: dict[str, Any] = {}
    if ranks:
        result["winners"] = [sorted(name_of[c] for c in rank) for rank in reversed(ranks)]
    if cheaters:
        result["cheaters"] = sorted(name_of[c] for c in cheaters)
    return result
