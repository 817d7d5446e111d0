"""The daily challenge page: today's deal from the engine, one counted game,
practice, the share text and the replay link, the history and the streak."""

from __future__ import annotations

import datetime
import json

import pytest
from gamekit import daily_near_the_end, play_daily
from pagekit import figures, no_errors, wait_phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def days_before(n: int) -> str:
    return (datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=n)).isoformat()


def saved(page):
    return page.evaluate("JSON.parse(localStorage.getItem('tsuro.daily'))")


def test_daily_counted_game_share_text_replay_link_and_practice(page, server):
    page.goto(server + "daily.html?sw=off&anim=0")
    page.wait_for_selector("svg.board")
    # two earlier days already played: the streak will be 3
    page.evaluate(
        """(days) => localStorage.setItem('tsuro.daily', JSON.stringify({days: {
        [days[0]]: {score: 5, fragment: ''}, [days[1]]: {score: 9, fragment: ''}},
        current: null}))""",
        [days_before(1), days_before(2)],
    )
    page.reload()
    wait_phase(page, ["start"])
    assert "counts" in page.inner_text("#daily-kind")
    # the page's deal is the engine's deal of today (window.tsuro speaks the op too)
    from_page = page.evaluate("(d) => window.tsuro.request('daily', {date: d})", today())
    assert from_page["record"] == call("daily", {"date": today()})["result"]["record"]

    play_daily(page, until_over=False)  # the start mark
    assert play_daily(page, until_over=False, reload_after=1) == 1  # a tile; resumed on reload
    daily_near_the_end(page, today(), 2)
    play_daily(page)
    assert page.locator("#daily-result").is_visible()
    page.wait_for_selector("#figures table")  # the solo player's figures
    assert len(figures(page)) == 1
    share = page.input_value("#share-text")
    lines = share.split("\n")
    assert lines[0].startswith(f"Tsuro daily {today()}: ") and "/35" in lines[0]
    score = int(lines[0].split(": ")[1].split("/")[0])
    picture = lines[1:7]
    assert len(picture) == 6 and all(len(row) == 6 for row in picture)
    assert (
        sum(ch != "⬜" for row in picture for ch in row)
        == score
        == page.locator(".layer-tiles .placed").count()
    )
    assert lines[-1].endswith("daily.html")
    # the replay link holds the whole game: today's deal, and the same score by the engine
    link = page.get_attribute("#replay-link", "href")
    assert "embed.html#r=" in link
    record = call("decode_link", {"fragment": link.split("#", 1)[1]})["result"]["record"]
    assert record["deal"] == call("daily", {"date": today()})["result"]["record"]["deal"]
    assert call("replay", {"record": record})["result"]["result"]["scores"] == [score]
    state = saved(page)
    assert state["days"][today()]["score"] == score and today() not in state["games"]
    assert "3 days" in page.inner_text("#streak")
    # the page's dates are in its language (Intl): "November 22, 2026", not 2026-11-22
    day = datetime.date.fromisoformat(today())
    assert f"{day:%B} {day.day}, {day.year}: {score} tile" in page.inner_text("#history")
    assert page.inner_text("#result-title") == f"Daily challenge of {day:%B} {day.day}, {day.year}"

    # the replay link opens the game step by step
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_function(
        "document.querySelector('#step')"
        " && /\\d+ \\/ \\d+/.test(document.querySelector('#step').textContent)"
    )
    other.close()

    # practice: allowed, marked, not counted
    page.click("#btn-practice")
    wait_phase(page, ["start"])
    assert "does not count" in page.inner_text("#daily-kind")
    play_daily(page, until_over=False)  # the start mark
    daily_near_the_end(page, today(), 1)
    assert "does not count" in page.inner_text("#daily-kind")
    play_daily(page)
    assert "(practice)" in page.input_value("#share-text").split("\n")[0]
    assert saved(page)["days"][today()]["score"] == score

    # a reload shows today's counted game again, not a new attempt
    page.reload()
    wait_phase(page, ["over"])
    assert page.input_value("#share-text").split("\n")[0] == lines[0]
    no_errors(page)


def test_another_day_is_practice_and_french_is_spoken(page, server):
    page.goto(server + "daily.html?sw=off&anim=0&lang=fr&date=2026-01-05")
    wait_phase(page, ["start"])
    assert page.inner_text("h1").endswith("Défi du jour")
    assert (
        page.inner_text("#daily-kind")
        == "Entraînement sur la donne du 5 janvier 2026\u202f: cette partie ne compte pas."
    )
    deal = call("daily", {"date": "2026-01-05"})["result"]["record"]
    assert saved(page)["games"]["2026-01-05"]["record"]["deal"] == deal["deal"]
    assert saved(page)["games"]["2026-01-05"]["practice"] is True
    play_daily(page, until_over=False)  # the start mark
    daily_near_the_end(page, "2026-01-05", 1)
    play_daily(page)
    first = page.input_value("#share-text").split("\n")[0]
    assert first.startswith("Tsuro du jour 2026-01-05\u202f: ") and "(entraînement)" in first
    assert "2026-01-05" not in json.dumps(saved(page)["days"])
    no_errors(page)
