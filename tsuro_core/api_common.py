"""What every group of API operations shares: the error they report and the
readers of their common arguments.  The op modules (:mod:`tsuro_core.api`,
:mod:`tsuro_core.bots.api_ops`, :mod:`tsuro_core.neu.ops`) import this, and
:mod:`tsuro_core.api` imports them: no module imports the facade back."""

from __future__ import annotations

from typing import Any

from . import notation
from .game import Game
from .notation import NotationError


class ApiError(Exception):
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
