"""Races lose no game: every change to a game (a move, undo, redo, a computer's move) goes
through one queue in the session (web/js/lib/game/session.js), and an answer for a state
that is no longer current is dropped, never applied.  Real key presses (Enter, U, Shift+U,
Ctrl+Z, Ctrl+Shift+Z) race a computer's move and the player's own, with the engine slowed
on purpose (?slow=ms: the worker posts every answer that late, engine.worker.js); after each
race the saved record is the page's, replays in the engine, and resumes after a reload."""

from __future__ import annotations

import json

import pagekit
import pytest

from tsuro_core.api import call

pytestmark = pytest.mark.browser

SLOW_MS = 600
GAME = f"?sw=off&anim=0&slow={SLOW_MS}"
SETTLED = """() => {
    const a = window.tsuroApp, s = a && a.session;
    const phase = document.body.dataset.phase;
    return !!s && !s.pending && !a.busy && ["tile", "start", "over"].includes(phase);
}"""
KEPT = "Object.keys(localStorage).filter((k) => k.startsWith('tsuro.kept.'))"


def settle(page) -> None:
    """Wait until no change is queued or on its way and a human's turn (or the end) is shown."""
    page.wait_for_function(SETTLED, timeout=120_000, polling=100)


def consistent(page) -> dict:
    """The saved record is the page's, and the engine replays it into the page's positions."""
    saved = pagekit.current_save(page)["record"]
    live = page.evaluate("window.tsuroApp.session.toRecord()")
    assert saved["moves"] == live["moves"]
    answer = call("positions", {"record": saved})
    assert answer["ok"], answer
    positions = answer["result"]["positions"]
    shown = page.evaluate("window.tsuroApp.session.positions")
    assert len(shown) == len(positions) == len(saved["moves"]) + 1
    assert json.dumps(shown[-1], sort_keys=True) == json.dumps(positions[-1], sort_keys=True)
    return saved


def a_game_against_the_computer(page, server) -> None:
    page.goto(server + GAME)
    page.wait_for_selector("#setup[open]")
    page.click("#btn-start")  # the default seats: the player and a medium computer
    pagekit.wait_phase(page, ["start"])
    marks = page.locator(".layer-marks .start-mark")
    marks.nth(5).locator(".start-dot").click(force=True)
    settle(page)


def place(page, k: int) -> None:
    """Choose a tile the engine allows and press Enter (the move is then on its way)."""
    page.wait_for_selector("#hand .hand-tile")
    pagekit.choose_placeable_by_keys(page, k)
    page.keyboard.press("Enter")


def computer_thinking(page) -> None:
    page.wait_for_function("document.body.dataset.phase === 'computer'", polling=20)


def test_keys_racing_moves_on_their_way_leave_a_record_that_resumes(page, server):
    a_game_against_the_computer(page, server)
    races = [
        # Place, then Undo before the engine has answered the move
        lambda: (place(page, 0), page.keyboard.press("u")),
        # Undo and Redo at once while the computer's answer is on its way
        lambda: (
            place(page, 1),
            computer_thinking(page),
            page.keyboard.press("u"),
            page.keyboard.press("Shift+U"),
        ),
        # Ctrl+Z, Ctrl+Shift+Z, Ctrl+Z, each before the one before it is answered
        lambda: (
            place(page, 2),
            computer_thinking(page),
            page.keyboard.press("Control+z"),
            page.keyboard.press("Control+Shift+Z"),
            page.keyboard.press("Control+z"),
        ),
        # Place, Undo, and Enter again on the turn the undo brought back
        lambda: (
            place(page, 3),
            page.keyboard.press("u"),
            page.keyboard.press("Enter"),
            page.keyboard.press("Shift+U"),
        ),
    ]
    for race in races:
        if pagekit.phase(page) == "over":
            break
        race()
        settle(page)
        saved = consistent(page)
    # and the game goes on from the state the races left
    if pagekit.phase(page) == "tile":
        moves = len(saved["moves"])
        place(page, 0)
        page.wait_for_function(
            "(n) => window.tsuroApp.session.moves.length > n", arg=moves, timeout=120_000
        )
        settle(page)
        saved = consistent(page)
    # a reload resumes the saved game: nothing kept aside, the same moves
    page.reload()
    settle(page)
    assert page.evaluate(KEPT) == []
    assert page.evaluate("window.tsuroApp.session.toRecord().moves") == saved["moves"]
    pagekit.no_errors(page)
