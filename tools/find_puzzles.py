"""Find puzzles in seeded bot games: positions whose task has exactly one answer.

    python tools/find_puzzles.py --games 40 --seed 1 --out data/puzzles.json

Game g is dealt with seed S + g: 2 to 4 players (survivor and random bots
taking turns) for the ``survive``, ``eliminate`` and ``keep_options`` tasks,
and solo games (survivor bot) for ``solo``.  Before every tile move the
position is tried with each task; a task is kept when the engine finds exactly
one solving move and the choice is not trivial (several placements to choose
from, and for ``keep_options`` / ``solo`` more than one that merely survives).
The same seeds give the same puzzles.  build.py ships the data file as
dist/puzzles.json; tests/test_puzzles.py re-checks every shipped answer.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tsuro_core import notation
from tsuro_core.bots import get_bot, view_for
from tsuro_core.game import Game
from tsuro_core.puzzles import solving
from tsuro_core.rules import PRESETS
from tsuro_core.selfplay import move_seed


def tasks_for(game: Game) -> Iterator[tuple[str, dict[str, Any], tuple[int, int]]]:
    """(kind, params, the one answer) for each non-trivial task of this position with one answer."""
    every = game.placements()
    if len(every) < 4:
        return
    survivors = [p for p in every if not game.outcome(*p)["self_eliminating"]]
    if game.rules.solo:
        if len(survivors) >= 2:
            for n in (2, 3):
                found = solving(game, "solo", {"n": n})
                if len(found) == 1:
                    yield "solo", {"n": n}, found[0]
                    return
        return
    if len(survivors) == 1:
        yield "survive", {}, survivors[0]
    for seat in range(game.n):
        if seat != game.turn and game.alive[seat]:
            params = {"color": game.players[seat]["color"]}
            found = solving(game, "eliminate", params)
            if len(found) == 1:
                yield "eliminate", params, found[0]
    if len(survivors) >= 2:
        found = solving(game, "keep_options", {})
        if len(found) == 1:
            yield "keep_options", {}, found[0]


def puzzle(
    game: Game, kind: str, params: dict[str, Any], answer: tuple[int, int]
) -> dict[str, Any]:
    position = notation.to_position(game)
    task = {"key": f"puzzle.task.{kind}", "params": params}
    digest = hashlib.sha256(json.dumps([position, task], sort_keys=True).encode()).hexdigest()[:8]
    return {
        "id": f"{kind}-{digest}",
        "task": task,
        "position": position,
        "answer": {"tile": answer[0], "rot": answer[1] * 90},
    }


def play(seed: int, players: int) -> Iterator[Game]:
    """The positions before each tile move of one seeded bot game."""
    rules = PRESETS["solo"] if players == 1 else PRESETS["classic"]
    game = Game.new(rules, players, seed)
    bots = [
        get_bot("survivor" if (s + seed) % 2 == 0 or players == 1 else "random")
        for s in range(players)
    ]
    k = 0
    while not game.over:
        if game.phase == "tile":
            yield game
        choice = bots[game.turn].choose(view_for(game, game.turn), seed=move_seed(seed, k))
        game.play(choice.move)
        k += 1


def search(games: int, seed: int, per_kind: int) -> list[dict[str, Any]]:
    """Up to ``per_kind`` puzzles of each kind from ``games`` seeded games of each size."""
    found: dict[str, list[dict[str, Any]]] = {}
    for g in range(games):
        for players in (1, 2, 3, 4):
            for game in play(seed + g, players):
                for kind, params, answer in tasks_for(game):
                    bucket = found.setdefault(kind, [])
                    if len(bucket) < per_kind:
                        bucket.append(puzzle(game, kind, params, answer))
    return [
        p for kind in ("survive", "eliminate", "keep_options", "solo") for p in found.get(kind, [])
    ]


def dumps(puzzles: list[dict[str, Any]]) -> str:
    """The list as JSON text, one puzzle a line (small, and diffs stay readable)."""
    lines = [json.dumps(p, separators=(",", ":"), ensure_ascii=False) for p in puzzles]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games of each size (1 to 4 players)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    ap.add_argument(
        "--per-kind", type=int, default=10, help="at most this many puzzles of each kind"
    )
    ap.add_argument("--out", type=Path, help="write the list here (JSON), else print it")
    args = ap.parse_args(argv)
    puzzles = search(args.games, args.seed, args.per_kind)
    text = dumps(puzzles)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        counts: dict[str, int] = {}
        for p in puzzles:
            kind = p["task"]["key"].rsplit(".", 1)[1]
            counts[kind] = counts.get(kind, 0) + 1
        print(f"{len(puzzles)} puzzles -> {args.out} {counts}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
