"""The headless Chromium the browser tests, benches and tools launch: where it is and how.

Two builds of Debian's Chromium 156, from one source package:

- `chromium-headless-shell` (`apt-get install chromium-headless-shell`) for the tests:
  Blink, V8 and the same web platform without the desktop browser around them, the
  build Playwright itself runs headless tests in.  The suite ran in 577 s with it
  against 840 s with the full browser (the same code, one run each, 2 cores):
  the full browser's own machinery took that much of the two cores.
- `chromium` (`apt-get install chromium`) for the benches and tools, the browser a
  player runs: the README's figures are measured in it.

$TSURO_TEST_CHROMIUM and $TSURO_CHROMIUM point at other ones (Playwright's own, say)."""

from __future__ import annotations

import os
import shutil

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# The tests' browser compiles WebAssembly with V8's baseline compiler (Liftoff) alone.
# Every page a test opens is a new renderer that starts the engine again (about 430 a
# run), and an off-the-record context keeps no compiled code between them, so the
# optimising tier (TurboFan) recompiled the engine's hot functions each time: about 130 ms
# of a core a page (a trace of one game page's load), more than the faster code saved on
# the few requests a test's page makes.  The engine's answers are the same in either
# tier (the same WebAssembly); the suite ran in 520 s with the flag against 598 s without
# (one run each, the same code, 2 cores).  Measured again once the pages shared one
# engine kept across a navigation (fewer start-ups): 7 of the heaviest browser modules,
# alternated, the cores busy 369 and 394 CPU-s with the flag against 394 and 438
# without (docs/testing.md).  Speed is the benches' business: they launch the full
# browser without it.
TEST_ARGS = ["--js-flags=--liftoff-only"]

BROWSER = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def path() -> str:
    """The Chromium the benches and tools launch: $TSURO_CHROMIUM, else Debian's."""
    return os.environ.get("TSURO_CHROMIUM", BROWSER)


def test_path() -> str:
    """The Chromium the tests launch: $TSURO_TEST_CHROMIUM, else Debian's headless shell."""
    return os.environ.get("TSURO_TEST_CHROMIUM", HEADLESS_SHELL)


def launch(pw, *extra: str, executable: str | None = None):
    """Launch it headless through Playwright (`pw`: a sync_playwright() instance):
    `executable`, else path()."""
    exe = executable or path()
    if not (os.path.exists(exe) or shutil.which(exe)):
        package = "chromium-headless-shell" if exe == HEADLESS_SHELL else "chromium"
        raise FileNotFoundError(
            f"Chromium not found at {exe}: apt-get install {package}, or set "
            + ("TSURO_TEST_CHROMIUM" if executable else "TSURO_CHROMIUM")
        )
    return pw.chromium.launch(executable_path=exe, args=[*ARGS, *extra])
