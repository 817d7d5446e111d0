"""A second tab takes nothing away: every store the pages keep (the daily challenge, the
puzzles' progress, link games, the setup, saved games) is changed where it is stored, at
the moment of the change, never written back from a copy a tab read earlier
(web/js/lib/base/storage.js's updateChecked, link/store.js's compare and swap, saves.js's
fork).  Each test opens two tabs (two pages of one browser context: one localStorage),
finishes or changes something in one, moves in the other, and checks that nothing counted
is lost; the daily's also keeps a tab open from yesterday (Playwright's clock) past midnight."""

from __future__ import annotations

import datetime
import json

import gamekit
import pagekit
import pytest
from gamekit import committed_game, link_to, play_daily
from pagekit import wait_phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser

Q = "?sw=off&anim=0"


def utc_day(days_ago: int = 0) -> str:
    today = datetime.datetime.now(datetime.UTC).date()
    return (today - datetime.timedelta(days=days_ago)).isoformat()


def stored(page, key: str):
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def tab(context, url: str):
    p = context.new_page()
    p.console_errors = []
    p.on("pageerror", lambda e: p.console_errors.append(str(e)))
    p.goto(url)
    return p


# ------------------------------------------------------------------ the daily challenge


def near_the_end(date: str) -> dict:
    """The daily deal of `date` played by the engine to one move before its end."""
    return gamekit.played_on(call("daily", {"date": date})["result"]["record"])


def test_daily_two_tabs_and_a_tab_left_open_since_yesterday_lose_no_counted_game(context, server):
    today, yesterday = utc_day(0), utc_day(1)
    first = tab(context, server + "daily.html" + Q)
    first.evaluate(
        "(s) => localStorage.setItem('tsuro.daily', JSON.stringify(s))",
        {
            "days": {utc_day(2): {"score": 7, "fragment": ""}},
            "games": {today: {"practice": False, "record": near_the_end(today)}},
        },
    )
    first.reload()
    wait_phase(first, ["tile"])
    second = tab(context, server + "daily.html" + Q)  # the same counted game, resumed
    wait_phase(second, ["tile"])
    # the first tab finishes today's game: it counts
    play_daily(first, until_over=True)
    counted = stored(first, "tsuro.daily")["days"][today]
    # the second tab, still showing the game before its end, moves: the day stays counted
    play_daily(second, until_over=False, first=1)
    days = stored(second, "tsuro.daily")["days"]
    assert days[today] == counted and utc_day(2) in days
    # and when it finishes too, the first count stands; a game other than the one counted
    # is told as practice
    play_daily(second, until_over=True, first=1)
    assert stored(second, "tsuro.daily")["days"][today] == counted
    fragment = second.get_attribute("#replay-link", "href").split("#", 1)[1]
    practice = "(practice)" in second.input_value("#share-text").split("\n")[0]
    assert practice == (fragment != counted["fragment"])
    second.close()
    first.close()

    # A tab opened yesterday evening, its counted game begun, left open past midnight
    late = context.new_page()
    late.console_errors = []
    late.on("pageerror", lambda e: late.console_errors.append(str(e)))
    late.clock.set_system_time(datetime.datetime.fromisoformat(f"{yesterday}T23:50:00+00:00"))
    late.goto(server + "daily.html" + Q)
    assert "counts" in late.inner_text("#daily-kind") or wait_phase(late, ["start"])
    play_daily(late, until_over=False)  # yesterday's counted game, one move in
    gamekit.daily_near_the_end(late, yesterday, 1)  # (still yesterday: the engine's moves)
    late.clock.set_system_time(datetime.datetime.fromisoformat(f"{today}T00:10:00+00:00"))
    # today's practice game in another tab (today's counted one is over), a move in
    now = tab(context, server + "daily.html" + Q)
    wait_phase(now, ["over"])
    now.click("#btn-practice")
    play_daily(now, until_over=False)
    mine = stored(now, "tsuro.daily")["games"][today]["record"]["moves"]
    # the old tab moves on in yesterday's game, and finishes it: nothing of today's goes
    play_daily(late, until_over=True)
    state = stored(late, "tsuro.daily")
    assert state["days"][today] == counted and utc_day(2) in state["days"]
    assert yesterday in state["days"]  # yesterday's game, counted for its own day
    assert state["games"][today]["record"]["moves"] == mine
    # and today's practice game resumes after a reload, as it was
    now.reload()
    wait_phase(now, ["tile", "start"])
    assert now.locator(".layer-tiles .placed").count() == sum("tile" in m for m in mine)
    for p in (late, now):
        assert p.console_errors == []


# ------------------------------------------------------------------ the puzzles


def test_puzzles_solved_in_two_tabs_are_both_kept(context, server):
    one, two = gamekit.PUZZLES[0], gamekit.PUZZLES[1]
    a = tab(context, server + f"puzzles.html{Q}#{one['id']}")
    b = tab(context, server + f"puzzles.html{Q}#{two['id']}")
    for p in (a, b):
        wait_phase(p, ["tile", "start"])
    # solved in the first tab (both hints, then the tile they give)
    a.click("#btn-hint")
    a.wait_for_function("document.querySelector('#verdict').textContent.startsWith('Hint')")
    a.click("#btn-hint")
    a.wait_for_function("document.querySelector('#btn-hint').disabled")
    a.click("#btn-place")
    wait_phase(a, ["solved"])
    # a hint taken in the second tab, which loaded its progress before: the first stays solved
    b.click("#btn-hint")
    b.wait_for_function("document.querySelector('#verdict').textContent.startsWith('Hint')")
    progress = stored(b, "tsuro.puzzles")
    assert progress["solved"] == {one["id"]: True}
    assert progress["hinted"] == {one["id"]: True, two["id"]: True}
    # and the second tab counts the first tab's solution
    assert f"Solved: 1 of {len(gamekit.PUZZLES)}" in b.inner_text("#progress")


# ------------------------------------------------------------------ link games


def test_a_link_game_moved_on_in_one_tab_is_not_overwritten_by_another(context, server):
    dealt = committed_game(["Ann", "Bo"], ["person", "person"], game="twoTabs01")
    url = link_to(server, dealt["message"])
    a = tab(context, url)
    assert wait_phase(a, ["start"]) == "start"
    b = tab(context, url)  # the same link, in a second tab: the same person's turn
    assert wait_phase(b, ["start"]) == "start"
    key = "tsuro.link.twoTabs01"
    a.locator(".layer-marks .start-mark").nth(2).locator(".start-dot").click(force=True)
    wait_phase(a, ["send"])
    a.wait_for_function(
        "(k) => JSON.parse(localStorage.getItem(k)).message.record.moves.length === 1", arg=key
    )
    played = stored(a, key)["message"]["record"]["moves"]
    # the second tab plays the same turn otherwise: told, and the first tab's move stays
    b.locator(".layer-marks .start-mark").nth(9).locator(".start-dot").click(force=True)
    b.wait_for_function(
        "!document.querySelector('#notice').hidden"
        " && document.querySelector('#notice-text').textContent.includes('another tab')"
    )
    assert stored(b, key)["message"]["record"]["moves"] == played


def stored_keys(page) -> list[str]:
    return page.evaluate("Object.keys(localStorage)")


# ------------------------------------------------------------------ the setup


def test_the_setup_remembers_each_tabs_own_changes(context, server):
    a = tab(context, server + Q)
    b = tab(context, server + Q)
    for p in (a, b):
        p.wait_for_selector("#setup[open]")
    a.click("#setup details.more summary")
    a.select_option("#set-speed", "0")
    a.click("#btn-start")
    wait_phase(a, ["start"])
    assert stored(a, "tsuro.setup")["speed"] == 0
    # the second tab's form was filled before: its own change is remembered, not its old speed
    b.select_option("#set-count", "3")
    b.click("#btn-start")
    wait_phase(b, ["start"])
    setup = stored(b, "tsuro.setup")
    assert setup["speed"] == 0 and len(setup["seats"]) == 3
    # and the form shows the setup as it is stored now, when opened again
    b.click("#btn-new")
    b.wait_for_selector("#setup[open]")
    assert b.input_value("#set-speed") == "0"


# ------------------------------------------------------------------ saved games


def test_one_game_played_on_in_two_tabs_is_kept_twice(context, server):
    a = tab(context, server + Q)
    a.wait_for_selector("#setup[open]")
    a.click("#btn-start")
    wait_phase(a, ["start"])
    a.locator(".layer-marks .start-mark").nth(4).locator(".start-dot").click(force=True)
    wait_phase(a, ["tile"])
    game = a.evaluate(pagekit.TAB_GAME)
    a.wait_for_function("(id) => localStorage.getItem('tsuro.game.' + id)", arg=game)
    # the second tab takes the same game up from "Your games" and moves in it
    b = tab(context, server + Q)
    b.wait_for_selector("#setup[open]")
    b.click(f"#games-panel li[data-id='{game}'] button")
    wait_phase(b, ["tile"])
    moves = b.evaluate("window.tsuroApp.session.moves.length")
    pagekit.choose_placeable_by_keys(b, 0)
    b.keyboard.press("Enter")
    b.wait_for_function("(n) => window.tsuroApp.session.moves.length > n", arg=moves)
    wait_phase(b, ["tile", "over"])
    theirs = b.evaluate("window.tsuroApp.session.toRecord()")
    # the first tab, not having loaded that, moves too: its game goes on under a key of its own
    pagekit.choose_placeable_by_keys(a, 2)
    a.keyboard.press("Enter")
    a.wait_for_function(
        "document.querySelector('#notice-text').textContent.includes('game of their own')"
    )
    wait_phase(a, ["tile", "over"])
    mine = a.evaluate("window.tsuroApp.session.toRecord()")
    fork = a.evaluate(pagekit.TAB_GAME)
    assert fork != game
    a.wait_for_function(
        "([id, n]) => { const e = JSON.parse(localStorage.getItem('tsuro.game.' + id));"
        " return e && e.game.record.moves.length === n; }",
        arg=[fork, len(mine["moves"])],
    )
    assert stored(a, f"tsuro.game.{game}")["game"]["record"] == theirs
    assert stored(a, f"tsuro.game.{fork}")["game"]["record"] == mine
    for record in (theirs, mine):
        assert call("positions", {"record": record})["ok"]
    # a reload of the first tab resumes its own game
    a.reload()
    wait_phase(a, ["tile", "over"])
    assert a.evaluate(pagekit.TAB_GAME) == fork
    assert a.evaluate("window.tsuroApp.session.toRecord().moves") == mine["moves"]
