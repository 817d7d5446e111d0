"""The review page's bookkeeping in Node (tests/node/review_page.mjs runs
web/js/pages/review/kept.js and words.js on the engine's own review of a game): a kept
review is read back only for its game and budget, a damaged one is kept aside as it was
stored and never trusted, the newest of a kind are kept; the players' summaries count
the engine's verdicts and find the move that decided the game."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tsuro_core.api import call

SCRIPT = Path(__file__).resolve().parent / "review_page.mjs"
THREE = json.loads(
    (Path(__file__).resolve().parents[1] / "data/review/three-players.json").read_text()
)


@pytest.fixture(scope="module")
def out(site_assets) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    answer = call("review", {"record": THREE, "iterations": 4, "from": 0, "to": 30})
    assert answer["ok"], answer
    moves = [
        {
            k: m[k]
            for k in (
                "index",
                "seat",
                "phase",
                "move",
                "verdict",
                "played",
                "best",
                "best_move",
                "loss",
                "chances",
            )
        }
        for m in answer["result"]["moves"]
    ]
    case = {"record": THREE, "moves": moves, "scale": answer["result"]["scale"]}
    proc = subprocess.run(
        [node, str(SCRIPT), str(site_assets)],
        input=json.dumps(case),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return {**json.loads(proc.stdout), "moves": moves}


def test_a_kept_review_is_read_back_only_for_its_game_and_budget(out):
    assert out["written"] is True
    assert out["readBack"] == len(THREE["moves"])
    assert out["otherBudget"] is None and out["otherGame"] is None


def test_a_damaged_kept_review_is_kept_aside_never_trusted(out):
    for name, r in out["damaged"].items():
        assert r["review"] is None, name
        assert r["damaged"], name
        assert r["keptText"] is not None, name  # as it was stored, in the one list (storage.js)
        assert r["keptReason"] == r["damaged"], name  # why, as the page found it
        assert r["left"] is None, name  # no longer where the page reads
    assert out["damaged"]["notJson"]["keptText"] == "{oops"


def test_only_the_newest_records_reviews_are_kept(out):
    assert out["recordsKept"] == 12 and out["lastKept"]


def test_the_summaries_count_the_verdicts_and_find_the_deciding_move(out):
    moves, seats = out["moves"], len(THREE["players"])
    for seat, summary in enumerate(out["summaries"]):
        for verdict in ("inaccuracy", "mistake", "blunder"):
            want = sum(m["seat"] == seat and m["verdict"] == verdict for m in moves)
            assert summary["counts"][verdict] == want, (seat, verdict)
        # independently: the biggest swing of the seat's chances towards how it ended
        series = [1 / seats] + [m["chances"][seat] for m in moves]
        sign = 1 if series[-1] >= series[0] else -1
        swings = [(series[k] - series[k - 1]) * sign for k in range(1, len(series))]
        best = max(swings)
        if best >= 0.15:
            k = swings.index(best) + 1
            assert summary["decided"] == {"k": k, "from": series[k - 1], "to": series[k]}
            assert f"decided at move {k} " in out["lines"][seat]
        else:
            assert summary["decided"] is None
            assert "no single move decided" in out["lines"][seat]
    assert out["soFar"].endswith("so far.")
