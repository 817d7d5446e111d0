"""Browser contexts for the tests (one per device), as a returning visitor's browser
would be unless the test is about the first visit.

A first visit costs the engine's cold start, making and storing its 11.7 MB memory
snapshot, and the planner's 3-second warm-up, all on the cores the test runs on.  So a
*warm* context starts with the snapshot already in its Cache Storage (made once a session
by a real first visit, `WarmEngine`): its engine restores it, as on any later visit,
and the warm-up is off (the engine's documented `warmup=off` option, given to every
engine worker the context starts: `WARMUP_OFF`).  Tests of the first visit, the
snapshot, the warm-up, the service worker or offline are marked
`@pytest.mark.first_visit`: their contexts are fresh, their engines as shipped.

A warm context also blocks the service worker (Playwright's `service_workers="block"`):
registered, it would precache the whole site in every context, its downloads and its
Cache Storage writes on the cores the test runs on, for tests that are not about it
(the first-visit ones are, and keep it).
"""

from __future__ import annotations

import base64
import re
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from pagekit import DEFAULT_TIMEOUT_MS, watch_csp

from sitebuild import headers

# The folder the site's test server serves at /__tests__/ (tests/conftest.py): files
# the harness needs on the site's origin, never part of the site.
TEST_FILES = "__tests__/"
SEED_PAGE = "seed.html"
SNAPSHOT_FILE = "engine-snapshot.bin"

# Every engine worker a document of the context starts gets warmup=off in its name,
# where the worker reads its options (web/engine.worker.js), unless it names a warmup
# already.  A SharedWorker made from a frame (lib/engine/owner.js) gets it too: the
# script runs in every frame.
WARMUP_OFF = """(() => {
  const off = (options) => {
    const name = options && options.name;
    if (typeof name !== 'string' || !name.startsWith('tsuro-engine') || /[#&]warmup=/.test(name))
      return options;
    return { ...options, name: name + (name.includes('#') ? '&' : '#') + 'warmup=off' };
  };
  for (const kind of ['Worker', 'SharedWorker']) {
    const Real = globalThis[kind];
    if (typeof Real !== 'function') continue;
    globalThis[kind] = class extends Real {
      constructor(url, options) { super(url, off(options)); }
    };
  }
})();"""


def without_warmup_off(name: str) -> str:
    """An engine worker's name as the page gave it, without WARMUP_OFF's addition."""
    return re.sub(r"[#&]warmup=off$", "", name)


# The snapshot a first visit stored (worker/snapshot.js: one entry, in "tsuro-snapshot"),
# read whole: its URL, headers and bytes (base64).
READ_SNAPSHOT = """async () => {
  const cache = await caches.open('tsuro-snapshot');
  const [request] = await cache.keys();
  if (!request) return null;
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return { url: request.url, headers: [...response.headers], bytes: btoa(text) };
}"""

# Store it in another context, as that first visit did.  As a Blob: its 11.7 MB stay in
# the browser's process, where Cache Storage keeps them (an ArrayBuffer copied them into
# the page and back: 0.19 CPU-s a context against 0.08, medians of 6 on the 2-core machine).
STORE_SNAPSHOT = """async ([source, url, headers]) => {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  const cache = await caches.open('tsuro-snapshot');
  await cache.put(url, new Response(await response.blob(), { headers }));
}"""


class WarmEngine:
    """The engine's memory snapshot from one real first visit to `server`, kept in
    `directory` (served at TEST_FILES), to store in each warm context."""

    def __init__(self, browser, server: str, directory: Path) -> None:
        self.server = server
        (directory / SEED_PAGE).write_text(
            "<!doctype html><title>seed</title><link rel=icon href='data:,'>", encoding="utf-8"
        )
        ctx = browser.new_context()
        try:
            ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
            page = ctx.new_page()
            page.goto(server + "smoke.html?sw=off&warmup=off")
            state = page.evaluate("window.tsuro.engine.snapshotDone")
            assert state["state"] == "stored", state
            got = page.evaluate(READ_SNAPSHOT)
            assert got, "the first visit stored no snapshot"
        finally:
            ctx.close()
        (directory / SNAPSHOT_FILE).write_bytes(base64.b64decode(got["bytes"]))
        # The entry's URL names the server's port: this server's, as the template's was.
        self.url = got["url"]
        assert self.url.startswith(server), (self.url, server)
        self.headers = dict(got["headers"])

    def seed(self, ctx):
        """Store the snapshot in `ctx`'s Cache Storage, from a page of the site's origin
        (a blank one the test server serves); returns that page."""
        page = ctx.new_page()
        page.goto(self.server + TEST_FILES + SEED_PAGE)
        page.evaluate(
            STORE_SNAPSHOT, [self.server + TEST_FILES + SNAPSHOT_FILE, self.url, self.headers]
        )
        return page


def _first_the_seeded(ctx, seeded) -> None:
    """The context's first new_page() is the page that seeded it (a page costs a renderer
    process; the test's first address is loaded in this one), the next ones new pages."""
    make = ctx.new_page
    left = [seeded]

    def new_page():
        return left.pop() if left else make()

    ctx.new_page = new_page


def open_context(
    browser,
    csp_violations,
    *,
    warm: WarmEngine | None,
    warm_up: bool = False,
    axe: str = "",
    **options,
):
    """A new context: `warm` (the snapshot stored, the service worker blocked) unless None
    (a first visit: nothing stored, the service worker as shipped); its engines' warm-up
    off unless `warm_up` (the warm-up under test); its Content-Security-Policy violations
    go to `csp_violations`; `axe`: axe-core's source, loaded in every document."""
    if warm is not None:
        options.setdefault("service_workers", "block")
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
    if warm is not None:
        _first_the_seeded(ctx, warm.seed(ctx))
    if not warm_up:
        ctx.add_init_script(script=WARMUP_OFF)
    watch_csp(ctx, csp_violations)
    if axe:
        ctx.add_init_script(script=axe)
    return ctx


# A violation the harness provokes on a page of the site, to know that every report
# the page sent before it has reached the server: an image from a host the policy
# does not allow (img-src 'self' data:), its address marked.
FLUSH_HOST = "csp-flush.invalid"
PROVOKE = "(src) => { new Image().src = src; }"


def is_flush(violation) -> bool:
    """Whether a reported violation is the harness's own (flush_reports)."""
    return FLUSH_HOST in str(violation)


def has_policy(url: str, server: str) -> bool:
    """Whether the site's server sends the document at `url` with a Content-Security-Policy."""
    if not url.startswith(server):
        return False
    return headers.CSP in headers.headers_for(urlsplit(url).path or "/")


def flush_reports(ctx, server: str, reports, timeout: float = 30.0) -> None:
    """Deliver what the context's pages have to say before it closes: each page answers
    a round trip (its violation events and console messages have reached the test by
    then), and each page of the site under a policy provokes a marked violation whose
    report the server must receive (the reports the page sent before it are in by then).
    `reports`: the servers' ReportList."""
    marks = []
    for page in ctx.pages:
        try:
            page.evaluate("0")
            if has_policy(page.url, server):
                mark = f"http://{uuid.uuid4().hex}.{FLUSH_HOST}/"
                page.evaluate(PROVOKE, mark)
                marks.append(mark)
        except Exception:  # closed, crashed or navigating: nothing more to hear from it
            continue
    for mark in marks:
        got = reports.wait_for(lambda found, m=mark: any(m in str(r) for r in found), timeout)
        assert got, f"the policy's report of {mark} never reached the server"
