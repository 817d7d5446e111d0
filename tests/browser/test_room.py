"""Live rooms (room.html, docs/rooms.md) with real parts: a real Nostr relay on
this machine (roomkit.Relay), the built site, and one headless Chromium
context per device; WebRTC data channels between the contexts, no ICE server.
The host's engine is the referee: these tests read what each guest received."""

from __future__ import annotations

import json
import subprocess
import sys

import auditkit
import pagekit
import pytest
import roomkit
from auditkit import Checker, Contrast

pytestmark = pytest.mark.browser


def test_three_devices_play_a_whole_game(devices, server, relay, tmp_path):
    kinds = ["person", "person", "computer:easy"]
    link, (host, bo) = roomkit.seated_room(
        devices, server, relay, kinds, ["Ann", "Bo"], start=False
    )
    cy = devices("cy")  # a spectator: no seat, no hand
    cy.goto(link)
    cy.wait_for_function("window.tsuroRoom.connected")
    host.wait_for_selector("#btn-start:enabled")
    host.click("#btn-start")
    pagekit.wait_phase(bo, ["start", "waiting", "busy"])
    roomkit.play_until_over([host, bo])
    assert len(host.evaluate("window.tsuroRoom.record")["moves"]) > 5  # a whole game
    pagekit.wait_phase(cy, ["over"])

    # nothing hidden reached a device that may not see it
    for page, me in ((host, 0), (bo, 1), (cy, None)):
        got = roomkit.received(page)
        over = [i for i, m in enumerate(got) if m["type"] == "over"]
        assert over, "no end of game received"
        roomkit.hidden_ok(got[: over[0]], me)
    assert all(m["type"] != "state" or m.get("legal") is None for m in roomkit.received(cy))

    # the final record (the host's) replays to the same result the guests were shown
    record = host.evaluate("window.tsuroRoom.record")
    final = next(m for m in roomkit.received(bo) if m["type"] == "over")["record"]
    assert final == record
    path = tmp_path / "room-game.json"
    path.write_text(json.dumps(record))
    out = subprocess.run(
        [sys.executable, "-m", "tsuro_core", "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    last_state = [m for m in roomkit.received(bo) if m["type"] == "state"][-1]["position"]
    winners = [record["players"][s]["name"] for s in last_state["winners"]]
    assert winners and all(w in out for w in winners), out
    for page in (host, bo, cy):
        assert page.inner_text("#winners"), "the result is shown"
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)
    # every device shows the same figures, the engine's from the record
    rows = pagekit.figures(host)
    assert len(rows) == 3 and pagekit.figures(bo) == rows == pagekit.figures(cy)
    pagekit.shot(host, "room-over-host")
    pagekit.shot(bo, "room-over-guest")

    # "Embed this game" and "this position", as on the game page (lib/shell/embedcode.js)
    n = len(record["moves"])
    bo.click("#btn-embed-game")
    bo.wait_for_function("document.querySelector('#embed-snippet').value.includes('#r=')")
    snippet = bo.input_value("#embed-snippet")
    assert snippet.startswith(f'<iframe src="{server}embed.html#r=') and f"&amp;at={n}" in snippet
    preview = bo.frame_locator("#embed-preview iframe")
    preview.locator("#step").filter(has_text=f"{n} / {n}").wait_for()
    bo.click("#rp-prev")
    bo.click("#btn-embed-position")
    bo.wait_for_function("document.querySelector('#embed-snippet').value.includes('#p=')")
    assert f"after move {n - 1}" in bo.input_value("#embed-snippet")
    preview.locator("svg.board").wait_for()
    bo.locator("#embed-box").scroll_into_view_if_needed()
    pagekit.shot(bo, "room-embed-1280")
    bo.set_viewport_size({"width": 360, "height": 800})
    bo.locator("#embed-box").scroll_into_view_if_needed()
    pagekit.shot(bo, "room-embed-360")
    assert bo.evaluate("document.documentElement.scrollWidth") <= 360
    bo.click("#btn-embed-copy")
    bo.wait_for_function("document.querySelector('#btn-embed-copy').textContent === 'Copied'")
    assert not roomkit.relay_errors(bo), roomkit.relay_errors(bo)


def test_a_guest_and_the_host_reload_and_the_game_goes_on(devices, server, relay):
    kinds = ["person", "person", "computer:medium"]
    link, (host, bo) = roomkit.seated_room(devices, server, relay, kinds, ["Ann", "Bo"])
    pagekit.wait_phase(bo, ["start", "waiting"])
    roomkit.play_moves([host, bo], 3)

    # the guest reloads: the same seat, the game where it was
    n = host.evaluate("window.tsuroRoom.record.moves.length")
    bo.reload()
    bo.wait_for_function("window.tsuroRoom.connected && window.tsuroRoom.seat === 1")
    bo.wait_for_function("(n) => window.tsuroRoom.arrivals.some((a) => a.n >= n)", arg=n)
    assert bo.locator("#players li[data-seat='1'] .room-seat-name").inner_text().startswith("Bo")
    # with the log of the moves so far: the host's lines, once a person is to move
    roomkit.wait_for_a_turn([host, bo], persons_only=True)
    assert pagekit.log_count(bo) > 3 and roomkit.log_lines(bo) == roomkit.log_lines(host)
    roomkit.hidden_ok(roomkit.received(bo), 1)
    roomkit.play_moves([host, bo], 2, start=3)

    # the host goes away: the guest is told; the host comes back from its save.  First a
    # person's turn (or the end): a computer's move the host was still making would land in
    # the save after n was read.
    roomkit.wait_for_a_turn([host, bo])
    n = host.evaluate("window.tsuroRoom.record.moves.length")
    host.goto("about:blank")
    pagekit.wait_phase(bo, ["host-gone"])
    assert bo.inner_text("#connection")
    host.goto(link)
    host.wait_for_function("window.tsuroRoom.seat === 0 && window.tsuroRoom.record !== null")
    assert host.evaluate("window.tsuroRoom.record.moves.length") == n
    bo.wait_for_function("window.tsuroRoom.connected")
    assert bo.inner_text("#connection") == ""
    # and the game goes on: two more moves, and Bo has them (the record every device gets
    # at the end is the whole game's check, above, and tests/node's)
    roomkit.play_moves([host, bo], 2, start=5)
    assert roomkit.caught_up(bo, host) > n
    for page in (host, bo):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)


def test_without_a_relay_an_invite_and_a_reply_connect_two_devices(devices, server):
    host = devices("host")
    roomkit.open_room(host, server, None, ["person", "person"])
    roomkit.take_seat(host, 0, "Ann")
    host.click("#btn-manual")
    host.wait_for_function("document.getElementById('manual-out').value.includes('#invite=')")
    invite = host.input_value("#manual-out")
    assert host.locator("#manual-qr svg[role=img]").count() == 1
    bo = devices("bo")
    bo.goto(invite)
    bo.wait_for_function("document.getElementById('manual-out').value.includes('#reply=')")
    reply = bo.input_value("#manual-out")
    assert len(reply) < 2000, len(reply)  # a QR code holds it
    host.fill("#manual-in", reply)
    host.click("#btn-manual-use")
    bo.wait_for_function("window.tsuroRoom.connected")
    roomkit.take_seat(bo, 1, "Bo")
    host.wait_for_selector("#btn-start:enabled")
    host.click("#btn-start")
    # both start marks and a tile over the connection the invite made; the rest of a game
    # is the same protocol over the same data channel (the whole game above, tests/node)
    roomkit.play_moves([host, bo], 3)
    assert roomkit.caught_up(bo, host) >= 3
    roomkit.hidden_ok(roomkit.received(bo), 1)
    pagekit.shot(bo, "room-manual-guest")
    for page in (host, bo):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("ja-JP", "ja")])
def test_the_room_page_in_words_keys_phone_and_audit(new_page, server, relay, locale, lang):
    """The host on a 360 px phone and a guest at 1280 px, both browsers in another
    language: every phase has no English left and no serious axe violation in either
    theme, fits the phone, and the host plays by the keyboard alone."""
    check = Checker(lang, True)
    host = new_page(locale=locale, viewport={"width": 360, "height": 740}, axe=True)
    guest = new_page(locale=locale, viewport={"width": 1280, "height": 900}, axe=True)

    def fits(page, where):
        auditkit.fits(page, page.viewport_size["width"], where)

    host.goto(roomkit.room_url(server, relay))
    host.wait_for_selector("#btn-open-room:visible")
    check(host, "a new room")
    fits(host, "a new room")
    pagekit.tab_to(host, "#btn-open-room")
    host.keyboard.press("Enter")
    host.wait_for_selector("#seats li[data-seat='0'] button.primary")
    link = host.input_value("#room-link")
    check(host, "the lobby")
    fits(host, "the lobby")
    contrast = Contrast(host, server)
    contrast.check("the lobby")
    pagekit.shot(host, f"room-lobby-360-{lang}")
    # a seat taken with the keys
    host.focus("#join-name")
    host.keyboard.type("Ann")
    pagekit.tab_to(host, "#seats li[data-seat='0'] button.primary")
    host.keyboard.press("Enter")
    host.wait_for_function("window.tsuroRoom.seat === 0")

    guest.goto(link)
    guest.wait_for_selector("#seats li[data-seat='1'] button.primary")
    check(guest, "a guest in the lobby")
    roomkit.take_seat(guest, 1, "Bo")
    host.wait_for_selector("#seats li[data-seat='1'][data-state='here']")
    host.evaluate("document.activeElement.blur()")
    pagekit.tab_to(host, "#seats li[data-seat='2'] button:not(.primary)")  # to a computer
    host.keyboard.press("Enter")
    host.wait_for_selector("#btn-start:enabled")
    pagekit.tab_to(host, "#btn-start")
    host.keyboard.press("Enter")
    pagekit.wait_phase(host, ["start"])
    check(host, "the host's turn")
    fits(host, "the host's turn")
    contrast.check("the host's turn")
    check(guest, "a guest waiting")
    pagekit.shot(host, f"room-turn-360-{lang}")
    pagekit.shot(guest, f"room-waiting-1280-{lang}")
    # the host plays by the keys: a start mark, then tiles
    for k in range(60):
        roomkit.wait_for_a_turn([host, guest])
        if pagekit.phase(host) == "over" or pagekit.phase(guest) == "over":
            break
        if roomkit.my_turn(host):
            arrived = host.evaluate("window.tsuroRoom.arrivals.length")
            if pagekit.phase(host) == "start":
                pagekit.tab_to(host, "svg.board")
                for _ in range(1 + 7 * k % 45):
                    host.keyboard.press("ArrowRight")
            else:
                pagekit.choose_placeable_by_keys(host, k)
            host.keyboard.press("Enter")
            host.wait_for_function("(b) => window.tsuroRoom.arrivals.length > b", arg=arrived)
        if roomkit.my_turn(guest):
            roomkit.play_and_wait(guest, k)
    roomkit.play_until_over([host, guest])
    host.click("#btn-embed-game")  # the embed code and its preview, in words and audited too
    host.wait_for_function("document.querySelector('#embed-snippet').value.includes('#r=')")
    # (drawn by the frame's script, once its words are in: its static board is English)
    host.frame_locator("#embed-preview iframe").locator("svg.board:not(.board-static)").wait_for()
    check(host, "game over")
    fits(host, "game over")
    contrast.check("game over")
    contrast.assert_ok(".room-seat-state", "#room-link", "#winners")
    check(guest, "game over, a guest")
    pagekit.shot(host, f"room-over-360-{lang}")
    assert not roomkit.relay_errors(host) and not roomkit.relay_errors(guest)


def test_the_host_gives_a_gone_players_seat_to_a_computer_or_to_someone_else(
    devices, server, relay
):
    kinds = ["person", "person", "person"]
    link, (host, bo, cy) = roomkit.seated_room(devices, server, relay, kinds, ["Ann", "Bo", "Cy"])
    pagekit.wait_phase(host, ["start"])
    roomkit.play_moves([host, bo, cy], 4)

    # Cy is gone (closes the tab: the page's pagehide leaves the room at once; the headless
    # shell closes a whole context without it, and the host would notice only once Cy's
    # connection timed out): the host sees it and gives the seat to a computer, which plays on
    cy.close()
    host.wait_for_selector("#players li[data-seat='2'][data-state='away']")
    host.click("#players li[data-seat='2'] button[data-action='computer']")
    host.wait_for_selector("#players li[data-seat='2'][data-state='computer']")

    # Bo is gone: the host frees the seat; Di opens the link and takes it mid-game
    bo.close()
    host.wait_for_selector("#players li[data-seat='1'][data-state='away']")
    host.click("#players li[data-seat='1'] button[data-action='free']")
    di = devices("di")
    di.goto(link)
    di.wait_for_selector("#players li[data-seat='1'] button[data-action='take']")
    di.click("#players li[data-seat='1'] button[data-action='take']")
    di.wait_for_function("window.tsuroRoom.seat === 1")
    di.wait_for_function("window.tsuroRoom.received.some((m) => m.includes('\"viewer\":1'))")
    got = roomkit.received(di)
    first = next(
        i for i, m in enumerate(got) if m["type"] == "state" and m["position"]["viewer"] == 1
    )
    roomkit.hidden_ok(got[:first], None)  # watching first: no hand
    roomkit.hidden_ok(got[first:], 1)
    # Di plays on (her turn comes within three persons' moves) and is sent the game; the
    # game to its end with Di's record: tests/node room_protocol.mjs freed_seat_taken_mid_game
    n = host.evaluate("window.tsuroRoom.record.moves.length")
    roomkit.play_moves([host, di], 3)
    assert roomkit.caught_up(di, host) > n
    for page in (host, di):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)
