"""A live room with the elimination bonus (docs/rooms.md): the setup offers it, a guest
who may exchange gets the exchange panel and the host's engine checks the swaps; and a
device that comes (back) mid-game gets the move log of the earlier moves, holding
nothing another seat may not see.  The game reaches Bo's exchange from a record made
here with tsuro_core (a seeded game), put in the host's save before it reopens the room
(the host's resume from its save, as after a reload)."""

from __future__ import annotations

import json

import pagekit
import pytest
import roomkit

pytestmark = pytest.mark.browser


def test_a_guest_exchanges_and_everyone_gets_the_log_of_the_moves_so_far(
    devices,
    server,
    relay,
):
    record = roomkit.record_before_bos_exchange()
    host = devices("ann")
    host.goto(roomkit.room_url(server, relay))
    host.wait_for_selector("#btn-open-room:visible")
    host.select_option("#room-count", "3")
    host.check("#room-bonus")
    host.click("#btn-open-room")
    host.wait_for_function("document.getElementById('room-link').value !== ''")
    link = host.input_value("#room-link")
    roomkit.take_seat(host, 0, "Ann")
    bo, cy = devices("bo"), devices("cy")
    for page, seat, name in ((bo, 1, "Bo"), (cy, 2, "Cy")):
        page.goto(link)
        roomkit.take_seat(page, seat, name)

    # the game so far, as the host's save: the host reopens the room from it
    assert host.evaluate(roomkit.PUT_SAVE, record) == roomkit.RULES  # the setup's elimination bonus
    host.reload()
    host.wait_for_function("window.tsuroRoom.seat === 0 && window.tsuroRoom.record !== null")
    n = len(record["moves"])
    for page in (bo, cy):
        page.wait_for_function("(n) => window.tsuroRoom.arrivals.some((a) => a.n === n)", arg=n)

    # every device shows the log of the moves so far, the same lines, no tile in it
    pagekit.wait_phase(bo, ["exchange"])
    ann_log = roomkit.log_lines(host)
    assert len(ann_log) >= n
    assert roomkit.log_lines(bo) == ann_log and roomkit.log_lines(cy) == ann_log
    for page, me in ((host, 0), (bo, 1), (cy, 2)):
        got = roomkit.received(page)
        first = [m for m in got if m["type"] == "state" and m["n"] == n][-1]
        assert len(first["log"]) == n
        roomkit.hidden_ok([first], me, exchange=[2])

    # Bo's exchange panel: his tiles and Cy's, whom he put out
    state = [m for m in roomkit.received(bo) if m["type"] == "state"][-1]
    mine, theirs = state["position"]["hands"][1], state["position"]["hands"][2]
    assert bo.locator("#exchange-panel").is_visible() and bo.locator("#hand-box").is_hidden()
    assert bo.locator("#exchange-mine .ex-tile").count() == len(mine)
    assert bo.locator("#exchange-theirs .ex-tile").count() == len(theirs)
    for size, width in (("360", 360), ("1280", 1280)):
        bo.set_viewport_size({"width": width, "height": 800})
        bo.locator("#exchange-panel").scroll_into_view_if_needed()
        pagekit.shot(bo, f"room-exchange-{size}")
    bo.set_viewport_size({"width": 1280, "height": 720})

    # a swap of a tile he does not hold: refused by the host's engine, nothing played
    other = next(t for t in range(35) if t not in mine and t not in theirs)
    roomkit.send_raw(
        bo, {"v": 2, "type": "move", "n": n, "move": {"exchange": [[other, theirs[0]]]}}
    )
    bo.wait_for_function("window.tsuroRoom.received.some((m) => m.includes('illegal_move'))")
    assert host.evaluate("window.tsuroRoom.record.moves.length") == n

    # his swap through the panel: his first tile for Cy's first
    bo.locator("#exchange-mine .ex-tile").first.click()
    bo.locator("#exchange-theirs .ex-tile").first.click()
    bo.click("#btn-exchange")
    host.wait_for_function("(n) => window.tsuroRoom.record.moves.length > n", arg=n)
    move = host.evaluate("window.tsuroRoom.record.moves.at(-1)")
    assert move["exchange"] == [[mine[0], theirs[0]]]
    for page, me in ((host, 0), (bo, 1), (cy, 2)):
        page.wait_for_function("(n) => window.tsuroRoom.arrivals.some((a) => a.n === n + 1)", arg=n)
        after = next(m for m in roomkit.received(page) if m["type"] == "state" and m["n"] == n + 1)
        (event,) = [e for e in after["events"] if e["type"] == "exchange"]
        given = mine[0] if me == 1 else None
        assert (
            event["pairs"] == [[given, theirs[0]]] and after["move"]["exchange"] == event["pairs"]
        )
        roomkit.hidden_ok([after], me)
        if me == 1:  # Bo holds Cy's tile now (or played it at once: the game is over)
            assert theirs[0] in after["position"]["hands"][1] or after["position"]["turn"] is None

    # Cy is out and watches; Ann and Bo play on to the end
    roomkit.play_until_over([host, bo])
    final = next(m for m in roomkit.received(cy) if m["type"] == "over")["record"]
    assert final == host.evaluate("window.tsuroRoom.record")
    assert json.dumps(final["moves"][: n + 1]) == json.dumps([*record["moves"], move])
    for page in (host, bo, cy):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)
