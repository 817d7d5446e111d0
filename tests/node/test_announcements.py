"""Open tables in Node (tests/node/announcements.mjs): the room page's modules as the build
ships them, against a real Nostr relay (nostr-relay from PyPI, as the browser tests use:
roomkit.Relay) over Node's WebSocket.  A flood of fake announcements (tests/relay/flood.py,
in the relay's own environment: 15 a finder must believe, 120 it must not) is published
first; each scenario is a test here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from scenariokit import check_scenario, once_a_session, run_scenarios

HERE = Path(__file__).resolve().parent

SCRIPT = HERE / "announcements.mjs"
FLOOD = HERE.parent / "relay" / "flood.py"
SCENARIOS = [
    "sha256_matches_webcrypto",
    "announcements_read_strictly",
    "relay_limits_read",
    "announce_find_withdraw",
    "flood_bounded",
]

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def outcome(dist_dir, tmp_path_factory):
    return once_a_session(
        tmp_path_factory, "announcements", lambda: run(dist_dir, tmp_path_factory)
    )


def run(dist_dir, tmp_path_factory):
    """The scenarios, against a relay of their own and its flood of hostile events."""
    sys.path.insert(0, str(HERE.parent / "browser"))  # tests/browser's relay kit
    import roomkit

    relay = roomkit.Relay()
    try:
        python = roomkit.RELAY.parent / "python"
        flood = subprocess.run(
            [str(python), str(FLOOD), relay.url, "15", "120"],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        ).stdout
        path = tmp_path_factory.mktemp("flood") / "flood.json"
        path.write_text(flood)
        args = ["--experimental-websocket", str(SCRIPT), "--dist", str(dist_dir)]
        return run_scenarios([*args, "--relay", relay.url, "--flood", str(path)])
    finally:
        relay.stop()


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario(outcome, name):
    check_scenario(outcome, SCENARIOS, name)
