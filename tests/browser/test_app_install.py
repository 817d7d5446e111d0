"""The installable app: its manifest and icons, and a new deploy picked up
without losing the game in progress."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import struct

import pytest
from auditkit import RUN
from gamekit import choose_start_by_click, setup_seats, start
from pagekit import TAB_GAME, log_count, wait_phase
from wordkit import english_left


def test_the_manifest_makes_the_site_installable(page, server, build_info):
    page.goto(server + "?sw=off")
    page.wait_for_selector("svg.board")
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert href == server + "manifest.webmanifest"
    resp = page.request.get(href)
    assert resp.headers["content-type"].startswith("application/manifest+json")
    manifest = resp.json()
    assert manifest["display"] == "standalone" and manifest["short_name"] == "Tsuro"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        r = page.request.get(server + icon["src"])
        assert r.headers["content-type"] == "image/png"
        body = r.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = struct.unpack(">II", body[16:24])
        assert icon["sizes"] == f"{w}x{h}"
        sizes.setdefault(icon["purpose"], set()).add(w)
        # not a first visit's: fetched when the browser offers to install (kept then)
        assert icon["src"] in build_info["precache"]["onDemand"]
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    assert "manifest.webmanifest" in build_info["precache"]["urls"]
    # Chromium's own reading: the manifest parses and nothing stops installing
    cdp = page.context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert not got.get("errors"), got.get("errors")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # what is left is the test's browser: Playwright's contexts are incognito
    # (and this page ran with sw=off)
    assert not [
        e for e in errors if e["errorId"] not in ("in-incognito", "no-matching-service-worker")
    ], errors


def _second_build(first, second):
    """A copy of the site as the next deploy: a page changed, sw.js with its new manifest."""
    shutil.copytree(first, second, copy_function=os.link)
    page = second / "index.html"
    html = page.read_text(encoding="utf-8").replace("</body>", "<!-- build 2 --></body>")
    page.unlink()
    page.write_text(html, encoding="utf-8")
    sw = second / "sw.js"
    text = sw.read_text(encoding="utf-8")
    head, rest = text.split("const MANIFEST = ", 1)
    blob, tail = rest.split(";\n", 1)
    manifest = json.loads(blob)
    manifest["sha256"]["index.html"] = hashlib.sha256(html.encode()).hexdigest()
    old = manifest["version"]
    manifest["version"] = "2" + old[1:]
    sw.unlink()
    sw.write_text(
        head + "const MANIFEST = " + json.dumps(manifest) + ";\n" + tail, encoding="utf-8"
    )
    return old, manifest["version"]


@pytest.fixture
def two_builds(build_module, dist_dir, tmp_path):
    """(url, switch): one address serving the first build; switch() serves the second."""
    first, second, live = tmp_path / "one", tmp_path / "two", tmp_path / "live"
    shutil.copytree(dist_dir, first, copy_function=os.link)
    versions = _second_build(first, second)
    live.symlink_to(first)
    srv, url = build_module.serve_in_thread(live, host="127.0.0.1")

    def switch():
        tmp = tmp_path / "live.new"
        tmp.symlink_to(second)
        os.replace(tmp, live)

    yield url.replace("127.0.0.1", "localhost"), switch, versions
    srv.shutdown()
    srv.server_close()


CACHES = "caches.keys().then((k) => k.filter((n) => /^tsuro-[0-9a-f]{16}$/.test(n)).sort())"


@pytest.mark.first_visit
def test_a_new_deploy_is_offered_and_the_game_carries_on(new_context, two_builds):
    """(In French: the offer is in the page's language, and passes the axe audit.)"""
    url, switch, (v1, v2) = two_builds
    context = new_context(axe=True)
    page = context.new_page()
    page.goto(url + "?anim=0&lang=fr")
    page.wait_for_selector("#setup[open]")
    setup_seats(page, [("Me", "human"), ("Bot", "computer:easy")])
    start(page)
    assert wait_phase(page, ["start"]) == "start"
    choose_start_by_click(page, 7)
    assert wait_phase(page, ["tile"]) == "tile"
    moves = log_count(page)
    assert moves >= 2
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    assert page.evaluate(CACHES) == [f"tsuro-{v1}"]

    switch()
    page.evaluate("window.stillHere = true")
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#notice:not([hidden]) #notice-action:not([hidden])", timeout=120_000)
    assert "nouvelle version" in page.inner_text("#notice-text")
    assert page.inner_text("#notice-action") == "Recharger"
    assert not english_left(page), english_left(page)
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        assert not page.evaluate(RUN), (theme, page.evaluate(RUN))
    # waiting, not taken over: the new version's worker is installed and waits, the old one
    # still controls the page, whose document is the same; the caches of both stay
    assert page.evaluate(
        """navigator.serviceWorker.getRegistration().then((r) =>
            !!r.waiting && r.waiting.state === 'installed'
            && navigator.serviceWorker.controller === r.active)"""
    )
    assert page.evaluate("window.stillHere === true")
    assert page.evaluate(CACHES) == sorted([f"tsuro-{v1}", f"tsuro-{v2}"])

    # offline in the middle of the update: the game still opens
    context.set_offline(True)
    try:
        other = context.new_page()
        other.goto(url + "?anim=0&lang=fr")
        # the first tab holds the game, so this tab opens on the list of games
        # (saves.js: one tab per game) and resumes it from there, offline
        other.wait_for_selector("#setup[open]")
        game_id = page.evaluate(TAB_GAME)
        other.click(f"#games-panel li[data-id='{game_id}'] button")
        assert wait_phase(other, ["tile"]) == "tile"
        assert log_count(other) == moves
        other.close()
    finally:
        context.set_offline(False)

    with page.expect_navigation():
        page.click("#notice-action")
    assert wait_phase(page, ["tile"]) == "tile"
    assert log_count(page) == moves  # the same game, resumed
    assert "<!-- build 2 -->" in page.content()
    page.wait_for_function(f"{CACHES}.then((k) => k.length === 1)")
    assert page.evaluate(CACHES) == [f"tsuro-{v2}"]  # the old one gone, after
