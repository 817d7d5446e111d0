"""The planner's work floor (``min_steps``, bots/planner.py step 5): past its time
budget it keeps playing rounds until it has done that much work, so that a slow
device, or a browser's engine before its compiler has warmed up, thinks longer
instead of playing weaker; and it stops at MAX_THINKING_MS whatever the floor.
Time is a fake clock here: these tests assert work, never a duration."""

from __future__ import annotations

import itertools

import pytest

from tsuro_core import api
from tsuro_core.bots import planner
from tsuro_core.bots.api_ops import MAX_MIN_STEPS


def _tile_turn() -> dict:
    pos = api.call("new_game", {"players": 4, "seed": 11})["result"]["position"]
    for k in range(8):
        moves = api.call("legal_moves", {"position": pos})["result"]
        pos = api.call("play", {"position": pos, "move": moves["moves"][-1]["move"], "seed": k})
        pos = pos["result"]["position"]
    assert api.call("legal_moves", {"position": pos})["result"]["phase"] == "tile"
    return pos


@pytest.fixture
def clock(monkeypatch):
    """A clock that moves 0.1 ms each time it is read: the search's work, not the
    machine's speed, decides where it stops."""
    ticks = itertools.count()
    monkeypatch.setattr(planner.time, "perf_counter", lambda: next(ticks) / 10_000)


def _rounds(position: dict, **args) -> int:
    answer = api.call("hint", {"position": position, "seed": 1, **args})
    assert answer["ok"], answer
    return answer["result"]["info"]["iterations"]


def test_the_floor_plays_past_the_budget_and_more_work_plays_more_rounds(clock):
    position = _tile_turn()
    alone = _rounds(position, budget_ms=1)
    floors = [_rounds(position, budget_ms=1, min_steps=n) for n in (2_000, 8_000, 32_000)]
    assert alone < floors[0] < floors[1] < floors[2]
    # a budget that outlasts the floor decides, as without one
    assert _rounds(position, budget_ms=100, min_steps=1) == _rounds(position, budget_ms=100)


def test_the_cap_stops_a_floor_too_large(clock, monkeypatch):
    position = _tile_turn()
    monkeypatch.setattr(planner, "MAX_THINKING_MS", 20.0)
    capped = _rounds(position, budget_ms=1, min_steps=MAX_MIN_STEPS)
    monkeypatch.setattr(planner, "MAX_THINKING_MS", 40.0)
    assert 0 < capped < _rounds(position, budget_ms=1, min_steps=MAX_MIN_STEPS)


@pytest.mark.parametrize("value", [0, -1, 2.5, MAX_MIN_STEPS + 1, "9", True])
def test_min_steps_is_checked(value):
    position = _tile_turn()
    answer = api.call("bot_move", {"position": position, "bot": "planner", "min_steps": value})
    assert answer["error"]["code"] == "bad_args" and "min_steps" in answer["error"]["message"]
