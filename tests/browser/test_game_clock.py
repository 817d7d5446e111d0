"""The turn clock on the game page (lib/game/clock.js, lib/shell/clockface.js; issue 28),
in real Chromium with Playwright's clock (time jumps forward: no waiting out 20 s, no
fixed sleep): chosen in the setup, shown and counted down, the warning 10 s before the
end (seen, and heard with sound on), the engine's move for the human when it runs out
(in the log and the save's record), two in a row giving the seat to a computer until
"I'm back", and the clock kept through a reload.  Screenshots at both widths."""

from __future__ import annotations

import pagekit
import pytest
from gamekit import open_setup, setup_seats, start

pytestmark = pytest.mark.browser

CLOCK_MOVES = "window.tsuroApp.session.moves.filter((m) => m.clock).length"


def clock_text(page) -> str:
    return page.inner_text("#turn-clock")


def run_out(page, moves_before: int) -> None:
    """Jump past the end of the turn on: the clock's move is played."""
    page.clock.fast_forward(20_500)
    page.wait_for_function(f"{CLOCK_MOVES} > {moves_before}")


def test_the_local_game_with_a_clock(page, server):
    page.add_init_script("localStorage.setItem('tsuro.sound', 'on')")
    page.clock.install()
    open_setup(page, server)
    setup_seats(page, [("Ann", "human"), ("Bo", "computer:easy")])
    page.select_option("#set-clock", "20")
    start(page)
    assert pagekit.phase(page) == "start"
    # Ann's turn is timed: 20 s, counted down
    page.wait_for_selector("#turn-clock:not([hidden])")
    assert clock_text(page) == "0:20 left"
    assert page.get_attribute("#turn-clock", "data-warn") is None
    page.clock.fast_forward(10_500)
    page.wait_for_selector("#turn-clock[data-warn]")
    assert clock_text(page) == "0:10 left"
    assert "warn" in page.evaluate("window.tsuroApp.sound.played")
    pagekit.at_both_sizes(page, "clock-game-warning")
    # the time runs out: the engine plays her start mark, the log says so, the record keeps it
    run_out(page, 0)
    page.wait_for_function(
        "[...document.querySelectorAll('#log > li')]"
        ".some((li) => li.textContent.includes('time ran out'))"
    )
    assert page.evaluate("window.tsuroApp.session.moves[0].clock") is True
    save = pagekit.current_save(page)
    assert save["record"]["moves"][0]["clock"] is True and save["clock"] == 20
    # Bo (a computer) is not timed; Ann's next turn is, from 20 s again
    pagekit.wait_phase(page, ["tile"])
    page.wait_for_selector("#turn-clock:not([hidden])")
    assert clock_text(page) == "0:20 left"
    # a reload keeps the game's clock
    page.reload()
    pagekit.wait_phase(page, ["tile"])
    page.wait_for_selector("#turn-clock:not([hidden])")
    assert clock_text(page) == "0:20 left"
    # her second clock move in a row: her seat goes to a computer, said, with "I'm back"
    run_out(page, 1)
    page.wait_for_selector("#notice:not([hidden])")
    assert "twice in a row" in page.inner_text("#notice-text")
    assert page.inner_text("#notice-action") == "I’m back"
    # a computer plays her seat now (the loop asks who plays it), not the clock
    assert page.evaluate("window.tsuroApp.loop.playerOf(0)") == "computer"
    # back: her seat is hers again (her turn, if the computers have not ended the game)
    page.click("#notice-action")
    assert page.evaluate("window.tsuroApp.away.size") == 0
    assert page.evaluate("window.tsuroApp.loop.playerOf(0)") == "human"
    if pagekit.wait_phase(page, ["tile", "over"]) == "tile":
        page.wait_for_selector("#turn-clock:not([hidden])")
    assert page.evaluate(CLOCK_MOVES) == 2, "the clock played for a seat a computer plays"
    pagekit.no_errors(page)
