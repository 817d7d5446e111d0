"""Screen readers, in real Chromium against the built dist/: the board, the hand and
the players have names and roles in the accessibility tree; every event of a scripted
game (whose turn, who played what where, where each marker went, who is out, the
winner) is said once, in order, through the page's one live region (#announcer, a
log); the board in words names each marker's square."""

from __future__ import annotations

import itertools
import re

import pagekit
import pytest
from pagekit import no_errors

pytestmark = pytest.mark.browser

COLLECT = """() => {
  window.__said = [];
  const box = document.getElementById('announcer');
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.__said.push(n.textContent);
  }).observe(box, { childList: true });
}"""


def said(page) -> list[str]:
    return page.evaluate("window.__said")


def test_every_event_is_said_once_in_order(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.evaluate(COLLECT)
    # two humans, open hands (no pass screen), a fixed seed
    rows = page.locator("#seats > li")
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-kind").select_option("human")
    rows.nth(1).locator(".seat-name").fill("Bo")
    page.check("#set-open")
    page.click("details.more summary")
    page.fill("#set-seed", "4")
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    snap = page.locator("#announcer").aria_snapshot()
    assert snap.startswith("- log"), snap
    # names and roles: the board, the hand's tiles, the players
    tree = page.locator("body").aria_snapshot()
    assert 'img "Tsuro board, 6 by 6 squares"' in tree, tree
    assert re.search(r"list:\s*\n\s*- listitem:.*Ann", page.locator("#players").aria_snapshot()), (
        tree
    )
    assert said(page) == ["Ann: choose a start mark on the edge"]
    # Ann starts on the first mark clockwise from the top-left corner, Bo on the third
    page.focus("svg.board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    pagekit.wait_phase(page, ["start"])
    page.wait_for_function("window.__said.length >= 3")
    assert said(page)[1:] == [
        "Ann starts on the top edge at A1 (left point).",
        "Bo: choose a start mark on the edge",
    ]
    page.focus("svg.board")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    pagekit.wait_phase(page, ["tile"])
    page.wait_for_function("window.__said.length >= 5")
    assert re.fullmatch(
        r"Bo starts on the top edge at [A-F]1 \((left|right) point\)\.", said(page)[3]
    ), said(page)
    assert said(page)[4] == "Ann: play a tile"
    # tile moves to the end: each move's sentences (as the log shows them), then whose turn
    for k in range(200):
        before = len(said(page))
        mover = page.evaluate("window.tsuroApp.session.players[window.tsuroApp.session.turn].name")
        n = page.locator("#log > li").count()
        pagekit.choose_placeable_by_keys(page, k)
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=n)
        ph = pagekit.wait_phase(page, ["tile", "over"])
        page.wait_for_function("(n) => window.__said.length > n + 1", arg=before)
        new = said(page)[before:]
        logged = page.locator("#log > li").last.locator(":scope > span").inner_text().strip()
        if ph == "over":
            assert " ".join(new) == logged, (new, logged)
            assert new[-1].startswith("Game over: ") and (
                new[-1].endswith(" wins!") or "share the win" in new[-1]
            )
            assert any(line.endswith(": out.") or "both are out" in line for line in new), new
            break
        assert " ".join(new[:-1]) == logged, (new, logged)
        assert new[0].startswith(f"{mover} plays tile "), new
        assert any(f"{mover}’s marker follows" in line for line in new), new
        nxt = page.evaluate("window.tsuroApp.session.players[window.tsuroApp.session.turn].name")
        assert new[-1] == f"{nxt}: play a tile"
    else:
        raise AssertionError("the game did not end")
    # nothing said twice in a row (each event once)
    lines = said(page)
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    no_errors(page)


def test_board_in_words(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    page.focus("svg.board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    pagekit.wait_phase(page, ["tile"], timeout=120_000)
    page.keyboard.press("d")
    page.wait_for_selector("#board-text:not([hidden])")
    text = page.inner_text("#board-text")
    assert "Player 1, to play, stands on the top side of A1 (left point), facing A1." in text, text
    assert "A1 is on the edge of the board." in text
    assert "Empty next to it: B1 and A2." in text
    assert "Your chosen tile: " in text
    assert page.locator("#board-text").aria_snapshot().startswith('- region "The board in words"')
    no_errors(page)
