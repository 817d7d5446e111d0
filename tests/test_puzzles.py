"""Puzzles: every shipped puzzle still has exactly its one answer; the finder
tool finds such puzzles; the engine checks answers and gives hints."""

import json
from pathlib import Path

import pytest

from tools import find_puzzles
from tsuro_core import api, puzzles

DATA = Path(__file__).resolve().parents[1] / "data" / "puzzles.json"
SHIPPED = json.loads(DATA.read_text(encoding="utf-8"))


def test_enough_puzzles_of_every_kind_with_unique_ids():
    assert len(SHIPPED) >= 30
    assert len({p["id"] for p in SHIPPED}) == len(SHIPPED)
    kinds = {p["task"]["key"] for p in SHIPPED}
    assert kinds == {f"puzzle.task.{k}" for k in puzzles.KINDS}


@pytest.mark.parametrize("p", SHIPPED, ids=[p["id"] for p in SHIPPED])
def test_every_shipped_puzzle_has_exactly_its_one_answer(p):
    assert set(p) == {"id", "task", "position", "answer"}
    assert puzzles.solutions(p["position"], p["task"]) == [p["answer"]]
    # the answer is written as legal_moves lists it
    listed = [
        m["move"]
        for m in api.call("legal_moves", {"position": p["position"], "all": True})["result"][
            "moves"
        ]
    ]
    assert p["answer"] in listed
    check = api.call(
        "puzzle_check", {"position": p["position"], "task": p["task"], "move": p["answer"]}
    )
    assert check == {"ok": True, "result": {"correct": True, "legal": True, "unique": True}}


def test_wrong_answers_hints_and_bad_input():
    p = next(q for q in SHIPPED if q["task"]["key"] == "puzzle.task.survive")
    pos, task = p["position"], p["task"]
    turn = pos["turn"]
    wrong = next(
        m["move"]
        for m in api.call("legal_moves", {"position": pos, "all": True})["result"]["moves"]
        if m["move"] != p["answer"]
    )
    assert (
        api.call("puzzle_check", {"position": pos, "task": task, "move": wrong})["result"][
            "correct"
        ]
        is False
    )
    # an equivalent rotation of a symmetric answer counts; a tile not in hand is not legal
    not_in_hand = next(t for t in range(35) if t not in pos["hands"][turn])
    r = api.call(
        "puzzle_check", {"position": pos, "task": task, "move": {"tile": not_in_hand, "rot": 0}}
    )["result"]
    assert r["correct"] is False and r["legal"] is False
    assert api.call("puzzle_hint", {"position": pos, "task": task, "level": 1})["result"] == {
        "tile": p["answer"]["tile"]
    }
    assert (
        api.call("puzzle_hint", {"position": pos, "task": task, "level": 2})["result"]
        == p["answer"]
    )
    for args, code in [
        ({"position": pos, "task": {"key": "puzzle.task.fly"}, "move": wrong}, "bad_args"),
        ({"position": pos, "task": task}, "bad_args"),
        ({"position": pos, "task": task, "move": {"tile": 99, "rot": 0}}, "bad_args"),
        ({"position": {"format": "nope"}, "task": task, "move": wrong}, "bad_position"),
        (
            {
                "position": pos,
                "task": {
                    "key": "puzzle.task.eliminate",
                    "params": {"color": pos["players"][turn]["color"]},
                },
                "move": wrong,
            },
            "bad_args",
        ),
    ]:
        answer = api.call("puzzle_check", args)
        assert answer["ok"] is False and answer["error"]["code"] == code, (args, answer)
    assert (
        api.call("puzzle_hint", {"position": pos, "task": task, "level": 3})["error"]["code"]
        == "bad_args"
    )


def test_the_tool_finds_unique_puzzles_on_a_small_run_the_same_each_time(tmp_path):
    out = tmp_path / "p.json"
    assert (
        find_puzzles.main(["--games", "2", "--seed", "5", "--per-kind", "3", "--out", str(out)])
        == 0
    )
    found = json.loads(out.read_text())
    assert found, "two games of each size should hold at least one puzzle"
    for p in found:
        assert puzzles.solutions(p["position"], p["task"]) == [p["answer"]]
    assert found == find_puzzles.search(2, 5, 3)
