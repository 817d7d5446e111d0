"""Small builders shared by the engine tests: hand-made positions and games."""

from __future__ import annotations

import random
from typing import Any

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
