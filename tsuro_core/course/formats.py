"""The course variant's JSON, read and written: the course's own values (tile-pat,
state-pat, action-pat; read by the harnesses) and the browser's positions
(``tsuro-neu-position/1``, docs/course.md) and moves.

Everything read is checked; a :class:`CourseFormatError` names the value or
field and why it is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import jsonin
from ..errors import BadArgument, TsuroError
from ..shapes import CoursePlayer, CoursePosition, Place
from ..tiles import CONN, PORT_NAMES, TILE_COUNT, identify, port_name, quarters
from . import rules
from .game import ROTATIONS, CourseGame, place_json
from .rules import COLORS, SIZE, CourseState, G, course_to_place, place_to_course

FORMAT = "tsuro-neu-position/1"
PHASES = ("opening", "turn", "over")

Position = CoursePosition


class CourseFormatError(TsuroError, ValueError):
    """A value that is not what the course's formats or a position allow; the
    message names the value or field."""


CourseInputError = CourseFormatError
"""What the harnesses report (in one line, exit status 2)."""
CoursePositionError = CourseFormatError
"""What a bad position raises (the API's ``bad_position``)."""


class CourseBadMove(TsuroError, ValueError):
    """A move that is not a move at all (wrong fields or values)."""


# ---------------------------------------------------------------------------
# Field readers shared by both formats.


def _show(value: Any) -> str:
    return jsonin.show(value)


def _fail(where: str, why: str) -> CourseFormatError:
    return CourseFormatError(f"{where}: {why}")


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if not jsonin.is_whole(value) or not lo <= value <= hi:
        raise _fail(where, f"expected a whole number {lo}..{hi}, got {_show(value)}")
    return value


def _list(value: Any, where: str, length: int | None = None, shape: str | None = None) -> list[Any]:
    """A list (of ``length`` entries); ``shape`` names what was expected instead."""
    if not isinstance(value, list) or (shape and length is not None and len(value) != length):
        raise _fail(where, f"expected {shape or 'a list'}, got {_show(value)}")
    if length is not None and len(value) != length:
        raise _fail(where, f"expected {length} entries, got {len(value)}")
    return value


def _port(value: Any, where: str) -> int:
    if isinstance(value, str) and len(value) == 1 and value in PORT_NAMES:
        return PORT_NAMES.index(value)
    raise _fail(where, f'expected a port "A".."H", got {_show(value)}')


def _rot(value: Any, where: str) -> int:
    """Degrees 0, 90, 180 or 270 -> quarter turns."""
    if not jsonin.is_whole(value) or value not in ROTATIONS:
        raise _fail(where, f"degrees must be 0, 90, 180 or 270, got {_show(value)}")
    return int(value) // 90


def _color(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in COLORS:
        raise _fail(where, f"expected a colour ({', '.join(COLORS)}), got {_show(value)}")
    return value


# ---------------------------------------------------------------------------
# The course's values, for the harnesses.


def read_values(text: str, where: Callable[[int], tuple[int, int]] | None = None) -> list[Any]:
    """The JSON values of a stream of concatenated JSON texts (strict: jsonin); an error
    names its line and column (``where``: of a place in a squeezed text, streamin)."""
    decoder = json.JSONDecoder(parse_constant=jsonin.reject_constant)
    values: list[Any] = []
    i = 0
    while True:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        if i == len(text):
            return values
        try:
            value, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError as e:
            line, column = where(e.pos) if where else (e.lineno, e.colno)
            raise CourseInputError(f"not JSON at line {line} column {column}: {e.msg}") from None
        except RecursionError:
            raise CourseInputError(
                f"value {len(values)} nests deeper than {jsonin.MAX_DEPTH} levels"
            ) from None
        except ValueError as e:  # NaN, an integer of 4300+ digits
            raise CourseInputError(f"value {len(values)}: {e}") from None
        values.append(jsonin.check_value(value, f"value {len(values)}"))


def parse_tile_pat(value: Any, what: str) -> tuple[int, int]:
    """``[index, degrees]`` -> (tile, quarter turns)."""
    index, degrees = _list(value, what, 2, "a tile-pat [index, degrees]")
    tile = _int(index, f"{what} index", 0, len(CONN) - 1)
    try:
        return tile, quarters(degrees)
    except BadArgument:
        raise _fail(what, f"degrees must be 0, 90, 180 or 270, got {_show(degrees)}") from None


def parse_state(value: Any) -> CourseState:
    """A state-pat (initial and intermediate places) -> CourseState, checked for
    consistency: each colour once, every avatar facing an empty square, one
    tile per square.  A square listed again with the same tile (several
    avatars entering one initial tile, or an intermediate tile repeated)
    describes that one tile; a different tile there is an error."""
    if not isinstance(value, list):
        raise CourseInputError(f"state-pat: expected a list of places, got {_show(value)}")
    cells = G.new_cells()
    avatars: list[tuple[str, int]] = []
    for i, place in enumerate(value):
        what = f"state-pat place {i}"
        if isinstance(place, list) and len(place) == 5:
            tile_pat, color, port, x, y = place
            color = _color(color, f"{what} colour")
            if any(c == color for c, _ in avatars):
                raise _fail(what, f"{color} has two avatars")
            port = _port(port, f"{what} port")
        elif isinstance(place, list) and len(place) == 3:
            tile_pat, x, y = place
            color = None
        else:
            raise _fail(
                what,
                f"expected [tile-pat, color, port, x, y] or [tile-pat, x, y], got {_show(place)}",
            )
        tile, q = parse_tile_pat(tile_pat, f"{what} tile-pat")
        x = _int(x, f"{what} x", 0, SIZE - 1)
        y = _int(y, f"{what} y", 0, SIZE - 1)
        conn, there = CONN[tile][q], cells[G.cell(x, y)]
        if there is not None and there != conn:
            raise _fail(what, f"square ({x}, {y}) is listed with two different tiles")
        cells[G.cell(x, y)] = conn
        if color is not None:
            avatars.append((color, course_to_place(port, x, y)))
    for color, code in avatars:
        port, x, y = place_to_course(code)
        if not rules.on_board(code) or cells[code >> 3] is not None:
            raise CourseInputError(
                f"state-pat: the {color} avatar on port {port_name(port)} of "
                f"({x}, {y}) does not face an empty square of the board"
            )
    if rules.shared_pairs([code for _, code in avatars]):
        raise CourseInputError("state-pat: two avatars stand on the same spot")
    return CourseState(tuple(cells), rules.sorted_avatars(avatars))


def parse_action(value: Any, what: str) -> tuple[str, int, int]:
    """An action-pat ``[color, tile-pat]`` -> (colour, tile, quarter turns)."""
    color, tile_pat = _list(value, what, 2, "an action-pat [color, tile-pat]")
    return (_color(color, f"{what} colour"), *parse_tile_pat(tile_pat, f"{what} tile-pat"))


def parse_tile_query(value: Any, what: str) -> tuple[int, int, int]:
    """xtiles' ``[tile-index, degrees, port]`` -> (tile, quarter turns, port)."""
    index, degrees, port = _list(value, what, 3, "[tile-index, degrees, port]")
    tile, q = parse_tile_pat([index, degrees], what)
    return tile, q, _port(port, f"{what} port")


def parse_turn(value: Any) -> tuple[str, int, int, list[int]]:
    """A turn-pat ``[action-pat, ti1, ti2]`` -> (colour, tile, quarter turns, handed)."""
    action, ti1, ti2 = _list(value, "turn-pat", 3, "[action-pat, tile-index, tile-index]")
    color, tile, q = parse_action(action, "turn-pat action")
    handed = [_int(t, "turn-pat tile-index", 0, len(CONN) - 1) for t in (ti1, ti2)]
    return color, tile, q, handed


def parse_names(value: Any) -> list[str]:
    """xref's 3-5 distinct player names, oldest first."""
    if (
        not isinstance(value, list)
        or not rules.MIN_PLAYERS <= len(value) <= rules.MAX_PLAYERS
        or not all(isinstance(n, str) and n for n in value)
        or len(set(value)) != len(value)
    ):
        raise CourseInputError(
            f"expected {rules.MIN_PLAYERS}-{rules.MAX_PLAYERS} distinct player "
            f"names, got {_show(value)}"
        )
    return value


def course_place_json(state: CourseState, color: str) -> list[object]:
    """``[canonical tile-pat, color, port, x, y]`` for ``color``'s avatar."""
    code = state.place_of(color)
    if code is None:
        raise CourseFormatError(f"no {color} avatar on the board")
    port, x, y = place_to_course(code)
    tile_pat = state.tile_at(x, y)
    assert tile_pat is not None
    return [list(tile_pat), color, port_name(port), x, y]


# ---------------------------------------------------------------------------
# Positions and moves, for the browser.


def to_position(game: CourseGame) -> Position:
    """The position of a game: enough to continue it (docs/course.md)."""
    avatars: list[Place | None] = []
    for seat in range(game.n):
        code = game.code_of(seat)
        avatars.append(place_json(code if code is not None else game.last.get(seat)))
    pos: Position = {
        "format": FORMAT,
        "rules": "neu",
        "players": [p.copy() for p in game.players],
        "tiles": [list(t) for t in game.placed],
        "avatars": avatars,
        "out": [o.copy() for o in game.out],
        "phase": game.phase,
        "round": game.round,
        "turn": game.turn,
        "handed": list(game.handed),
        "next_tile": game.next_tile,
    }
    if game.ranking is not None:
        pos["ranking"] = [list(r) for r in game.ranking]
    return pos


def parse_players(value: Any, defaults: bool = False) -> list[CoursePlayer]:
    """3-5 players ``{name, color}``, colours distinct and among the course's
    (missing ones, when ``defaults``, take the first unused in age order)."""
    players = _list(value, "players")
    if not rules.MIN_PLAYERS <= len(players) <= rules.MAX_PLAYERS:
        raise _fail(
            "players",
            f"the course variant is for {rules.MIN_PLAYERS}-"
            f"{rules.MAX_PLAYERS} players, got {len(players)}",
        )
    given: list[dict[str, Any]] = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise _fail(f"players[{i}]", 'expected {"name": text, "color": text}')
        if len(p["name"]) > 40 or not jsonin.is_text(p["name"]):
            raise _fail(f"players[{i}].name", "at most 40 characters of text")
        unknown = set(p) - {"name", "color"}
        if unknown:
            raise _fail(f"players[{i}]", f"unknown field(s) {_show(sorted(unknown))}")
        if "color" in p and p["color"] not in COLORS:
            raise _fail(
                f"players[{i}].color",
                f"expected one of {', '.join(COLORS)}, got {_show(p['color'])}",
            )
        if "color" not in p and not defaults:
            raise _fail(f"players[{i}].color", "missing")
        given.append(p)
    used = [p["color"] for p in given if "color" in p]
    if len(set(used)) != len(used):
        raise _fail("players", "two players have the same colour")
    free = [c for c in COLORS if c not in used]
    return [
        {"name": p["name"], "color": p["color"] if "color" in p else free.pop(0)} for p in given
    ]


_KEYS = {
    "format",
    "rules",
    "players",
    "tiles",
    "avatars",
    "out",
    "phase",
    "round",
    "turn",
    "handed",
    "next_tile",
    "ranking",
}


def from_position(pos: Any) -> CourseGame:
    """A game continuing from a position, after checking everything in it."""
    if not isinstance(pos, dict):
        raise CoursePositionError("position: expected a JSON object")
    if pos.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_show(pos.get('format'))}")
    if pos.get("rules") != "neu":
        raise _fail("rules", f'expected "neu", got {_show(pos.get("rules"))}')
    unknown = set(pos) - _KEYS
    if unknown:
        raise _fail("position", f"unknown field(s) {_show(sorted(unknown))}")
    missing = _KEYS - {"ranking"} - set(pos)
    if missing:
        raise _fail(sorted(missing)[0], "missing")
    game = CourseGame(parse_players(pos["players"]))
    n = game.n
    phase = pos["phase"]
    if phase not in PHASES:
        raise _fail("phase", f"expected one of {', '.join(PHASES)}, got {_show(phase)}")
    game.phase = phase
    game.round = _int(pos["round"], "round", 0, 1_000_000)
    if (phase == "opening") != (game.round == 0):
        raise _fail("round", "the opening is round 0 and turns start at round 1")
    game.next_tile = _int(pos["next_tile"], "next_tile", 0, TILE_COUNT - 1)
    game.handed = [
        _int(t, f"handed[{i}]", 0, TILE_COUNT - 1)
        for i, t in enumerate(_list(pos["handed"], "handed"))
    ]
    want = {"opening": rules.OPENING_HAND, "turn": rules.TURN_HAND, "over": 0}[phase]
    if len(game.handed) != want:
        raise _fail("handed", f"the {phase} phase hands out {want} tiles, got {len(game.handed)}")

    cells = G.new_cells()
    for i, entry in enumerate(_list(pos["tiles"], "tiles")):
        where = f"tiles[{i}]"
        x, y, t, rot = _list(entry, where, 4)
        x, y = _int(x, f"{where} x", 0, SIZE - 1), _int(y, f"{where} y", 0, SIZE - 1)
        t, q = _int(t, f"{where} tile", 0, TILE_COUNT - 1), _rot(rot, f"{where} rotation")
        if cells[G.cell(x, y)] is not None:
            raise _fail(where, f"square [{x}, {y}] already holds a tile")
        cells[G.cell(x, y)] = CONN[t][q]
        game.placed.append((x, y, t, identify(CONN[t][q])[1] * 90))

    seen: set[int] = set()
    for i, o in enumerate(_list(pos["out"], "out")):
        where = f"out[{i}]"
        if not isinstance(o, dict) or set(o) != {"seat", "round", "reason"}:
            raise _fail(where, f'expected {{"seat", "round", "reason"}}, got {_show(o)}')
        seat = _int(o["seat"], f"{where}.seat", 0, n - 1)
        if seat in seen:
            raise _fail(where, f"seat {seat} is listed twice")
        seen.add(seat)
        _int(o["round"], f"{where}.round", 1, max(1, game.round))
        if o["reason"] not in ("edge", "loop"):
            raise _fail(f"{where}.reason", f'expected "edge" or "loop", got {_show(o["reason"])}')
        game.out.append({"seat": seat, "round": o["round"], "reason": o["reason"]})
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
                raise _fail(
                    where,
                    f"seat {seat} left the board ({out_reason[seat]}), so its "
                    "avatar must be " + ("null" if out_reason[seat] == "loop" else "off the board"),
                )
            game.last[seat] = code
            continue
        if not G.on_board[code >> 3] or cells[code >> 3] is not None:
            raise _fail(where, f"seat {seat}'s avatar must face an empty square of the board")
        if cells[G.next[code] >> 3] is None:
            raise _fail(where, f"seat {seat}'s avatar must stand on a placed tile")
        live.append((COLORS[seat], code))
    gone = tuple(COLORS[o["seat"]] for o in game.out)
    game.state = CourseState(tuple(cells), tuple(live), gone)

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


def parse_move(phase: str, move: Any) -> tuple[int, int, tuple[int, int, int] | None]:
    """A browser move -> ``(tile, quarter turns, opening)``; ``opening`` is
    ``(port, x, y)`` in the opening phase (``{tile, rot, square, port}``), else
    None (``{tile, rot}``).  CourseBadMove names the field."""
    keys = {"tile", "rot", "square", "port"} if phase == "opening" else {"tile", "rot"}
    if not isinstance(move, dict):
        raise CourseBadMove(f"move: expected an object, got {_show(move)}")
    missing = keys - set(move)
    if missing:
        raise CourseBadMove(f"move: missing {', '.join(sorted(missing))}")
    unknown = set(move) - keys
    if unknown:
        raise CourseBadMove(f"move: unknown field(s) {_show(sorted(unknown))}")
    try:
        tile = _int(move["tile"], "move.tile", 0, TILE_COUNT - 1)
        q = _rot(move["rot"], "move.rot")
        if phase != "opening":
            return tile, q, None
        x, y = _list(move["square"], "move.square", 2)
        x, y = _int(x, "move.square x", 0, SIZE - 1), _int(y, "move.square y", 0, SIZE - 1)
        return tile, q, (_port(move["port"], "move.port"), x, y)
    except CourseFormatError as e:
        raise CourseBadMove(str(e)) from None
