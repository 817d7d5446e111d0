#!/usr/bin/env python3
"""The next page's engine: how soon it is ready, and what a navigation costs the cores,
when the player goes from one page of the site to another in the same tab.

    python3 bench/next_page_bench.py [--runs 3] [--navigations 12] [--headless-shell]

The pages share one engine (a SharedWorker kept across a navigation: docs/browser-api.md),
so the next page finds it up; `?engine=dedicated` gives each page a worker of its own,
started afresh (Pyodide and the snapshot's restore), as every page did before.  Each run
opens one browser context per way, makes the snapshot there, then walks the game, daily,
review and puzzles pages in turn (warm-up off, so that the figures are the start's alone)
and measures, at each navigation, the page's mark 'tsuro-engine-ready' (ms after the
navigation started) and the machine's busy CPU time from the navigation to 0.3 s after
ready (/proc/stat, every process: the browser's and this one's).  Prints the medians of
all navigations, their ratio, and the load average beside them; run it on a quiet
machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sitebuild import chromium  # noqa: E402
from sitebuild.dist import private_copy  # noqa: E402
from sitebuild.serve import serve_in_thread  # noqa: E402

PAGES = ["index.html", "daily.html", "review.html", "puzzles.html"]
READY = (
    "window.tsuro.ready.then(() => "
    "performance.getEntriesByName('tsuro-engine-ready')[0]?.startTime ?? performance.now())"
)
WAYS = {"shared": "", "dedicated": "&engine=dedicated"}


def busy_seconds() -> float:
    """The machine's busy CPU time so far (every core, every process), in seconds."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--navigations", type=int, default=12, help="per way and run")
    ap.add_argument(
        "--headless-shell",
        action="store_true",
        help="Debian's headless shell (the tests' Chromium) instead of the full browser",
    )
    args = ap.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="tsuro-next-page-")
    dist = Path(tmp) / "dist"
    private_copy(dist)
    srv, base = serve_in_thread(dist, host="127.0.0.1")
    site = base.replace("127.0.0.1", "localhost")
    from playwright.sync_api import sync_playwright

    got: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    loads = [os.getloadavg()[0]]
    with sync_playwright() as pw:
        exe = chromium.test_path() if args.headless_shell else None
        browser = chromium.launch(pw, executable=exe)
        for run in range(args.runs):
            for way in list(WAYS)[run % 2 :] + list(WAYS)[: run % 2]:  # alternated
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(f"{site}smoke.html?sw=off&warmup=off{WAYS[way]}")
                page.evaluate("window.tsuro.engine.snapshotDone")
                for k in range(args.navigations):
                    before = busy_seconds()
                    page.goto(f"{site}{PAGES[k % len(PAGES)]}?sw=off&warmup=off&anim=0{WAYS[way]}")
                    ms = page.evaluate(READY)
                    time.sleep(0.3)
                    got[way].append((ms, busy_seconds() - before))
                ctx.close()
            loads.append(os.getloadavg()[0])
        version = browser.version
        browser.close()
    srv.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"Chromium {version}; load average {min(loads):.1f}-{max(loads):.1f}")
    med = {
        way: (statistics.median(m for m, _ in v), statistics.median(c for _, c in v))
        for way, v in got.items()
    }
    for way, (ms, cpu) in med.items():
        print(
            f"{way:10s} the next page's engine ready {ms:6.0f} ms after the navigation started; "
            f"CPU {cpu:.2f} s a navigation (medians of {len(got[way])})"
        )
    s, d = med["shared"], med["dedicated"]
    print(f"shared / dedicated: ready {s[0] / d[0]:.2f} x, CPU {s[1] / d[1]:.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
