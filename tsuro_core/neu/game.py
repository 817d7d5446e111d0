"""The course variant (``neu``, tsuro_core.neu) as a game the JSON API can play.

neu.py has the rules as the course's harnesses need them; this module keeps
a game in progress as a JSON *position* (``tsuro-neu-position/1``, described
in docs/neu.md) so that the browser can play it statelessly, one call per
move, like the classic game:

- ``neu_new_game {players: [{name, color?}]}`` (3-5 players, oldest first)
  -> ``{position}``;
- ``neu_legal_moves {position}`` -> the active player's options: in the
  opening the free periphery squares with the ports an avatar may take; on a
  turn both handed tiles at all four rotations, each with the rule checker's
  verdict (and reason) and its outcome (traced paths, who goes out);
- ``neu_play {position, move}`` -> ``{position, move, events, result?}``;
  a move the rule checker refuses is an ``illegal_move`` error (the course
  would call the player a cheater and remove it; a page refuses the move);
- ``neu_bot_move {position, seed?}`` -> ``{move, seat, phase}``: a legal
  option at random, preferring those that keep the avatar on the board.

Seat ``i`` is the i-th oldest player: it plays i-th in every round and is
``neu.COLORS[i]`` inside the rules engine, whatever colour it shows.
The referee deals tiles in index order (``next_tile``), three for the
opening and two per turn, as neu.run_referee does.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..api_common import ApiError
from . import rules as neu
from .rules import COLORS, G, LEGAL, NeuState, SIZE
from ..tiles import CONN, PORT_NAMES, TILE_COUNT, identify

FORMAT = "tsuro-neu-position/1"
PHASES = ("opening", "turn", "over")
ROTATIONS = (0, 90, 180, 270)
OUTCOMES = {neu.STAYS: "stays", neu.EXITS: "exits", neu.COLLIDES: "collides", neu.LOOPS: "loops"}

Position = dict[str, Any]


class NeuPositionError(ValueError):
    """A position that is not a valid course-variant game; the message names the field."""


def _api_error(code: str, message: str) -> Exception:
    return ApiError(code, message)


# ---------------------------------------------------------------------------
# A game in progress.

@dataclass
class NeuGame:
    """A course-variant game: the rules state plus whose turn it is and the deal."""

    players: list[dict[str, Any]]
    state: NeuState = field(default_factory=NeuState)
    placed: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Tiles in placement order: (x, y, tile, canonical degrees)."""
    phase: str = "opening"
    turn: Optional[int] = 0
    round: int = 0
    handed: list[int] = field(default_factory=list)
    next_tile: int = 0
    out: list[dict[str, Any]] = field(default_factory=list)
    """``{seat, round, reason}`` per avatar knocked out, in the order they left."""
    last: dict[int, Optional[int]] = field(default_factory=dict)
    """Where each knocked-out avatar ended: an off-board place code, or None (a loop)."""
    ranking: Optional[list[list[int]]] = None

    @property
    def n(self) -> int:
        return len(self.players)

    def code_of(self, seat: int) -> Optional[int]:
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


def new_game(players: Any) -> NeuGame:
    """A game before the opening: seat 0 (the oldest) is handed three tiles."""
    game = NeuGame(_players(players, defaults=True))
    game.handed = game.deal(neu.OPENING_HAND)
    return game


# ---------------------------------------------------------------------------
# Positions: JSON both ways, everything checked.

def _place_json(code: Optional[int]) -> Optional[list[Any]]:
    if code is None:
        return None
    x, y, p = G.xyp(code)
    return [x, y, PORT_NAMES[p]]


def to_position(game: NeuGame) -> Position:
    """The position of a game: enough to continue it (docs/neu.md)."""
    avatars: list[Optional[list[Any]]] = []
    for seat in range(game.n):
        code = game.code_of(seat)
        avatars.append(_place_json(code if code is not None else game.last.get(seat)))
    pos: Position = {
        "format": FORMAT,
        "rules": "neu",
        "players": [dict(p) for p in game.players],
        "tiles": [list(t) for t in game.placed],
        "avatars": avatars,
        "out": [dict(o) for o in game.out],
        "phase": game.phase,
        "round": game.round,
        "turn": game.turn,
        "handed": list(game.handed),
        "next_tile": game.next_tile,
    }
    if game.ranking is not None:
        pos["ranking"] = [list(r) for r in game.ranking]
    return pos


def _fail(where: str, why: str) -> NeuPositionError:
    return NeuPositionError(f"{where}: {why}")


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(where, f"expected a whole number {lo}..{hi}, got {_show(value)}")
    return value


def _list(value: Any, where: str, length: Optional[int] = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list, got {_show(value)}")
    if length is not None and len(value) != length:
        raise _fail(where, f"expected {length} entries, got {len(value)}")
    return value


def _rot(value: Any, where: str) -> int:
    if isinstance(value, bool) or value not in ROTATIONS:
        raise _fail(where, f"expected 0, 90, 180 or 270, got {_show(value)}")
    return int(value)


def _port(value: Any, where: str) -> int:
    if isinstance(value, str) and len(value) == 1 and value in PORT_NAMES:
        return PORT_NAMES.index(value)
    raise _fail(where, f"expected a port letter A-H, got {_show(value)}")


def _players(value: Any, defaults: bool = False) -> list[dict[str, Any]]:
    """3-5 players ``{name, color}``, colours distinct and among the course's
    (missing ones, when ``defaults``, take the first unused in age order)."""
    players = _list(value, "players")
    if not neu.MIN_PLAYERS <= len(players) <= neu.MAX_PLAYERS:
        raise _fail("players", f"the course variant is for {neu.MIN_PLAYERS}-{neu.MAX_PLAYERS} "
                               f"players, got {len(players)}")
    out: list[dict[str, Any]] = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise _fail(f"players[{i}]", "expected {\"name\": text, \"color\": text}")
        if len(p["name"]) > 40:
            raise _fail(f"players[{i}].name", "at most 40 characters")
        unknown = set(p) - {"name", "color"}
        if unknown:
            raise _fail(f"players[{i}]", f"unknown field(s) {sorted(unknown)}")
        if "color" in p and p["color"] not in COLORS:
            raise _fail(f"players[{i}].color", f"expected one of {', '.join(COLORS)}, "
                                               f"got {_show(p['color'])}")
        if "color" not in p and not defaults:
            raise _fail(f"players[{i}].color", "missing")
        out.append(dict(p))
    used = [p["color"] for p in out if "color" in p]
    if len(set(used)) != len(used):
        raise _fail("players", "two players have the same colour")
    free = [c for c in COLORS if c not in used]
    for p in out:
        if "color" not in p:
            p["color"] = free.pop(0)
    return out


_KEYS = {"format", "rules", "players", "tiles", "avatars", "out", "phase", "round", "turn",
         "handed", "next_tile", "ranking"}


def from_position(pos: Any) -> NeuGame:
    """A game continuing from a position, after checking everything in it."""
    if not isinstance(pos, dict):
        raise NeuPositionError("position: expected a JSON object")
    if pos.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_show(pos.get('format'))}")
    if pos.get("rules") != "neu":
        raise _fail("rules", f"expected \"neu\", got {_show(pos.get('rules'))}")
    unknown = set(pos) - _KEYS
    if unknown:
        raise _fail("position", f"unknown field(s) {sorted(unknown)}")
    missing = _KEYS - {"ranking"} - set(pos)
    if missing:
        raise _fail(sorted(missing)[0], "missing")
    game = NeuGame(_players(pos["players"]))
    n = game.n
    phase = pos["phase"]
    if phase not in PHASES:
        raise _fail("phase", f"expected one of {', '.join(PHASES)}, got {_show(phase)}")
    game.phase = phase
    game.round = _int(pos["round"], "round", 0, 1_000_000)
    if (phase == "opening") != (game.round == 0):
        raise _fail("round", "the opening is round 0 and turns start at round 1")
    game.next_tile = _int(pos["next_tile"], "next_tile", 0, TILE_COUNT - 1)
    game.handed = [_int(t, f"handed[{i}]", 0, TILE_COUNT - 1)
                   for i, t in enumerate(_list(pos["handed"], "handed"))]
    want = {"opening": neu.OPENING_HAND, "turn": neu.TURN_HAND, "over": 0}[phase]
    if len(game.handed) != want:
        raise _fail("handed", f"the {phase} phase hands out {want} tiles, got {len(game.handed)}")

    cells = G.new_cells()
    for i, entry in enumerate(_list(pos["tiles"], "tiles")):
        where = f"tiles[{i}]"
        x, y, t, rot = _list(entry, where, 4)
        x, y = _int(x, f"{where} x", 0, SIZE - 1), _int(y, f"{where} y", 0, SIZE - 1)
        t, rot = _int(t, f"{where} tile", 0, TILE_COUNT - 1), _rot(rot, f"{where} rotation")
        if cells[G.cell(x, y)] is not None:
            raise _fail(where, f"square [{x}, {y}] already holds a tile")
        cells[G.cell(x, y)] = CONN[t][rot // 90]
        game.placed.append((x, y, t, identify(CONN[t][rot // 90])[1] * 90))

    seen: set[int] = set()
    for i, o in enumerate(_list(pos["out"], "out")):
        where = f"out[{i}]"
        if not isinstance(o, dict) or set(o) != {"seat", "round", "reason"}:
            raise _fail(where, f"expected {{\"seat\", \"round\", \"reason\"}}, got {_show(o)}")
        seat = _int(o["seat"], f"{where}.seat", 0, n - 1)
        if seat in seen:
            raise _fail(where, f"seat {seat} is listed twice")
        seen.add(seat)
        _int(o["round"], f"{where}.round", 1, max(1, game.round))
        if o["reason"] not in ("edge", "loop"):
            raise _fail(f"{where}.reason", f"expected \"edge\" or \"loop\", got {_show(o['reason'])}")
        game.out.append(dict(o))
    out_reason = {o["seat"]: o["reason"] for o in game.out}

    if phase == "over":
        if pos["turn"] is not None:
            raise _fail("turn", "the game is over, so nobody has the turn")
        game.turn = None
    else:
        game.turn = _int(pos["turn"], "turn", 0, n - 1)
    if phase == "opening" and game.out:
        raise _fail("out", "nobody is out before the opening round is over")

    avatars = _list(pos["avatars"], "avatars", n)
    live: list[tuple[str, int]] = []
    for seat, a in enumerate(avatars):
        where = f"avatars[{seat}]"
        opened = phase != "opening" or seat < (game.turn or 0)
        if a is None:
            if seat in out_reason and out_reason[seat] == "loop":
                game.last[seat] = None
                continue
            if not opened:
                continue
            raise _fail(where, f"seat {seat} has placed its avatar, so it must have a place")
        if not opened:
            raise _fail(where, f"seat {seat} has not placed its avatar yet, so it must be null")
        x, y, p = _list(a, where, 3)
        x, y = _int(x, f"{where} x", -1, SIZE), _int(y, f"{where} y", -1, SIZE)
        code = G.code(x, y, _port(p, f"{where} port"))
        if seat in out_reason:
            if out_reason[seat] == "loop" or G.on_board[code >> 3]:
                raise _fail(where, f"seat {seat} left the board ({out_reason[seat]}), so its "
                                   "avatar must be " + ("null" if out_reason[seat] == "loop"
                                                        else "off the board"))
            game.last[seat] = code
            continue
        if not G.on_board[code >> 3] or cells[code >> 3] is not None:
            raise _fail(where, f"seat {seat}'s avatar must face an empty square of the board")
        if cells[G.next[code] >> 3] is None:
            raise _fail(where, f"seat {seat}'s avatar must stand on a placed tile")
        live.append((COLORS[seat], code))
    gone = tuple(COLORS[o["seat"]] for o in game.out)
    game.state = NeuState(tuple(cells), tuple(live), gone)

    if phase != "over":
        assert game.turn is not None
        if phase == "turn" and game.code_of(game.turn) is None:
            raise _fail("turn", f"seat {game.turn} has no avatar on the board")
        if "ranking" in pos:
            raise _fail("ranking", "only a finished game has a ranking")
    else:
        ranking = _list(pos.get("ranking"), "ranking")
        flat = []
        for i, rank in enumerate(ranking):
            flat += [_int(s, f"ranking[{i}]", 0, n - 1) for s in _list(rank, f"ranking[{i}]")]
        if sorted(flat) != list(range(n)):
            raise _fail("ranking", "expected every seat exactly once")
        game.ranking = [list(r) for r in ranking]
    return game


# ---------------------------------------------------------------------------
# Tracing paths (for previews and animation).

def _trace(cells: Sequence[Any], code: int) -> tuple[list[list[Any]], Optional[int]]:
    """The steps ``[x, y, entry, exit]`` of a marker at ``code`` following placed
    tiles, and where it ends (None for an infinite loop: the steps go round once)."""
    steps: list[list[Any]] = []
    start = code
    conn = cells[code >> 3]
    while conn is not None:
        entry = code & 7
        exit_port = conn[entry]
        x, y = G.xy(code >> 3)
        steps.append([x, y, PORT_NAMES[entry], PORT_NAMES[exit_port]])
        code = G.next[(code & ~7) | exit_port]
        if code == start:
            return steps, None
        conn = cells[code >> 3]
    return steps, code


def _movement(game: NeuGame, tile: int, q: int) -> dict[str, Any]:
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
    after: dict[int, Optional[int]] = dict(before)
    paths = []
    for s in [game.turn] + [s for s in seats if s != game.turn]:
        code = before[s]
        if code is None or code >> 3 != target:
            continue
        steps, end = _trace(cells, code)
        after[s] = end
        paths.append({"seat": s, "path": steps, "to": _place_json(end)})
    outs = []
    for s in seats:
        end = after[s]
        if end is None or not G.on_board[end >> 3]:
            outs.append({"seat": s, "reason": "loop" if end is None else "edge"})
    gone = {o["seat"] for o in outs}
    groups: dict[int, list[int]] = {}
    for s in seats:
        if s not in gone:
            groups.setdefault(after[s], []).append(s)  # type: ignore[arg-type]
    collisions = []
    for code, members in groups.items():
        if len(members) > 1 and len({before[s] for s in members}) > 1:
            collisions.append({"seats": members, "place": _place_json(code)})
    return {"paths": paths, "out": outs, "collisions": collisions, "cells": cells,
            "after": after, "target": target}


# ---------------------------------------------------------------------------
# Options.

def free_squares(game: NeuGame) -> list[dict[str, Any]]:
    """The periphery squares an opening tile may go on (clockwise from (1, 0)),
    each with the ports its avatar may take and the place it would then face."""
    result = []
    for x, y in neu.PERIPHERY_CLOCKWISE:
        if not neu._free_for_opening(game.state, x, y):  # noqa: SLF001 (the rule, reused)
            continue
        ports = []
        for p in range(8):
            code = neu.course_to_place(p, x, y)
            if neu._on_board(code):  # noqa: SLF001
                ports.append({"port": PORT_NAMES[p], "place": _place_json(code)})
        result.append({"square": [x, y], "ports": ports})
    return result


def verdicts(game: NeuGame) -> dict[tuple[int, int], str]:
    """The rule checker's verdict on each option ``(tile, quarter turns)`` of the
    active player, LEGAL or the reason.

    One reading of our own: when the checker allows none of the eight options
    (some loop and the others are exits, so neither rule's "every option does
    so" holds), every option is allowed, as a forced move.  The course's
    referee would call any choice cheating; a game in the browser must go on.
    """
    assert game.turn is not None
    color = COLORS[game.turn]
    found = {(t, q): neu.check_turn(game.state, color, t, q, game.handed)
             for t in dict.fromkeys(game.handed) for q in range(4)}
    if all(v != LEGAL for v in found.values()):
        return {k: LEGAL for k in found}
    return found


def turn_options(game: NeuGame) -> list[dict[str, Any]]:
    """Both handed tiles at every rotation: the rule checker's verdict and the outcome."""
    assert game.turn is not None
    color = COLORS[game.turn]
    codes = [code for _, code in game.state.avatars]
    mover = game.state.alive().index(color)
    pairs = neu._pairs(codes)  # noqa: SLF001
    checked = verdicts(game)
    options = []
    for tile in dict.fromkeys(game.handed):
        for rot in ROTATIONS:
            q = rot // 90
            verdict = checked[tile, q]
            cells = list(game.state.cells)
            outcome = neu._option_outcome(cells, codes, pairs, mover, CONN[tile][q])  # noqa: SLF001
            m = _movement(game, tile, q)
            options.append({
                "move": {"tile": tile, "rot": rot},
                "legal": verdict == LEGAL,
                "reason": None if verdict == LEGAL else verdict,
                "outcome": OUTCOMES[outcome],
                "self_eliminating": any(o["seat"] == game.turn for o in m["out"]),
                "forced": verdict == LEGAL and outcome in (neu.LOOPS, neu.EXITS),
                "paths": m["paths"],
                "out": m["out"],
                "collisions": m["collisions"],
            })
    return options


def legal_moves(game: NeuGame) -> dict[str, Any]:
    """The active player's options (docs/neu.md, "Playing in the browser")."""
    result: dict[str, Any] = {"phase": game.phase, "turn": game.turn, "round": game.round,
                              "handed": list(game.handed)}
    if game.phase == "opening":
        result["rots"] = list(ROTATIONS)
        result["squares"] = free_squares(game)
    elif game.phase == "turn":
        code = game.code_of(game.turn)  # type: ignore[arg-type]
        assert code is not None
        result["square"] = list(G.xy(code >> 3))
        result["moves"] = turn_options(game)
    else:
        result["moves"] = []
    return result


# ---------------------------------------------------------------------------
# Playing a move.

class NeuIllegalMove(ValueError):
    """A move the rules refuse (the course would call its player a cheater)."""


class NeuBadMove(ValueError):
    """A move that is not a move at all (wrong fields or values)."""


def _move_fields(move: Any, keys: set[str]) -> dict[str, Any]:
    if not isinstance(move, dict):
        raise NeuBadMove(f"move: expected an object, got {_show(move)}")
    missing = keys - set(move)
    if missing:
        raise NeuBadMove(f"move: missing {', '.join(sorted(missing))}")
    unknown = set(move) - keys
    if unknown:
        raise NeuBadMove(f"move: unknown field(s) {sorted(unknown)}")
    return move


def play(game: NeuGame, move: Any) -> list[dict[str, Any]]:
    """Play the active player's move (changing ``game``); the events, in order."""
    if game.phase == "over":
        raise NeuIllegalMove("the game is over")
    try:
        if game.phase == "opening":
            m = _move_fields(move, {"tile", "rot", "square", "port"})
            tile = _int(m["tile"], "move.tile", 0, TILE_COUNT - 1)
            q = _rot(m["rot"], "move.rot") // 90
            x, y = _list(m["square"], "move.square", 2)
            x, y = _int(x, "move.square x", 0, SIZE - 1), _int(y, "move.square y", 0, SIZE - 1)
            port = _port(m["port"], "move.port")
        else:
            m = _move_fields(move, {"tile", "rot"})
            tile = _int(m["tile"], "move.tile", 0, TILE_COUNT - 1)
            q = _rot(m["rot"], "move.rot") // 90
    except NeuPositionError as e:
        raise NeuBadMove(str(e)) from None
    return _opening(game, tile, q, port, x, y) if game.phase == "opening" else _turn(game, tile, q)


def _place(game: NeuGame, x: int, y: int, tile: int) -> dict[str, Any]:
    rot = identify(game.state.cells[G.cell(x, y)])[1] * 90  # type: ignore[arg-type]
    game.placed.append((x, y, tile, rot))
    return {"type": "place", "seat": game.turn, "tile": tile, "rot": rot, "square": [x, y]}


def _opening(game: NeuGame, tile: int, q: int, port: int, x: int, y: int) -> list[dict[str, Any]]:
    seat = game.turn
    assert seat is not None
    color = COLORS[seat]
    verdict = neu.check_initial(game.state, color, tile, q, port, x, y, game.handed)
    if verdict != LEGAL:
        raise NeuIllegalMove(verdict)
    game.state = neu.place_initial(game.state, color, tile, q, port, x, y)
    events = [_place(game, x, y, tile),
              {"type": "start", "seat": seat, "place": _place_json(game.code_of(seat)),
               "port": PORT_NAMES[port]}]
    if seat + 1 < game.n:
        game.turn = seat + 1
    else:
        game.phase, game.round, game.turn = "turn", 1, 0
        events.append({"type": "round", "round": 1})
    game.handed = game.deal(neu.OPENING_HAND if game.phase == "opening" else neu.TURN_HAND)
    events.append({"type": "deal", "seat": game.turn, "tiles": list(game.handed)})
    return events


def _turn(game: NeuGame, tile: int, q: int) -> list[dict[str, Any]]:
    seat = game.turn
    assert seat is not None
    verdict = verdicts(game).get((tile, q), neu.NOT_HANDED_OUT)
    if verdict != LEGAL:
        raise NeuIllegalMove(verdict)
    m = _movement(game, tile, q)
    step = neu.apply_action(game.state, COLORS[seat], tile, q)
    game.state = step.state
    x, y = G.xy(m["target"])
    events: list[dict[str, Any]] = [_place(game, x, y, tile)]
    events += [{"type": "move", **p} for p in m["paths"]]
    events += [{"type": "collision", **c} for c in m["collisions"]]
    for o in m["out"]:
        game.out.append({"seat": o["seat"], "round": game.round, "reason": o["reason"]})
        game.last[o["seat"]] = m["after"][o["seat"]]
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
    game.handed = game.deal(neu.TURN_HAND)
    events.append({"type": "deal", "seat": game.turn, "tiles": list(game.handed)})
    return events


def _finish(game: NeuGame) -> list[dict[str, Any]]:
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

def bot_move(game: NeuGame, rng: random.Random) -> dict[str, Any]:
    """A legal move at random; on a turn, one that keeps the avatar on the board
    if any does (and, among those, one that puts nobody else out if it can)."""
    if game.phase == "opening":
        square = rng.choice(free_squares(game))
        return {"tile": rng.choice(game.handed), "rot": rng.choice(ROTATIONS),
                "square": square["square"], "port": rng.choice(square["ports"])["port"]}
    if game.phase != "turn":
        raise NeuIllegalMove("the game is over: there is no move to make")
    legal = [o for o in turn_options(game) if o["legal"]]
    calm = [o for o in legal if not o["out"]]
    safe = [o for o in legal if not o["self_eliminating"]]
    return dict(rng.choice(calm or safe or legal)["move"])


# ---------------------------------------------------------------------------
# The API operations (registered in tsuro_core.api.OPS).

def _game(args: dict[str, Any]) -> NeuGame:
    if "position" not in args:
        raise _api_error("bad_args", "missing argument 'position'")
    try:
        return from_position(args["position"])
    except NeuPositionError as e:
        raise _api_error("bad_position", f"position: {e}") from None


def op_neu_new_game(args: dict[str, Any]) -> dict[str, Any]:
    """A course-variant game before the opening: ``{players: [{name, color?}]}`` (3-5)."""
    try:
        game = new_game(args.get("players"))
    except NeuPositionError as e:
        raise _api_error("bad_players", str(e)) from None
    return {"position": to_position(game)}


def op_neu_legal_moves(args: dict[str, Any]) -> dict[str, Any]:
    """The active player's options, with the rule checker's verdicts and outcomes."""
    return legal_moves(_game(args))


def op_neu_play(args: dict[str, Any]) -> dict[str, Any]:
    """Play one move: ``{position, move}`` -> ``{position, move, events, result?}``."""
    game = _game(args)
    if "move" not in args:
        raise _api_error("bad_args", "missing argument 'move'")
    try:
        events = play(game, args["move"])
    except NeuIllegalMove as e:
        raise _api_error("illegal_move", str(e)) from None
    except NeuBadMove as e:
        raise _api_error("bad_args", str(e)) from None
    answer = {"position": to_position(game), "move": args["move"], "events": events}
    if game.ranking is not None:
        answer["result"] = {"winners": list(game.ranking[0]), "ranking": game.ranking}
    return answer


def op_neu_bot_move(args: dict[str, Any]) -> dict[str, Any]:
    """A computer player's move for the active player: ``{position, seed?}``."""
    game = _game(args)
    seed = args.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise _api_error("bad_args", "seed: expected a whole number or text")
    if game.phase == "over":
        raise _api_error("game_over", "the game is over: there is no move to make")
    rng = random.Random(seed) if seed is not None else random.Random()
    return {"move": bot_move(game, rng), "seat": game.turn, "phase": game.phase}


OPS = {
    "neu_new_game": op_neu_new_game,
    "neu_legal_moves": op_neu_legal_moves,
    "neu_play": op_neu_play,
    "neu_bot_move": op_neu_bot_move,
}
"""The operations this module adds to the facade."""
