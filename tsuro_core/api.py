"""The JSON facade the browser calls: dict in, dict out, stateless between calls.

Every operation takes a dict of arguments and returns a dict.  Failures are
values, never tracebacks: ``{"ok": false, "error": {"code", "message"}}``.
The worker uses :func:`handle_json`, which speaks JSON text both ways so that
no Python object crosses into JavaScript.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from . import __version__, jsonin, notation
from .api_common import ApiError, Args, Operation, arg, game_of, players_of, seed_of, winners_of
from .bots.api_ops import OPS as BOT_OPS
from .errors import BadArgument, TsuroError
from .features import operations as feature_operations
from .figures import OPS as FIGURE_OPS
from .figures import record_figures
from .game import Game, IllegalMove
from .notation import NotationError
from .rules import RulesError, describe_presets, parse_rules
from .shapes import (
    Dealt,
    Decoded,
    ErrorValue,
    Fragment,
    GameResult,
    LegalMoves,
    Outcome,
    Played,
    Player,
    Replayed,
    Replays,
    RuleSets,
    Tiles,
    Valid,
    Version,
)
from .tiles import CANONICAL, check_tile, quarters, tile_table_json

_arg = arg  # the short names the operations below use
_game = game_of


def _rng(args: Args) -> random.Random:
    seed = seed_of(args)
    return random.Random(seed) if seed is not None else random.Random()


def op_version(args: Args) -> Version:
    """The engine's version."""
    return {"version": __version__}


def op_tiles(args: Args) -> Tiles:
    """The 35 tiles' paths at each rotation, for drawing."""
    return {"tiles": tile_table_json()}


def op_rules(args: Args) -> RuleSets:
    """The rule-set presets, variants and options, for a setup screen."""
    return describe_presets()


def op_new_game(args: Args) -> Dealt:
    """A shuffled, dealt game: ``{rules?, players: n | [{name, color}], seed?}``."""
    try:
        rules = parse_rules(args.get("rules", "classic"))
    except RulesError as e:
        raise ApiError("bad_rules", str(e)) from None
    given = args.get("players", 2)
    if jsonin.is_whole(given):
        if not rules.min_players <= given <= rules.max_players:
            raise ApiError(
                "bad_players",
                f"players: this rule set is for {rules.min_players}-"
                f"{rules.max_players} players, got {given}",
            )
        players: int | list[Player] = given
    else:
        players = players_of(given, rules)
    seed = seed_of(args, kept=True)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    game = Game.new(rules, players, seed)
    return {"position": notation.to_position(game), "record": notation.to_record(game)}


def op_legal_moves(args: Args) -> LegalMoves:
    """Every legal move of the position's active player; tile moves come with
    their outcome (every marker's traced path, who would be out) for previews.
    ``{"all": true}`` also lists the illegal self-eliminating placements."""
    game = _game(args)
    show_all = args.get("all", False)
    if not isinstance(show_all, bool):
        raise ApiError("bad_args", f"all: expected true or false, got {jsonin.show(show_all)}")
    return game.move_options(every=show_all)


def op_preview(args: Args) -> Outcome:
    """The outcome of placing any tile (not only one in hand) in front of the
    active marker: for tutorials and puzzles."""
    game = _game(args)
    if game.phase != "tile":
        raise ApiError("wrong_phase", f"no tile is played in the {game.phase!r} phase")
    try:
        tile = check_tile(_arg(args, "tile"))
        q = quarters(args.get("rot", 0))
    except BadArgument as e:
        raise ApiError("bad_args", str(e)) from None
    return game.outcome(tile, CANONICAL[tile][q])


def op_play(args: Args) -> Played:
    """Play one move: the next position, the move as a record writes it (with
    any reshuffle), the events to animate, and the result if the game ended."""
    game = _game(args)
    game.rng = _rng(args)
    move = _arg(args, "move")
    try:
        events = game.play(move)
    except IllegalMove as e:
        raise ApiError("illegal_move", str(e)) from None
    answer: Played = {
        "position": notation.to_position(game),
        "move": game.moves[-1],
        "events": events,
    }
    if game.over:
        answer["result"] = winners_of(game)
    return answer


def op_replay(args: Args) -> Replayed:
    """Exactly what ``python -m tsuro_core replay`` prints for a record."""
    record = _arg(args, "record")
    try:
        game = notation.replay(record)
    except NotationError as e:
        raise ApiError("bad_record", str(e)) from None
    result = notation.result(game)
    result["figures"] = record_figures(record)
    return {"position": notation.to_position(game), "result": result}


def op_positions(args: Args) -> Replays:
    """Every position of a record and the events of each move, for stepping through it."""
    try:
        positions, events = notation.replay_positions(_arg(args, "record"))
    except NotationError as e:
        raise ApiError("bad_record", str(e)) from None
    return {"positions": positions, "events": events}


def op_result(args: Args) -> GameResult:
    """Whether the game is over, who won, and each seat's scores."""
    game = _game(args)
    return {
        "over": game.over,
        "winners": game.winners or [],
        "scores": game.scores(),
        "phase": game.phase,
        "turn": game.turn,
    }


def op_validate(args: Args) -> Valid:
    """Check a position or a record; the error says which field or move and why."""
    try:
        if "record" in args:
            notation.replay(args["record"])
        else:
            notation.from_position(_arg(args, "position"))
    except NotationError as e:
        raise ApiError("invalid", str(e)) from None
    return {"valid": True}


def op_encode_link(args: Args) -> Fragment:
    """A share-link fragment for a record or a position."""
    value = args["record"] if "record" in args else _arg(args, "position")
    try:
        return {"fragment": notation.encode_link(value)}
    except NotationError as e:
        raise ApiError("invalid", str(e)) from None


def op_decode_link(args: Args) -> Decoded:
    """The record or position in a share link's fragment, checked."""
    try:
        kind, value = notation.decode_link(_arg(args, "fragment"))
    except NotationError as e:
        raise ApiError("bad_link", str(e)) from None
    return {"record": value} if kind == "record" else {"position": value}


OPS: dict[str, Operation] = {
    "version": op_version,
    "tiles": op_tiles,
    "rules": op_rules,
    "new_game": op_new_game,
    "legal_moves": op_legal_moves,
    "preview": op_preview,
    "play": op_play,
    "replay": op_replay,
    "positions": op_positions,
    "result": op_result,
    "validate": op_validate,
    "encode_link": op_encode_link,
    "decode_link": op_decode_link,
    **BOT_OPS,  # bot_move, hint
    **FIGURE_OPS,  # game_figures: each player's path, squares, moves survived, put out (figures.py)
    # Each imported on its first call (features.py): review (bots/review.py), daily,
    # puzzle_check and puzzle_hint (puzzles.py), lesson_check (lessons.py),
    # check_position (editor.py), link_encode, link_open, link_new, link_share,
    # link_reveal and link_play (linkplay.py), room_view (rooms.py), clean_name
    # (names.py), clock_move (clock.py: the turn clock) and the course variant's
    # course_new_game, _legal_moves, _play and _bot_move, also by their first names,
    # neu_* (course/ops.py).
    **feature_operations(),
}


PROJECT_ERRORS = (TsuroError,)
"""Errors the engine raises on purpose about bad input: the one family (an
:class:`ApiError` is reported by its own code, any other as ``invalid``).
Any other exception is a bug: it is still answered as a value, with the code
``internal``, and the fuzz suite (tests/test_fuzz.py) fails on it."""


class Answered(TypedDict):
    """An operation's answer (its shape: tsuro_core.shapes.OPS)."""

    ok: Literal[True]
    result: Mapping[str, object]


class Refused(TypedDict):
    """An operation refused, as a value."""

    ok: Literal[False]
    error: ErrorValue


Answer = Answered | Refused
"""What :func:`call` answers (and :func:`handle_json` as JSON text)."""


def _error(code: str, message: str) -> Refused:
    return {"ok": False, "error": {"code": code, "message": message}}


def call(op: str, args: dict[str, Any] | None = None) -> Answer:
    """Run one operation; ``{"ok": True, "result": ...}`` or ``{"ok": False, "error": ...}``.
    Never raises: every failure is a value (docs/reliability.md)."""
    return _call(op, args)


def _call(op: object, args: object) -> Answer:
    """:func:`call` and :func:`handle_json`'s one way in: the operation looked up, its
    arguments checked as JSON whose strings are text (:func:`jsonin.check_value`:
    ``bad_args`` otherwise, before any operation reads them), then run."""
    fn = OPS.get(op) if isinstance(op, str) else None
    if fn is None:
        return _error("unknown_op", f"unknown operation {jsonin.show(op)}; known: {sorted(OPS)}")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return _error("bad_args", "arguments must be a JSON object")
    try:
        jsonin.check_value(args, "arguments")
    except jsonin.JsonInputError as e:
        return _error("bad_args", str(e))
    try:
        return {"ok": True, "result": fn(args)}
    except ApiError as e:
        return _error(e.code, e.message)
    except PROJECT_ERRORS as e:
        return _error("invalid", f"{op}: {e}")
    except Exception as e:
        return _error(
            "internal", f"{op}: internal error ({type(e).__name__}: {jsonin.show(str(e), 200)})"
        )


MAX_REQUEST_CHARS = jsonin.MAX_INPUT
"""The longest request handle_json reads (1 MiB, the bound the command lines put on their
JSON, whitespace aside: streamin.py); the largest real one (a whole record) is a few
kilobytes."""


def handle_json(request: str | bytes) -> str:
    """Answer one request given as JSON text ``{"op", "args"}`` with strict JSON text.
    Never raises: bad text, bad JSON and bad requests are error values."""
    answer: Answer
    if not isinstance(request, (str, bytes, bytearray)):
        answer = _error("bad_request", "a request is JSON text")
    elif len(request) > MAX_REQUEST_CHARS:
        answer = _error("bad_request", f"request is longer than {MAX_REQUEST_CHARS} characters")
    else:
        try:
            req = jsonin.loads(request, "request")
        except jsonin.JsonInputError as e:
            answer = _error("bad_json", str(e))
        else:
            if not isinstance(req, dict):
                answer = _error("bad_request", "request must be an object {op, args}")
            else:
                answer = _call(req.get("op"), req.get("args"))
    try:
        return jsonin.dumps(answer)
    except ValueError as e:  # NaN or Infinity in an answer: a bug
        return jsonin.dumps(_error("internal", f"the answer is not strict JSON ({e})"))
