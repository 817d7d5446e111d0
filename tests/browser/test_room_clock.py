"""A room's turn clock and rematch (issue 28) over real WebRTC with the local relay: the
host (Ann) opens a room with 20 s a move and owns the clock (Playwright's clock on her
page: time jumps forward, no waiting out 20 s); Bo, seated and connected, puts his marker
down far from Ann's (both on an edge's middle, so no tile of the turns that follow can move
the other's marker or force a player out) and then never moves.
Bo's page shows the time left the host sent; when it runs out the host's engine plays
for him a move every device logs as the clock's; after two his seat goes to a computer
(Bo is told, with "I'm back") and the game is played to its end.  Then "Play again": the
seats turn (Bo plays first), every device sees the new game and the series counts the
win.  Screenshots at both widths.  The protocol's cases (the move that keeps the marker
on, the seat renumbering, a guest's reload into the new game, the series per person)
are the Node tier's (tests/node/room_protocol.mjs: clock_runs_out, rematch)."""

from __future__ import annotations

import pagekit
import pytest
import roomkit
from roomkit import my_turn, relay_errors

from tsuro_core.api import call

pytestmark = pytest.mark.browser

CLOCK_LINE = "time ran out"


def bo_runs_out(host, bo) -> None:
    """Bo's turn, timed by the host: the host's time jumps past its end; Bo's page gets the
    clock's move."""
    host.wait_for_function("window.tsuroRoom.clock && window.tsuroRoom.clock.seat === 1")
    before = bo.evaluate("window.tsuroRoom.arrivals.length")
    host.clock.fast_forward(20_500)
    bo.wait_for_function("(b) => window.tsuroRoom.arrivals.length > b", arg=before)


def start_at(page, place: str) -> None:
    """Put this page's marker on the start mark at `place` ("x,y,port") and wait for the
    host's answer."""
    before = page.evaluate("window.tsuroRoom.arrivals.length")
    page.locator(f".layer-marks .start-mark[data-place='{place}'] .start-dot").click(force=True)
    page.wait_for_function("(b) => window.tsuroRoom.arrivals.length > b", arg=before)


def ann_plays_clear_of_bo(host) -> None:
    """Ann's tile move, chosen with the engine: it keeps both markers on and leaves Ann's
    off the square Bo faces (where the clock's tile for Bo could put her out).  Any tile
    could do, but the deal and the clock's start mark for Bo are random: his mark may
    share Ann's square (her tile then moves him too), and the game must go on until the
    clock hands his seat over."""
    position = host.evaluate("window.tsuroRoom.position")
    for option in call("legal_moves", {"position": position})["result"]["moves"]:
        if not option["legal"] or option["out"]:
            continue
        to = {p["seat"]: p["to"][:2] for p in option["paths"]}
        if to[0] != to.get(1, position["markers"][1][:2]):
            break
    else:
        raise AssertionError(f"no move keeps Ann clear of Bo: {position}")
    before = host.evaluate("window.tsuroRoom.arrivals.length")
    pagekit.place_move_by_keys(host, option["move"])
    host.wait_for_function("(b) => window.tsuroRoom.arrivals.length > b", arg=before)


def test_a_silent_guest_the_clock_and_a_rematch(devices, server, relay):
    host = devices("ann")
    host.clock.install()
    link = roomkit.open_room(host, server, relay, ["person", "person"], clock=20)
    assert host.inner_text("#lobby-clock") == "Time per move: 20 seconds"
    roomkit.take_seat(host, 0, "Ann")
    bo = devices("bo")
    bo.goto(link)
    roomkit.take_seat(bo, 1, "Bo")
    assert bo.inner_text("#lobby-clock") == "Time per move: 20 seconds"
    host.wait_for_selector("#btn-start:enabled")
    host.click("#btn-start")

    # Ann's turn: both pages show her time; she plays
    pagekit.wait_phase(host, ["start"])
    bo.wait_for_selector("#turn-clock:not([hidden])")
    start_at(host, "2,0,A")
    # Bo's turn: his page counts down what the host sent; he puts his marker down
    pagekit.wait_phase(bo, ["start"])
    bo.wait_for_selector("#turn-clock:not([hidden])")
    assert bo.inner_text("#turn-clock") in ("0:20 left", "0:19 left")
    pagekit.at_both_sizes(bo, "room-clock-guest")
    start_at(bo, "3,5,E")
    # Ann plays; on Bo's turn the clock plays for him
    pagekit.wait_phase(host, ["tile"])
    roomkit.play_and_wait(host, 1)
    bo_runs_out(host, bo)
    for page in (host, bo):
        page.wait_for_function(
            "(w) => [...document.querySelectorAll('#log > li')]"
            ".some((li) => li.textContent.includes(w))",
            arg=CLOCK_LINE,
        )
    record = host.evaluate("window.tsuroRoom.record")
    assert record["moves"][3].get("clock") is True
    assert not any("clock" in m for m in record["moves"][:3])

    # Ann plays, Bo's time runs out again: his seat goes to a computer; he is told
    pagekit.wait_phase(host, ["tile"])
    ann_plays_clear_of_bo(host)
    bo_runs_out(host, bo)
    bo.wait_for_selector("#notice:not([hidden])")
    assert "twice in a row" in bo.inner_text("#notice-text")
    assert bo.inner_text("#notice-action") == "I’m back"
    host.wait_for_selector("#players li[data-seat='1'][data-state='clock']")
    assert bo.locator("#board .ghost").count() == 0, "the turn the clock played left its preview"
    pagekit.at_both_sizes(bo, "room-clock-away")

    # the game to its end: Ann plays, a computer plays Bo (his page is never to move)
    for k in range(2, 200):
        pagekit.wait_until(
            host,
            lambda: my_turn(host) or pagekit.phase(host) == "over",
            "Ann's turn or the end",
        )
        assert not my_turn(bo)
        if pagekit.phase(host) == "over":
            break
        roomkit.play_and_wait(host, k)
    bo.wait_for_selector("#over-panel:not([hidden])")
    record = host.evaluate("window.tsuroRoom.record")
    assert sum(1 for m in record["moves"] if m.get("clock")) == 2
    won = call("replay", {"record": record})["result"]["result"]["winners"]
    names = [p["name"] for p in record["players"]]

    # Bo is back (his seat stays the computer's until he says so, a new game or not)
    bo.click("#notice-action")
    host.wait_for_selector("#players li[data-seat='1'][data-state='here']")
    # "Play again": the seats turn, Bo (now seat 0) plays first; the series shows one game
    assert bo.locator("#btn-rematch").is_hidden(), "only the host deals again"
    host.click("#btn-rematch")
    bo.wait_for_function("window.tsuroRoom.seat === 0")
    pagekit.wait_phase(bo, ["start"])
    host.wait_for_function("window.tsuroRoom.seat === 1")
    assert host.locator("#over-panel").is_hidden() and bo.locator("#over-panel").is_hidden()
    for page in (host, bo):
        page.wait_for_selector("#series-panel:not([hidden])")
        assert page.inner_text("#series-games") == "1 game played"
        shown = dict(
            zip(
                page.locator("#series li .room-seat-name").all_inner_texts(),
                page.locator("#series li .room-seat-state").all_inner_texts(),
            )
        )
        want = {n: "1 win" if i in won else "0 wins" for i, n in enumerate(names)}
        assert {n.strip("\u2068\u2069") for n in shown} == set(names), shown
        assert {n.strip("\u2068\u2069"): w for n, w in shown.items()} == want
    assert host.evaluate("window.tsuroRoom.record.players.map((p) => p.name)") == ["Bo", "Ann"]
    assert bo.locator("#board .ghost, #board .layer-tiles > *").count() == 0, "the last game shows"
    pagekit.at_both_sizes(bo, "room-rematch-guest")
    assert relay_errors(host) == [] and relay_errors(bo) == []
