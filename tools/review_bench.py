#!/usr/bin/env python3
"""How long a whole game's review takes (issue 18: under 20 s in the browser for
a 3-player game of about 33 moves).

Makes seeded 3-player classic records (a planner and two survivors, as a game
against the app's bots goes), then reviews each whole record, move by move as
the page will (one ``review`` call per move), at the default iterations, in
CPython and, with ``--pyodide``, in Pyodide under Node from the built wheel
(``python3 build.py`` first).  Prints each record's time and the median.

    python3 tools/review_bench.py [--games 6] [--runs 3] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tsuro_core import notation  # noqa: E402
from tsuro_core.bots import get_bot, view_for  # noqa: E402
from tsuro_core.game import Game  # noqa: E402
from tsuro_core.rules import PRESETS  # noqa: E402

TIMER = """
import hashlib, json, time
from tsuro_core.api import call

answers, cpu = [], []

def review_all(record):
    t0, c0, k = time.perf_counter(), time.process_time(), 0
    total = len(record["moves"])
    while k < total:
        answer = call("review", {"record": record, "from": k, "to": k + 1})
        assert answer["ok"], answer
        answers.append(answer)
        k += 1
    cpu.append(time.process_time() - c0)
    return time.perf_counter() - t0

records = json.loads(RECORDS)
times = [[review_all(r) for r in records] for _ in range(RUNS)]
digest = hashlib.sha256(json.dumps(answers, sort_keys=True).encode()).hexdigest()[:16]
print(json.dumps({"times": times, "cpu": cpu, "digest": digest}))
"""


def make_records(games: int, players: int = 3) -> list[dict[str, Any]]:
    """Seeded records: seat 0 the planner (8 rounds a move), the others survivors."""
    records = []
    for seed in range(1, games + 1):
        game, k = Game.new(PRESETS["classic"], players, seed), 0
        while not game.over:
            name = "planner" if game.turn == 0 else "survivor"
            view = view_for(game, game.turn)  # type: ignore[arg-type]
            game.play(get_bot(name).choose(view, seed=k, iterations=8).move)
            k += 1
        records.append(notation.to_record(game))
    return records


def time_cpython(records: list[dict[str, Any]], runs: int) -> dict[str, Any]:
    code = TIMER.replace("RECORDS", repr(json.dumps(records))).replace("RUNS", str(runs))
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def time_pyodide(records: list[dict[str, Any]], runs: int, dist: Path) -> dict[str, Any]:
    """The timer's answer in Pyodide under Node, with ``node_cpu``: the CPU time the
    Node process spent on the reviews (its own, less that of booting Pyodide and
    reviewing nothing), per record and run.  Pyodide's process_time is not the
    process's CPU time, and on the shared machine the wall clock is mostly the
    other jobs'."""
    command = ["node", str(ROOT / "tests/node/run_pyodide.mjs"), "--dist", str(dist), "--python"]
    answers, cpu = [], []
    for batch in ([], records):
        code = TIMER.replace("RECORDS", repr(json.dumps(batch))).replace("RUNS", str(runs))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(command, input=code, capture_output=True, text=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        answers.append(json.loads(out.stdout.strip().splitlines()[-1]))
    answer: dict[str, Any] = answers[1]
    answer["node_cpu"] = (cpu[1] - cpu[0]) / (len(records) * runs)
    return answer


def report(name: str, measured: dict[str, Any], moves: list[int]) -> float:
    times = measured["times"]
    per_record = [statistics.median(run[i] for run in times) for i in range(len(moves))]
    for m, t in zip(moves, per_record):
        print(f"  {name:<8} {m:>3} moves  {t:6.2f} s  ({t / m * 1000:.0f} ms a move)")
    median = statistics.median(per_record)
    cpu = statistics.median(measured["cpu"])
    print(
        f"{name}: median {median:.2f} s a game (median of {len(times)} runs each); CPU {cpu:.2f} s"
    )
    if "node_cpu" in measured:
        print(f"{name}: Node's CPU time a game, less booting: {measured['node_cpu']:.2f} s")
    print(f"{name}: digest of every answer {measured['digest']} (the same in both: same reviews)")
    return median


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    p.add_argument("--dist", default=str(ROOT / "dist"))
    args = p.parse_args()
    records = make_records(args.games)
    moves = [len(r["moves"]) for r in records]
    print(f"{len(records)} records of {moves} moves; load average {os.getloadavg()}")
    t0 = time.perf_counter()
    cpython = report("CPython", time_cpython(records, args.runs), moves)
    if args.pyodide:
        pyodide = report("Pyodide", time_pyodide(records, args.runs, Path(args.dist)), moves)
        print(f"Pyodide / CPython: {pyodide / cpython:.2f} x")
    print(f"load average {os.getloadavg()}; {time.perf_counter() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
