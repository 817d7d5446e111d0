"""Game review (issue 18): where did each player go wrong?

For every move of a record, judged from what the mover could see at that
moment (:func:`~tsuro_core.bots.view_for`: the board, their own hand, the
sizes of the hidden hands and the pile, never the hidden tiles or the pile's
order that a finished record reveals):

- ``played``: the estimated value of the move played, ``best``: that of the
  best move found, and ``best_move``;
- ``verdict``: ``good``, ``inaccuracy``, ``mistake`` or ``blunder`` by how
  much value the move gave away (:data:`THRESHOLDS`), ``only`` when it was
  the only legal move;
- ``chances``: each seat's expected share of the win after the move (in solo,
  the share of the 35 tiles the player will have placed).

A value is what the planner estimates: the mover's share of the win (solo:
tiles placed / 35) when every player goes on with the default policy,
averaged over sampled deals of the unseen tiles.  The review runs the
planner's own rounds (planner.play_rounds: the same candidates, sampling,
paired play-outs and racing) with a fixed number of rounds per move, the
move played always kept in the race, so it is a pure function of (record,
seed, iterations), and each move's result does not depend on which other
moves are reviewed in the same call.  docs/bots.md has the thresholds'
reasons and the calibration of the chances against play.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from .. import jsonin, notation, streamin
from ..api_common import ApiError, Args, Operation, arg, seed_of
from ..errors import BadArgument
from ..game import Game
from ..jsonin import is_whole, show
from ..shapes import Move, Review, ReviewedMove, ReviewSummary, Verdict
from ..tiles import CANONICAL
from .base import View, exchange_move, tile_move, view_for
from .planner import play_rounds
from .sim import Sim
from .survivor import best_exchange, score_starts, score_view

DEFAULT_ITERATIONS = 16
"""Rounds (sampled deals) per move in the search for the best move, unless asked
otherwise; the move played and the best are then measured over twice as many."""
CHECK_ROUNDS = 2
"""The second stage's rounds, as a multiple of the first's."""
START_CANDIDATES = 8
"""Start marks compared with the one played: the survivor's favourites, as the planner's."""
THRESHOLDS: tuple[tuple[float, Verdict], ...] = (
    (0.60, "blunder"),
    (0.40, "mistake"),
    (0.20, "inaccuracy"),
)
"""Value given away (best - played) from which a move earns a verdict, as a
fraction of a fair share of the win (1/n of it with n players; solo counts as
heads-up): heads-up 0.1, 0.2 and 0.3 of the win, with 4 players 0.05, 0.1 and
0.15, in solo 3.5, 7 and 10.5 of the 35 tiles."""
NOISE_Z = 1.0
"""The loss judged is the measured one less this many standard errors of the
paired differences, so that the sampling's noise alone rarely earns a verdict."""


def review(
    record: Any,
    seed: int | str = 0,
    iterations: int = DEFAULT_ITERATIONS,
    start: int = 0,
    stop: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review moves ``start`` to ``stop`` (exclusive; default: to the end) of a
    record.  NotationError if the record is not valid (every move is checked,
    the ones outside the range too).  ``progress(done, count)`` after each move."""
    notation.replay(record)  # every move checked first: clear errors, nothing half done
    game = notation.start_record(record)
    moves = [notation.check_move(m, k) for k, m in enumerate(record.get("moves", []))]
    total = len(moves)
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise BadArgument(f"from/to: expected 0 <= from <= to <= {total}, got {start}, {stop}")
    entries: list[ReviewedMove] = []
    for k, move in enumerate(moves[:stop]):
        if k >= start:
            rng = random.Random(f"review {seed} {k}")  # the same whatever the range
            entries.append(review_move(game, move, rng, iterations, k))
            if progress is not None:
                progress(k + 1 - start, stop - start)
        game.play(move)
    return {
        "moves": entries,
        "from": start,
        "to": stop,
        "total": total,
        "seats": game.n,
        "scale": "tiles_placed" if game.n == 1 else "win_share",
        "seed": seed,
        "iterations": iterations,
        "summary": summary(entries, game.n),
    }


def review_move(
    game: Game, move: dict[str, Any], rng: random.Random, rounds: int, index: int = 0
) -> ReviewedMove:
    """One move's entry (module docstring), from the mover's view of ``game``, the
    position before ``move`` (the record's move ``index``); ``game`` is left as it was."""
    seat = game.turn
    assert seat is not None
    view = view_for(game, seat)
    cands, prior, played, apply, to_move, legal = _candidates(view, game, move)
    n = view.n
    totals = [0.0] * n

    def seen(sim: Sim) -> None:
        for s in range(n):
            totals[s] += sim.reward(s)

    rewards, done = play_rounds(view, rng, cands, apply, rounds, keep=played, seen=seen)
    counted = [c for c in cands if len(rewards[c]) == done]
    best = max(counted, key=lambda c: (sum(rewards[c]), c == played, prior.get(c, 0.0)))
    # The best of many noisy estimates is flattered by its noise: measure the two
    # moves again on fresh deals (paired), and judge by those rounds only.
    pair = list(dict.fromkeys([played, best]))
    rewards, again = play_rounds(
        view, rng, pair, apply, CHECK_ROUNDS * rounds, keep=played, seen=seen
    )
    done += again
    diffs = [a - b for a, b in zip(rewards[best], rewards[played])]
    if sum(diffs) <= 0:
        best, diffs = played, [0.0] * again
    m = len(diffs)
    loss = sum(diffs) / m
    spread = (sum((d - loss) ** 2 for d in diffs) / (m - 1)) ** 0.5 if m > 1 else 0.0
    judged = loss - NOISE_Z * spread / m**0.5
    fair = 1.0 / max(n, 2)
    verdict: Verdict = (
        "only" if legal == 1 else next((v for t, v in THRESHOLDS if judged >= t * fair), "good")
    )
    return {
        "index": index,
        "seat": seat,
        "phase": view.phase,
        "move": to_move(played),
        "verdict": verdict,
        "played": round(sum(rewards[played]) / again, 3),
        "best": round(sum(rewards[best][:m]) / m, 3),
        "best_move": to_move(best),
        "loss": round(loss, 3),
        "chances": [round(t / done, 3) for t in totals],
        "candidates": len(cands),
        "legal": legal,
        "iterations": done,
    }


def _candidates(view: View, game: Game, move: dict[str, Any]) -> tuple[Any, ...]:
    """``(candidates, prior, played, apply, to_move, legal)`` for the mover's phase:
    the planner's candidates with the move played among them, the survivor's
    scores to break ties, how to play one in a simulation and write it as
    NOTATION, and how many legal moves there were."""
    phase = view.phase
    cands: list[Any]
    played: Any
    if phase == "tile":
        scored = score_view(view)
        safe = [s for s in scored if s[3]]
        cands = [(t, q) for _, t, q, _ in (safe or scored)]
        tile = move["tile"]
        played = (tile, CANONICAL[tile][move.get("rot", 0) // 90])
        return (
            cands,
            {(t, q): s for s, t, q, _ in scored},
            played,
            lambda sim, c: sim.place(*c),
            lambda c: tile_move(*c),
            len(cands),
        )
    if phase == "start":
        free = game.legal_starts()  # the board's free marks: nothing hidden
        ranked = sorted(score_starts(view, free, view.unseen()), reverse=True)
        played = game._parse_place(move["start"])
        cands = [c for _, c in ranked[:START_CANDIDATES]]
        return (
            cands if played in cands else [*cands, played],
            {c: s for s, c in ranked},
            played,
            lambda sim, c: sim.start(c),
            lambda c: {"start": view.place_json(c)},
            len(free),
        )
    pending = view.pending or ()
    played = tuple(sorted(tuple(p) for p in move["exchange"]))
    suggested = tuple(sorted(tuple(p) for p in best_exchange(view)))
    cands = list(dict.fromkeys([played, suggested, ()]))
    return (
        cands,
        {suggested: 1.0},
        played,
        lambda sim, c: sim.exchange(c, pending),
        exchange_move,
        game.exchange_offer()["count"],
    )


def summary(entries: list[ReviewedMove], seats: int) -> list[ReviewSummary]:
    """Per seat: how many of its moves earned each verdict, and the mean value
    given away per move (lichess's "average centipawn loss", on our scale)."""
    rows: list[ReviewSummary] = []
    for s in range(seats):
        mine = [e for e in entries if e["seat"] == s]
        verdicts = [e["verdict"] for e in mine]
        rows.append(
            {
                "seat": s,
                "moves": len(mine),
                "inaccuracy": verdicts.count("inaccuracy"),
                "mistake": verdicts.count("mistake"),
                "blunder": verdicts.count("blunder"),
                "mean_loss": round(sum(e["loss"] for e in mine) / len(mine), 3) if mine else 0.0,
            }
        )
    return rows


# ------------------------------------------------------------------ the API op


def _count(args: Args, key: str) -> int | None:
    """An optional whole number >= 0; absent or null: None, as the bot ops read theirs."""
    value = args.get(key)
    if value is not None and (not is_whole(value) or value < 0):
        raise ApiError("bad_args", f"{key}: expected a whole number >= 0, got {show(value)}")
    return value


MAX_ITERATIONS = 64
"""The most rounds per move the op grants (4 times the default)."""
MAX_ROUNDS_PER_CALL = 128
"""Moves x rounds one call may review: 8 moves at the default, about half a second
in CPython; the page asks move by move, so that it can show progress, stop, and
let a hint or a bot's move through between two calls."""


def op_review(args: Args) -> Review:
    """``review {record, seed?, iterations?, from?, to?}``: moves ``from`` to ``to``
    (exclusive) of a record, judged; ``to`` defaults to as far as one call's work
    allows (the answer's ``to``; ``total`` is the number of moves)."""
    record = arg(args, "record")
    seed = seed_of(args, default=0)
    assert seed is not None
    iterations = _count(args, "iterations")
    start = _count(args, "from")
    stop = _count(args, "to")
    iterations = DEFAULT_ITERATIONS if iterations is None else iterations
    start = 0 if start is None else start
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ApiError("bad_args", f"iterations: expected 1..{MAX_ITERATIONS}, got {iterations}")
    try:
        total = len(notation.replay(record).moves)
    except notation.NotationError as e:
        raise ApiError("bad_record", f"record: {e}") from None
    most = max(1, MAX_ROUNDS_PER_CALL // iterations)
    if stop is None:
        stop = min(total, start + most)
    if not start <= stop <= total:
        raise ApiError(
            "bad_args", f"from/to: expected 0 <= from <= to <= {total}, got {start}, {stop}"
        )
    if stop - start > most:
        raise ApiError(
            "bad_args",
            f"to - from: at most {most} moves per call at {iterations} iterations "
            f"({MAX_ROUNDS_PER_CALL} rounds in all); review the rest in further calls",
        )
    return review(record, seed, iterations, start, stop)


OPS: dict[str, Operation] = {"review": op_review}
"""The operation this module adds to the facade (api.py)."""


# ------------------------------------------------------------ the command line


def _move_text(move: Move) -> str:
    if "start" in move:
        x, y, p = move["start"]
        return f"start {x},{y},{p}"
    if "tile" in move:
        return f"tile {move['tile']} @{move['rot']}"
    return "exchange " + (" ".join(f"{g}>{t}" for g, t in move["exchange"]) or "none")


def cmd_review(args: Any) -> int:
    """Review a whole record; print a table, or with --json the review's JSON."""
    if not 1 <= args.iterations <= 100_000:
        print(
            f"review: error: --iterations must be 1..100000, got {args.iterations}", file=sys.stderr
        )
        return 2
    record = streamin.read_json(args.file)
    result = review(record, args.seed, args.iterations)
    if args.json:
        print(jsonin.dumps(result))
        return 0
    names = [
        str(p.get("name", f"P{i + 1}")) for i, p in enumerate(notation.start_record(record).players)
    ]
    head = f"{'#':>3}  {'player':<10} {'move':<15} {'played':>6} {'best':>6}  {'best move':<15}"
    print(f"{head} {'verdict':<11} chances after")
    for e in result["moves"]:
        best = "" if e["best_move"] == e["move"] else _move_text(e["best_move"])
        chances = " ".join(f"{c:.2f}" for c in e["chances"])
        print(
            f"{e['index']:>3}  {names[e['seat']][:10]:<10} {_move_text(e['move']):<15} "
            f"{e['played']:>6.3f} {e['best']:>6.3f}  {best:<15} {e['verdict']:<11} {chances}"
        )
    print()
    for row in result["summary"]:
        print(
            f"{names[row['seat']]}: {row['inaccuracy']} inaccuracies, {row['mistake']} mistakes, "
            f"{row['blunder']} blunders; mean value given away {row['mean_loss']:.3f}"
        )
    scale = "tiles placed / 35" if result["scale"] == "tiles_placed" else "share of the win"
    print(f"values: {scale}, from the mover's view; seed {args.seed}, {args.iterations} iterations")
    return 0


def add_parser(subparsers: Any) -> None:
    """Add the ``review`` command to the CLI's subparsers."""
    p = subparsers.add_parser("review", help="judge every move of a record (game review)")
    p.add_argument("file", help="a record file, or - for stdin")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    p.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_ITERATIONS,
        help=f"rounds per move (default {DEFAULT_ITERATIONS})",
    )
    p.set_defaults(fn=cmd_review)
