"""A worker given up on is stopped: a page whose request passed its time limit leaves its
engine, and a shared engine (one SharedWorker for the tabs and the tutorial's boards) is
left by every page that shares it, so the browser ends it (web/js/lib/engine/owner.js),
rather than keeping a core busy while the others wait behind it; the others' requests go
to the next one.  The browser's own list of workers (DevTools' targets) shows which run."""

from __future__ import annotations

import contextkit
import pagekit
import pytest

pytestmark = pytest.mark.browser

SHARED = "smoke.html?sw=off&engine=shared"
# Planner searches straight into the worker's queue: 500 of half a second each, minutes
# of work no page could stop from outside Python.
FLOOD = """(position) => {
    const e = window.tsuro.engine;
    for (let k = 0; k < 500; k++) {
        e.port.postMessage({ id: 1e9 + k, op: "bot_move",
                             args: { position, bot: "planner", budget_ms: 500, seed: k } });
    }
}"""
POSITION = "window.tsuro.request('new_game', {players: 4, seed: 1}).then((r) => r.position)"


def workers(cdp) -> list[str]:
    """The names of the shared workers the browser runs (less the warm-up option the test
    contexts give every engine: contextkit.WARMUP_OFF)."""
    targets = cdp.send("Target.getTargets")["targetInfos"]
    return sorted(
        contextkit.without_warmup_off(t["title"]) for t in targets if t["type"] == "shared_worker"
    )


def test_a_shared_engine_given_up_on_is_stopped_and_its_pages_move_on(context, server, browser):
    cdp = browser.new_browser_cdp_session()
    first, second = context.new_page(), context.new_page()
    for p in (first, second):
        p.goto(server + SHARED)
        p.wait_for_function("document.body.dataset.ready === 'yes'")
    assert workers(cdp) == ["tsuro-engine"]  # one engine, shared by both tabs
    position = first.evaluate(POSITION)
    first.evaluate(FLOOD, position)
    # the second tab asks something behind a flood of its own (a worker may take its ports'
    # messages in any order, but each port's in order), so that it is still waiting when
    # the first gives up; the page does not wait here (evaluate would wait for a promise)
    second.evaluate(FLOOD, position)
    second.evaluate(
        "() => { window.answer = window.tsuro.engine.request('version', {}, {timeoutMs: 100000})"
        ".then((r) => r.version, (e) => 'failed: ' + e.code); }"
    )
    assert second.evaluate("window.tsuro.engine._pending.size") == 1
    # the first tab gives up on a request: past its time limit
    code = first.evaluate(
        "window.tsuro.engine.request('version', {}, {timeoutMs: 1500})"
        ".then(() => 'answered', (e) => e.code)"
    )
    assert code == "timeout"
    # both tabs leave the stuck worker, so the browser stops it though minutes of work
    # were queued in it; both move to the next one, and the waiting request is answered there
    pagekit.wait_until(
        first, lambda: "tsuro-engine" not in workers(cdp), "the stuck worker to stop"
    )
    answer = second.evaluate("window.answer")  # the promise, answered by the next worker
    assert isinstance(answer, str) and not answer.startswith("failed"), answer
    assert workers(cdp) == ["tsuro-engine#generation=1"]
    for p in (first, second):
        assert p.evaluate("window.tsuro.engine.generation") == 1
        assert "version" in p.evaluate("window.tsuro.request('version')")


def test_a_dedicated_engine_given_up_on_is_terminated(page, server):
    """The dedicated worker of a page is terminated at the time-out: its next request is
    answered by a fresh one at once, not after the work queued in the old."""
    page.goto(server + "smoke.html?sw=off")
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    page.evaluate(FLOOD, page.evaluate(POSITION))
    code = page.evaluate(
        "window.tsuro.engine.request('version', {}, {timeoutMs: 1500})"
        ".then(() => 'answered', (e) => e.code)"
    )
    assert code == "timeout"
    # answered by the new worker within its own limit: the old one's minutes of work are gone
    answer = page.evaluate(
        "window.tsuro.engine.request('version', {}, {timeoutMs: 60000})"
        ".then((r) => r, (e) => ({failed: e.code}))"
    )
    assert "version" in answer, answer
    assert page.evaluate("window.tsuro.engine.generation") == 1
