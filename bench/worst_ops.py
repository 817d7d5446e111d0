"""The engine's slowest answers to input it accepts or refuses (docs/reliability.md):
bot ops at their caps, a 17-million-exchange position, the issue's hostile link,
a deflate bomb, 500,000 levels of nesting.  Medians of 5 (and the max), with the
benchmark's baseline loop timed in the same run, so the ratios carry across
machines and load.

    PYTHONPATH=. python3 bench/worst_ops.py
"""

from __future__ import annotations

import base64
import json
import random
import statistics
import time
import zlib
from collections.abc import Callable
from typing import Any

from tsuro_core import api, notation
from tsuro_core.bench import _baseline_ops_per_s
from tsuro_core.game import Game
from tsuro_core.rules import parse_rules


def position(
    markers: list[Any], hands: list[list[int]], rules: Any, out: list[int], exchange: list[int]
) -> dict[str, Any]:
    return {
        "format": "tsuro-position/1",
        "rules": rules,
        "players": [{"name": f"P{i}"} for i in range(len(markers))],
        "tiles": [],
        "markers": markers,
        "hands": hands,
        "pile": [],
        "dragon": None,
        "out": out,
        "turn": 0,
        "exchange": exchange,
    }


def raw_link(kind: str, value: Any) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(value).encode()) + packer.flush()
    return f"{kind}=1{base64.urlsafe_b64encode(packed).decode().rstrip('=')}"


def tile_phase(rules: Any, players: int) -> dict[str, Any]:
    game = Game.new(parse_rules(rules), players, 5)
    rng = random.Random(1)
    while game.phase == "start":
        game.play(rng.choice(game.legal_moves()))
    return notation.to_position(game)


def timed(fn: Callable[[], Any], runs: int = 5) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times), max(times)


def main() -> None:
    baseline = _baseline_ops_per_s(5)
    big_board = tile_phase({"preset": "classic", "width": 12, "height": 12}, 2)
    eight = tile_phase("classic", 8)
    # 8 players, hands of 6: seat 0 may swap 5 tiles for any of 30 (over 17 million ways)
    huge = position(
        [[0, 2, "H"]] + [[-1, s % 6, "C"] for s in range(1, 7)] + [[5, 3, "C"]],
        [[0, 1, 2, 3, 4]] + [list(range(5 + 5 * k, 10 + 5 * k)) for k in range(6)] + [[]],
        {"preset": "classic", "hand_size": 6, "elimination_bonus": True},
        [1, 2, 3, 4, 5, 6],
        [1, 2, 3, 4, 5, 6],
    )
    # the issue's link: an exchange of 20 tiles against 15 (hands larger than the rules')
    hostile = raw_link(
        "p",
        position(
            [[0, 2, "H"], [-1, 0, "C"], [5, 3, "C"]],
            [list(range(20)), list(range(20, 35)), []],
            "elimination-bonus",
            [1],
            [1],
        ),
    )
    bomb = raw_link("r", {"pad": " " * (1 << 22)})
    deep = '{"op":"validate","args":{"position":' + "[" * 500_000
    rows = [
        (
            "hint, iterations 32, 12 x 12 board",
            lambda: api.call("hint", {"position": big_board, "iterations": 32, "seed": 1}),
        ),
        (
            "hint, iterations 32, 8 players",
            lambda: api.call("hint", {"position": eight, "iterations": 32, "seed": 1}),
        ),
        (
            "hint, budget_ms 500, 8 players",
            lambda: api.call("hint", {"position": eight, "budget_ms": 500, "seed": 1}),
        ),
        (
            "legal_moves, 17-million-exchange position",
            lambda: api.call("legal_moves", {"position": huge}),
        ),
        (
            "bot_move planner, same position",
            lambda: api.call("bot_move", {"position": huge, "iterations": 1}),
        ),
        (
            f"decode_link, the issue's link ({len(hostile)} chars)",
            lambda: api.call("decode_link", {"fragment": hostile}),
        ),
        (
            f"decode_link, deflate bomb ({len(bomb)} chars, 4 MiB inside)",
            lambda: api.call("decode_link", {"fragment": bomb}),
        ),
        ("handle_json, 500,000 levels deep", lambda: api.handle_json(deep)),
    ]
    print(f"baseline loop (10,000 additions): {baseline:,.0f} loops/s")
    for name, fn in rows:
        median, worst = timed(fn)
        print(
            f"{name:52s} median {median:7.1f} ms  max {worst:7.1f} ms  "
            f"= {median / 1000 * baseline:6.1f} baseline loops"
        )


if __name__ == "__main__":
    main()
