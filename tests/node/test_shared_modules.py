"""The shared front-end modules without DOM, in Node (tests/node/shared_modules.mjs):
storage.js never throws on a read and says why a write failed; motion.js gives the
player's chosen speed, else 0 under prefers-reduced-motion, and ?anim= wins; the
one replay Stepper keeps within its bounds and animates only one step forward; the
one play path runs its steps in order, drops the rest when the page moved on, and
hands an engine refusal back before anything changed; a stored entry the page cannot
use whole is put aside as it was and the good rest kept, and a change is made to what is
stored now (storage.js's readChecked and updateChecked, through the daily's store); a
room's message too large is refused once, on its first chunk, its other chunks ignored
even when they come after the peer's leave, and the message is not heard when Trystero
puts it together all the same (pages/room/chunks.js)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import node_script

SCRIPT = Path(__file__).resolve().parent / "shared_modules.mjs"


@pytest.fixture(scope="module")
def seen() -> dict[str, Any]:
    return node_script(SCRIPT)


def test_storage_reads_never_throw_and_writes_say_why_they_failed(seen):
    s = seen["storage"]
    assert s["missing"] == "fallback" and s["damaged"] == "fallback"
    assert s["good"] == {"a": 1}
    assert s["written"] is None and s["readBack"] == [1, 2]
    assert s["keys"] == ["good"]
    assert s["full"] == {"reason": "full"}
    assert s["refused"] == {"reason": "refused", "detail": "SecurityError"}
    assert s["none"] == {"reason": "none"} and s["noneRead"] is None


def test_motion_the_players_speed_else_the_systems_preference(seen):
    speeds = {
        (c["search"], json.dumps(c["setup"]), c["reduce"]): c["speed"] for c in seen["motion"]
    }
    assert speeds[("", "null", False)] == 1
    assert speeds[("", "null", True)] == 0  # reduced motion: no animation
    assert speeds[("", '{"speed": "auto"}', True)] == 0
    assert speeds[("", '{"speed": 1}', True)] == 1  # the player's choice wins
    assert speeds[("", '{"speed": 2.5}', False)] == 2.5
    assert speeds[("", '{"speed": 0}', False)] == 0
    assert speeds[("?anim=0", '{"speed": 1}', False)] == 0  # the address wins
    assert speeds[("?anim=2.5", "null", True)] == 2.5


def test_stepper_keeps_within_bounds_and_animates_one_step_forward(seen):
    log = seen["stepper"]["log"]
    assert log == [
        ["draw", 4], ["told", 4],  # past the end: the last position, at once
        ["draw", 2], ["told", 2],  # back: at once
        ["draw", 2], ["animate", ["move 2"], {"speed": 2}], ["draw", 3], ["told", 3],
        ["draw", 1], ["told", 1],  # before the first: the first, not animated
    ]  # fmt: skip
    assert seen["stepper"]["at"] == 1


def test_the_play_path_runs_its_steps_in_order(seen):
    play = seen["play"]
    assert play["order"] == [
        "freeze", "play 7", "accepted 1", "animate e1", "position 1", "trails 2", "shown", "next",
    ]  # fmt: skip
    assert play["move"] == {"tile": 7}
    # the page moved on while the engine answered: nothing more is done
    assert play["movedOn"] == {"result": None, "dropped": []}
    # a refusal comes back to the page, after the freeze and before anything else
    assert play["refused"] == ["freeze", "thrown illegal_move"]


def test_a_stored_entry_is_distrusted_put_aside_whole_and_changed_where_stored(seen):
    d = seen["distrust"]
    # the good day stays, the bad one and the prototype name go aside with the entry as it was
    assert d["days"] == ["2026-01-01"] and d["polluted"] is False
    assert d["writtenBack"]["days"] == {"2026-01-01": {"score": 7, "fragment": ""}}
    assert len(d["kept"]) == 1 and d["kept"][0]["key"] == "tsuro.daily"
    assert '"score": "x"' in d["kept"][0]["text"] and d["kept"][0]["format"] == "tsuro-kept/1"
    # not JSON: kept aside, the key removed; storage full: left as it was, said so
    assert d["notJson"] == {"days": [], "left": None, "kept": [d["notJson"]["kept"][0]]}
    assert d["notJson"]["kept"][0]["text"] == "{not json"
    assert d["full"] == {"left": "{not json", "kept": 0}
    assert {"kind": "stored", "key": "tsuro.daily", "kept": False} in d["noted"]
    assert {"kind": "stored", "key": "tsuro.daily", "kept": True} in d["noted"]
    # another tab's day stays through this tab's changes; a day is counted once
    assert set(d["merged"]["days"]) == {"2026-01-01", "2026-01-02"}
    assert d["merged"]["days"]["2026-01-01"]["fragment"] == "a"
    assert d["merged"]["countedAgain"] is False


def test_a_message_too_large_is_refused_once_its_late_chunks_ignored(seen):
    c = seen["chunks"]
    assert c["afterLeave"] == 1  # the chunks after the leave are not a new message
    assert c["afterJoin"] == 1  # nor another peer's, nor Eve's once she is back
    assert c["tooLarge"] == ["eve", "eve"]
    # the refused message, put together by Trystero all the same, is not heard; the others are
    assert c["refusedHeard"] is False
    assert c["boHeard"] is True and c["eveHeard"] is True
