"""The turn loop (web/js/lib/game/turnloop.js) with the site's own engine client, sessions
and play path, against the real engine in Pyodide (booted once for the module): the turn
flow (humans, computers, the hot-seat screen, the exchange, the end), races (an undo
while a computer's move is on its way, a turn's answer for a game left, a deal
overtaken), a refusal, the engine restarting, the engine playing for a seat, and the
course variant with its own session.  tests/node/turn_loop.mjs plays the scenarios and
says what each saw."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers import answer as ok
from helpers import tutorial_position
from scenariokit import once_a_session

pytestmark = pytest.mark.node

SCRIPT = Path(__file__).resolve().parent / "turn_loop.mjs"


def an_exchange() -> dict[str, Any]:
    """A position where the seat to move is offered the elimination bonus's exchange."""
    rules = {"preset": "classic", "elimination_bonus": True}
    for seed in range(200):
        rng = random.Random(seed)
        pos = ok("new_game", {"rules": rules, "players": 4, "seed": seed})["position"]
        while pos["turn"] is not None:
            turn = ok("legal_moves", {"position": pos})
            if turn["phase"] == "exchange" and turn["moves"]:
                return pos
            move = rng.choice(turn["moves"])["move"]
            pos = ok("play", {"position": pos, "move": move, "seed": seed})["position"]
    raise AssertionError("no exchange in 200 games")


@pytest.fixture(scope="module")
def seen(dist_dir, tmp_path_factory) -> dict[str, Any]:
    return once_a_session(tmp_path_factory, "turn_loop", lambda: run(dist_dir))


def run(dist_dir) -> dict[str, Any]:
    """turn_loop.mjs's scenarios in one Node process; what each saw."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    cases = {"exchange": an_exchange(), "tileTurn": tutorial_position("place")}
    proc = subprocess.run(
        [node, str(SCRIPT), "--dist", str(dist_dir)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


def test_a_whole_game_human_and_computers_until_the_engine_says_it_is_over(seen):
    g = seen["wholeGame"]
    assert g["over"] and g["overs"] == 1  # the end, once, from the engine's answer
    assert g["moves"] == g["accepted"] > 3
    assert g["moversMatch"]  # each move played for the seat the engine gave the turn to
    assert g["humanTurns"] >= 1 and set(g["computerTurns"]) <= {1, 2} and g["computerTurns"]
    assert g["players"][0] == "0:human" and set(g["players"][1:]) <= {"1:computer", "2:computer"}
    assert g["replayed"]  # the engine replays the record into the last position shown
    # each computer within its level's budget: medium 250 ms, hard 450 ms
    assert set(g["budgets"]) <= {"survivor:250", "planner:450"} and g["budgets"]
    assert g["failures"] == [] and not g["busy"]


def test_the_hot_seat_screen_comes_before_each_human_turn(seen):
    h = seen["hotSeat"]
    assert h["failures"] == []
    assert h["seq"][:4] == ["pass:0", "human:0", "pass:1", "human:1"]
    # every human turn behind its own screen, once (the turn starts once, not again on reveal)
    humans = [e.split(":")[1] for e in h["seq"][1::2]]
    assert h["seq"] == [f"{kind}:{seat}" for seat in humans for kind in ("pass", "human")]
    assert len(h["seq"]) == 2 * h["moves"] == 2 * h["turns"]


def test_the_exchange_is_dispatched_as_an_exchange_and_played(seen):
    x = seen["exchange"]
    assert [e["kind"] for e in x["offered"]] == ["exchange"]
    assert x["offered"][0]["phase"] == "exchange" and x["offered"][0]["count"] >= 1
    assert x["played"] and x["moves"] == 1 and x["next"]
    assert x["failures"] == []


def test_undo_while_a_computers_move_is_on_its_way_drops_its_answer(seen):
    u = seen["undoRace"]
    assert u["before"] == 1 and u["undone"] == 1 and u["afterUndo"] == 0
    assert u["dropped"] == 0  # the computer's answer came back after the undo: not applied
    assert u["redone"] == 1 and u["after"] == 2  # redo, then the computer plays again
    assert u["computerAccepted"] == 1
    assert u["failures"] == []


def test_a_turns_answer_for_a_game_left_is_dropped(seen):
    s = seen["staleTurn"]
    assert s["humanTurns"] == 1 and s["forB"] and s["aClosed"]


def test_a_deal_overtaken_by_another_is_dropped(seen):
    d = seen["deals"]
    assert d["first"] is None and d["second"] and d["seed"] == 32 and d["humanTurns"] == 1


def test_a_refused_move_is_thrown_and_the_turn_offered_again(seen):
    r = seen["refusal"]
    assert r["refused"] == "illegal_move"
    assert r["moves"] == 0 and not r["busy"]
    assert r["offeredAgain"] == [r["seat"], r["seat"]]


def test_the_engine_restarting_under_a_computers_move_and_a_humans(seen):
    r = seen["restart"]
    assert r["failed"] == [{"during": "computer", "seat": 0, "code": "restarted", "down": True}]
    assert r["newWorker"] and r["moves"] == 1 and r["humans"] == 1
    # the human's move was on its way: thrown to the page (which recovers), nothing applied
    assert r["moveCode"] == "restarted" and r["movesAfter"] == 1
    assert r["offeredAgain"] == 0 and not r["busy"]


def test_the_turn_clock_plays_for_a_silent_seat_and_hands_it_to_a_computer(seen):
    c = seen["clock"]
    # each person's time ran out: the engine's move, marked in the moves and the record
    assert c["clocked"] == [True, True, True] and c["recorded"] == [True, True, True]
    assert c["accepted"] == [0, 1, 0]
    assert c["timed"] == [[0, 150], [1, 150], [0, 150]]
    # seat 0's second clock move in a row: a computer plays it until its player acts again
    assert c["away"] == [0] and c["missed"] == {"0": 2, "1": 1}
    # the seat's own move, chosen before the clock played it: dropped
    assert c["late"] is None and c["stopped"] is None


def test_a_page_may_stop_after_one_move(seen):
    o = seen["oneMove"]
    assert o["played"] and o["moves"] == 1 and o["askedAfter"] == 0 and not o["busy"]
    assert o["humanTurns"] == 1


def test_the_course_variant_plays_through_the_same_loop_with_its_own_session(seen):
    c = seen["course"]
    assert [e["phase"] for e in c["over"]] == ["over"] and c["ranking"]
    assert c["humanPhases"] == ["opening", "turn"] and c["computerTurns"] > 0
    assert c["failures"] == []
    # only the course's own operations: never the classic game's
    assert {"legal_moves", "bot_move", "play"}.isdisjoint(c["ops"])
    assert {"course_legal_moves", "course_bot_move", "course_play"} <= set(c["ops"])
