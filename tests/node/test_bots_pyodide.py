"""The bots under Pyodide in Node: with fixed work they choose exactly what
they choose in CPython, and the planner keeps to its time budget there."""

from __future__ import annotations

import pytest

from tsuro_core import api, notation
from tsuro_core.bots import get_bot, view_for
from tsuro_core.game import Game
from tsuro_core.rules import PRESETS

pytestmark = pytest.mark.node


def _position() -> dict:
    game = Game.new(PRESETS["classic"], 4, 3)
    survivor = get_bot("survivor")
    k = 0
    while game.phase != "tile" or len(game.placed) < 4:
        game.play(survivor.choose(view_for(game, game.turn), seed=k).move)
        k += 1
    return notation.to_position(game)


def test_bots_choose_the_same_moves_in_pyodide(pyodide_node):
    pos = _position()
    start = notation.to_position(Game.new(PRESETS["classic"], 3, 5))
    requests = [
        {"op": "bot_move", "args": {"position": p, "bot": b, "seed": 7, "iterations": 6}}
        for p in (pos, start)
        for b in ("random", "survivor", "planner")
    ]
    requests.append({"op": "hint", "args": {"position": pos, "budget_ms": 300}})
    answers = pyodide_node(requests)
    for request, answer in zip(requests[:-1], answers):
        assert answer["ok"], answer
        assert (
            answer["result"]["move"] == api.call(request["op"], request["args"])["result"]["move"]
        )
    hint = answers[-1]["result"]
    # The planner stops on its own clock; the figure itself is the benchmark's
    # (bench/browser_bench.py).  Three budgets is far beyond any stall a loaded
    # machine gives a search that checks its clock, and far below one that does not.
    assert 0 < hint["thinking_ms"] < 3 * 300
    assert api.call("play", {"position": pos, "move": hint["move"]})["ok"]


def test_the_review_is_the_same_in_pyodide(pyodide_node):
    """The game review, a pure function of (record, seed, iterations), gives the
    same answer to the digit in Pyodide as in CPython."""
    import json
    from pathlib import Path

    record = json.loads(
        (Path(__file__).parent.parent / "data" / "review" / "three-players.json").read_text()
    )
    requests = [
        {
            "op": "review",
            "args": {"record": record, "seed": 3, "iterations": 4, "from": k, "to": k + 2},
        }
        for k in (0, 10, 26)
    ]
    answers = pyodide_node(requests)
    for request, answer in zip(requests, answers):
        assert answer["ok"], answer
        assert answer["result"] == api.call(request["op"], request["args"])["result"]
