"""The bots' operations for the JSON facade (registered in :data:`tsuro_core.api.OPS`).

- ``bot_move {position, bot, seed?, budget_ms?, iterations?}``: the move the
  named bot makes for the player to move;
- ``hint {position, budget_ms?, seed?, iterations?}``: what the strongest bot
  would play for the player to move (the human asking for a hint).

Both answer ``{move, thinking_ms, bot, seat, phase, info}``.  The position may
hold every hand and the pile (a full position, as the page keeps it): the bot
is handed only :func:`~tsuro_core.bots.view_for` of it, the mover's view.
"""

from __future__ import annotations

import time
from typing import Any

from ..api_common import ApiError, game_of
from . import DEFAULT, get_bot, view_for

MAX_BUDGET_MS = 10_000.0


def _error(code: str, message: str) -> Exception:
    return ApiError(code, message)


def _number(args: dict[str, Any], key: str, lo: float, hi: float) -> Any:
    value = args.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
        raise _error("bad_args", f"{key}: expected a number {lo:g}..{hi:g}, got {value!r}")
    return value


def _move(args: dict[str, Any], name: str) -> dict[str, Any]:
    game = game_of(args)
    if game.over:
        raise _error("game_over", "the game is over: there is no move to make")
    seed = args.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise _error("bad_args", f"seed: expected a whole number or text, got {seed!r}")
    budget = _number(args, "budget_ms", 1, MAX_BUDGET_MS)
    iterations = _number(args, "iterations", 1, 1_000_000)
    try:
        bot = get_bot(name)
    except ValueError as e:
        raise _error("bad_args", f"bot: {e}") from None
    seat = game.turn
    assert seat is not None
    view = view_for(game, seat)
    options = {} if iterations is None else {"iterations": int(iterations)}
    t0 = time.perf_counter()
    choice = bot.choose(view, seed=seed, budget_ms=budget, **options)
    thinking = (time.perf_counter() - t0) * 1000.0
    return {"move": choice.move, "thinking_ms": round(thinking, 1), "bot": name, "seat": seat,
            "phase": view.phase, "info": choice.info}


def op_bot_move(args: dict[str, Any]) -> dict[str, Any]:
    """The move a bot (``random``, ``survivor`` or ``planner``) makes for the player to move."""
    name = args.get("bot", DEFAULT)
    if not isinstance(name, str):
        raise _error("bad_args", f"bot: expected a bot name, got {name!r}")
    return _move(args, name)


def op_hint(args: dict[str, Any]) -> dict[str, Any]:
    """What the strongest bot would play for the player to move."""
    return _move(args, DEFAULT)


OPS = {"bot_move": op_bot_move, "hint": op_hint}
"""The operations this module adds to the facade."""
