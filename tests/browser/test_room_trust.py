"""Rooms a table can trust (issue 28), over real WebRTC between Chromium contexts and
the local relay: a welcome the host signed for one guest's connection, passed on by
that guest to another, is refused there (its DTLS ends are not that connection's);
the host takes a squatter out of a seat, who is told and watches; reactions reach
the other devices in their own words, at a bounded rate, and can be hidden; a second
host tab in the same browser says the room is open elsewhere and takes it over
cleanly, the game going on from the latest move and the stored game never going
back.  The protocol's other cases run in the Node tier (tests/node/room_protocol.mjs)."""

from __future__ import annotations

import json

import pagekit
import pytest
import roomkit
from roomkit import relay_errors, seated_room

pytestmark = pytest.mark.browser


def stored_seat(page, room_id):
    text = page.evaluate("(id) => localStorage.getItem('tsuro.room.seat.' + id)", room_id)
    return json.loads(text) if text else None


def room_id(page):
    return page.evaluate(
        "Object.keys(localStorage).find((k) => k.startsWith('tsuro.room.seat.')).slice(16)"
    )


def test_a_replayed_welcome_a_squatter_and_reactions(devices, server, relay):
    kinds = ["person", "person", "person"]
    link, (host, bo) = seated_room(devices, server, relay, kinds, ["Ann", "Bo"], start=False)
    eve = devices("eve")
    eve.goto(link)
    roomkit.take_seat(eve, 2, "Eve")
    rid = room_id(bo)

    # the squatter: the host takes Eve out of seat 3; she is told in words and watches
    host.click("#seats li[data-seat='2'] button[data-action='remove']")
    eve.wait_for_function("window.tsuroRoom.seat === null")
    eve.wait_for_selector("#notice:visible")
    assert eve.inner_text("#notice-text") == (
        "The host took you out of your seat. You can watch the game."
    )
    assert stored_seat(eve, rid)["token"] is None  # forgotten under the host's signature
    host.wait_for_selector("#seats li[data-seat='2'][data-state='free']")
    pagekit.shot(host, "room-squatter-removed-host")
    eve.click("#seats li[data-seat='2'] button[data-action='take']")  # again, from this page
    eve.wait_for_function("window.tsuroRoom.received.some((m) => m.includes('\"removed\"'))")
    assert eve.evaluate("window.tsuroRoom.seat") is None

    # the replay (issue 28): Eve asks the host to sign the nonce Bo greeted her with ...
    greeting = eve.evaluate(
        "window.tsuroRoom.heard.map((h) => [h.peer, JSON.parse(h.text)])"
        ".find(([, m]) => m.type === 'hello')"
    )
    assert greeting, "Bo's greeting to Eve"
    bo_peer, hello = greeting
    assert stored_seat(bo, rid)["token"] == hello["token"]
    eve.evaluate(
        "(n) => window.tsuroRoom.sendRaw(JSON.stringify({v: 2, type: 'hello', nonce: n}))",
        hello["nonce"],
    )
    eve.wait_for_function(
        "(n) => window.tsuroRoom.received.some((m) => m.includes('\"welcome\"') && m.includes(n))",
        arg=hello["nonce"],
    )
    welcome = next(
        m for m in roomkit.received(eve) if m["type"] == "welcome" and m["nonce"] == hello["nonce"]
    )
    # ... and, the host away, hands it to Bo with a forged game and refusals after it
    host.goto("about:blank")
    bo.wait_for_function("!window.tsuroRoom.connected")
    forged = [
        welcome,
        {"v": 2, "type": "room", "phase": "playing", "seats": [], "you": {"seat": None}},
        {"v": 2, "type": "error", "code": "replaced"},
        {"v": 2, "type": "removed", "seat": 1, "sig": welcome["sig"]},
    ]
    heard = bo.evaluate("window.tsuroRoom.heard.length")
    for message in forged:
        eve.evaluate("([p, m]) => window.tsuroRoom.sendTo(p, m)", [bo_peer, json.dumps(message)])
    bo.wait_for_function("(k) => window.tsuroRoom.heard.length >= k", arg=heard + len(forged))
    assert not bo.evaluate("window.tsuroRoom.connected"), "Bo took Eve for the host"
    assert stored_seat(bo, rid)["token"] == hello["token"], "Bo gave up his seat on Eve's word"
    assert not [m for m in roomkit.received(bo) if m["type"] == "error"]

    # the host comes back: Bo is in his seat again; the game starts, Eve watching
    host.goto(link)
    host.wait_for_function("window.tsuroRoom.seat === 0")
    bo.wait_for_function("window.tsuroRoom.connected && window.tsuroRoom.seat === 1")
    host.click("#seats li[data-seat='2'] button[data-action='computer']")
    host.wait_for_selector("#btn-start:enabled")
    host.click("#btn-start")
    pagekit.wait_phase(bo, ["start", "waiting"])
    eve.wait_for_function("window.tsuroRoom.received.some((m) => m.includes('\"state\"'))")

    # reactions: Bo's reach Ann and Eve in their words; past three at once the bar waits
    bo.wait_for_selector("#react-bar button[data-reaction='nice']:visible")
    for _ in range(5):
        if bo.locator("#react-bar button[data-reaction='nice']").is_enabled():
            bo.click("#react-bar button[data-reaction='nice']")
    assert bo.locator("#react-bar button[data-reaction='nice']").is_disabled()
    host.wait_for_selector("#players li[data-seat='1'] .room-reaction")
    assert host.inner_text("#players li[data-seat='1'] .room-reaction") == "Good move"
    assert "Bo: Good move" in host.inner_text("#announcer")
    # the first is shown while the others may still be on their way: wait for the three
    # (that no fourth came is checked below, when the next one, sent after them, arrives)
    reactions = "window.tsuroRoom.received.filter((m) => m.includes('\"reaction\"'))"
    host.wait_for_function(f"{reactions}.length >= 3")
    pagekit.shot(host, "room-reaction-1280")
    # ... as fast as the host passes them on: one more after four seconds
    bo.wait_for_function(
        "!document.querySelector('#react-bar button[data-reaction=\"thanks\"]').disabled"
    )
    host.check("#react-mute")  # Ann hides them
    bo.click("#react-bar button[data-reaction='thanks']")
    host.wait_for_function(f"{reactions}.some((m) => m.includes('\"thanks\"'))")
    got = host.evaluate(f"{reactions}.map((m) => JSON.parse(m).r)")
    assert got == ["nice", "nice", "nice", "thanks"], got
    assert host.locator("#players .room-reaction").count() == 0
    for page in (host, bo):
        assert not relay_errors(page), relay_errors(page)


def test_two_host_tabs_one_referee_no_game_lost(devices, server, relay):
    kinds = ["person", "person", "computer:easy"]
    link, (tab_a, bo) = seated_room(devices, server, relay, kinds, ["Ann", "Bo"])
    pagekit.wait_phase(bo, ["start", "waiting"])
    roomkit.play_moves([tab_a, bo], 3)  # Ann's and Bo's start marks, the computer's, a tile
    rid = tab_a.evaluate("Object.keys(localStorage).find((k) => k.startsWith('tsuro.room.host.'))")

    def stored_moves():
        save = json.loads(tab_a.evaluate("(k) => localStorage.getItem(k)", rid))["save"]
        return len(save["record"]["moves"])

    # the same browser opens the room again: no second referee, it says so
    tab_b = tab_a.context.new_page()
    tab_b = pagekit.keep_errors(tab_b, "ann-b")
    tab_b.goto(link)
    pagekit.wait_phase(tab_b, ["elsewhere"])
    assert tab_b.evaluate("window.tsuroRoom.hosting") == "elsewhere"
    assert tab_b.inner_text("#notice-text") == (
        "This room is already open as the table in another tab of this browser."
    )
    pagekit.shot(tab_b, "room-open-elsewhere")
    before = stored_moves()
    assert tab_a.evaluate("window.tsuroRoom.hosting") == "here"

    # "Be the table here": the first tab hands over after its move under way; the game
    # goes on in the second from the latest move, the guest reconnecting to it
    tab_b.click("#notice-action")
    tab_a.wait_for_function("window.tsuroRoom.hosting === 'handed'")
    handed = tab_a.evaluate("window.tsuroRoom.record.moves.length")
    assert handed >= before
    tab_b.wait_for_function("window.tsuroRoom.hosting === 'here' && window.tsuroRoom.seat === 0")
    assert tab_b.evaluate("window.tsuroRoom.record.moves.length") == handed
    bo.wait_for_function("window.tsuroRoom.connected && window.tsuroRoom.seat === 1")
    assert tab_a.inner_text("#notice-text") == (
        "Another tab of this browser is the table of this room now; this tab has stopped."
    )
    seen = [stored_moves()]
    for k in range(3):  # three persons' moves, the stored game read after each
        if roomkit.play_moves([tab_b, bo], 1, start=3 + k) == 0:
            break  # the game is over
        seen.append(stored_moves())
    roomkit.caught_up(bo, tab_b)
    seen.append(stored_moves())
    assert seen == sorted(seen), seen  # never back to an earlier move
    assert seen[-1] > handed or pagekit.phase(tab_b) == "over"
    # the first tab did nothing more: its game stopped where it handed over
    assert tab_a.evaluate("window.tsuroRoom.record.moves.length") == handed
    for page in (tab_a, tab_b, bo):
        assert not relay_errors(page), relay_errors(page)
