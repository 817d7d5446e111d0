"""The bots' operations for the JSON facade (registered in :data:`tsuro_core.api.OPS`).

- ``bot_move {position, bot, seed?, budget_ms?, iterations?, min_steps?}``: the
  move the named bot makes for the player to move;
- ``hint {position, budget_ms?, seed?, iterations?, min_steps?}``: what the
  strongest bot would play for the player to move (the human asking for a hint).

Both answer ``{move, thinking_ms, bot, seat, phase, info}``.  Their work is
capped so that every answer comes well within a second in CPython:
``budget_ms`` at most :data:`MAX_BUDGET_MS`, ``iterations`` (a whole number)
at most :data:`MAX_ITERATIONS`; ``min_steps`` (the planner's work floor,
planner.py) at most :data:`MAX_MIN_STEPS`, and never past the planner's
``MAX_THINKING_MS`` of thinking.  The position may
hold every hand and the pile (a full position, as the page keeps it): the bot
is handed only :func:`~tsuro_core.bots.view_for` of it, the mover's view.
"""

from __future__ import annotations

import time

from .. import jsonin
from ..api_common import ApiError, Args, Operation, game_of, seed_of
from ..errors import BadArgument
from ..shapes import BotMove
from . import DEFAULT, get_bot, view_for

MAX_BUDGET_MS = 500.0
"""The longest thinking time an op grants (the page asks for 400 ms)."""
MAX_ITERATIONS = 32
"""The most planner rounds an op plays: about a third of a second in CPython on the
slowest positions measured (8 players, or a 12 x 12 board)."""
MAX_MIN_STEPS = 200_000
"""The most work an op may ask the planner for past its budget (about 1.2 s in CPython;
its MAX_THINKING_MS stops it anyway)."""


def _error(code: str, message: str) -> ApiError:
    return ApiError(code, message)


def _number(args: Args, key: str, lo: float, hi: float, whole: bool = False) -> float | None:
    value = args.get(key)
    if value is None:
        return None
    kinds = int if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not lo <= value <= hi:
        kind = "whole number" if whole else "number"
        raise _error(
            "bad_args", f"{key}: expected a {kind} {lo:g}..{hi:g}, got {jsonin.show(value)}"
        )
    return value


def _move(args: Args, name: str) -> BotMove:
    game = game_of(args)
    if game.over:
        raise _error("game_over", "the game is over: there is no move to make")
    seed = seed_of(args, default=0)
    budget = _number(args, "budget_ms", 1, MAX_BUDGET_MS)
    iterations = _number(args, "iterations", 1, MAX_ITERATIONS, whole=True)
    min_steps = _number(args, "min_steps", 1, MAX_MIN_STEPS, whole=True)
    try:
        bot = get_bot(name)
    except BadArgument as e:
        raise _error("bad_args", f"bot: {e}") from None
    seat = game.turn
    assert seat is not None
    if (game.phase == "tile" and not game.hands[seat]) or (
        game.phase == "start" and not game.legal_starts()
    ):
        # A tutorial's position may leave out the hands, or cover every start mark.
        raise _error(
            "bad_position",
            f"seat {seat} has no move to make here (no tile in hand or no free start mark)",
        )
    view = view_for(game, seat)
    options = {} if iterations is None else {"iterations": int(iterations)}
    if min_steps is not None:
        options["min_steps"] = int(min_steps)
    t0 = time.perf_counter()
    choice = bot.choose(view, seed=seed, budget_ms=budget, **options)
    thinking = (time.perf_counter() - t0) * 1000.0
    return {
        "move": choice.move,
        "thinking_ms": round(thinking, 1),
        "bot": name,
        "seat": seat,
        "phase": view.phase,
        "info": choice.info,
    }


def op_bot_move(args: Args) -> BotMove:
    """The move a bot (``random``, ``survivor`` or ``planner``) makes for the player to move."""
    name = args.get("bot", DEFAULT)
    if not isinstance(name, str):
        raise _error("bad_args", f"bot: expected a bot name, got {jsonin.show(name)}")
    return _move(args, name)


def op_hint(args: Args) -> BotMove:
    """What the strongest bot would play for the player to move."""
    return _move(args, DEFAULT)


OPS: dict[str, Operation] = {"bot_move": op_bot_move, "hint": op_hint}
"""The operations this module adds to the facade."""
