#!/usr/bin/env python3
"""Browser benchmark: start-up, round trip and bytes of the built site, in headless Chromium.

    python3 bench/browser_bench.py [--runs 5] [--installs snapshot,lock] [--memory]
                                   [--page index.html] [--json]

Prints medians over --runs runs, all in one browser session:

- board visible after navigation (the page's performance mark 'board-visible'),
  cold (fresh browser context) and warm (same context, service worker active);
- engine ready (engine.js's mark 'tsuro-engine-ready'), cold (a fresh browser
  context: empty caches) and warm (same context, service worker active), for
  each start-up path side by side, interleaved run by run: install=snapshot
  (the game: a warm visit restores the memory snapshot, a first visit makes
  it), lock (the snapshot off), and on request micropip;
- bare Pyodide start-up (bench/pages/bare.html: loadPyodide() alone in a module
  worker, from the unmodified package with its own full stdlib), cold and
  warm, interleaved with the above, and the ratios of each path to it;
- the memory snapshot: its stored size, the time to make and store it;
- with --memory (or --memory-only): the rules tutorial's memory with every
  rules board live (its lessons drawn in its own document, one shared engine),
  relative to one live board (lesson.html);
- the round trip of one request page -> worker -> page (--op, --args);
- with --planner-only, instead of all the above: the planner's rounds per
  move (hint op, --browser-budget-ms in the browser, --budget-ms in CPython)
  on the first requests after "ready" and once warm, as ratios to CPython's
  rounds on the same positions and seed, measured between the browser's
  visits, on a first visit (fresh context) and a returning one (the snapshot
  restored), the requests right at "ready" and after --pause-ms (4 s), the
  worker's warm-up on (--planner-warmup on,off: and off), and how long the
  page waited for each answer;
- with --review-only, instead of all the above: a whole game's review
  (review.html, move by move in the worker at the page's budget) of
  --review-games 3-player games (a planner and two survivors, as
  tools/review_bench.py makes them), wall clock in Chromium from the first
  review call to the last answer, against CPython's reviewing the same
  records move by move just before, and how many moves' reviews a hint sent
  during a review waited behind;
- bytes on the first visit, counted by the server, split into Pyodide's and
  ours: raw, and gzip/brotli sizes of the same files as a static host would
  compress them (brotli only if the `brotli` module or command is there).

Not a test: nothing here fails on a slow number.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sitebuild import chromium  # noqa: E402  (the repository's, beside this script)

PAGES = Path(__file__).resolve().parent / "pages"
INSTALLS = ("snapshot", "lock", "micropip")
DEFAULT_INSTALLS = ("snapshot", "lock")


def load_build():
    spec = importlib.util.spec_from_file_location("tsuro_build", ROOT / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_SIZES: dict = {}


def compressed_sizes(path: Path) -> tuple[int, int | None]:
    """gzip -9 and brotli -q 11 sizes of a file (memoized)."""
    if path not in _SIZES:
        data = path.read_bytes()
        _SIZES[path] = (len(gzip.compress(data, 9)), brotli_size(data))
    return _SIZES[path]


def brotli_size(data: bytes) -> int | None:
    try:
        import brotli  # type: ignore

        return len(brotli.compress(data, quality=11))
    except ImportError:
        pass
    exe = shutil.which("brotli")
    if exe:
        return len(
            subprocess.run(
                [exe, "-c", "-q", "11", "-"], input=data, capture_output=True, check=True
            ).stdout
        )
    return None


def stats(values, digits: int = 1):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
        "runs": len(values),
    }


# Waits in the page without Playwright's wait_for_function: it compiles its
# predicate with `new Function`, which the site's Content-Security-Policy refuses.
WHEN = """(name) => new Promise((resolve) => {
    const tests = {
        tsuro: () => window.tsuro && window.tsuro.ready,
        bare: () => window.bareReady,
        controlled: () => navigator.serviceWorker.controller !== null,
    };
    const poll = () => { const v = tests[name](); v ? resolve(v) : setTimeout(poll, 10); };
    poll();
})"""


class Bench:
    def __init__(self, browser, site: str, page_path: str):
        self.browser, self.site, self.page_path = browser, site, page_path

    def engine_visit(self, page, install: str) -> dict:
        # an engine of the page's own (engine=dedicated), started afresh as on a later
        # day's visit: the pages' shared one outlives a navigation, and would be up already
        url = f"{self.site}{self.page_path}?install={install}&engine=dedicated"
        page.goto(url)
        info = page.evaluate(WHEN, "tsuro")
        marks = page.evaluate("""() => {
            const t = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
            return { board: t("board-visible"), ready: t("tsuro-engine-ready") };
        }""")
        return {
            "board": marks["board"],
            "ready": marks["ready"],
            "timings": info.get("timings"),
            "install": info.get("install"),
            "snapshot": info.get("snapshot"),
        }

    def bare_visit(self, page) -> dict:
        page.goto(f"{self.site}__bench/bare.html")
        page.evaluate(WHEN, "bare")
        return {"ready": page.evaluate("performance.getEntriesByName('bare-ready')[0].startTime")}

    def wait_service_worker(self, page):
        page.evaluate("navigator.serviceWorker.ready")
        page.evaluate(WHEN, "controlled")

    def new_page(self):
        ctx = self.browser.new_context()
        ctx.set_default_timeout(180_000)
        return ctx, ctx.new_page()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--op",
        default="legal_moves",
        help="the request timed for the round trip (default: legal_moves of the first "
        "tile turn of a 4-player game)",
    )
    ap.add_argument("--args", default=None, help="its arguments, as JSON")
    ap.add_argument("--round-trips", type=int, default=200)
    ap.add_argument("--page", default="index.html", help="the page to measure (needs window.tsuro)")
    ap.add_argument(
        "--dist",
        default=None,
        help="serve this built site instead of building this checkout's dist/ (a "
        "baseline kept from another commit)",
    )
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--bytes-only", action="store_true", help="only the first visit's bytes")
    ap.add_argument(
        "--installs",
        default=",".join(DEFAULT_INSTALLS),
        help="install methods to time side by side (comma-separated; snapshot first): "
        "snapshot (the game: restore a memory snapshot; a first visit makes it), "
        "lock (snapshot off: the precompiled stdlib and a lock file), micropip",
    )
    ap.add_argument(
        "--memory-only", action="store_true", help="only the tutorial's memory (--memory)"
    )
    ap.add_argument(
        "--memory",
        action="store_true",
        help="also measure the tutorial's memory with every board live against one live board",
    )
    ap.add_argument("--no-cold", action="store_true", help="skip the cold runs")
    ap.add_argument(
        "--planner-moves",
        type=int,
        default=12,
        help="time the planner (hint op, 200 ms budget) on this many positions",
    )
    ap.add_argument(
        "--planner-only",
        action="store_true",
        help="only the planner's rounds per move in the browser against CPython's on the "
        "same positions, budget and seed, right after the engine is ready and warm, with "
        "the worker's warm-up on and off (--runs visits each, --planner-moves positions)",
    )
    ap.add_argument(
        "--budget-ms",
        type=float,
        default=200,
        help="the planner's budget for --planner-only (default 200, CPython's README figures)",
    )
    ap.add_argument(
        "--browser-budget-ms",
        type=float,
        default=None,
        help="--planner-only: the browser's budget, if not --budget-ms (the page's 450 ms "
        "against CPython's 200 ms: the ratios are then the hard level's strength)",
    )
    ap.add_argument(
        "--min-steps",
        type=int,
        default=None,
        help="--planner-only: the browser's work floor (default: the page's HARD_MIN_STEPS, "
        "web/js/lib/game/budgets.js; 0: none)",
    )
    ap.add_argument(
        "--planner-warmup",
        default="on",
        help="--planner-only: the worker's warm-up in the visits: on (the site's), off, or on,off",
    )
    ap.add_argument(
        "--pause-ms",
        type=float,
        default=4000,
        help="--planner-only: the 'paused' visits wait this long after ready before the "
        "first request (the time a player takes over the first move)",
    )
    ap.add_argument(
        "--review-only",
        action="store_true",
        help="only a whole game's review in the browser against CPython's (--runs runs of "
        "--review-games 3-player games), and the waits of hints sent during it",
    )
    ap.add_argument("--review-games", type=int, default=6, help="games for --review-only")
    ap.add_argument(
        "--latency-ms",
        type=float,
        default=0,
        help="the server waits this long before each answer (a far-away host)",
    )
    args = ap.parse_args(argv)

    op_args = (
        json.loads(args.args)
        if args.args is not None
        else (first_tile_turn() if args.op == "legal_moves" else {})
    )
    build = load_build()
    tmp = tempfile.mkdtemp(prefix="tsuro-bench-")
    dist = Path(tmp) / "dist"
    if args.dist:
        shutil.copytree(args.dist, dist, copy_function=os.link)
        info = json.loads((dist / "build.json").read_text(encoding="utf-8"))
    else:
        info = build.private_copy(dist)  # a rebuild meanwhile cannot pull files from under us
    if not (dist / args.page).exists():
        print(f"{args.page} is not in dist/; use --page smoke.html", file=sys.stderr)
        return 2
    served: list = []
    srv, base = build.serve_in_thread(
        dist,
        host="127.0.0.1",
        mounts={"/__bench/": PAGES},
        stats=served,
        latency=args.latency_ms / 1000,
    )
    site = base.replace("127.0.0.1", "localhost")
    from playwright.sync_api import sync_playwright

    installs = tuple(i for i in args.installs.split(",") if i)
    assert installs and set(installs) <= set(INSTALLS) and installs[0] == "snapshot", (
        "--installs: snapshot, then any of lock, micropip"
    )
    results: dict = {
        "page": args.page,
        "runs": args.runs,
        "latency_ms": args.latency_ms,
        "build": info["version"],
        "pyodide": info["pyodideVersion"],
    }
    if args.memory or args.memory_only:
        try:
            results["memory"] = tutorial_memory(dist)
        except Exception as e:
            results["memory"] = {"error": repr(e)}
        print(json.dumps({"memory": results["memory"]}), flush=True)
        if args.memory_only:
            srv.shutdown()
            shutil.rmtree(tmp, ignore_errors=True)
            return 0
    cold = {k: [] for k in (*INSTALLS, "bare")}
    warm = {k: [] for k in (*INSTALLS, "bare")}
    board = {"cold": [], "warm": []}
    t_start = time.monotonic()
    loads = [round(os.getloadavg()[0], 1)]  # the machine's load, beside every figure
    results["load_average"] = loads
    with sync_playwright() as pw:
        browser = chromium.launch(pw)
        results["browser"] = browser.version
        bench = Bench(browser, site, args.page)
        if args.review_only or args.planner_only:  # one measurement alone, its own table
            if args.review_only:
                results["review"] = review_speed(bench, args.runs, args.review_games)
                table = review_table
            else:
                results["planner"] = planner_strength(
                    bench,
                    args.runs,
                    args.planner_moves,
                    args.budget_ms,
                    args.pause_ms,
                    args.browser_budget_ms,
                    tuple(w for w in args.planner_warmup.split(",") if w),
                    page_budget("HARD_MIN_STEPS") if args.min_steps is None else args.min_steps,
                )
                table = planner_table
            browser.close()
            srv.shutdown()
            srv.server_close()
            shutil.rmtree(tmp, ignore_errors=True)
            print(json.dumps(results, indent=2) if args.json else table(results))
            return 0

        # First visit: bytes, then the cold runs.
        ctx, page = bench.new_page()
        served.clear()
        first = bench.engine_visit(page, "snapshot")
        at_ready = list(served)
        results["snapshot_first_visit"] = page.evaluate("window.tsuro.engine.snapshotDone")
        bench.wait_service_worker(page)
        time.sleep(1.0)
        with_precache = list(served)
        ctx.close()
        cold["snapshot"].append(first["ready"])
        board["cold"].append(first["board"])
        results["bytes"] = bytes_report(dist, at_ready, with_precache)
        if args.bytes_only:
            results["served"] = with_precache
            print(json.dumps(results, indent=2))
            return 0

        def order(i):  # rotate the order each round: no variant always goes first
            variants = (*installs, "bare")
            k = i % len(variants)
            return variants[k:] + variants[:k]

        for i in range(0 if args.no_cold else args.runs):
            loads.append(round(os.getloadavg()[0], 1))
            for variant in order(i):
                if variant == "snapshot" and i == 0:
                    continue  # the first visit was run 0
                ctx, page = bench.new_page()
                if variant == "bare":
                    cold["bare"].append(bench.bare_visit(page)["ready"])
                else:
                    r = bench.engine_visit(page, variant)
                    assert r["install"] == variant, r
                    cold[variant].append(r["ready"])
                    if variant == "snapshot":
                        board["cold"].append(r["board"])
                        results.setdefault("snapshot_made_cold", []).append(
                            page.evaluate("window.tsuro.engine.snapshotDone")
                        )
                ctx.close()

        # Warm: one context, service worker installed, every variant in turn.
        ctx, page = bench.new_page()
        bench.engine_visit(page, "snapshot")
        page.evaluate("window.tsuro.engine.snapshotDone")
        bench.wait_service_worker(page)
        for variant in (*installs, "bare"):  # one visit each to warm every cache
            bench.bare_visit(page) if variant == "bare" else bench.engine_visit(page, variant)
        for i in range(args.runs):
            loads.append(round(os.getloadavg()[0], 1))
            for variant in order(i):
                if variant == "bare":
                    warm["bare"].append(bench.bare_visit(page)["ready"])
                else:
                    r = bench.engine_visit(page, variant)
                    warm[variant].append(r["ready"])
                    if variant == "snapshot":
                        assert r["snapshot"] == "restored", r
                    if variant == "snapshot":
                        board["warm"].append(r["board"])
                        results.setdefault("worker_timings_warm", []).append(r["timings"])

        # Round trip on the warm, ready page.
        bench.engine_visit(page, "snapshot")
        rt = page.evaluate(
            """async ([op, args, n]) => {
            for (let i = 0; i < 20; i++) await window.tsuro.request(op, args);   // warm-up
            const times = [];
            for (let i = 0; i < n; i++) {
                const t = performance.now();
                const r = await window.tsuro.request(op, args);
                times.push(performance.now() - t);
                if (r && r.error) throw new Error(JSON.stringify(r.error));
            }
            return times;
        }""",
            [args.op, op_args, args.round_trips],
        )
        # The strongest bot in the worker: thinking time and the page's wait, 200 ms budget.
        planner = page.evaluate(
            """async (positions) => {
            const out = [];
            for (const position of positions) {
                const t = performance.now();
                const r = await window.tsuro.request("hint", {position, budget_ms: 200, seed: 1});
                if (r && r.error) throw new Error(JSON.stringify(r.error));
                out.push([r.thinking_ms, performance.now() - t]);
            }
            return out;
        }""",
            tile_turns(args.planner_moves),
        )
        ctx.close()
        browser.close()
    srv.shutdown()
    srv.server_close()
    shutil.rmtree(tmp, ignore_errors=True)

    rt_sorted = sorted(rt)
    results["round_trip_ms"] = {
        "op": args.op,
        "median": round(statistics.median(rt), 3),
        "p90": round(rt_sorted[int(0.9 * len(rt_sorted))], 3),
        "min": round(rt_sorted[0], 3),
        "n": len(rt),
    }
    if planner:
        results["planner_200ms"] = {
            "thinking_ms": stats([a for a, _ in planner]),
            "page_wait_ms": stats([b for _, b in planner]),
        }
    results["board_visible_ms"] = {k: stats(v) for k, v in board.items()}
    results["engine_ready_ms"] = {
        "cold": {k: stats(v) for k, v in cold.items()},
        "warm": {k: stats(v) for k, v in warm.items()},
    }
    # Paired differences against install=snapshot, run by run (the runs interleave,
    # so a burst of load on the machine hits both sides of a pair alike).
    results["paired_vs_snapshot_ms"] = {
        kind: {
            v: stats([b - a for a, b in zip(runs["snapshot"], runs[v])])
            for v in (*installs[1:], "bare")
        }
        for kind, runs in (("cold", cold), ("warm", warm))
    }
    # Ratios to bare loadPyodide, medians of the per-round ratios and ratio of medians.
    results["ratio_to_bare"] = {
        kind: {
            v: {
                "of_medians": round(e[v]["median"] / e["bare"]["median"], 3),
                "median_of_pairs": round(
                    statistics.median([a / b for a, b in zip(runs[v], runs["bare"])]), 3
                ),
            }
            for v in installs
            if e.get(v) and e.get("bare")
        }
        for kind, runs, e in (
            ("cold", cold, results["engine_ready_ms"]["cold"]),
            ("warm", warm, results["engine_ready_ms"]["warm"]),
        )
    }

    results["seconds"] = round(time.monotonic() - t_start, 1)
    loads.append(round(os.getloadavg()[0], 1))

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_table(results)
    return 0


PLANNER_PASS = """async ([positions, budget, minSteps]) => {
    const out = [];
    for (const position of positions) {
        const t = performance.now();
        const args = {position, budget_ms: budget, seed: 1};
        if (minSteps) args.min_steps = minSteps;
        const r = await window.tsuro.request("hint", args);
        if (r && r.error) throw new Error(JSON.stringify(r.error));
        out.push([r.info.iterations, performance.now() - t]);
    }
    return out;
}"""


def page_budget(name: str) -> int:
    """A constant of the page's web/js/lib/game/budgets.js (HARD_BUDGET_MS, HARD_MIN_STEPS)."""
    import re

    text = (ROOT / "web" / "js" / "lib" / "game" / "budgets.js").read_text(encoding="utf-8")
    found = re.search(rf"export const {name} = ([0-9_]+);", text)
    assert found, f"{name} is not in budgets.js"
    return int(found.group(1).replace("_", ""))


def cpython_rounds(positions: list, budget_ms: float) -> list:
    """The planner's rounds per position in this process (CPython), as the page asks."""
    sys.path.insert(0, str(ROOT))
    from tsuro_core.api import call

    return [
        call("hint", {"position": p, "budget_ms": budget_ms, "seed": 1})["result"]["info"][
            "iterations"
        ]
        for p in positions
    ]


PLANNER_KINDS = ("first", "returning")


def planner_strength(
    bench,
    runs: int,
    moves: int,
    budget_ms: float,
    pause_ms: float,
    browser_ms: float | None,
    warmups: tuple[str, ...] = ("on",),
    min_steps: int = 0,
) -> dict:
    """The planner's rounds in the browser as ratios to CPython's, measured in turn.

    Each run visits the page on a first visit (a fresh browser context: empty
    caches, the snapshot made after "ready") and on a returning one (the
    snapshot restored, the service worker's caches), asking for hints right at
    "ready" and after pause_ms, three passes over the positions, with the
    worker's warm-up on (and off, with warmups).  CPython plays the same
    positions, budget and seed just before each visit (the reference for its
    first pass) and just after (for its third, "warm"), so that the load on the
    machine, which changes by the minute, hits both sides of a ratio alike.
    "first" is the first request's rounds over CPython's on that position,
    "first3" the first three requests' over CPython's, "warm" the third pass's;
    "wait_ms" how long the page waited for each of the first three answers.
    The browser's requests carry the page's work floor (min_steps) unless it is 0.
    """
    positions = tile_turns(moves)
    browser_ms = budget_ms if browser_ms is None else browser_ms
    ctx, page = bench.new_page()
    bench.engine_visit(page, "snapshot")  # makes the snapshot; returning visits restore it
    page.evaluate("window.tsuro.engine.snapshotDone")
    bench.wait_service_worker(page)
    page.evaluate("window.tsuro.engine.warmupDone")
    variants = [
        (kind, warm, pause)
        for kind in PLANNER_KINDS
        for warm in warmups
        for pause in (0.0, pause_ms)
    ]
    name = lambda kind, warm, pause: (  # noqa: E731
        f"{kind}_{'' if warm == 'on' else 'warmup_off_'}{'paused' if pause else 'at_ready'}"
    )
    raw: dict = {name(*v): [] for v in variants}
    cpython, loads = [], []
    for i in range(runs):
        k = i % len(variants)
        for kind, warm, pause in variants[k:] + variants[:k]:
            loads.append(round(os.getloadavg()[0], 1))
            before = cpython_rounds(positions, budget_ms)
            query = "?install=snapshot&engine=dedicated" + ("&warmup=off" if warm == "off" else "")
            if kind == "first":
                visit_ctx, visit_page = bench.new_page()
            else:
                visit_ctx, visit_page = ctx, page
            visit_page.goto(f"{bench.site}{bench.page_path}{query}")
            info = visit_page.evaluate(WHEN, "tsuro")
            expected = "to-make" if kind == "first" else "restored"
            assert info.get("snapshot") == expected, info
            if pause:
                visit_page.wait_for_timeout(pause)
            passing = [positions, browser_ms, min_steps]
            first = visit_page.evaluate(PLANNER_PASS, passing)
            visit_page.evaluate(PLANNER_PASS, passing)
            warm_pass = visit_page.evaluate(PLANNER_PASS, passing)
            after = cpython_rounds(positions, budget_ms)
            cpython += [before, after]
            state = visit_page.evaluate("window.tsuro.engine.warmup")
            if kind == "first":
                visit_ctx.close()
            raw[name(kind, warm, pause)].append(
                {
                    "first": [r for r, _ in first],
                    "wait_ms": [round(w) for _, w in first],
                    "warm": [r for r, _ in warm_pass],
                    "before": before,
                    "after": after,
                    "warmup": state,
                }
            )
    ctx.close()

    def ratio(a: list, b: list) -> float | None:
        return sum(a) / sum(b) if sum(b) else None

    out: dict = {
        "budget_ms": budget_ms,
        "browser_budget_ms": browser_ms,
        "min_steps": min_steps,
        "pause_ms": pause_ms,
        "positions": len(positions),
        "cpython_rounds_median": [
            statistics.median(c[j] for c in cpython) for j in range(len(positions))
        ],
        "cpython_rounds_range": [min(min(c) for c in cpython), max(max(c) for c in cpython)],
        "load_average": loads,
    }
    for key, visits in raw.items():
        out[key] = {
            "first": stats([ratio(v["first"][:1], v["before"][:1]) for v in visits], 2),
            "first3": stats([ratio(v["first"][:3], v["before"][:3]) for v in visits], 2),
            "warm": stats([ratio(v["warm"], v["after"]) for v in visits], 2),
            "wait_ms": stats([w for v in visits for w in v["wait_ms"][:3]], 0),
            "visits": visits,
        }
    return out


def planner_table(r: dict) -> str:
    pl = r["planner"]
    lines = [
        f"build {r['build']}, Pyodide {r['pyodide']}, Chromium {r['browser']}; planner, "
        f"{pl['budget_ms']:g} ms budget (browser {pl['browser_budget_ms']:g} ms, "
        f"min_steps {pl['min_steps']}), "
        f"{pl['positions']} 4-player tile turns; "
        f"CPython rounds per position: medians {pl['cpython_rounds_median']}, "
        f"range {pl['cpython_rounds_range']}; load average {pl['load_average']}",
        f"{'browser rounds / CPython rounds':<44} {'median':>8} {'min':>8} {'max':>8} {'runs':>4}",
    ]
    for key in pl:
        if not isinstance(pl[key], dict) or "first3" not in pl[key]:
            continue
        for what in ("first", "first3", "warm", "wait_ms"):
            s = pl[key][what]
            if not s:
                continue
            label = f"{key}, {what}" if what != "wait_ms" else f"{key}, page waits (ms, 3 moves)"
            lines.append(
                f"{label:<44} {s['median']:>8.2f} {s['min']:>8.2f} {s['max']:>8.2f} {s['runs']:>4}"
            )
    return "\n".join(lines)


REVIEW_DONE = """() => new Promise((resolve) => {
    const poll = () => {
        const phase = document.body.dataset.phase;
        if (["done", "failed", "none"].includes(phase)) resolve(phase);
        else setTimeout(poll, 20);
    };
    poll();
})"""

# Hints sent while the review runs, one after another: how many moves' reviews each
# one's answer waited behind (the review asks the worker one move at a time).
REVIEW_PROBES = """async ([position, count]) => {
    while (!(window.tsuroReview && tsuroReview.run && tsuroReview.run.calls >= 1))
        await new Promise((r) => setTimeout(r, 20));
    const waits = [];
    while (waits.length < count && tsuroReview.run.calls < tsuroReview.run.total) {
        const before = tsuroReview.run.calls;
        const args = {position, budget_ms: 450, seed: waits.length};
        const r = await window.tsuro.request("hint", args);
        if (r && r.error) throw new Error(JSON.stringify(r.error));
        waits.push(tsuroReview.run.calls - before);
        await new Promise((r) => setTimeout(r, 250));
    }
    return waits;
}"""

REVIEW_SECONDS = """() => {
    const t = (n) => performance.getEntriesByName(n)[0].startTime;
    return (t("tsuro-review-done") - t("tsuro-review-run")) / 1000;
}"""


def review_speed(bench, runs: int, games: int) -> dict:
    """A whole game's review in Chromium (review.html at its default budget, move by move
    in the worker, from the first review call to the last answer) against CPython's on the
    same records just before (tools/review_bench.py's timer: one review call a move), run
    by run; then, in a visit of its own, hints sent during a review and how many moves'
    reviews each waited behind.  One browser context: the engine restores its snapshot, and
    the kept reviews are cleared before each visit (a kept review asks the engine nothing)."""
    sys.path.insert(0, str(ROOT))
    from tools.review_bench import make_records, time_cpython
    from tsuro_core.api import call

    records = make_records(games)
    links = [call("encode_link", {"record": r})["result"]["fragment"] for r in records]
    probe_at = call("replay", {"record": {**records[0], "moves": records[0]["moves"][:12]}})
    probe_position = probe_at["result"]["position"]
    ctx, page = bench.new_page()
    page.goto(f"{bench.site}review.html?sw=off")  # the site's origin; the engine makes its snapshot
    page.evaluate(WHEN, "tsuro")
    page.evaluate("window.tsuro.engine.snapshotDone")
    cpython, chromium, waits, loads = [], [], [], []
    visits = iter(range(1, 1 << 30))  # a query of its own: a new document, not a hash change
    for _ in range(runs):
        loads.append(os.getloadavg()[0])
        cpython.append(time_cpython(records, 1)["times"][0])
        run = []
        for link in links:
            page.evaluate("localStorage.clear()")
            page.goto(f"{bench.site}review.html?sw=off&visit={next(visits)}#{link}")
            phase = page.evaluate(REVIEW_DONE)
            assert phase == "done", phase
            run.append(page.evaluate(REVIEW_SECONDS))
        chromium.append(run)
        page.evaluate("localStorage.clear()")
        page.goto(f"{bench.site}review.html?sw=off&visit={next(visits)}#{links[0]}")
        waits += page.evaluate(REVIEW_PROBES, [probe_position, 4])
        page.evaluate(REVIEW_DONE)
    loads.append(os.getloadavg()[0])
    ctx.close()
    moves = [len(r["moves"]) for r in records]

    def per_game(times: list) -> list:
        return [statistics.median(run[i] for run in times) for i in range(len(moves))]

    cp, ch = per_game(cpython), per_game(chromium)
    ratios = [
        statistics.median(c[i] / p[i] for c, p in zip(chromium, cpython)) for i in range(len(moves))
    ]
    return {
        "games": games,
        "runs": runs,
        "moves": moves,
        "cpython_s": [round(v, 2) for v in cp],
        "chromium_s": [round(v, 2) for v in ch],
        "cpython_median_s": round(statistics.median(cp), 2),
        "chromium_median_s": round(statistics.median(ch), 2),
        "chromium_max_s": round(max(max(r) for r in chromium), 2),
        "ratio_median": round(statistics.median(ratios), 2),
        "hint_waited_moves": waits,
        "load_average": [round(x, 1) for x in loads],
    }


def review_table(r: dict) -> str:
    rv = r["review"]
    lines = [
        f"build {r['build']}, Pyodide {r['pyodide']}, Chromium {r['browser']}; a whole game's "
        f"review at the page's budget, {rv['games']} 3-player games, {rv['runs']} runs each "
        f"(load average {rv['load_average']})",
        f"{'moves':>6} {'CPython s':>10} {'Chromium s':>11}",
    ]
    for m, c, b in zip(rv["moves"], rv["cpython_s"], rv["chromium_s"]):
        lines.append(f"{m:>6} {c:>10.2f} {b:>11.2f}")
    lines += [
        f"median a game: CPython {rv['cpython_median_s']:.2f} s, Chromium "
        f"{rv['chromium_median_s']:.2f} s (slowest {rv['chromium_max_s']:.2f} s); "
        f"Chromium / CPython {rv['ratio_median']:.2f} x (median of per-game ratios)",
        f"hints sent during a review waited behind {max(rv['hint_waited_moves'], default=0)} "
        f"move(s) of it at most ({rv['hint_waited_moves']})",
    ]
    return "\n".join(lines)


def first_tile_turn() -> dict:
    """{"position": P}: the first tile turn of a seeded 4-player classic game (made in CPython)."""
    sys.path.insert(0, str(ROOT))
    from tsuro_core.api import call

    pos = call("new_game", {"players": 4, "seed": 7})["result"]["position"]
    for _ in range(16):
        moves = call("legal_moves", {"position": pos})["result"]
        if moves["phase"] == "tile":
            return {"position": pos}
        pos = call("play", {"position": pos, "move": moves["moves"][0]["move"]})["result"][
            "position"
        ]
    raise RuntimeError("no tile turn reached")


def tile_turns(count: int) -> list:
    """Positions at tile turns through a seeded 4-player game (made in CPython)."""
    sys.path.insert(0, str(ROOT))
    from tsuro_core.api import call

    pos = call("new_game", {"players": 4, "seed": 11})["result"]["position"]
    found = []
    while len(found) < count and pos["turn"] is not None:
        moves = call("legal_moves", {"position": pos})["result"]
        if moves["phase"] == "tile":
            found.append(pos)
        pos = call(
            "play", {"position": pos, "move": moves["moves"][-1]["move"], "seed": len(found)}
        )["result"]["position"]
    return found


def _pss_mb(marker: str) -> float:
    """Proportional set size (MB) of the Chromium launched with `marker` in its
    command line and every process under it (renderers, workers, GPU, utility)."""
    parent, cmdline = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
            parent[int(d)] = int(stat[stat.rindex(")") + 2 :].split()[1])
            cmdline[int(d)] = Path(f"/proc/{d}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
    ours = {pid for pid, cmd in cmdline.items() if marker in cmd}
    grew = True
    while grew:
        more = {pid for pid, pp in parent.items() if pp in ours and pid not in ours}
        ours |= more
        grew = bool(more)
    total = 0
    for pid in ours:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def collect_garbage(browser, page) -> None:
    """A full garbage collection in the page (and its frames: one isolate) and in every
    worker of the browser (the shared engine, the service worker), through the
    DevTools protocol: what is measured after it is the memory they hold, not how
    much garbage happened to wait for a collection (an idle worker may keep tens of
    MB of it for minutes)."""
    session = page.context.new_cdp_session(page)
    for _ in range(2):
        session.send("HeapProfiler.collectGarbage")
    session.detach()
    browser_session = browser.new_browser_cdp_session()
    answered: set = set()
    browser_session.on(
        "Target.receivedMessageFromTarget",
        lambda ev: answered.add((ev["sessionId"], json.loads(ev["message"]).get("id"))),
    )
    for target in browser_session.send("Target.getTargets")["targetInfos"]:
        if target["type"] not in ("shared_worker", "worker", "service_worker"):
            continue
        sid = browser_session.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": False}
        )["sessionId"]
        for i in (1, 2):
            message = json.dumps({"id": i, "method": "HeapProfiler.collectGarbage"})
            browser_session.send(
                "Target.sendMessageToTarget", {"sessionId": sid, "message": message}
            )
        for _ in range(500):
            if (sid, 2) in answered:
                break
            time.sleep(0.02)
        browser_session.send("Target.detachFromTarget", {"sessionId": sid})
    browser_session.detach()
    time.sleep(1)


def tutorial_memory(dist: Path) -> dict:
    """The rules tutorial with every board that needs rules live, against one live
    board (lesson.html), on a later visit (the engine's snapshot stored, the offline
    worker installed).  The tutorial draws its lessons in its own document, sharing
    the page's one engine; "live": each board with a move to try or a task pointed
    at (its engine asked for its reader's turn).  Each figure twice: settled (3 s
    idle, as a player's browser might hold it) and after a garbage collection in
    every page, frame and worker ("_gc": the memory held)."""
    import re
    import uuid

    from playwright.sync_api import sync_playwright

    build = load_build()
    tut = (dist / "tutorial" / "index.html").read_text(encoding="utf-8")
    # the lessons with a move to try or a task: the boards that need rules
    try_links = [
        src
        for src in re.findall(r'data-src="\.\./lesson\.html#(src=lessons/[^"]*)"', tut)
        if json.loads((dist / src[4:].split("&")[0]).read_text())["steps"][0].keys()
        & {"try", "task"}
    ]
    srv, base = build.serve_in_thread(dist, host="127.0.0.1")
    site = base.replace("127.0.0.1", "localhost")
    marker = f"--tsuro-bench-marker={uuid.uuid4().hex}"
    out = {"live_boards": len(try_links), "load": [round(os.getloadavg()[0], 1)]}

    def settle():
        time.sleep(3)

    def measure(key, page, empty):
        """out[key]: PSS above the empty page, settled; out[key + "_gc"]: after a collection."""
        settle()
        out[key] = _pss_mb(marker) - empty[0]
        collect_garbage(browser, page)
        out[key + "_gc"] = _pss_mb(marker) - empty[1]

    with sync_playwright() as pw:
        browser = chromium.launch(pw, marker)

        def all_live(page, url):
            """The tutorial with every box drawn, and every board that needs rules pointed
            at; the seconds from its load to the engine's answer to all of them."""
            page.goto(url)
            page.wait_for_load_state("load")
            t = time.monotonic()
            boxes = page.locator(".lesson-box")
            for i in range(boxes.count()):
                boxes.nth(i).scroll_into_view_if_needed()
            page.wait_for_function(
                "[...document.querySelectorAll('.lesson-box')]"
                ".every((b) => b.dataset.state === 'shown')",
                timeout=300_000,
            )
            for link in try_links:
                box = page.locator(f'.lesson-box[data-src$="{link}"]')
                box.scroll_into_view_if_needed()
                box.locator(".board-box").hover()
            # each has its reader's turn from the engine: its start marks, or its hand playable
            for link in try_links:
                box = page.locator(f'.lesson-box[data-src$="{link}"]')
                box.locator(
                    ".layer-marks .start-mark, .embed-hand:not(.disabled) .hand-tile"
                ).first.wait_for()
            return time.monotonic() - t

        ctx = browser.new_context()
        ctx.set_default_timeout(300_000)
        page = ctx.new_page()
        page.goto("about:blank")
        settle()
        empty = [_pss_mb(marker)]
        collect_garbage(browser, page)
        empty.append(_pss_mb(marker))
        # One live board, on a later visit like the tutorial's: the first visit makes
        # the engine's snapshot and installs the offline worker, as a player's browser
        # holds them on a later visit; both sides are measured with it in place.
        single = f"{site}lesson.html#{try_links[0]}&eager=1"
        page.goto(single)
        page.evaluate("window.tsuro.ready")
        page.evaluate("window.tsuro.engine.snapshotDone")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.goto("about:blank")
        page.goto(single)
        page.evaluate("window.tsuro.ready")
        measure("single", page, empty)
        page.goto(f"{site}tutorial/index.html")
        page.wait_for_load_state("load")
        measure("tutorial_idle", page, empty)
        out["seconds_shared"] = all_live(page, f"{site}tutorial/index.html")
        measure("tutorial_shared", page, empty)
        out["load"].append(round(os.getloadavg()[0], 1))  # the machine's load, beside the figures
        out["ratio_shared"] = out["tutorial_shared"] / out["single"]
        out["ratio_shared_gc"] = out["tutorial_shared_gc"] / out["single_gc"]
        ctx.close()
        browser.close()
    srv.shutdown()
    srv.server_close()
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in out.items()}


def bytes_report(dist: Path, at_ready: list, with_precache: list) -> dict:
    def split(entries):
        out = {
            "pyodide": {"raw": 0, "gzip": 0, "brotli": 0, "files": 0},
            "ours": {"raw": 0, "gzip": 0, "brotli": 0, "files": 0},
        }
        have_brotli = True
        seen = set()
        for path, sent, _status in entries:
            side = "pyodide" if path.startswith("/pyodide/") else "ours"
            o = out[side]
            o["raw"] += sent
            o["files"] += 1
            key = path.rstrip("/") or "/index.html"
            f = dist / (
                key.lstrip("/") if not path.endswith("/") else key.lstrip("/") + "/index.html"
            )
            if f.is_file() and path not in seen and sent:
                seen.add(path)
                g, b = compressed_sizes(f)
                o["gzip"] += g
                if b is None:
                    have_brotli = False
                else:
                    o["brotli"] += b
        if not have_brotli:
            for o in out.values():
                o["brotli"] = None
        return out

    return {
        "page_load": split(at_ready),
        "with_precache": split(with_precache),
        "files_ours": sorted({p for p, _, _ in with_precache if not p.startswith("/pyodide/")}),
    }


def print_table(r: dict) -> None:
    def fmt(s):
        return (
            "-"
            if not s
            else f"{s['median']:>8.1f} {s['min']:>8.1f} {s['max']:>8.1f} {s['runs']:>4}"
        )

    print(
        f"page {r['page']}, build {r['build']}, Pyodide {r['pyodide']}, Chromium {r['browser']}, "
        f"{r['runs']} runs, server latency {r['latency_ms']} ms, {r['seconds']} s, "
        f"load average {r['load_average']}"
    )
    print(f"{'what (ms)':<44} {'median':>8} {'min':>8} {'max':>8} {'runs':>4}")
    print(f"{'board visible, cold':<44} {fmt(r['board_visible_ms']['cold'])}")
    print(f"{'board visible, warm':<44} {fmt(r['board_visible_ms']['warm'])}")
    for kind in ("cold", "warm"):
        e = r["engine_ready_ms"][kind]
        print(f"{'engine ready, ' + kind + ' (snapshot, the game)':<44} {fmt(e['snapshot'])}")
        print(f"{'engine ready, ' + kind + ' (install=lock)':<44} {fmt(e.get('lock'))}")
        print(f"{'engine ready, ' + kind + ' (install=micropip)':<44} {fmt(e.get('micropip'))}")
        print(f"{'bare loadPyodide, ' + kind:<44} {fmt(e['bare'])}")
    for kind, ratios in r["ratio_to_bare"].items():
        for v, q in ratios.items():
            print(
                f"engine/bare, {kind}, install={v}: {q['of_medians']} (ratio of medians), "
                f"{q['median_of_pairs']} (median of per-round ratios)"
            )
    for kind, diffs in r["paired_vs_snapshot_ms"].items():
        for v, st in diffs.items():
            if st:
                print(
                    f"{kind}: {v} minus snapshot, paired: median {st['median']:+.1f} ms "
                    f"(min {st['min']:+.1f}, max {st['max']:+.1f})"
                )
    snap = r.get("snapshot_first_visit") or {}
    made = r.get("snapshot_made_cold") or []
    if snap:
        print(
            f"snapshot (first visit): {snap.get('state')}, "
            f"stored {snap.get('bytes', 0) / 1e6:.2f} MB "
            f"(raw {snap.get('rawBytes', 0) / 1e6:.2f} MB), makeMemorySnapshot "
            f"{snap.get('makeMs')} ms, made and stored {snap.get('ms')} ms after ready"
        )
    if made:
        print(
            f"snapshot made and stored after ready, cold runs: median "
            f"{statistics.median([m.get('ms', 0) for m in made]):.0f} ms over {len(made)}"
        )
    if "memory" in r and "error" not in r["memory"]:
        m = r["memory"]
        print(
            f"memory (PSS of every Chromium process, MB, above an empty page; after a garbage "
            f"collection in every page and worker): one live board {m['single']:.1f} "
            f"({m['single_gc']:.1f}); tutorial, no board live {m['tutorial_idle']:.1f} "
            f"({m['tutorial_idle_gc']:.1f}); every board live, shared engine "
            f"{m['tutorial_shared']:.1f} ({m['tutorial_shared_gc']:.1f}): "
            f"{m['ratio_shared']:.2f} x one board ({m['ratio_shared_gc']:.2f} x); "
            f"{m['live_boards']} live boards; time to every board live: "
            f"{m['seconds_shared']:.1f} s; load {m['load'][0]}-{m['load'][-1]}"
        )
    rt = r["round_trip_ms"]
    print(
        f"round trip {rt['op']!r}: median {rt['median']} ms, p90 {rt['p90']} ms, "
        f"min {rt['min']} ms ({rt['n']} requests)"
    )
    if "planner_200ms" in r:
        pl = r["planner_200ms"]
        print(f"{'planner (hint, 200 ms budget), thinking':<44} {fmt(pl['thinking_ms'])}")
        print(f"{'planner (hint, 200 ms budget), page waits':<44} {fmt(pl['page_wait_ms'])}")
    for phase in ("page_load", "with_precache"):
        b = r["bytes"][phase]
        for side in ("pyodide", "ours"):
            o = b[side]
            br = "n/a" if o["brotli"] is None else f"{o['brotli'] / 1024:.1f} KiB"
            print(
                f"bytes first visit ({phase.replace('_', ' ')}), {side:<7}: "
                f"raw {o['raw'] / 1024:9.1f} KiB"
                f"  gzip {o['gzip'] / 1024:8.1f} KiB  brotli {br}  ({o['files']} responses)"
            )


if __name__ == "__main__":
    sys.exit(main())
