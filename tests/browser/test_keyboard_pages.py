"""The daily challenge, a puzzle and a game by link without a mouse: Tab to reach every
control with the focus shown at each stop, the arrows and Enter on the board, the
number keys, R and Enter for the tile (test_keyboard.py does the game page)."""

from __future__ import annotations

import pagekit
import pytest
from pagekit import no_errors, tab_to, wait_phase

pytestmark = pytest.mark.browser


def start_and_place_by_keys(page, k: int) -> str:
    """One turn by the keys: the start mark (board, arrows, Enter) or a placeable tile
    (number keys, R, Enter); returns the phase it was played in."""
    ph = wait_phase(page, ["start", "tile"])
    placed = page.locator(".layer-tiles .placed").count()
    if ph == "start":
        tab_to(page, "svg.board")
        for _ in range(1 + 5 * k % 11):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function("document.body.dataset.phase !== 'start'")
    else:
        pagekit.choose_placeable_by_keys(page, k)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(n) => document.querySelectorAll('.layer-tiles .placed').length > n", arg=placed
        )
    return ph


def test_the_daily_challenge_by_the_keyboard_alone(page, server):
    page.goto(server + "daily.html?sw=off&anim=0")
    for k in range(60):
        if wait_phase(page, ["start", "tile", "over"]) == "over":
            break
        start_and_place_by_keys(page, k)
    else:
        raise AssertionError("the daily game did not end")
    tab_to(page, "#btn-copy")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#btn-copy').textContent === 'Copied'")
    tab_to(page, "#btn-practice")
    page.keyboard.press("Enter")
    assert wait_phase(page, ["start"]) == "start"
    no_errors(page)


def test_a_puzzle_by_the_keyboard_alone(page, server):
    page.goto(server + "puzzles.html?sw=off&anim=0")
    wait_phase(page, ["tile"])
    puzzle = page.evaluate("location.hash")
    for _ in range(2):  # the hints: the tile, then how to turn it
        said = page.inner_text("#verdict")
        tab_to(page, "#btn-hint")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(s) => document.querySelector('#verdict').textContent !== s", arg=said
        )
    # back one stop to Place (forward, Tab would cross the hand: focus there chooses a tile)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "btn-place"
    page.keyboard.press("Enter")
    assert wait_phase(page, ["solved", "wrong"]) == "solved"
    tab_to(page, "#btn-next")
    page.keyboard.press("Enter")
    page.wait_for_function("(h) => location.hash !== h", arg=puzzle)
    assert wait_phase(page, ["tile"]) == "tile"
    no_errors(page)


def test_a_game_by_link_started_and_played_by_the_keyboard(page, server):
    page.goto(server + "link.html?sw=off&anim=0")
    wait_phase(page, ["home"])
    tab_to(page, "#link-count")
    page.keyboard.press("Home")  # two seats, then three
    page.wait_for_function("document.querySelectorAll('#link-seats > li').length === 2")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("document.querySelectorAll('#link-seats > li').length === 3")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        tab_to(page, f"#link-seats > li:nth-child({i + 1}) .seat-name")
        page.keyboard.press("Control+A")
        page.keyboard.type(name)
    tab_to(page, "#btn-link-start")
    page.keyboard.press("Enter")
    # before the deal, Bo's and Cy's shares, added here ("is here"); then this device deals
    for name in ("Bo", "Cy"):
        assert wait_phase(page, ["send"]) == "send"
        assert name in page.inner_text("#send-title")
        tab_to(page, "#btn-play-here")
        page.keyboard.press("Enter")
        assert wait_phase(page, ["share"]) == "share"
        tab_to(page, "#btn-share")
        page.keyboard.press("Enter")
    assert wait_phase(page, ["start"]) == "start"  # (the banner is written by then)
    assert "Ann" in page.inner_text("#turn-banner")
    assert start_and_place_by_keys(page, 0) == "start"  # Ann's start mark: the link to send
    assert wait_phase(page, ["send"]) == "send"
    assert "Bo" in page.inner_text("#send-title")
    tab_to(page, "#btn-copy-link")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#btn-copy-link').textContent === 'Copied'")
    assert "#" in page.input_value("#link-out")
    no_errors(page)
