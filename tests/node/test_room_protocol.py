"""The live room's protocol in Node (tests/node/room_protocol.mjs): the host's real
referee on the built engine in Pyodide and real players' sides, over an in-memory
transport with two ends to every connection, and hand-written hostile peers.  One
Node process runs every scenario (Pyodide boots once); each is a test here.  The
browser tests (tests/browser/test_room*.py) keep the whole games over real WebRTC."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenariokit import check_scenario, once_a_session, run_scenarios

SCRIPT = Path(__file__).resolve().parent / "room_protocol.mjs"
SCENARIOS = [
    "replayed_welcome_refused",
    "welcome_bound_to_connection",
    "hellos_bounded",
    "squatter_removed",
    "reactions_rate_limited",
    "whole_game_and_a_seat_to_a_computer",
    "freed_seat_taken_mid_game",
    "start_failure_said",
    "computer_move_tried_again",
    "hostile_guest_refused",
    "handed_over_referee_is_silent",
    "rematch",
    "clock_runs_out",
]

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def outcome(dist_dir, tmp_path_factory):
    return once_a_session(
        tmp_path_factory,
        "room_protocol",
        lambda: run_scenarios([str(SCRIPT), "--dist", str(dist_dir)]),
    )


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario(outcome, name):
    check_scenario(outcome, SCENARIOS, name)
