"""Positions, records and share links (NOTATION.md), with validation.

Everything here turns a :class:`~tsuro_core.game.Game` into JSON values and
back.  Bad input raises :class:`NotationError` naming the field, the move
and the reason, so that callers can show it and lose nothing.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections import Counter
from collections.abc import Callable
from typing import Any, Final, Unpack

from . import jsonin, shapes, steps
from .board import LOOP, follow
from .errors import TsuroError
from .game import Game, IllegalMove
from .jsonin import show
from .rules import Rules, RulesError, parse_rules
from .tiles import CANONICAL, CONN, PORT_NAMES, TILE_COUNT

POSITION_FORMAT = "tsuro-position/1"
RECORD_FORMAT = "tsuro-record/1"

Position = shapes.Position
"""A position (NOTATION.md), as a type: tsuro_core.shapes.Position."""
Record = shapes.GameRecord
"""A record (NOTATION.md), as a type: tsuro_core.shapes.GameRecord."""


class NotationError(TsuroError, ValueError):
    """Input that is not a valid position, record, move or share link."""


# --------------------------------------------------------------- positions


def to_position(game: Game) -> Position:
    """The position of a game: a complete snapshot, enough to continue it."""
    pos: Position = {
        "format": POSITION_FORMAT,
        "rules": game.rules.to_json(),
        "players": [p.copy() for p in game.players],
        "tiles": [[*game.geo.xy(c), t, q * 90] for c, t, q in game.placed],
        "markers": [game.place_json(m) for m in game.markers],
        "hands": [list(h) for h in game.hands],
        "pile": list(game.pile),
        "dragon": game.dragon,
        "out": list(game.out),
        "turn": game.turn,
    }
    if game.pending is not None:
        pos["exchange"] = list(game.pending)
    if game.winners is not None:
        pos["winners"] = list(game.winners)
    if game.sketch:
        pos["sketch"] = True
    return pos


def _fail(where: str, why: str) -> NotationError:
    return NotationError(f"{where}: {why}")


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if not jsonin.is_whole(value) or not lo <= value <= hi:
        raise _fail(where, f"expected a whole number {lo}..{hi}, got {show(value)}")
    return int(value)


def _strict(check: Any, value: Any, where: str) -> Any:
    """A jsonin check whose error is reported as a NotationError."""
    try:
        return check(value, where)
    except jsonin.JsonInputError as e:
        raise NotationError(str(e)) from None


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list, got {show(value)}")
    if length is not None and len(value) != length:
        raise _fail(where, f"expected {length} entries, got {len(value)}")
    return value


def _tiles(value: Any, where: str) -> list[int]:
    return [_int(t, f"{where}[{i}]", 0, TILE_COUNT - 1) for i, t in enumerate(_list(value, where))]


def _port(value: Any, where: str) -> int:
    if isinstance(value, str) and len(value) == 1 and value in PORT_NAMES:
        return PORT_NAMES.index(value)
    raise _fail(where, f"expected a port letter A-H, got {show(value)}")


def _players(value: Any, rules: Rules) -> list[shapes.Player]:
    players = _list(value, "players")
    if not rules.min_players <= len(players) <= rules.max_players:
        raise _fail(
            "players",
            f"this rule set is for {rules.min_players}-{rules.max_players} "
            f"players, got {len(players)}",
        )
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise _fail(f"players[{i}]", 'expected {"name": text, "color": text}')
        unknown = set(p) - {"name", "color"}
        if unknown:
            raise _fail(f"players[{i}]", f"unknown field(s) {show(sorted(unknown))}")
        if "color" in p and not isinstance(p["color"], str):
            raise _fail(f"players[{i}].color", "expected text")
        for key in ("name", "color"):
            if len(p.get(key, "")) > 40:
                raise _fail(f"players[{i}].{key}", "at most 40 characters")
            _strict(jsonin.check_text, p.get(key, ""), f"players[{i}].{key}")
    return [_player(p) for p in players]


def _player(p: dict[str, Any]) -> shapes.Player:
    """A player checked by _players, as its own copy."""
    if "color" in p:
        return {"name": p["name"], "color": p["color"]}
    return {"name": p["name"]}


def _check_format(obj: Any, expected: str, what: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise NotationError(f"{what}: expected a JSON object")
    if obj.get("format", expected) != expected:
        raise _fail("format", f"expected {expected!r}, got {show(obj.get('format'))}")
    return obj


_POSITION_KEYS = {
    "format",
    "rules",
    "players",
    "tiles",
    "markers",
    "hands",
    "pile",
    "dragon",
    "out",
    "turn",
    "exchange",
    "winners",
    "sketch",
}


ERROR: Final = "error"
"""A problem no position may hold, sketch or not: the engine could not show it or
continue a game from it (a tile twice, a marker facing a tile, no path from the edge)."""
SKETCH: Final = "sketch"
"""A problem a position marked ``"sketch": true`` may hold: no game reaches it, but the
engine can show it and answer for it (a lesson's board without hands, a game over that
is not)."""

Problem = shapes.PositionProblem
"""One thing wrong with a position: ``code`` (stable, for a page to put into words),
``level`` (:data:`ERROR` or :data:`SKETCH`), ``field`` and ``message`` (as a
NotationError says it), and what the words need: ``seat``, ``other``, ``seats``,
``tile``, ``square`` [x, y], ``place`` [x, y, port], ``places``, counts (docs/editor.md)."""


def from_position(pos: Any) -> Game:
    """A game continuing from a position, after checking everything in it: the first
    problem :func:`read_position` finds is raised (a sketch's only if it is an error)."""
    game, problems = read_position(pos)
    for p in problems:
        if p["level"] == ERROR or not game.sketch:
            raise _fail(p["field"], p["message"])
    return game


def read_position(pos: Any) -> tuple[Game, list[Problem]]:
    """A game from a position, and every problem in it in the order from_position
    reports them; the problems a sketch may hold are looked for only when there is no
    error.  NotationError only for what is not a position at all: a missing field, a
    value of the wrong type or out of range, a seat listed twice."""
    pos = _check_format(pos, POSITION_FORMAT, "position")
    unknown = set(pos) - _POSITION_KEYS
    if unknown:
        raise _fail("position", f"unknown field(s) {show(sorted(unknown))}")
    for key in ("players", "markers"):
        if key not in pos:
            raise _fail(key, "missing")
    try:
        rules = parse_rules(pos.get("rules", "classic"))
    except RulesError as e:
        raise NotationError(str(e)) from None
    players = _players(pos["players"], rules)
    n = len(players)
    game = Game(rules, players, [[] for _ in range(n)], [])
    game.deal = None
    geo = game.geo
    problems: list[Problem] = []

    def problem(
        code: str, field: str, message: str, **params: Unpack[shapes.ProblemDetails]
    ) -> None:
        problems.append(
            {"code": code, "level": ERROR, "field": field, "message": message, **params}
        )

    seen: dict[int, tuple[str, shapes.TileWhere]] = {}

    def claim(tile: int, where: str, at: shapes.TileWhere) -> None:
        if tile in seen:
            first, first_at = seen[tile]
            problem(
                "tile_twice",
                where,
                f"tile {tile} is already at {first}",
                tile=tile,
                places=[first_at, at],
            )
        else:
            seen[tile] = (where, at)

    for i, entry in enumerate(_list(pos.get("tiles", []), "tiles")):
        where = f"tiles[{i}]"
        x, y, t, rot = _list(entry, where, 4)
        x = _int(x, f"{where} x", 0, rules.width - 1)
        y = _int(y, f"{where} y", 0, rules.height - 1)
        t = _int(t, f"{where} tile", 0, TILE_COUNT - 1)
        if not jsonin.is_whole(rot) or rot not in (0, 90, 180, 270):
            raise _fail(f"{where} rotation", f"expected 0, 90, 180 or 270, got {show(rot)}")
        cell = geo.cell(x, y)
        if game.cells[cell] is not None:
            problem(
                "square_twice",
                where,
                f"square [{x}, {y}] already holds a tile",
                square=[x, y],
                tile=t,
            )
            continue
        claim(t, where, {"square": [x, y]})
        q = CANONICAL[t][rot // 90]
        game.cells[cell] = CONN[t][q]
        game.placed.append((cell, t, q))
    if "hands" in pos:
        hands = _list(pos["hands"], "hands", n)
        game.hands = [_tiles(h, f"hands[{i}]") for i, h in enumerate(hands)]
        for i, h in enumerate(game.hands):
            if len(h) > rules.hand_size:
                problem(
                    "hand_too_big",
                    f"hands[{i}]",
                    f"holds {len(h)} tiles; this rule set's hands hold at most {rules.hand_size}",
                    seat=i,
                    count=len(h),
                    max=rules.hand_size,
                )
            for t in h:
                claim(t, f"hands[{i}]", {"hand": i})
    if "pile" in pos:
        game.pile = _tiles(pos["pile"], "pile")
        for t in game.pile:
            claim(t, "pile", {"pile": True})
    # Tiles on no square, in no hand and not in the pile are out of the game:
    # a puzzle or tutorial may use only some of the 35.  Real games hold all 35.
    out = _list(pos.get("out", []), "out")
    for i, s in enumerate(out):
        _int(s, f"out[{i}]", 0, n - 1)
    if len(set(out)) != len(out):
        raise _fail("out", "a seat is listed twice")
    game.out = list(out)
    game.alive = [s not in out for s in range(n)]
    _read_markers(game, _list(pos["markers"], "markers", n), problem)
    dragon = pos.get("dragon")
    exchange = pos.get("exchange", [])
    if dragon is not None:
        dragon = _int(dragon, "dragon", 0, n - 1)
        # At the end it stays where it was; during an exchange it has not passed yet.
        if (
            dragon in out
            and pos.get("turn") is not None
            and not (isinstance(exchange, list) and dragon in exchange)
        ):
            problem(
                "dragon_out",
                "dragon",
                f"seat {dragon} is out and cannot hold the dragon tile",
                seat=dragon,
            )
        if n < rules.dragon_from:
            problem(
                "dragon_few_players",
                "dragon",
                f"a game of {n} players has no dragon tile",
                players=n,
                min=rules.dragon_from,
            )
    game.dragon = dragon
    turn = pos.get("turn")
    if turn is None:
        game.turn = None
        winners = pos.get("winners")
        # absent: the winners the rules choose, once the whole position is read (below)
        game.winners = [
            _int(w, "winners", 0, n - 1)
            for w in _list([] if winners is None else winners, "winners")
        ]
    else:
        turn = _int(turn, "turn", 0, n - 1)
        if turn in out:
            problem(
                "turn_out",
                "turn",
                f"seat {turn} is out and cannot be the seat to move",
                seat=turn,
            )
        if "winners" in pos:
            problem("winners_not_over", "winners", "only a finished game (turn null) has winners")
        game.turn = turn
        unplaced = [s for s in range(n) if game.markers[s] is None and s not in out]
        if game.markers[turn] is not None and unplaced:
            problem(
                "start_first",
                "turn",
                "every marker is placed on a start mark before any tile is played",
                seat=turn,
                seats=unplaced,
            )
    if "exchange" in pos:
        pending = [_int(s, "exchange", 0, n - 1) for s in _list(exchange, "exchange")]
        if turn is None or any(s not in out for s in pending) or len(set(pending)) != len(pending):
            problem(
                "exchange_bad",
                "exchange",
                "lists the seats just eliminated, during the active "
                "player's elimination-bonus exchange",
                seats=pending,
            )
        else:
            if len(game.hands[turn]) >= rules.hand_size:
                problem(
                    "exchange_full_hand",
                    f"hands[{turn}]",
                    "the player choosing an exchange has just played a "
                    f"tile, so holds at most {rules.hand_size - 1}",
                    seat=turn,
                    max=rules.hand_size - 1,
                )
            game.pending = pending
    sketch = pos.get("sketch", False)
    if not isinstance(sketch, bool):
        raise _fail("sketch", f"expected true or false, got {show(sketch)}")
    game.sketch = sketch
    if not problems:
        if game.turn is None and pos.get("winners") is None:
            game.winners = expected_winners(game)
        _check_reachable(game, problems)
    return game, problems


def _read_markers(game: Game, markers: list[Any], problem: Callable[..., None]) -> None:
    """Set the game's markers from a position's, reporting each one no game can
    have put where it stands (from_position's order)."""
    geo, out = game.geo, game.out
    taken: dict[int, int] = {}
    for s, m in enumerate(markers):
        where = f"markers[{s}]"
        if m is None:
            if s in out:
                problem(
                    "out_unplaced",
                    where,
                    f"seat {s} is out, so its marker must have a place",
                    seat=s,
                )
            continue
        x, y, p = _list(m, where, 3)
        x = _int(x, f"{where} x", -1, game.rules.width)
        y = _int(y, f"{where} y", -1, game.rules.height)
        port = _port(p, f"{where} port")
        code = geo.code(x, y, port)
        place = [x, y, PORT_NAMES[port]]
        game.markers[s] = code
        if s in out:
            if geo.on_board[code >> 3]:
                problem(
                    "out_on_board",
                    where,
                    f"seat {s} is out, so its marker must be off the board",
                    seat=s,
                    place=place,
                )
            continue
        if not geo.contains(x, y):
            problem(
                "marker_outside",
                where,
                f"seat {s} is still in, so its marker must face a square of the board",
                seat=s,
                place=place,
            )
            continue
        if game.cells[code >> 3] is not None:
            problem(
                "marker_on_tile",
                where,
                f"[{x}, {y}] holds a tile; a marker always faces an empty "
                "square once its path is followed",
                seat=s,
                place=place,
                square=[x, y],
            )
            continue
        end = follow(game.cells, game.nxt, game.nxt[code])
        if end == LOOP or geo.on_board[end >> 3]:
            problem(
                "marker_no_path",
                where,
                "the marker's path does not lead back to the board's edge, "
                "so no game can have put it there",
                seat=s,
                place=place,
            )
        if code in taken:
            problem(
                "markers_same_place",
                where,
                f"seat {taken[code]}'s marker stands on the same place",
                seat=s,
                other=taken[code],
                place=place,
            )
        else:
            taken[code] = s


def expected_winners(game: Game) -> list[int]:
    """Who wins a finished game as the rules choose from its board: the scores' best
    under a ranked scoring, the players still in; when every marker is out, the last
    to go out (a position may name more of the last entries of ``out``)."""
    rules, still_in = game.rules, [s for s in range(game.n) if game.alive[s]]
    if rules.scoring in steps.RANKED or rules.scoring == "tiles_placed" or still_in:
        return steps.winners(
            rules.scoring, game.out, game.alive, game.cells, game.nxt, game.markers
        )
    return list(game.out[-1:])


def _check_reachable(game: Game, problems: list[Problem]) -> None:
    """The problems that every check above lets through but no game can reach, where the
    game would stop with nobody able to move or its result would contradict the
    board: a mover without a tile, an exchange nobody is offered, a game over that
    is not, winners the rules did not choose.  A puzzle or lesson that needs such
    a position says so with ``"sketch": true`` (docs/reliability.md)."""

    def problem(
        code: str, field: str, message: str, **params: Unpack[shapes.ProblemDetails]
    ) -> None:
        problems.append(
            {"code": code, "level": SKETCH, "field": field, "message": message, **params}
        )

    n, rules, hands = game.n, game.rules, game.hands
    still_in = [s for s in range(n) if game.alive[s]]
    last = 0 if n == 1 else 1  # the game ends when at most this many markers are left
    tiles_left = bool(game.pile) or any(hands[s] for s in still_in)
    if game.dragon is not None and game.pile:
        problem(
            "dragon_with_pile",
            "dragon",
            "is held while the pile has tiles: it is taken only from an empty pile",
            seat=game.dragon,
            count=len(game.pile),
        )
    turn = game.turn
    if turn is not None:
        if len(still_in) <= last:
            problem(
                "not_over",
                "turn",
                f"the game is not over, but {len(still_in)} marker(s) are left: it ended "
                "when the last but one went out (give turn null and the winners)",
                count=len(still_in),
            )
        if game.markers[turn] is None and game.placed:
            problem(
                "tiles_before_start",
                "tiles",
                "no tile is played before every marker is on a start mark",
                seat=turn,
            )
        if not hands[turn]:
            problem(
                "mover_no_tile",
                f"hands[{turn}]",
                f"seat {turn} is to move but holds no tile: the turn passes over a player "
                "without tiles, and the game ends when nobody still in holds one",
                seat=turn,
            )
        if game.pending is not None and not (
            rules.elimination_bonus and n >= 3 and all(hands[s] for s in game.pending)
        ):
            problem(
                "exchange_not_offered",
                "exchange",
                "the elimination-bonus exchange is offered only under that rule, in games "
                "of 3 or more, for the tiles of eliminated players who hold some",
                seats=list(game.pending),
            )
        return
    unplaced = [s for s in range(n) if game.markers[s] is None]
    if unplaced:
        problem(
            "over_unplaced",
            "turn",
            "the game is over, but a marker was never placed",
            seats=unplaced,
        )
        return
    if len(still_in) > last and tiles_left:
        problem(
            "over_too_soon",
            "turn",
            f"the game is over, but {len(still_in)} markers are still in and tiles are "
            "left to play (the pile or their hands)",
            count=len(still_in),
        )
    winners = game.winners or []
    if len(set(winners)) != len(winners):
        problem("winners_twice", "winners", "a seat is listed twice")
        return
    if rules.scoring in steps.RANKED or rules.scoring == "tiles_placed" or still_in:
        expected = expected_winners(game)
        if sorted(winners) != expected:
            problem(
                "winners_wrong",
                "winners",
                f"expected {expected} under {rules.scoring!r} scoring with these markers, "
                f"got {show(winners)}",
                seats=expected,
                got=sorted(winners),
            )
    elif not winners or sorted(winners) != sorted(game.out[-len(winners) :]):
        problem(
            "winners_not_last_out",
            "winners",
            "with every marker out, the winners are the players who went out on the "
            "last move: the last entries of out",
            got=sorted(winners),
        )


# ----------------------------------------------------------------- records

_RECORD_KEYS = {"format", "rules", "players", "seed", "deal", "moves"}
_MOVE_KEYS = {"start", "tile", "rot", "exchange", "reshuffle", "clock"}


def to_record(game: Game) -> Record:
    """The record of a game played from its deal: replays the same everywhere."""
    if game.deal is None:
        raise NotationError(
            "record: this game was continued from a position, so its deal is unknown"
        )
    hands, pile = game.deal
    rules, players = game.rules.to_json(), [p.copy() for p in game.players]
    deal: shapes.Deal = {"hands": [list(h) for h in hands], "pile": list(pile)}
    moves = [m.copy() for m in game.moves]
    if game.seed is None:
        return {
            "format": RECORD_FORMAT,
            "rules": rules,
            "players": players,
            "deal": deal,
            "moves": moves,
        }
    return {
        "format": RECORD_FORMAT,
        "rules": rules,
        "players": players,
        "seed": game.seed,
        "deal": deal,
        "moves": moves,
    }


def start_record(record: Any) -> Game:
    """The game at the start of a record, its deal checked."""
    record = _check_format(record, RECORD_FORMAT, "record")
    unknown = set(record) - _RECORD_KEYS
    if unknown:
        raise _fail("record", f"unknown field(s) {show(sorted(unknown))}")
    for key in ("rules", "players", "deal"):
        if key not in record:
            raise _fail(key, "missing (a record needs rules, players and deal)")
    try:
        rules = parse_rules(record["rules"])
    except RulesError as e:
        raise NotationError(str(e)) from None
    players = _players(record["players"], rules)
    if "seed" in record:
        _strict(jsonin.check_seed, record["seed"], "seed")
    deal = record["deal"]
    if not isinstance(deal, dict) or set(deal) != {"hands", "pile"}:
        raise _fail("deal", 'expected {"hands": [[...], ...], "pile": [...]}')
    hands = [
        _tiles(h, f"deal.hands[{i}]")
        for i, h in enumerate(_list(deal["hands"], "deal.hands", len(players)))
    ]
    # Dealt one tile at a time, seat 0 first, while the 35 last (Game.new): hands of 6
    # for 6 players leave the last seat 5.
    sizes = [0] * len(hands)
    for k in range(min(TILE_COUNT, rules.hand_size * len(hands))):
        sizes[k % len(hands)] += 1
    for i, h in enumerate(hands):
        if len(h) != sizes[i]:
            raise _fail(f"deal.hands[{i}]", f"expected {sizes[i]} tiles, got {len(h)}")
    pile = _tiles(deal["pile"], "deal.pile")
    everything = [t for h in hands for t in h] + pile
    if sorted(everything) != list(range(TILE_COUNT)):
        counts = Counter(everything)  # not everything.count(t) for each t: quadratic
        dup = sorted(t for t, k in counts.items() if k > 1)
        missing = sorted(set(range(TILE_COUNT)) - set(everything))
        raise _fail(
            "deal",
            f"hands and pile must hold each of the 35 tiles once "
            f"(twice: {dup}, missing: {missing})",
        )
    game = Game(rules, players, hands, pile)
    game.seed = record.get("seed")
    return game


def check_move(move: Any, k: int) -> dict[str, Any]:
    """``move`` if it has the shape of a record move, else NotationError for move k."""
    if not isinstance(move, dict):
        raise _fail(f"move {k}", "expected an object")
    unknown = set(move) - _MOVE_KEYS
    if unknown:
        raise _fail(f"move {k}", f"unknown field(s) {show(sorted(unknown))}")
    return move


def replay(record: Any) -> Game:
    """The game a record describes, every move checked against the rules."""
    game = start_record(record)
    moves = _list(record.get("moves", []), "moves")
    for k, move in enumerate(moves):
        if game.over:
            raise _fail(f"move {k}", "the game is already over")
        try:
            game.play(check_move(move, k))
        except IllegalMove as e:
            raise _fail(f"move {k}", str(e)) from None
    return game


def replay_positions(record: Any) -> tuple[list[Position], list[list[shapes.GameEvent]]]:
    """Every position of a record (the start and after each move) and each move's events."""
    game = start_record(record)
    positions = [to_position(game)]
    events = []
    for k, move in enumerate(_list(record.get("moves", []), "moves")):
        if game.over:
            raise _fail(f"move {k}", "the game is already over")
        try:
            events.append(game.play(check_move(move, k)))
        except IllegalMove as e:
            raise _fail(f"move {k}", str(e)) from None
        positions.append(to_position(game))
    return positions, events


def result(game: Game) -> shapes.ReplayResult:
    """The result of a replayed game, as ``python -m tsuro_core replay`` prints it."""
    res: shapes.ReplayResult = {
        "over": game.over,
        "winners": sorted(game.winners) if game.winners is not None else [],
        "out": [{"seat": s, "move": k, "reason": r} for s, k, r in game.eliminations],
    }
    if game.rules.scoring != "survival":
        res["scores"] = game.scores()
    return res


# -------------------------------------------------------------- share links

_LINK_VERSION = "1"
MAX_LINK_CHARS = 1 << 16
"""The longest fragment decoded: a whole 8-player game takes under 2,000 characters."""
MAX_LINK_JSON = 1 << 18
"""The most bytes a fragment may inflate to (a deflate bomb stops here)."""


def encode_link(value: Any) -> str:
    """A URL fragment (``r=...`` for a record, ``p=...`` for a position) that
    decodes back to exactly the same JSON: compact JSON, raw deflate, base64url."""
    if not isinstance(value, dict):
        raise NotationError("share link: expected a record or a position")
    if value.get("format") == RECORD_FORMAT or "deal" in value:
        kind = "r"
        replay(value)
    else:
        kind = "p"
        from_position(value)
    return f"{kind}={_LINK_VERSION}{pack_json(value)}"


def pack_json(value: Any) -> str:
    """Compact JSON, raw deflate, base64url without padding: the body of a link."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode(
        "utf-8"
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack_json(body: str) -> Any:
    """The JSON value of :func:`pack_json`'s text, read by jsonin's strict reader
    and capped at MAX_LINK_JSON bytes; NotationError if it is damaged."""
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(raw, MAX_LINK_JSON)
        if unpacker.unconsumed_tail:
            raise NotationError(
                f"share link: inflates to more than {MAX_LINK_JSON} bytes, so "
                "it is not one this game makes"
            )
        return jsonin.loads(data, "share link")
    except NotationError:
        raise
    except (ValueError, zlib.error):
        raise NotationError(
            "share link: the text is damaged or incomplete (was it cut off when copied?)"
        ) from None


def decode_link(fragment: str) -> tuple[str, Any]:
    """``("record", R)`` or ``("position", P)`` from a share link's fragment,
    checked; NotationError with a plain reason for anything else."""
    if not isinstance(fragment, str):
        raise NotationError("share link: expected text")
    if len(fragment) > MAX_LINK_CHARS:
        raise NotationError(
            f"share link: longer than {MAX_LINK_CHARS} characters, so not one this game makes"
        )
    text = fragment.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if len(text) < 3 or text[1] != "=" or text[0] not in "rp":
        raise NotationError("share link: expected '#r=...' (a game) or '#p=...' (a position)")
    kind, body = text[0], text[2:]
    if not body.startswith(_LINK_VERSION):
        raise NotationError("share link: made by a newer or unknown version of the game")
    value = unpack_json(body[1:])
    if kind == "r":
        replay(value)
        return "record", value
    from_position(value)
    return "position", value
