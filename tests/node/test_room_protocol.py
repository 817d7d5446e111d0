"""The live room's protocol in Node (tests/node/room_protocol.mjs): the host's real
referee on the built engine in Pyodide and real players' sides, over an in-memory
transport with two ends to every connection, and hand-written hostile peers.  One
Node process runs every scenario (Pyodide boots once); each is a test here.  The
browser tests (tests/browser/test_room*.py) keep the whole games over real WebRTC."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "room_protocol.mjs"
SCENARIOS = [
    "replayed_welcome_refused",
    "welcome_bound_to_connection",
    "hellos_bounded",
    "squatter_removed",
    "reactions_rate_limited",
    "whole_game_and_a_seat_to_a_computer",
    "start_failure_said",
    "hostile_guest_refused",
    "handed_over_referee_is_silent",
]

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def outcome(dist_dir):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    proc = subprocess.run(
        [node, str(SCRIPT), "--dist", str(dist_dir)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


def test_every_scenario_is_here(outcome):
    assert sorted(outcome["results"]) == sorted(SCENARIOS)


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario(outcome, name):
    result = outcome["results"][name]
    assert result["ok"], result.get("error")
