#!/usr/bin/env python3
"""Do the game review's chances mean what they say?  (issue 18)

Self-plays N games in which every seat plays the same policy, reviews every
game (tsuro_core.bots.review), and buckets every seat's estimated chance after
every move by its value: in each bucket, the share of those positions the seat
went on to win (a k-way shared win counts 1/k) should match the chances'
mean.  The review assumes that everyone goes on with the planner's default
play-out policy, so ``--policy default`` (that policy, move by move) is the
test of the estimate itself; ``survivor`` or ``planner`` show how well it
carries over to the app's bots.

    python3 tools/review_calibration.py --games 200 --players 3 --seed 0 [--jobs 2] [--json]
        [--minutes M: stop after M minutes, reporting the games finished]

Positions whose chance is exactly 0 or 1 (decided games, players out) are
counted apart, not in the buckets.  Positions of one game are not
independent, so the Wilson intervals are narrower than the truth.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tsuro_core import notation
from tsuro_core.bots import get_bot, view_for
from tsuro_core.bots.review import DEFAULT_ITERATIONS, review
from tsuro_core.bots.sim import Sim, playout
from tsuro_core.game import Game
from tsuro_core.rules import parse_rules
from tsuro_core.selfplay import move_seed, wilson
from tsuro_core.tiles import identify


def default_policy_move(game: Game, rng: random.Random) -> dict[str, Any]:
    """The move the play-outs' default policy makes for the player to move (it
    reads only that player's hand and the board)."""
    seat = game.turn
    assert seat is not None
    if game.phase == "exchange":
        return {"exchange": []}  # as in the play-outs: no exchange
    sim = Sim.from_game(game, random.Random(0))
    playout(sim, rng, 1)
    if game.phase == "start":
        return {"start": game.place_json(sim.markers[seat])}
    tile, q = identify(sim.cells[game.markers[seat] >> 3])  # type: ignore[operator]
    return {"tile": tile, "rot": q * 90}


def self_play(policy: str, players: int, seed: int, rules: Any) -> dict[str, Any]:
    """One game's record, every seat playing ``policy``."""
    game = Game.new(parse_rules(rules), players, seed)
    rng = random.Random(seed)
    bot = None if policy == "default" else get_bot(policy)
    k = 0
    while not game.over:
        if bot is None:
            move = default_policy_move(game, rng)
        else:
            view = view_for(game, game.turn)  # type: ignore[arg-type]
            move = bot.choose(view, seed=move_seed(seed, k), iterations=16).move
        game.play(move)
        k += 1
    return notation.to_record(game)


def one_game(task: tuple[str, int, int, Any, int]) -> dict[str, Any]:
    """Self-play one game and review it: every (chance, outcome) pair."""
    policy, players, seed, rules, iterations = task
    record = self_play(policy, players, seed, rules)
    t0 = time.perf_counter()
    result = review(record, seed=seed, iterations=iterations)
    seconds = time.perf_counter() - t0
    final = notation.replay(record)
    winners = final.winners or []
    if players == 1:
        outcome = [len(final.placed) / 35]
    else:
        outcome = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    pairs = [(c, outcome[s]) for e in result["moves"] for s, c in enumerate(e["chances"])]
    verdicts = [e["verdict"] for e in result["moves"]]
    return {"pairs": pairs, "seconds": seconds, "moves": len(result["moves"]), "verdicts": verdicts}


def table(results: list[dict[str, Any]], buckets: int = 10) -> dict[str, Any]:
    """Observed outcome per bucket of estimated chance."""
    rows = []
    pairs = [p for r in results for p in r["pairs"]]
    middle = [(c, o) for c, o in pairs if 0.0 < c < 1.0]
    for b in range(buckets):
        lo, hi = b / buckets, (b + 1) / buckets
        inside = [(c, o) for c, o in middle if lo <= c < hi or (b == buckets - 1 and c == hi)]
        n = len(inside)
        won = sum(o for _, o in inside)
        mean = sum(c for c, _ in inside) / n if n else 0.0
        ci = wilson(won, n)
        rows.append(
            {
                "bucket": [lo, hi],
                "positions": n,
                "estimated": round(mean, 3),
                "observed": round(won / n, 3) if n else None,
                "ci95": [round(ci[0], 3), round(ci[1], 3)],
            }
        )
    certain = [(c, o) for c, o in pairs if c in (0.0, 1.0)]
    right = sum(1 for c, o in certain if c == o)
    verdicts: dict[str, int] = {}
    for r in results:
        for v in r["verdicts"]:
            verdicts[v] = verdicts.get(v, 0) + 1
    times = sorted(r["seconds"] for r in results)
    return {
        "buckets": rows,
        "certain": {"positions": len(certain), "as_estimated": right},
        "brier": round(sum((c - o) ** 2 for c, o in pairs) / len(pairs), 4) if pairs else None,
        "verdicts": verdicts,
        "review_seconds_median": round(times[len(times) // 2], 2) if times else None,
        "moves": sum(r["moves"] for r in results),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=0, help="game g is dealt with seed S + g")
    p.add_argument("--rules", default="classic")
    p.add_argument("--policy", default="default", help="default, random, survivor or planner")
    p.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--minutes", type=float, help="stop after this long; report the games done")
    p.add_argument("--save", help="append each game's result to this file (JSON lines)")
    args = p.parse_args(argv)
    tasks = [
        (args.policy, args.players, args.seed + g, args.rules, args.iterations)
        for g in range(args.games)
    ]
    t0 = time.perf_counter()
    results = []
    pool = None
    if args.jobs > 1:
        import multiprocessing

        pool = multiprocessing.Pool(args.jobs)
        stream = pool.imap(one_game, tasks, chunksize=1)  # in order: games 0, 1, ...
    else:
        stream = map(one_game, tasks)
    for result in stream:
        results.append(result)
        if args.save:
            with open(args.save, "a") as f:
                f.write(json.dumps(result) + "\n")
        if args.minutes and time.perf_counter() - t0 > args.minutes * 60:
            break
    if pool is not None:
        pool.terminate()
    args.games = len(results)
    summary = table(results)
    summary.update(
        games=args.games,
        players=args.players,
        policy=args.policy,
        rules=args.rules,
        seeds=[args.seed, args.seed + args.games - 1],
        iterations=args.iterations,
        wall_seconds=round(time.perf_counter() - t0, 1),
    )
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"{args.games} games, {args.players} players, policy {args.policy}, rules {args.rules}, "
        f"seeds {args.seed}..{args.seed + args.games - 1}, {args.iterations} iterations; "
        f"{summary['moves']} moves reviewed in {summary['wall_seconds']} s"
    )
    print("| estimated chance | positions | mean estimate | observed win share | 95% interval |")
    print("| --- | --- | --- | --- | --- |")
    for row in summary["buckets"]:
        lo, hi = row["bucket"]
        obs = "-" if row["observed"] is None else f"{row['observed']:.3f}"
        print(
            f"| {lo:.1f}-{hi:.1f} | {row['positions']} | {row['estimated']:.3f} | {obs} "
            f"| [{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}] |"
        )
    c = summary["certain"]
    print(f"exactly 0 or 1: {c['positions']} positions, {c['as_estimated']} ended as estimated")
    print(f"Brier score {summary['brier']}; verdicts {summary['verdicts']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
