"""The accessibility audit: axe-core (npm, package.json; `npm ci` installs it) injected
into real Chromium on the game page in each phase (setup, start mark, tile, pass
screen, game over), the embed and the tutorial, in English and French, each state in
the light and the dark theme (the system's choice, switched in place: auditkit's Checker):
no serious or critical violation.  (The game over is a finished
game's: the whole game played through the keys is test_play's and test_french's.)"""

from __future__ import annotations

import auditkit
import gamekit
import pagekit
import pytest
from auditkit import Checker
from pagekit import playable_position

pytestmark = pytest.mark.browser


def audited(new_page, lang: str):
    """A page whose every document gets axe (an init script: the site's CSP does not apply)."""
    return new_page(
        locale={"en": "en-GB", "fr": "fr-FR"}[lang],
        viewport={"width": 1280, "height": 900},
        axe=True,
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_serious_violations(new_page, server, lang):
    page = audited(new_page, lang)
    check = Checker(lang, words=False)  # each state in both themes
    gamekit.open_setup(page, server)
    check(page, "setup")
    page.select_option("#set-count", "3")
    rows = page.locator("#seats > li")
    rows.nth(1).locator(".seat-kind").select_option("human")
    rows.nth(2).locator(".seat-kind").select_option("computer:easy")
    page.click("#btn-start")
    seen = set()
    for k, ph, new in gamekit.turns(page, 400, seen):
        if new:
            if ph == "tile":
                page.keyboard.press("d")  # the board in words, shown
            check(page, ph)
        if {"pass", "start", "tile"} <= seen or ph == "over":
            break
        n = page.locator("#log > li").count()
        if ph == "pass":
            page.click("#btn-pass")
            page.wait_for_function("document.body.dataset.phase !== 'pass'")
            continue
        if ph == "start":
            page.focus("svg.board")
            for _ in range(1 + 7 * k % 45):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            pagekit.choose_placeable_by_keys(page, k)
            page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=n)
    # the game over: a finished game's link (the whole game through the keys is
    # test_play's and test_french's)
    if "over" not in seen:
        page.goto(server + "?sw=off&anim=0&over=1#" + gamekit.fragment(gamekit.finished_record()))
        assert pagekit.wait_phase(page, ["over"]) == "over"
        seen.add("over")
        check(page, "over")
    assert {"pass", "start", "tile", "over"} <= seen
    page.keyboard.press("?")
    page.wait_for_selector("#help[open]")
    check(page, "keys help")
    page.goto(server + "embed.html?sw=off#" + playable_position() + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    check(page, "embed")
    page.goto(server + "tutorial/?sw=off")
    pagekit.tutorial_boards_loaded(page)  # every board drawn, the ones further down too
    check(page, "tutorial")


FAULTY = """<!doctype html><html lang=en><title>faults</title>
<button id=nameless></button><img id=bare src='data:,'>
<p id=faint style='color:#bbb;background:#fff'>Faint words</p>"""


def test_the_run_reports_each_serious_fault(page):
    """auditkit's runs find what they look for (the violations worked out in full: their
    nodes named), and the dark theme's run the colours alone."""
    page.set_content(FAULTY)
    page.add_script_tag(content=auditkit.axe_source())
    found = {v["id"]: " ".join(v["nodes"]) for v in page.evaluate(auditkit.RUN)}
    assert "#nameless" in found.get("button-name", ""), found
    assert "#bare" in found.get("image-alt", ""), found
    assert "#faint" in found.get("color-contrast", ""), found
    colours = {v["id"] for v in page.evaluate(auditkit.RUN_COLOURS)}
    assert colours == {"color-contrast"}, colours
