"""``python -m tsuro_core selfplay``: seeded bot tournaments with measured strength.

Game ``g`` (0-based) is dealt with seed ``S + g`` and seats the listed bots
rotated by ``g`` places, so that over a run every bot sits in every seat
equally often and none keeps the first move.  Each bot decides from its own
:func:`~tsuro_core.bots.view_for` view only, with a seed derived from the
game's seed and the move number.  A win shared by k players counts 1/k to
each; a bot name's *share* is its wins summed over every seat it holds,
divided by the number of games.  The 95% interval is Wilson's score interval
on that share (exact for one seat; for fractional or multi-seat shares it is
conservative, since a per-game value in [0, 1] with mean p has variance at
most p(1 - p)).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import jsonin
from .bots import get_bot, view_for
from .errors import BadArgument, TsuroError
from .game import Game
from .rules import PRESETS, parse_rules


def move_seed(game_seed: int, k: int) -> int:
    """The seed a bot gets for move ``k`` of the game dealt with ``game_seed``."""
    return (game_seed * 1_000_003 + k * 7_919 + 12_345) & 0x7FFFFFFF


def play_game(
    names: Sequence[str],
    game_seed: int,
    rotation: int = 0,
    budget_ms: float | None = None,
    rules: Any = None,
) -> dict[str, Any]:
    """One game; seat ``s`` is played by ``names[(s + rotation) % n]``.  Returns the
    seats' bot names, the winners, each name's win share in this game and the
    time of each of its moves (ms)."""
    n = len(names)
    seats = [names[(s + rotation) % n] for s in range(n)]
    bots = {name: get_bot(name) for name in set(names)}
    game = Game.new(parse_rules(rules) if rules is not None else PRESETS["classic"], n, game_seed)
    times: dict[str, list[float]] = {name: [] for name in bots}
    k = 0
    while not game.over:
        seat = game.turn
        assert seat is not None
        view = view_for(game, seat)
        t0 = time.perf_counter()
        choice = bots[seats[seat]].choose(view, seed=move_seed(game_seed, k), budget_ms=budget_ms)
        times[seats[seat]].append((time.perf_counter() - t0) * 1000.0)
        game.play(choice.move)
        k += 1
    winners = game.winners or []
    share = {name: 0.0 for name in bots}
    for w in winners:
        share[seats[w]] += 1.0 / len(winners)
    return {
        "seed": game_seed,
        "seats": seats,
        "winners": winners,
        "share": share,
        "move_ms": times,
        "moves": k,
        "score": game.scores()[0] if n == 1 else None,
    }


def _job(args: tuple[list[str], int, int, float | None, Any]) -> dict[str, Any]:
    names, seed, rotation, budget, rules = args
    return play_game(names, seed, rotation, budget, rules)


def _mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` and its 95% interval (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.959964 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's score interval for a proportion (successes may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(
    names: Sequence[str],
    games: int,
    seed: int = 0,
    budget_ms: float | None = None,
    jobs: int = 1,
    rules: Any = None,
) -> dict[str, Any]:
    """Play ``games`` games under ``rules`` (a rule set's JSON form; classic by
    default) and summarise: share, ci95 and move times per bot name, and in
    solo games the mean score (tiles placed) with its 95% interval."""
    names = list(names)
    tasks = [(names, seed + g, g % len(names), budget_ms, rules) for g in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = list(pool.imap(_job, tasks, chunksize=1))
    else:
        results = [_job(t) for t in tasks]
    distinct = list(dict.fromkeys(names))
    totals = {name: sum(r["share"][name] for r in results) for name in distinct}
    summary: dict[str, Any] = {
        "games": games,
        "share": {name: round(totals[name] / games, 4) if games else 0.0 for name in distinct},
        "ci95": {name: [round(x, 4) for x in wilson(totals[name], games)] for name in distinct},
        "move_ms": {},
    }
    if len(names) == 1:
        summary["score"] = _mean_ci([r["score"] for r in results])
    for name in distinct:
        ms = [t for r in results for t in r["move_ms"][name]]
        summary["move_ms"][name] = (
            {"median": round(statistics.median(ms), 2), "max": round(max(ms), 2)}
            if ms
            else {"median": 0.0, "max": 0.0}
        )
    return summary


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Run a tournament and print the result."""
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    problem, rules_json, rules = None, None, None
    try:
        rules_json = (
            jsonin.loads(args.rules, "--rules")
            if args.rules.lstrip().startswith("{")
            else args.rules
        )
        rules = parse_rules(rules_json)
    except TsuroError as e:
        problem = f"--rules: {e}"
    if rules is None:
        pass
    elif not rules.min_players <= len(names) <= rules.max_players:
        problem = (
            f"--bots lists one bot per seat; {rules.preset} is for "
            f"{rules.min_players} to {rules.max_players} players, got {len(names)}"
        )
    elif not 0 <= args.games <= 1_000_000:
        problem = f"--games must be 0..1000000, got {args.games}"
    elif not 1 <= args.jobs <= 64:
        problem = f"--jobs must be 1..64, got {args.jobs}"
    elif not 0 < args.budget_ms <= 60_000:  # also refuses nan
        problem = f"--budget-ms must be more than 0 and at most 60000, got {args.budget_ms}"
    for name in sorted(set(names)):
        try:
            get_bot(name)  # fail early on an unknown name
        except BadArgument as e:
            problem = problem or f"--bots: {e}"
    if problem or rules is None:
        print(f"selfplay: error: {problem}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    summary = run(names, args.games, args.seed, args.budget_ms, args.jobs, rules_json)
    summary["rules"] = rules.to_json()
    if args.json:
        print(json.dumps(summary, separators=(",", ":"), allow_nan=False))
        return 0
    n = summary["games"]
    label = json.dumps(summary["rules"]) if isinstance(summary["rules"], dict) else summary["rules"]
    print(
        f"{n} {label} games, seats {','.join(names)} rotated; seeds {args.seed}.."
        f"{args.seed + n - 1}; budget {args.budget_ms} ms; "
        f"{time.perf_counter() - t0:.1f} s"
    )
    print(f"{'bot':<12}{'seats':>6}{'share':>9}{'95% interval':>20}{'median ms':>11}{'max ms':>9}")
    for name, share in summary["share"].items():
        lo, hi = summary["ci95"][name]
        ms = summary["move_ms"][name]
        print(
            f"{name:<12}{names.count(name):>6}{share:>9.3f}{f'[{lo:.3f}, {hi:.3f}]':>20}"
            f"{ms['median']:>11.1f}{ms['max']:>9.1f}"
        )
    if "score" in summary:
        lo, hi = summary["score"]["ci95"]
        print(f"mean score (tiles placed) {summary['score']['mean']:.2f}  95% [{lo:.2f}, {hi:.2f}]")
    return 0


def add_parser(subparsers: Any) -> None:
    """Add the ``selfplay`` command to the CLI's subparsers."""
    p = subparsers.add_parser("selfplay", help="play seeded bot-vs-bot games; print win shares")
    p.add_argument(
        "--bots",
        required=True,
        help="one bot name per seat, comma-separated, e.g. planner,survivor",
    )
    p.add_argument(
        "--rules",
        default="classic",
        help="a preset or variant name (classic, solo, longest-path, "
        "most-crossings, ...) or a JSON options object as the API takes, "
        'e.g. \'{"preset": "classic", "elimination_bonus": true}\'',
    )
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument(
        "--budget-ms",
        type=float,
        default=200.0,
        help="thinking time per move for bots that search (default 200)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(fn=cmd_selfplay)
