"""The site's headers in a real browser: framing, inline scripts, the engine worker's policy.

Every browser test fails on a Content-Security-Policy violation (tests/browser/conftest.py);
the tests here provoke some on purpose and check they are refused and seen.
"""

from __future__ import annotations

import pagekit
import pytest

from sitebuild import headers

pytestmark = pytest.mark.browser

SAMPLE = (
    "1TY7dasMwDEbfRdffaCQnbdq77jVCLrzE28IcO_jnYpS8e9UWxsAY6Rzrs270GdNqC12o5Jri2xbzUpYYDkygVL3LqiZvc14mJZu3v"
    "y4pG24U7OpUXkNQMUUfk3bJzbTjT77Hf-7DV0f7CCrLM3fQcrXp5xUYqvd4XEq_bZgfbGghZ4gZMXCHDtyMajcdV8ktjIAFcoIwjEEDEfSQH"
    "ieYFnwGGxilLY5gPeAerE-10JkjBAbSQb9oNHdO9isGujw3oVjLa8VSk8JmvwM"
)  # the tutorial's first board


def _text(v) -> str:
    return str(v)


def test_the_game_and_tutorial_refuse_framing_the_embed_allows_it(
    page, server, other_origin, csp_violations
):
    base, directory = other_origin
    (directory / "framer.html").write_text(
        "<!doctype html><title>framer</title><link rel=icon href='data:,'>"
        f"<iframe id=game src='{server}?sw=off'></iframe>"
        f"<iframe id=tutorial src='{server}tutorial/'></iframe>"
        f"<iframe id=embed src='{server}embed.html#p={SAMPLE}'></iframe>"
    )
    csp_violations.allow(lambda v: "frame-ancestors" in _text(v))
    page.goto(base + "framer.html")
    embed = page.frame_locator("#embed")
    # drawn by our script (the static board is replaced), so it ran in the frame
    embed.locator("svg.board:not(.board-static)").wait_for(state="attached", timeout=30_000)
    # The refused frames show the browser's error page, not our documents.
    pagekit.wait_until(
        page,
        lambda: sum("frame-ancestors" in _text(v) for v in csp_violations.found) >= 2,
        "two frame-ancestors violations",
    )
    frames = {f.name or f.url: f.url for f in page.frames}
    for f in page.frames:
        if f is page.main_frame or f.url.startswith(server + "embed.html"):
            continue
        assert not f.url.startswith(server), frames
        assert f.evaluate("document.getElementById('board')") is None


def test_an_injected_inline_script_is_refused_and_reported(
    page, server, csp_reports, csp_violations
):
    page.goto(server + "embed.html#p=" + SAMPLE)
    before = len(csp_reports)
    csp_violations.allow(lambda v: "inline" in _text(v) or "script-src-elem" in _text(v))
    ran = page.evaluate("""() => {
        const s = document.createElement("script");
        s.textContent = "window.__injected = 1";
        document.head.append(s);
        return window.__injected === 1;
    }""")
    assert ran is False
    # Seen three ways: the document's event, the console, and the report to the server.
    pagekit.wait_until(page, lambda: len(csp_reports) > before, "the report")
    assert csp_reports[before]["effective-directive"] == "script-src-elem"
    pagekit.wait_until(
        page,
        lambda: any(
            isinstance(v, dict) and v.get("directive") == "script-src-elem"
            for v in csp_violations.found
        ),
        "the document's event",
    )


def test_the_engine_worker_runs_under_the_policy(
    page, serve_site, dist_dir, build_module, csp_reports, csp_violations
):
    """Without 'wasm-unsafe-eval' Pyodide cannot start: proof that the worker gets the
    policy from its own response, and that a worker's violations reach the tests."""
    csp = headers.CSP
    rules = [
        (
            pattern,
            {
                k: (v.replace(" 'wasm-unsafe-eval'", "") if k == csp else v)
                for k, v in values.items()
            },
        )
        for pattern, values in headers.SITE_HEADERS
    ]
    srv, base = serve_site(dist_dir, host="127.0.0.1", rules=rules)
    try:
        before = len(csp_reports)
        csp_violations.allow(lambda v: "wasm" in _text(v) or "WebAssembly" in _text(v))
        page.goto(base.replace("127.0.0.1", "localhost") + "smoke.html?sw=off")
        pagekit.wait_until(
            page,
            lambda: any(
                "engine.worker.js" in str(r.get("document-uri", "")) for r in csp_reports[before:]
            ),
            "the worker's report",
        )
        report = next(r for r in csp_reports[before:] if "engine.worker.js" in r["document-uri"])
        assert report["blocked-uri"] == "wasm-eval"
        assert page.evaluate("document.body.dataset.ready") != "yes"
    finally:
        srv.shutdown()
        srv.server_close()
