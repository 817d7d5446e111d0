"""The board editor's engine side (docs/editor.md): ``check_position`` answers every
problem of a position being edited, as codes with parameters that the page puts into
words, and the position as the engine reads it: its unknown hands and pile dealt, the
winners of a finished game filled in, marked ``"sketch": true`` when no game reaches it.

The checks are :func:`notation.read_position`'s, the ones every op applies: a position
the editor accepts is exactly one the other ops accept.
"""

from __future__ import annotations

import random
from typing import Any

from . import notation
from .api_common import ApiError, Args, Operation, arg, seed_of
from .game import Game
from .jsonin import show
from .notation import ERROR, SKETCH, NotationError, Problem
from .shapes import PositionCheck
from .tiles import TILE_COUNT

PHASES = ("start", "tile", "exchange", "over")


def deal_missing(pos: dict[str, Any], seed: int | str) -> dict[str, Any]:
    """The position with the hands and the pile it leaves out dealt from the tiles in no
    square, hand or pile, in the order of the 35 shuffled with ``seed``: a full hand to
    each player still in, in seat order (one tile fewer to the player choosing an
    exchange), the rest into the pile.  So a tile laid on the board changes only the
    hand it came from and the ones after it."""
    if "hands" in pos and "pile" in pos:
        return pos
    game, _ = notation.read_position(pos)
    used = {t for _, t, _ in game.placed}
    used.update(t for h in game.hands for t in h)
    used.update(game.pile)
    order = list(range(TILE_COUNT))
    random.Random(seed).shuffle(order)
    free = [t for t in order if t not in used]
    dealt = dict(pos)
    if "hands" not in pos:
        size = game.rules.hand_size
        room = [0 if s in game.out else size for s in range(game.n)]
        if "exchange" in pos and game.turn is not None:
            room[game.turn] = size - 1
        hands: list[list[int]] = []
        for s in range(game.n):
            hands.append(free[: room[s]])
            del free[: room[s]]
        dealt["hands"] = hands
    if "pile" not in pos:
        dealt["pile"] = free
    return dealt


def _errors(problems: list[Problem]) -> bool:
    return any(p["level"] == ERROR for p in problems)


def _phase_problem(want: str, game: Game) -> Problem | None:
    """The author asked for phase ``want`` but the position is in another."""
    have = game.phase
    if want == have:
        return None
    seat = game.turn
    if want == "start" and have == "tile":
        code, message = "phase_start_placed", "the player to move has a marker on the board"
    elif want == "tile" and have == "start":
        code, message = "phase_tile_unplaced", "the player to move has no marker on the board"
    else:
        code, message = "phase_differs", f"the position is in the {have!r} phase"
    return {
        "code": code,
        "level": ERROR,
        "field": "turn",
        "message": message,
        "seat": seat,
        "want": want,
        "phase": have,
    }


def check_position(
    pos: Any, deal: int | str | None = None, phase: str | None = None
) -> PositionCheck:
    """``{problems, sketch, phase, position}`` for a position being edited (docs/api.md)."""
    try:
        if deal is not None and isinstance(pos, dict):
            pos = deal_missing(pos, deal)
        game, problems = notation.read_position(pos)  # absent winners: the rules' choice
    except NotationError as e:
        malformed: Problem = {
            "code": "malformed",
            "level": ERROR,
            "field": "position",
            "message": str(e),
        }
        return {"problems": [malformed], "sketch": False, "phase": None, "position": None}
    if phase is not None:
        differs = _phase_problem(phase, game)
        if differs:
            problems.insert(0, differs)
    errors = _errors(problems)
    sketch = any(p["level"] == SKETCH for p in problems)
    game.sketch = sketch
    return {
        "problems": problems,
        "sketch": sketch,
        "phase": game.phase,
        "position": None if errors else notation.to_position(game),
    }


def op_check_position(args: Args) -> PositionCheck:
    """Every problem of a position being edited: ``{position, deal?, phase?}``."""
    pos = arg(args, "position")
    phase = args.get("phase")
    if phase is not None and phase not in PHASES:
        raise ApiError("bad_args", f"phase: expected one of {list(PHASES)}, got {show(phase)}")
    deal = seed_of({"seed": args["deal"]}) if "deal" in args else None
    return check_position(pos, deal, phase)


OPS: dict[str, Operation] = {"check_position": op_check_position}

__all__ = ["OPS", "PHASES", "check_position", "deal_missing"]
