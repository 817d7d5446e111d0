"""A live room whose host's engine fails (docs/rooms.md, docs/reliability.md): a guest's
move the engine failed to play is answered `engine` and the guest plays again; a
computer's move is tried again, up to three more times, then the host is told and plays
on with "Try again" (a computer's move tried again and played: the Node tier's
room_protocol.mjs).  The failures are made by roomkit.fail_engine (test-only: the
host's worker restarted under the request, as after a time limit)."""

from __future__ import annotations

import pagekit
import pytest
import roomkit

pytestmark = pytest.mark.browser

MOVES = "window.tsuroRoom.record.moves.length"


def test_a_move_or_a_computers_move_the_engine_fails_is_played_again(devices, server, relay):
    kinds = ["person", "person", "computer:easy"]
    _, (host, bo) = roomkit.seated_room(devices, server, relay, kinds, ["Ann", "Bo"])
    pagekit.wait_phase(host, ["start"])
    roomkit.play_turn(host, 5)
    pagekit.wait_phase(bo, ["start"])

    # Bo's start: the host's engine fails to play it; Bo is told and chooses again
    roomkit.fail_engine(host, "play", 1)
    roomkit.play_turn(bo, 20)
    bo.wait_for_function("window.tsuroRoom.received.some((m) => m.includes('\"engine\"'))")
    assert pagekit.wait_phase(bo, ["start"]) == "start"
    assert "engine failed" in bo.inner_text("#hand-note")
    assert host.evaluate(MOVES) == 1
    assert host.evaluate("window.tsuroEngineFailed") == 1

    # the computer's start fails four times in a row, tried again each time: the host is
    # told, and "Try again" plays on.  (Fewer failures, tried again and then played with no
    # word to the host: tests/node/room_protocol.mjs, computer_move_tried_again.)
    roomkit.fail_engine(host, "bot_move", 4)
    roomkit.play_turn(bo, 20)
    host.wait_for_selector("#notice-action:visible", timeout=240_000)
    assert "could not play" in host.inner_text("#notice-text")
    assert host.evaluate("window.tsuroRoom.computerFailures") == 4
    moves = host.evaluate(MOVES)
    assert moves == 2  # the computer's start is still to come
    pagekit.shot(host, "room-computer-failed-1280")
    host.set_viewport_size({"width": 360, "height": 740})
    pagekit.shot(host, "room-computer-failed-360")
    host.set_viewport_size({"width": 1280, "height": 900})
    host.click("#notice-action")
    host.wait_for_function(f"{MOVES} > {moves}", timeout=120_000)
    assert host.locator("#notice").is_hidden()
    roomkit.play_moves([host, bo], 2, start=5)
    for page in (host, bo):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)
