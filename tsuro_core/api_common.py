"""What every group of API operations shares: the error they report and the
readers of their common arguments.  The op modules (:mod:`tsuro_core.api`,
:mod:`tsuro_core.bots.api_ops`, :mod:`tsuro_core.course.ops`) import this, and
:mod:`tsuro_core.api` imports them: no module imports the facade back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import jsonin, notation
from .errors import TsuroError
from .game import Game
from .notation import NotationError
from .rules import Rules
from .shapes import Player, Winners

Args = dict[str, Any]
"""An operation's arguments: a JSON object checked as JSON (jsonin.check_value), its
values not yet read (each op reads and checks its own)."""
Operation = Callable[[Args], Mapping[str, object]]
"""An operation of the API: its arguments -> its answer (a shape of tsuro_core.shapes)."""


class ApiError(TsuroError):
    """An error with a stable code, reported to the caller as a value."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def arg(args: dict[str, Any], key: str) -> Any:
    """A required argument; ``bad_args`` if it is missing."""
    if key not in args:
        raise ApiError("bad_args", f"missing argument {key!r}")
    return args[key]


def game_of(args: dict[str, Any]) -> Game:
    """The classic game in the ``position`` argument, checked (``bad_position``)."""
    try:
        return notation.from_position(arg(args, "position"))
    except NotationError as e:
        raise ApiError("bad_position", f"position: {e}") from None


def players_of(value: Any, rules: Rules) -> list[Player]:
    """A ``players`` argument as a list ``[{name, color?}]``, checked like a record's
    players for the rule set (``bad_players`` if not)."""
    try:
        return notation._players(value, rules)
    except NotationError as e:
        raise ApiError("bad_players", str(e)) from None


def winners_of(game: Game) -> Winners:
    """A finished game's ``result`` as play answers it: the winners and each seat's score."""
    return {"winners": list(game.winners or []), "scores": game.scores()}


def seed_of(args: dict[str, Any], kept: bool = False, default: Any = None) -> int | str | None:
    """The optional ``seed`` argument, checked (:func:`jsonin.check_seed`; ``kept``:
    written in a record, so within JavaScript's exact range); ``bad_args`` if not.
    Absent or null: ``default``, as the ops read their other optional numbers."""
    seed = args.get("seed")
    if seed is None:
        seed = default
    if seed is None:
        return None
    try:
        return jsonin.check_seed(seed, kept=kept)
    except jsonin.JsonInputError as e:
        raise ApiError("bad_args", str(e)) from None
