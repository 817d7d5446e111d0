"""Puzzles: a position, a task, and the moves that solve it, all decided here.

A puzzle is ``{"id", "task": {"key", "params"}, "position", "answer"}``
(docs/puzzles.md).  The task's ``key`` names what is asked (the page shows
it through its catalogues, ``puzzle.task.<kind>``):

- ``survive``: some placement keeps the mover's marker on the board;
- ``eliminate`` ``{color}`` or ``{colors}``: a legal placement puts the marker
  of that colour out (of every one of those colours: "put both others out")
  and keeps the mover's on;
- ``keep_options``: a placement that keeps the mover on *and* leaves a tile in
  the mover's hand that could keep the marker on at its next square (if
  nobody plays there first; the tile drawn after this move is not counted);
- ``solo`` ``{n}``: solo, place ``n`` tiles in a row without leaving the board
  (the pile's order is in the position, so the draws are known).

A good puzzle has exactly one solving move; :func:`solutions` lists them in
the form ``legal_moves`` uses (``{"tile", "rot"}``, canonical rotation).
"""

from __future__ import annotations

import random
from typing import Any

from . import notation
from .api_common import ApiError, Args, Operation, arg, game_of
from .errors import BadArgument
from .game import Game
from .jsonin import is_whole
from .shapes import PuzzleHint, PuzzleVerdict, TileMove
from .tiles import CANONICAL, check_tile, quarters

KINDS = ("survive", "eliminate", "keep_options", "solo")
MAX_SOLO_N = 3  # the depth of the solo search: at most 12 placements a level, so 1,728 play-outs

Placement = tuple[int, int]  # (tile, canonical quarter turns)


def _move(p: Placement) -> TileMove:
    return {"tile": p[0], "rot": p[1] * 90}


def check_task(task: Any, game: Game) -> tuple[str, dict[str, Any]]:
    """``(kind, params)`` of a task object, checked against the game; BadArgument if bad."""
    if not isinstance(task, dict) or not isinstance(task.get("key"), str):
        raise BadArgument('task: expected {"key": "puzzle.task.<kind>", "params": {...}}')
    kind = task["key"].removeprefix("puzzle.task.")
    params = task.get("params", {})
    if kind not in KINDS:
        raise BadArgument(f"task: unknown kind {kind!r}; known: {list(KINDS)}")
    if not isinstance(params, dict):
        raise BadArgument("task.params: expected an object")
    if game.phase != "tile":
        raise BadArgument(f"task: a puzzle needs a position in the tile phase, not {game.phase!r}")
    if kind == "eliminate":
        _targets(params, game)
    if kind == "solo":
        n = params.get("n")
        if not game.rules.solo:
            raise BadArgument("task: a solo task needs a solo position")
        if not is_whole(n) or not 1 <= n <= MAX_SOLO_N:
            raise BadArgument(f"task.params.n: expected a whole number 1..{MAX_SOLO_N}")
    return kind, params


def _targets(params: dict[str, Any], game: Game) -> list[int]:
    """The seats an ``eliminate`` task names: ``color`` (one) or ``colors`` (each of
    them, distinct), every one the colour of another player; BadArgument if not."""
    if ("color" in params) == ("colors" in params):
        raise BadArgument('task.params: expected "color" (one colour) or "colors" (a list)')
    wanted = [params["color"]] if "color" in params else params["colors"]
    where = "task.params.color" if "color" in params else "task.params.colors"
    if not isinstance(wanted, list) or not 1 <= len(wanted) < len(game.players):
        raise BadArgument(
            f"{where}: expected 1 to {len(game.players) - 1} colours of other players"
        )
    colors = [p.get("color") for p in game.players]
    seats = []
    for c in wanted:
        if not isinstance(c, str) or c not in colors or colors.index(c) == game.turn:
            raise BadArgument(f"{where}: expected the colour of another player")
        seats.append(colors.index(c))
    if len(set(seats)) != len(seats):
        raise BadArgument(f"{where}: a colour is named twice")
    return seats


def _stays_on(game: Game, p: Placement) -> bool:
    return not game.outcome(*p)["self_eliminating"]


def _after(game: Game, p: Placement) -> Game:
    """The game after playing ``p`` (a copy; any shuffle seeded, so reproducible)."""
    g = game.copy()
    g.rng = random.Random(0)
    g.place_tile(*p)
    return g


def _keeps_options(game: Game, p: Placement) -> bool:
    mover = game.turn
    assert mover is not None  # a puzzle is in its tile phase (check_task)
    g = _after(game, p)
    if not g.alive[mover]:
        return False
    if g.over:
        return True  # the mover won: nothing left to keep
    rest = list(game.hands[mover])
    rest.remove(p[0])
    g.turn = mover  # the mover's next square, as the board stands now
    g.pending = None
    return any(_stays_on(g, (t, q)) for t in rest for q in set(CANONICAL[t]))


def _solo_reach(game: Game, depth: int) -> bool:
    """Whether ``depth`` more tiles can be placed in a row, keeping the marker on."""
    if depth == 0:
        return True
    if game.over or game.phase != "tile":
        return False
    return any(
        _stays_on(game, p) and _solo_reach(_after(game, p), depth - 1)
        for p in game.legal_placements()
    )


def solving(game: Game, kind: str, params: dict[str, Any]) -> list[Placement]:
    """Every placement that solves the task, in hand order."""
    if kind == "survive":
        return [p for p in game.placements() if _stays_on(game, p)]
    legal = game.legal_placements()
    if kind == "eliminate":
        seats = set(_targets(params, game))
        return [
            p
            for p in legal
            if _stays_on(game, p) and seats <= {o["seat"] for o in game.outcome(*p)["out"]}
        ]
    if kind == "keep_options":
        return [p for p in legal if _stays_on(game, p) and _keeps_options(game, p)]
    return [
        p for p in legal if _stays_on(game, p) and _solo_reach(_after(game, p), params["n"] - 1)
    ]


def solutions(position: Any, task: Any) -> list[TileMove]:
    """The solving moves of a puzzle's position and task, as ``legal_moves`` writes them."""
    game = notation.from_position(position)
    kind, params = check_task(task, game)
    return [_move(p) for p in solving(game, kind, params)]


def _puzzle_args(args: Args) -> tuple[Game, str, dict[str, Any]]:
    game = game_of(args)
    try:
        kind, params = check_task(arg(args, "task"), game)
    except BadArgument as e:
        raise ApiError("bad_args", str(e)) from None
    return game, kind, params


def _placement(game: Game, move: Any) -> Placement:
    if not isinstance(move, dict) or "tile" not in move:
        raise ApiError("bad_args", 'move: expected {"tile": t, "rot": degrees}')
    try:
        tile = check_tile(move["tile"])
        return tile, CANONICAL[tile][quarters(move.get("rot", 0))]
    except BadArgument as e:
        raise ApiError("bad_args", f"move: {e}") from None


def op_puzzle_check(args: Args) -> PuzzleVerdict:
    """``{position, task, move}`` -> ``{correct, legal, unique}``: whether the move
    solves the task (any rotation with the same connections counts), whether it
    is a legal move at all, and whether the puzzle has exactly one answer."""
    game, kind, params = _puzzle_args(args)
    p = _placement(game, arg(args, "move"))
    found = solving(game, kind, params)
    assert game.turn is not None  # a puzzle is in its tile phase (check_task)
    legal = p[0] in game.hands[game.turn] and (p in game.legal_placements() or _stays_on(game, p))
    return {"correct": p in found, "legal": legal, "unique": len(found) == 1}


def op_puzzle_hint(args: Args) -> PuzzleHint:
    """``{position, task, level}`` -> a hint from the engine: level 1 names the
    tile to play, level 2 the tile and its rotation (the answer)."""
    game, kind, params = _puzzle_args(args)
    level = args.get("level", 1)
    if not is_whole(level) or level not in (1, 2):  # not true, not 1.0
        raise ApiError("bad_args", "level: expected 1 (the tile) or 2 (the tile and its rotation)")
    found = solving(game, kind, params)
    if not found:
        raise ApiError("invalid", "this task has no solution in this position")
    tile, q = found[0]
    return {"tile": tile} if level == 1 else {"tile": tile, "rot": q * 90}


OPS: dict[str, Operation] = {
    "puzzle_check": op_puzzle_check,
    "puzzle_hint": op_puzzle_hint,
}

__all__ = ["KINDS", "OPS", "check_task", "solutions", "solving"]
