"""The game without a mouse, in real Chromium against the built dist/: a whole game
from the setup to the replay and the share link with the keyboard alone (Tab, the
arrows, Enter, the letter keys), focus always visible, the ? help listing the keys,
and the board in words (D)."""

from __future__ import annotations

import pagekit
import pytest
from pagekit import no_errors, playable_position, tab_to

pytestmark = pytest.mark.browser


def moves(page) -> int:
    return page.locator("#log > li").count()


def test_a_whole_game_with_the_keyboard_alone(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    # the setup: three seats (one more human, so the pass screen comes too), by the keys
    tab_to(page, "#set-count")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("document.querySelectorAll('#seats > li').length === 3")
    tab_to(page, "#seats > li:nth-child(2) .seat-kind")
    page.keyboard.press("Home")  # "Human"
    page.wait_for_function(
        "document.querySelector('#seats > li:nth-child(2) .seat-name').value === 'Player 2'"
    )
    tab_to(page, "#btn-start")
    page.keyboard.press("Enter")
    seen = set()
    for k in range(400):
        ph = pagekit.wait_phase(page, ["pass", "start", "tile", "over"])
        seen.add(ph)
        if ph == "over":
            break
        if ph == "pass":
            tab_to(page, "#btn-pass")
            page.keyboard.press("Enter")
            page.wait_for_function("document.body.dataset.phase !== 'pass'")
            continue
        n = moves(page)
        if ph == "start":
            tab_to(page, "svg.board")
            for _ in range(1 + 7 * k % 45):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            if k == 4:
                # the keys' help, the board in words, a hint, undo and redo
                page.keyboard.press("?")
                page.wait_for_selector("#help[open]")
                assert page.locator("#help-keys dt").count() >= 12
                page.keyboard.press("Escape")
                page.wait_for_selector("#help:not([open])", state="attached")
                page.keyboard.press("d")
                page.wait_for_selector("#board-text:not([hidden])")
                assert page.evaluate("document.activeElement.id") == "board-text"
                assert "facing" in page.inner_text("#board-text")
                page.keyboard.press("h")
                page.wait_for_function(
                    "document.querySelector('#hand-note').textContent.startsWith('Hint')"
                )
            pagekit.choose_placeable_by_keys(page, k)
            page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=n)
        if k == 6:
            n = moves(page)
            page.keyboard.press("u")
            page.wait_for_function(
                "(n) => document.querySelectorAll('#log > li').length < n", arg=n
            )
            page.keyboard.press("Shift+U")
            page.wait_for_function(
                "(n) => document.querySelectorAll('#log > li').length === n", arg=n
            )
    else:
        raise AssertionError("the game did not end")
    assert {"pass", "start", "tile", "over"} <= seen
    # the replay and the share link, by the keys
    page.wait_for_function("document.querySelector('#share-link').value.includes('#r=')")
    tab_to(page, "#rp-first")
    page.keyboard.press("Enter")
    assert page.inner_text("#rp-text") == "The deal, before the first move."
    tab_to(page, "#rp-next")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#rp-text').textContent.startsWith('Move 1 of')")
    tab_to(page, "#btn-copy")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#btn-copy').textContent === 'Copied'")
    # N: a new game
    page.keyboard.press("n")
    page.wait_for_selector("#setup[open]")
    no_errors(page)


def test_sound_is_off_by_default_and_a_visible_toggle(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    toggle = page.locator("#btn-sound")
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    page.focus("svg.board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    pagekit.wait_phase(page, ["tile"])
    assert page.evaluate("window.tsuroApp.sound.played") == []  # off: silent
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('tsuro.sound')") == "on"
    n = page.locator("#log > li").count()
    pagekit.choose_placeable_by_keys(page, 0)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=n)
    played = page.evaluate("window.tsuroApp.sound.played")
    assert played[0] == "place" and len(played) >= 2, played  # the toggle's sample, then the move
    no_errors(page)


def test_the_embed_and_the_tutorial_by_the_keyboard(page, server):
    page.goto(server + "embed.html?sw=off#" + playable_position() + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    assert page.inner_text("#caption").startswith("Point at the board")  # a mouse is there
    # Tab into the hand (the engine starts on the first key), choose, turn, place
    page.keyboard.press("Tab")
    page.wait_for_selector("#hand .hand-tile:not([disabled])", timeout=120_000)
    tab_to(page, "#hand .hand-tile")
    page.keyboard.press("1")
    for attempt in range(12):
        if not page.locator("#place").is_disabled():
            break
        page.keyboard.press(str(attempt // 4 + 1) if attempt % 4 == 3 else "r")
    page.wait_for_function("!document.querySelector('#place').disabled")
    page.keyboard.press("Enter")
    page.wait_for_selector(".layer-tiles .placed")
    assert "plays tile" in page.inner_text("#caption")
    tab_to(page, "#reset")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.layer-tiles .placed').length === 0")
    # the tutorial: Tab reaches its first board, and the engine starts for it
    page.goto(server + "tutorial/?sw=off")
    first = page.locator(".lesson-box").first
    # its buttons show once the lesson is drawn (before that the box has nothing to focus)
    first.locator("[data-part=reset]").wait_for()
    for _ in range(40):
        page.keyboard.press("Tab")
        if first.evaluate("(box) => box.contains(document.activeElement)"):
            first.locator(".layer-marks .start-mark").first.wait_for(timeout=120_000)
            break
    else:
        raise AssertionError("Tab never entered a tutorial board")
    no_errors(page)
