"""The headless Chromium the browser tests, benches and tools launch: where it is and how.

Debian's Chromium by default (`apt-get install chromium`); $TSURO_CHROMIUM points at
another one (Playwright's own, for example)."""

from __future__ import annotations

import os

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def path() -> str:
    """The Chromium to launch: $TSURO_CHROMIUM, else Debian's."""
    return os.environ.get("TSURO_CHROMIUM", "/usr/bin/chromium")


def launch(pw, *extra: str):
    """Launch it headless through Playwright (`pw`: a sync_playwright() instance)."""
    return pw.chromium.launch(executable_path=path(), args=[*ARGS, *extra])
