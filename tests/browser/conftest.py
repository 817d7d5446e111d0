"""Playwright + headless Chromium against the served dist/.

Chromium is Debian's (`apt-get install chromium`), found at $TSURO_CHROMIUM
(default /usr/bin/chromium); Playwright's own browser downloads are not used.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str:
    return os.environ.get("TSURO_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session."""
    from playwright.sync_api import sync_playwright
    path = chromium_path()
    if not (os.path.exists(path) or shutil.which(path)):
        pytest.fail(f"Chromium not found at {path} (set TSURO_CHROMIUM or apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (its own cache, storage and service workers)."""
    ctx = browser.new_context()
    ctx.set_default_timeout(120_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, request):
    """A page in a fresh context; console errors are kept in page.console_errors."""
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    yield page


@pytest.fixture(scope="session")
def other_origin(build_module):
    """A second server, on 127.0.0.1 (another origin than the site's localhost).

    Yields (base_url, directory): write host pages into the directory.
    """
    directory = Path(tempfile.mkdtemp(prefix="tsuro-other-origin-"))
    srv, url = build_module.serve_in_thread(directory, host="127.0.0.1")
    yield url, directory
    srv.shutdown()
    srv.server_close()
    shutil.rmtree(directory, ignore_errors=True)
