"""Small builders shared by the engine tests: hand-made positions and games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tsuro_core import notation
from tsuro_core.game import Game
from tsuro_core.rules import PRESETS


def position(
    markers: list[list[Any] | None],
    hands: list[list[int]],
    *,
    pile: list[int] | None = None,
    tiles: list[list[int]] | None = None,
    turn: int | None = 0,
    dragon: int | None = None,
    out: list[int] | None = None,
    rules: Any = "classic",
    sketch: bool = False,
) -> dict[str, Any]:
    """A position in NOTATION form with players named by seat; ``sketch``: one no game
    need reach (a step of the rules shown on its own), marked as such."""
    pos = {
        "format": "tsuro-position/1",
        "rules": rules,
        "players": [
            {"name": f"P{i}", "color": c}
            for i, c in zip(
                range(len(markers)),
                ["red", "blue", "green", "yellow", "purple", "orange", "black", "white"],
            )
        ],
        "tiles": tiles or [],
        "markers": markers,
        "hands": hands,
        "pile": pile or [],
        "dragon": dragon,
        "out": out or [],
        "turn": turn,
    }
    if sketch:
        pos["sketch"] = True
    return pos


def game_from(**kwargs: Any) -> Game:
    """A Game from :func:`position`'s arguments."""
    markers = kwargs.pop("markers")
    hands = kwargs.pop("hands")
    return notation.from_position(position(markers, hands, **kwargs))


def play_random(seed: int, players: int = 4, rules: Any = None, on_move: Any = None) -> Game:
    """A whole seeded game of random legal moves; ``on_move(game, move, events)`` after each."""
    rng = random.Random(seed ^ 0x5EED)
    game = Game.new(rules or PRESETS["classic"], players, seed)
    while not game.over:
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        if on_move:
            on_move(game, move, events)
    return game


LESSONS = Path(__file__).resolve().parent.parent / "data" / "lessons"


def tutorial_lesson(key: str) -> dict[str, Any]:
    """The lesson file a board of the rules tutorial plays (data/lessons/tutorial-<key>.json)."""
    return json.loads((LESSONS / f"tutorial-{key}.json").read_text(encoding="utf-8"))


def tutorial_position(key: str) -> dict[str, Any]:
    """The position of a tutorial board whose lesson is one position (sections 1-6)."""
    return tutorial_lesson(key)["steps"][0]["position"]


def tutorial_fragment(key: str) -> str:
    """That position as a share link's fragment (p=...), for the game page."""
    return notation.encode_link(tutorial_position(key))


def tutorial_tool() -> Any:
    """tools/tutorial_links.py as a module: the tutorial's searches, CLAIMS and lesson writer."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "tools" / "tutorial_links.py"
    spec = importlib.util.spec_from_file_location("tutorial_links", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def node_script(script: Path) -> Any:
    """Run a Node script of tests/node (the front end's DOM-free modules, with stand-ins for the
    browser's storage) and read the JSON it prints; fails the test without Node 20."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    proc = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def answer(op: str, args: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer to one API request (tsuro_core.api.call), which must not be an error."""
    from tsuro_core.api import call

    r = call(op, args)
    assert r["ok"], r
    return r["result"]
