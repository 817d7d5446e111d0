"""Words a player understands, in real Chromium against the built dist/: the board
is labelled with its coordinates (A.. left to right, 1.. top to bottom), before any
script runs and on the course variant's 10 x 10 board too; the move log speaks them;
a seat changed to a computer gets a computer's name."""

from __future__ import annotations

import re

import pytest
from pagekit import no_errors, wait_phase

pytestmark = pytest.mark.browser

COORDS = "[...document.querySelectorAll('svg.board .coord')].map((t) => t.textContent)"


def test_static_board_has_coordinates_before_scripts(new_context, server):
    # (no script runs, so no engine starts: nothing to warm)
    page = new_context(java_script_enabled=False, first_visit=True).new_page()
    page.goto(server + "?sw=off")
    labels = page.locator("svg.board-static .coord").all_text_contents()
    assert labels == list("ABCDEF") + [str(n) for n in range(1, 7)]


def test_board_coordinates_log_and_computer_names(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("svg.board:not(.board-static)")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate(COORDS) == list("ABCDEF") + [str(n) for n in range(1, 7)]
    # a made-up name follows the seat's kind; a name the player typed stays
    page.select_option("#set-count", "3")
    rows = page.locator("#seats > li")
    rows.nth(1).locator(".seat-kind").select_option("human")
    assert rows.nth(1).locator(".seat-name").input_value() == "Player 2"
    rows.nth(1).locator(".seat-kind").select_option("computer:hard")
    assert rows.nth(1).locator(".seat-name").input_value() == "Hard computer"
    rows.nth(2).locator(".seat-kind").select_option("computer:easy")
    assert rows.nth(2).locator(".seat-name").input_value() == "Easy computer"
    rows.nth(0).locator(".seat-name").fill("Zoé")
    rows.nth(0).locator(".seat-kind").select_option("computer:easy")
    assert rows.nth(0).locator(".seat-name").input_value() == "Zoé"
    rows.nth(0).locator(".seat-kind").select_option("human")
    page.click("#btn-start")
    wait_phase(page, ["start"])
    # the start mark under the keyboard cursor, in words
    page.focus("svg.board")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#hand-note").startswith("Start on the top edge at A1 (left point)")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    wait_phase(page, ["tile"], timeout=120_000)
    log = page.inner_text("#log")
    assert "Zoé starts on the top edge at A1 (left point)." in log
    assert re.search(
        r"(Hard|Easy) computer starts on the \w+ edge at [A-F][1-6] \(\w+ point\)\.", log
    ), log
    assert "[" not in log
    no_errors(page)


def test_course_board_has_ten_by_ten_coordinates(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.select_option("#set-preset", "neu")
    page.click("#btn-start")
    wait_phase(page, ["opening", "turn", "over"])
    page.wait_for_function(f"{COORDS}.length === 20")
    assert page.evaluate(COORDS) == list("ABCDEFGHIJ") + [str(n) for n in range(1, 11)]
