"""A course-variant game in progress, for the browser: whose turn, the deal,
the options with the rule checker's verdicts and outcomes, playing a move,
the ranking, and a computer player.

The rules themselves are rules.py's; this module adds what a game played
one call at a time needs (its JSON form is formats.py's, its API operations
ops.py's).  Seat ``i`` is the i-th oldest player: it plays i-th in every
round and is ``rules.COLORS[i]`` inside the rules engine, whatever colour it
shows.  The referee deals tiles in index order (``next_tile``), three for the
opening and two per turn, as rules.run_referee does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from ..board import LOOP, trace
from ..errors import TsuroError
from ..shapes import (
    Collision,
    CourseEvent,
    CourseLegalMoves,
    CourseMove,
    CourseOption,
    CourseOut,
    CourseOutcomeOut,
    CoursePath,
    CoursePhase,
    CoursePlaceEvent,
    CoursePlayer,
    FreeSquare,
    PathStep,
    Place,
    PortPlace,
)
from ..tiles import CONN, PORT_NAMES, TILE_COUNT, Conn, identify
from . import rules
from .rules import COLORS, LEGAL, CourseState, G

# The rule checker's verdicts by a stable code, for a page to put in its own
# words (the verdict's text, "reason", is English).
VERDICT_CODES = {
    rules.NOT_HANDED_OUT: "not_handed",
    rules.UNFORCED_LOOP: "unforced_loop",
    rules.UNFORCED_EXIT: "unforced_exit",
}

ROTATIONS = (0, 90, 180, 270)
OUTCOMES: dict[int, Literal["stays", "exits", "collides", "loops"]] = {
    rules.STAYS: "stays",
    rules.EXITS: "exits",
    rules.COLLIDES: "collides",
    rules.LOOPS: "loops",
}


# ---------------------------------------------------------------------------
# A game in progress.


@dataclass
class CourseGame:
    """A course-variant game: the rules state plus whose turn it is and the deal."""

    players: list[CoursePlayer]
    state: CourseState = field(default_factory=CourseState)
    placed: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Tiles in placement order: (x, y, tile, canonical degrees)."""
    phase: CoursePhase = "opening"
    turn: int | None = 0
    round: int = 0
    handed: list[int] = field(default_factory=list)
    next_tile: int = 0
    out: list[CourseOut] = field(default_factory=list)
    """``{seat, round, reason}`` per avatar knocked out, in the order they left."""
    last: dict[int, int | None] = field(default_factory=dict)
    """Where each knocked-out avatar ended: an off-board place code, or None (a loop)."""
    ranking: list[list[int]] | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def code_of(self, seat: int) -> int | None:
        """The place code of ``seat``'s avatar on the board, or None."""
        return self.state.place_of(COLORS[seat])

    def alive(self) -> list[int]:
        """Seats whose avatars are on the board."""
        return [COLORS.index(c) for c in self.state.alive()]

    def deal(self, count: int) -> list[int]:
        """The referee's next ``count`` tiles (index order, wrapping after 34)."""
        tiles = [(self.next_tile + i) % TILE_COUNT for i in range(count)]
        self.next_tile = (self.next_tile + count) % TILE_COUNT
        return tiles


def new_game(players: list[CoursePlayer]) -> CourseGame:
    """A game before the opening among ``players`` (checked: formats.parse_players):
    seat 0 (the oldest) is handed three tiles."""
    game = CourseGame(players)
    game.handed = game.deal(rules.OPENING_HAND)
    return game


# ---------------------------------------------------------------------------
# Places as JSON.


def place_json(code: int | None) -> Place | None:
    """A place code as ``[x, y, port]`` (None stays None)."""
    return None if code is None else place_of(code)


def place_of(code: int) -> Place:
    """A place code as ``[x, y, port]``."""
    x, y, p = G.xyp(code)
    return [x, y, PORT_NAMES[p]]


# ---------------------------------------------------------------------------
# Tracing paths (for previews and animation).


def _trace(cells: Sequence[Conn | None], code: int) -> tuple[list[PathStep], int | None]:
    """The steps ``[x, y, entry, exit]`` of a marker at ``code`` following placed
    tiles (board.trace), and where it ends (None for an infinite loop: the
    steps go round once)."""
    steps, end = trace(cells, G.next, code)
    path: list[PathStep] = [
        [*G.xy(cell), PORT_NAMES[entry], PORT_NAMES[exit_port]] for cell, entry, exit_port in steps
    ]
    return path, None if end == LOOP else end


class Movement(NamedTuple):
    """What one placement does (:func:`_movement`)."""

    paths: list[CoursePath]
    "each moved avatar's path and end, the mover's first"
    out: list[CourseOutcomeOut]
    "who goes out, and why"
    collisions: list[Collision]
    "who meets on one spot, and where"
    after: dict[int, int | None]
    "each living seat's place afterwards (None: a loop)"
    target: int
    "the cell the tile goes on"


def _movement(game: CourseGame, tile: int, q: int) -> Movement:
    """What placing ``tile`` turned ``q`` quarters in front of the active avatar does:
    each moved avatar's path and end, who goes out and why, who collides."""
    assert game.turn is not None
    mover = game.code_of(game.turn)
    assert mover is not None
    target = mover >> 3
    cells = list(game.state.cells)
    cells[target] = CONN[tile][q]
    seats = game.alive()
    before = {s: game.code_of(s) for s in seats}
    after: dict[int, int | None] = dict(before)
    paths: list[CoursePath] = []
    for s in [game.turn] + [s for s in seats if s != game.turn]:
        code = before[s]
        if code is None or code >> 3 != target:
            continue
        steps, end = _trace(cells, code)
        after[s] = end
        paths.append({"seat": s, "path": steps, "to": place_json(end)})
    outs: list[CourseOutcomeOut] = []
    for s in seats:
        end = after[s]
        if end is None or not G.on_board[end >> 3]:
            outs.append({"seat": s, "reason": "loop" if end is None else "edge"})
    gone = {o["seat"] for o in outs}
    groups: dict[int, list[int]] = {}
    for s in seats:
        end = after[s]
        if s not in gone and end is not None:
            groups.setdefault(end, []).append(s)
    collisions: list[Collision] = []
    for code, members in groups.items():
        if len(members) > 1 and len({before[s] for s in members}) > 1:
            collisions.append({"seats": members, "place": place_of(code)})
    return Movement(paths, outs, collisions, after, target)


# ---------------------------------------------------------------------------
# Options.


def free_squares(game: CourseGame) -> list[FreeSquare]:
    """The periphery squares an opening tile may go on (clockwise from (1, 0)),
    each with the ports its avatar may take and the place it would then face."""
    result: list[FreeSquare] = []
    for x, y in rules.PERIPHERY_CLOCKWISE:
        if not rules.free_for_opening(game.state, x, y):
            continue
        ports: list[PortPlace] = []
        for p in range(8):
            code = rules.course_to_place(p, x, y)
            if rules.on_board(code):
                ports.append({"port": PORT_NAMES[p], "place": place_of(code)})
        result.append({"square": [x, y], "ports": ports})
    return result


def verdicts(game: CourseGame) -> dict[tuple[int, int], str]:
    """The rule checker's verdict on each option ``(tile, quarter turns)`` of the
    active player, LEGAL or the reason.

    One reading of our own: when the checker allows none of the eight options
    (some loop and the others are exits, so neither rule's "every option does
    so" holds), every option is allowed, as a forced move.  The course's
    referee would call any choice cheating; a game in the browser must go on.
    """
    assert game.turn is not None
    color = COLORS[game.turn]
    found = {
        (t, q): rules.check_turn(game.state, color, t, q, game.handed)
        for t in dict.fromkeys(game.handed)
        for q in range(4)
    }
    if all(v != LEGAL for v in found.values()):
        return {k: LEGAL for k in found}
    return found


def turn_options(game: CourseGame) -> list[CourseOption]:
    """Both handed tiles at every rotation: the rule checker's verdict and the outcome."""
    assert game.turn is not None
    color = COLORS[game.turn]
    codes = [code for _, code in game.state.avatars]
    mover = game.state.alive().index(color)
    pairs = rules.shared_pairs(codes)
    checked = verdicts(game)
    options: list[CourseOption] = []
    for tile in dict.fromkeys(game.handed):
        for rot in ROTATIONS:
            q = rot // 90
            verdict = checked[tile, q]
            cells = list(game.state.cells)
            outcome = rules.option_outcome(cells, codes, pairs, mover, CONN[tile][q])
            m = _movement(game, tile, q)
            options.append(
                {
                    "move": {"tile": tile, "rot": rot},
                    "legal": verdict == LEGAL,
                    "reason": None if verdict == LEGAL else verdict,
                    "code": None
                    if verdict == LEGAL
                    else VERDICT_CODES.get(verdict, "illegal_move"),
                    "outcome": OUTCOMES[outcome],
                    "self_eliminating": any(o["seat"] == game.turn for o in m.out),
                    "forced": verdict == LEGAL and outcome in (rules.LOOPS, rules.EXITS),
                    "paths": m.paths,
                    "out": m.out,
                    "collisions": m.collisions,
                }
            )
    return options


def legal_moves(game: CourseGame) -> CourseLegalMoves:
    """The active player's options (docs/course.md, "Playing in the browser")."""
    result: CourseLegalMoves = {
        "phase": game.phase,
        "turn": game.turn,
        "round": game.round,
        "handed": list(game.handed),
    }
    if game.phase == "opening":
        result["rots"] = list(ROTATIONS)
        result["squares"] = free_squares(game)
    elif game.phase == "turn":
        assert game.turn is not None  # a turn has a player to move
        code = game.code_of(game.turn)
        assert code is not None
        result["square"] = list(G.xy(code >> 3))
        result["moves"] = turn_options(game)
    else:
        result["moves"] = []
    return result


# ---------------------------------------------------------------------------
# Playing a move.


class CourseIllegalMove(TsuroError, ValueError):
    """A move the rules refuse (the course would call its player a cheater)."""


def play(
    game: CourseGame, tile: int, q: int, opening: tuple[int, int, int] | None = None
) -> list[CourseEvent]:
    """Play the active player's move (changing ``game``): ``tile`` turned ``q``
    quarters, and in the opening ``(port, x, y)`` (formats.parse_move reads a
    move's JSON); the events, in order."""
    if game.phase == "over":
        raise CourseIllegalMove("the game is over")
    if game.phase == "opening":
        if opening is None:
            raise CourseIllegalMove("an opening move names a square and a port")
        return _opening(game, tile, q, *opening)
    return _turn(game, tile, q)


def _place(game: CourseGame, seat: int, x: int, y: int, tile: int) -> CoursePlaceEvent:
    conn = game.state.cells[G.cell(x, y)]
    assert conn is not None  # the tile just placed there
    rot = identify(conn)[1] * 90
    game.placed.append((x, y, tile, rot))
    return {"type": "place", "seat": seat, "tile": tile, "rot": rot, "square": [x, y]}


def _opening(game: CourseGame, tile: int, q: int, port: int, x: int, y: int) -> list[CourseEvent]:
    seat = game.turn
    assert seat is not None
    color = COLORS[seat]
    verdict = rules.check_initial(game.state, color, tile, q, port, x, y, game.handed)
    if verdict != LEGAL:
        raise CourseIllegalMove(verdict)
    game.state = rules.place_initial(game.state, color, tile, q, port, x, y)
    events: list[CourseEvent] = [
        _place(game, seat, x, y, tile),
        {
            "type": "start",
            "seat": seat,
            "place": place_json(game.code_of(seat)),
            "port": PORT_NAMES[port],
        },
    ]
    if seat + 1 < game.n:
        game.turn = seat + 1
    else:
        game.phase, game.round, game.turn = "turn", 1, 0
        events.append({"type": "round", "round": 1})
    game.handed = game.deal(rules.OPENING_HAND if game.phase == "opening" else rules.TURN_HAND)
    events.append({"type": "deal", "seat": game.turn, "tiles": list(game.handed)})
    return events


def _turn(game: CourseGame, tile: int, q: int) -> list[CourseEvent]:
    seat = game.turn
    assert seat is not None
    verdict = verdicts(game).get((tile, q), rules.NOT_HANDED_OUT)
    if verdict != LEGAL:
        raise CourseIllegalMove(verdict)
    m = _movement(game, tile, q)
    step = rules.apply_action(game.state, COLORS[seat], tile, q)
    game.state = step.state
    x, y = G.xy(m.target)
    events: list[CourseEvent] = [_place(game, seat, x, y, tile)]
    events += [
        {"type": "move", "seat": p["seat"], "path": p["path"], "to": p["to"]} for p in m.paths
    ]
    events += [
        {"type": "collision", "seats": c["seats"], "place": c["place"]} for c in m.collisions
    ]
    for o in m.out:
        game.out.append({"seat": o["seat"], "round": game.round, "reason": o["reason"]})
        game.last[o["seat"]] = m.after[o["seat"]]
        events.append({"type": "out", "seat": o["seat"], "reason": o["reason"]})
    alive = game.alive()
    later = [s for s in alive if s > seat]
    if later:
        game.turn = later[0]
    elif len(alive) <= 1:
        return events + _finish(game)
    else:
        game.round += 1
        game.turn = alive[0]
        events.append({"type": "round", "round": game.round})
    game.handed = game.deal(rules.TURN_HAND)
    events.append({"type": "deal", "seat": game.turn, "tiles": list(game.handed)})
    return events


def _finish(game: CourseGame) -> list[CourseEvent]:
    """End the game: survivors first, then the players knocked out round by round,
    latest first (players knocked out in the same round share a rank)."""
    ranking = [game.alive()] if game.alive() else []
    for r in range(game.round, 0, -1):
        rank = sorted(o["seat"] for o in game.out if o["round"] == r)
        if rank:
            ranking.append(rank)
    game.phase, game.turn, game.handed, game.ranking = "over", None, [], ranking
    return [{"type": "game_over", "winners": list(ranking[0]), "ranking": ranking}]


# ---------------------------------------------------------------------------
# A computer player.


def bot_move(game: CourseGame, rng: random.Random) -> CourseMove:
    """A legal move at random; on a turn, one that keeps the avatar on the board
    if any does (and, among those, one that puts nobody else out if it can)."""
    if game.phase == "opening":
        square = rng.choice(free_squares(game))
        return {
            "tile": rng.choice(game.handed),
            "rot": rng.choice(ROTATIONS),
            "square": square["square"],
            "port": rng.choice(square["ports"])["port"],
        }
    if game.phase != "turn":
        raise CourseIllegalMove("the game is over: there is no move to make")
    legal = [o for o in turn_options(game) if o["legal"]]
    calm = [o for o in legal if not o["out"]]
    safe = [o for o in legal if not o["self_eliminating"]]
    return rng.choice(calm or safe or legal)["move"].copy()
