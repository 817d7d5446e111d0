"""The turn clock's rules (issue 28): what is played for a seat whose time ran out,
and when that seat goes to a computer.  The pages keep the time (the room's host,
the game page); the engine says what the clock plays.

- A move that keeps the marker on the board if one exists: in the start phase a
  start mark, in the elimination bonus's exchange the hand kept (``exchange: []``,
  always a choice), in the tile phase a legal placement that does not put the
  mover out (any legal one when every one does: Turn 1's forced move).
- The move carries ``"clock": true``, which the record keeps (NOTATION.md's
  compatible extension: docs/notation.md), so the log, the replay and the share
  link say it was played by the clock.
- After CLOCK_HANDOVER such moves in a row for one seat, the seat goes to a
  computer until its player acts again (the answer's ``computer``).
"""

from __future__ import annotations

import random

from . import jsonin
from .api_common import ApiError, Args, Operation, game_of, seed_of
from .game import Game
from .shapes import ClockMove, Move

CLOCK_HANDOVER = 2
"""The clock moves in a row after which the seat is played by a computer."""

MAX_MISSED = 1000
"""The most clock moves in a row an answer counts (a game has far fewer moves)."""


def clock_choice(game: Game, rng: random.Random) -> Move:
    """The move the clock plays for the seat on turn (see the module's docstring)."""
    phase = game.phase
    if phase == "exchange":
        return {"exchange": []}
    if phase not in ("start", "tile"):
        raise ApiError("wrong_phase", f"no move is played in the {phase!r} phase")
    if phase == "start":
        starts = game.legal_moves()
        if not starts:
            raise ApiError("no_moves", "the seat to move has no start mark left")
        return rng.choice(starts)
    legal = game.legal_placements()
    if not legal:
        raise ApiError("no_moves", "the seat to move has no tile to play")
    surviving = [p for p in legal if not game.outcome(*p)["self_eliminating"]]
    tile, q = rng.choice(surviving or legal)
    return {"tile": tile, "rot": q * 90}


def op_clock_move(args: Args) -> ClockMove:
    """``{position, seed?, missed?}`` -> ``{move, missed, computer}``: the move the clock
    plays for the seat on turn (with ``"clock": true``; play it with ``play``), the
    clock moves in a row it makes for that seat (``missed``: those before it, default 0),
    and whether the seat now goes to a computer."""
    game = game_of(args)
    missed = args.get("missed", 0)
    if not jsonin.is_whole(missed) or not 0 <= missed <= MAX_MISSED:
        raise ApiError(
            "bad_args", f"missed: expected a whole number 0-{MAX_MISSED}, got {jsonin.show(missed)}"
        )
    seed = seed_of(args)
    rng = random.Random(seed) if seed is not None else random.Random()
    move = clock_choice(game, rng)
    move["clock"] = True
    return {"move": move, "missed": missed + 1, "computer": missed + 1 >= CLOCK_HANDOVER}


OPS: dict[str, Operation] = {"clock_move": op_clock_move}
