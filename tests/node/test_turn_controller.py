"""The front end's turn controllers (web/js/lib/turns/classic.js, turns/course.js) in Node, fed the
engine's real legal_moves answers: they play only the engine's legal moves, refuse
the others with the engine's reason, and ignore the player while a move is played
(tests/node/turn_controller.mjs holds the checks)."""

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

SCRIPT = Path(__file__).resolve().parent / "turn_controller.mjs"


def neu_turn_with_a_refusal() -> dict[str, Any]:
    """A course-variant turn whose options include one the rule checker refuses."""
    for seed in range(40):
        rng = random.Random(seed)
        pos = ok("neu_new_game", {"players": [{"name": f"P{i + 1}"} for i in range(3)]})["position"]
        while pos["phase"] != "over":
            options = ok("neu_legal_moves", {"position": pos})
            if options["phase"] == "turn" and not all(m["legal"] for m in options["moves"]):
                return {"position": pos, "legal": options}
            if options["phase"] == "opening":
                sq = rng.choice(options["squares"])
                move = {
                    "tile": options["handed"][0],
                    "rot": 0,
                    "square": sq["square"],
                    "port": rng.choice(sq["ports"])["port"],
                }
            else:
                move = rng.choice([m for m in options["moves"] if m["legal"]])["move"]
            pos = ok("neu_play", {"position": pos, "move": move})["position"]
    raise AssertionError("no course turn with a refused option in 40 games")


def test_turn_controllers_play_only_the_engines_legal_moves(site_assets):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    place = tutorial_position("place")
    start = ok("new_game", {"players": 3, "seed": 1})["position"]
    neu_start = ok("neu_new_game", {"players": [{"name": f"P{i + 1}"} for i in range(3)]})[
        "position"
    ]
    cases = {
        "tiles": ok("tiles", {})["tiles"],
        "classic_tile": {
            "position": place,
            "legal": ok("legal_moves", {"position": place, "all": True}),
        },
        "classic_start": {
            "position": start,
            "legal": ok("legal_moves", {"position": start, "all": True}),
        },
        "neu_opening": {
            "position": neu_start,
            "legal": ok("neu_legal_moves", {"position": neu_start}),
        },
        "neu_turn": neu_turn_with_a_refusal(),
    }
    proc = subprocess.run(
        [node, str(SCRIPT), str(site_assets)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.strip() == "ok (refusal checked)"
