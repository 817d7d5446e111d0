"""Playwright + headless Chromium against the served dist/.

Chromium is Debian's headless shell (`apt-get install chromium-headless-shell`), found at
$TSURO_TEST_CHROMIUM (default /usr/bin/chromium-headless-shell: sitebuild/chromium.py says
why); Playwright's own browser downloads are not used.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import auditkit
import contextkit
import pytest
import roomkit
from pagekit import DEFAULT_TIMEOUT_MS, keep_errors

from sitebuild import chromium


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            browser = chromium.launch(pw, *chromium.TEST_ARGS, executable=chromium.test_path())
        except FileNotFoundError as e:
            pytest.fail(str(e))
        yield browser
        browser.close()


# wait_for_function's predicate checked in the page until it holds, in one evaluate():
# EXPRESSION is the predicate's source (an expression, or a function of the argument).
WAIT_IN_PAGE = """async ([arg, ms, interval]) => {
  const check = async () => {
    const value = (
EXPRESSION
    );
    return typeof value === "function" ? await value(arg) : await value;
  };
  const end = performance.now() + ms;
  for (;;) {
    // A document still being parsed after a navigation has a part of its elements (or
    // no body yet), and its modules have not run: the page's state (its phase, its
    // words, its fields) is not there to read, so wait for the parse to end.
    const value = document.readyState !== "loading" ? await check() : null;
    if (value) return value;
    if (ms && performance.now() > end) return null;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}"""


def _wait_for_function(self, expression, *, arg=None, timeout=None, polling=None):
    """wait_for_function, its predicate checked in the page until it holds.

    Playwright's own compiles the predicate with `new Function` inside the page, which
    the site's Content-Security-Policy (no 'unsafe-eval') refuses; evaluate() goes
    through the DevTools protocol, outside the page's policy.  One evaluate waits in the
    page (a check every `polling` ms, 20 by default), rather than a round trip through
    Playwright for each check; a navigation meanwhile starts it again in the new
    document, where it checks once the document is parsed (a predicate reading the
    page's state would throw on a document still being parsed: no body, no element).
    A predicate that cannot be set in that frame is asked by round trips.
    """
    from playwright.sync_api import Error, TimeoutError

    limit = DEFAULT_TIMEOUT_MS if timeout is None else timeout
    deadline = time.monotonic() + limit / 1000 if limit else float("inf")
    interval = polling if isinstance(polling, (int, float)) else 20
    source = WAIT_IN_PAGE.replace("EXPRESSION", expression.strip().rstrip(";"))
    in_page = True
    while True:
        left = max(1, int((deadline - time.monotonic()) * 1000)) if limit else 0
        try:
            if in_page:
                value = self.evaluate(source, [arg, left, interval])
            else:
                value = self.evaluate(expression, arg)
                if not value:
                    time.sleep(interval / 1000)
            if value:
                return value
        except Error as e:
            if in_page and "SyntaxError" in str(e):
                in_page = False
                continue
            if "context was destroyed" not in str(e) and "navigat" not in str(e):
                raise
        if time.monotonic() > deadline:
            raise TimeoutError(f"wait_for_function: timeout {limit} ms exceeded: {expression}")


# Before a goto that changes only the fragment: a promise of the page's hashchange,
# resolved (after the page's own listeners, added before this one) to whether they
# reloaded the page (embed, lesson, review and room do: a navigate event of type reload).
HASHCHANGE = """() => {
  window.__tsuroHashchange = new Promise((resolve) => {
    let reload = false;
    const navigated = (e) => { if (e.navigationType === "reload") reload = true; };
    globalThis.navigation?.addEventListener("navigate", navigated);
    addEventListener("hashchange", () => {
      globalThis.navigation?.removeEventListener("navigate", navigated);
      resolve(reload);
    }, { once: true });
  });
}"""


def _goto_and_hashchange(goto):
    """Page.goto that, when only the address's fragment changes (the same document: the
    browser fires "hashchange" in a task of its own, after goto has returned), returns
    once the page's own hashchange listeners have run, and, if they reloaded the page,
    once the new document is there: else a wait for the page's state that follows could
    read the state the page had before it heard of the new address."""
    from playwright.sync_api import Error

    def go(self, url, **options):
        here = self.url
        same = "#" in url and url != here and url.split("#")[0] == here.split("#")[0]
        if same:
            self.evaluate(HASHCHANGE)
        response = goto(self, url, **options)
        if same:
            try:
                reloaded = self.evaluate("window.__tsuroHashchange")
            except Error as e:  # the reload came before the answer: a new document already
                if "context was destroyed" not in str(e) and "navigat" not in str(e):
                    raise
                reloaded = False
            if reloaded:
                self.wait_for_function("window.__tsuroHashchange === undefined")
        return response

    return go


def _use_polling_waits():
    from playwright.sync_api import Frame, Page

    Page.wait_for_function = _wait_for_function
    Frame.wait_for_function = _wait_for_function
    Page.goto = _goto_and_hashchange(Page.goto)


_use_polling_waits()


def _summary(violations: list) -> str:
    """One line per distinct violation, with its count."""
    from collections import Counter

    def key(v):
        if isinstance(v, dict):
            return " ".join(
                f"{k}={v.get(k)}"
                for k in (
                    "document-uri",
                    "page",
                    "effective-directive",
                    "directive",
                    "blocked-uri",
                    "blocked",
                    "source-file",
                    "source",
                    "line-number",
                    "line",
                )
                if v.get(k) not in (None, "")
            )
        return str(v)[:300]

    return "\n".join(f"{n} x {k}" for k, n in Counter(map(key, violations)).items())


class CspWatch:
    """The Content-Security-Policy violations seen during one test."""

    def __init__(self):
        self.found: list = []
        self._allowed: list = [contextkit.is_flush]  # the harness's own (flush_reports)

    def allow(self, predicate) -> None:
        """Violations a test provokes on purpose: predicate(violation) -> bool."""
        self._allowed.append(predicate)

    def unexpected(self) -> list:
        return [v for v in self.found if not any(p(v) for p in self._allowed)]


@pytest.fixture
def csp_violations(csp_reports):
    """The CSP violations this test's pages reported (their documents' events, console
    messages and the site server's reports); the test fails if there is any it did not allow."""
    watch = CspWatch()
    start = len(csp_reports)
    yield watch
    watch.found += csp_reports[start:]
    unexpected = watch.unexpected()
    assert not unexpected, "Content-Security-Policy violations:\n" + _summary(unexpected)


@pytest.fixture(scope="session")
def warm_engine(browser, server, test_files):
    """The engine's memory snapshot from one real first visit, for warm contexts."""
    return contextkit.WarmEngine(browser, server, test_files)


@pytest.fixture
def new_context(request, browser, csp_violations, server, csp_reports):
    """new_context(**options) -> a browser context (a device), closed after the test:
    warm (the engine's snapshot stored: contextkit) unless the test is marked
    first_visit or asks `first_visit=True`; its engines' warm-up off unless the test is
    marked warm_up; every Content-Security-Policy
    violation fails the test; `axe=True` loads axe-core in every document; other options
    are Playwright's (locale, viewport...)."""
    first = request.node.get_closest_marker("first_visit") is not None
    warm_up = request.node.get_closest_marker("warm_up") is not None
    made = []

    def make(*, first_visit: bool = first, axe: bool = False, **options):
        ctx = contextkit.open_context(
            browser,
            csp_violations,
            warm=None if first_visit else request.getfixturevalue("warm_engine"),
            warm_up=warm_up,
            axe=auditkit.axe_source() if axe else "",
            **options,
        )
        made.append(ctx)
        return ctx

    yield make
    try:
        for ctx in made:
            contextkit.flush_reports(ctx, server, csp_reports)
    finally:
        for ctx in made:
            ctx.close()


@pytest.fixture
def new_page(new_context):
    """new_page(name="", **context options) -> the page of a new context (a device of its
    own), its console errors kept in page.console_errors (tagged with `name`)."""

    def make(name: str = "", **options):
        return keep_errors(new_context(**options).new_page(), name)

    return make


@pytest.fixture
def context(new_context):
    """A browser context of the test's own (new_context's: warm unless first_visit)."""
    return new_context()


@pytest.fixture
def page(context):
    """A page in the test's context; console errors are kept in page.console_errors."""
    return keep_errors(context.new_page())


@pytest.fixture(scope="session")
def relay():
    """A Nostr relay on this machine for the live rooms (roomkit.Relay), one a session
    (each room has a name of its own, so the tests that use it do not meet)."""
    r = roomkit.Relay()
    yield r
    r.stop()


@pytest.fixture
def devices(new_page):
    """devices(name) -> the page of a new device (a warm context of its own), its console
    errors kept and tagged with `name`."""
    return lambda name: new_page(name)


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
