"""Open tables (issue 28; docs/rooms.md, "Open tables") in Chromium with the local relay:
a host lists its room; a stranger opens "Find a table", sees it among others and joins a
table whose host is gone (it does not answer: it drops off the stranger's list); while
that stranger waits, another joins the host's with one click (seated at once), the
table, full, is withdrawn and they play: the first stranger's new look lists neither
table.  (The game to its end is test_room.py's; the protocol's, tests/node.)  The
announcements' format, limits and a flood of fakes are checked in the Node tier
(tests/node/announcements.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pagekit
import pytest
import roomkit
from roomkit import relay_errors

pytestmark = pytest.mark.browser

FLOOD = Path(__file__).resolve().parents[1] / "relay" / "flood.py"
# How long the stranger's page lets a joined table stay silent (?noanswer=; the page's own
# wait is 15 s): the one test here that waits for it waits no longer than it must.
NO_ANSWER_MS = 2000


@pytest.fixture(scope="module")
def relay():
    """A relay of this module's own: on it, the tables listed are this test's alone."""
    r = roomkit.Relay()
    yield r
    r.stop()


def listed(page):
    """The tables the finder lists: [(key, text)]."""
    return page.evaluate(
        "[...document.querySelectorAll('#tables li')].map((li) => [li.dataset.key, li.innerText])"
    )


def test_a_table_announced_found_joined_played_and_gone(devices, server, relay):
    # two tables whose hosts are gone: announced, well made, but nobody answers
    ghosts = json.loads(
        subprocess.run(
            [str(roomkit.RELAY.parent / "python"), str(FLOOD), relay.url, "2", "0"],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout
    )["keys"]

    host = devices("ann")
    roomkit.open_room(host, server, relay, ["person", "person", "computer:easy"])
    roomkit.take_seat(host, 0, "Ann")
    host.check("#room-listed")
    host.wait_for_function("window.tsuroRoom.announced?.log.length > 0")
    first = host.evaluate("window.tsuroRoom.announced.log[0]")
    assert first["ok"] and first["kind"] == 30078, first
    pagekit.shot(host, "room-listed-host")

    stranger = devices("stranger")
    stranger.goto(roomkit.room_url(server, relay, f"&noanswer={NO_ANSWER_MS}"))
    stranger.wait_for_selector("#btn-find:visible")
    stranger.click("#btn-find")
    stranger.wait_for_function("document.querySelectorAll('#tables li').length === 3")
    tables = dict(listed(stranger))
    ours = next(k for k, text in tables.items() if "Ann" in text)
    assert set(tables) - {ours} == set(ghosts)
    assert "1 seat free" in tables[ours] and "3 players" in tables[ours], tables[ours]
    assert "the last marker wins" in tables[ours] and "no clock" in tables[ours]
    pagekit.shot(stranger, "room-find-a-table-1280")
    stranger.set_viewport_size({"width": 360, "height": 740})
    pagekit.shot(stranger, "room-find-a-table-360")
    assert stranger.evaluate("document.documentElement.scrollWidth") <= 360
    stranger.set_viewport_size({"width": 1280, "height": 800})

    # a table that does not answer when joined: said, and off the list.  The page gives it
    # NO_ANSWER_MS (?noanswer=; main.js); meanwhile another stranger joins the host's table.
    stranger.click(f"#tables li[data-key='{ghosts[0]}'] [data-action='join']")

    # the host's table: one click, and the other stranger is seated
    bo = devices("bo")
    bo.goto(roomkit.room_url(server, relay))
    bo.wait_for_selector("#btn-find:visible")
    bo.click("#btn-find")
    bo.wait_for_selector(f"#tables li[data-key='{ours}'] [data-action='join']")
    bo.click(f"#tables li[data-key='{ours}'] [data-action='join']")
    bo.wait_for_function("window.tsuroRoom?.seat === 1")
    joined_in = bo.evaluate("window.tsuroRoom.joinedInMs")
    print(f"\n'Find a table' to seated: {joined_in} ms")
    assert joined_in > 0

    # full: withdrawn once; they play
    host.wait_for_function(
        "window.tsuroRoom.announced.log.some((l) => l.kind === 5 && l.ok)", timeout=60_000
    )
    host.wait_for_selector("#btn-start:enabled")
    host.click("#btn-start")
    roomkit.play_moves([host, bo], 2)  # both start marks

    # the dead table said; "Find a table" again (a new look, after the withdrawal) lists
    # neither it nor the host's table, full
    stranger.wait_for_selector("#notice:visible", timeout=60_000)
    assert stranger.inner_text("#notice-text") == (
        "This table did not answer, so it is off your list for now."
    )
    stranger.click("#notice-action")  # back to "Find a table"
    stranger.wait_for_function(
        "document.getElementById('find-status').textContent !== '' &&"
        " !document.getElementById('find-status').textContent.startsWith('Looking')"
    )
    assert [key for key, _ in listed(stranger)] == [ghosts[1]]
    # the announcement and its withdrawal; nothing more during the game
    assert host.evaluate("window.tsuroRoom.announced.sent") == 2
    for page in (host, bo):
        assert not relay_errors(page), relay_errors(page)
