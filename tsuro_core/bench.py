"""The engine's speed: ``python -m tsuro_core bench``.

Three figures, each a median over repeated runs, plus a baseline loop
measured in the same run so figures from different machines compare:

- ``legal_moves_us``: :meth:`Game.legal_placements` for a 3-tile hand;
- ``random4_games_per_s``: whole random-legal 4-player classic games, every
  rule, the record and the events included;
- ``greedy2_games_per_s``: 2-player self-play where each player takes a
  placement that keeps it on the board and eliminates the most opponents;
- ``playouts4_per_s``: the planner's play-outs as it runs them (a sampled
  game, one candidate placed, played out to the end by the default policy)
  from 4-player mid-game positions.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from .board import follow
from .game import Game, Placement
from .rules import PRESETS
from .tiles import CONN


def random_game(seed: int, players: int = 4) -> Game:
    """A whole game where every seat plays a uniformly random legal move."""
    rng = random.Random(seed)
    game = Game.new(PRESETS["classic"], players, seed)
    while game.turn is not None:
        if game.markers[game.turn] is None:
            game.choose_start(rng.choice(game.legal_starts()))
        elif game.pending is not None:
            game.exchange([])
        else:
            tile, q = rng.choice(game.legal_placements())
            game.place_tile(tile, q)
    return game


def greedy_choice(game: Game, moves: list[Placement]) -> Placement:
    """The placement that eliminates the most opponents' markers (the rules
    already keep the mover on the board whenever they can)."""
    seat = game.turn
    assert seat is not None
    code = game.markers[seat]
    assert code is not None
    cell = code >> 3
    others = [
        m
        for s, m in enumerate(game.markers)
        if s != seat and game.alive[s] and m is not None and m >> 3 == cell
    ]
    if not others:
        return moves[0]
    best, best_kills = moves[0], -1
    cells, nxt, on = game.cells, game.nxt, game.geo.on_board
    for tile, q in moves:
        cells[cell] = CONN[tile][q]
        kills = sum(1 for m in others if not on[follow(cells, nxt, m) >> 3])
        if kills > best_kills:
            best, best_kills = (tile, q), kills
    cells[cell] = None
    return best


def greedy_game(seed: int) -> Game:
    """A 2-player game between two greedy players."""
    rng = random.Random(seed)
    game = Game.new(PRESETS["classic"], 2, seed)
    while game.turn is not None:
        if game.markers[game.turn] is None:
            game.choose_start(rng.choice(game.legal_starts()))
        else:
            game.place_tile(*greedy_choice(game, game.legal_placements()))
    return game


def _median_rate(fn: Callable[[int], object], count: int, rounds: int) -> float:
    rates = []
    seed = 0
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(count):
            fn(seed)
            seed += 1
        rates.append(count / (time.perf_counter() - t0))
    return statistics.median(rates)


def _legal_moves_us(rounds: int) -> float:
    """Median time of legal_placements over many mid-game positions with 3 tiles in hand."""
    positions: list[Game] = []
    seed = 10_000
    while len(positions) < 200:
        game = Game.new(PRESETS["classic"], 4, seed)
        rng = random.Random(seed)
        seed += 1
        while game.turn is not None and len(game.placed) < 12:
            if game.markers[game.turn] is None:
                game.choose_start(rng.choice(game.legal_starts()))
            else:
                if len(game.hands[game.turn]) == 3 and game.placed:
                    positions.append(game.copy())
                game.place_tile(*rng.choice(game.legal_placements()))
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for g in positions:
            g.legal_placements()
        samples.append((time.perf_counter() - t0) / len(positions) * 1e6)
    return statistics.median(samples)


def _playout_positions(count: int) -> list[Game]:
    """4-player classic games a few tiles in, at a tile move."""
    positions: list[Game] = []
    seed = 50_000
    while len(positions) < count:
        game, rng = Game.new(PRESETS["classic"], 4, seed), random.Random(seed)
        seed += 1
        while game.turn is not None and len(game.placed) < 8:
            if game.markers[game.turn] is None:
                game.choose_start(rng.choice(game.legal_starts()))
                continue
            if len(game.placed) >= 4 and rng.random() < 0.3:
                positions.append(game.copy())
                break
            game.place_tile(*rng.choice(game.legal_placements()))
    return positions


def _playouts_per_s(rounds: int, count: int) -> float:
    """Median rate of the planner's play-outs (planner.py's inner loop)."""
    from .bots import view_for
    from .bots.sim import Sim, playout

    views = [view_for(g, g.turn) for g in _playout_positions(count) if g.turn is not None]
    rates = []
    for r in range(rounds):
        rng = random.Random(r)
        done = 0
        t0 = time.perf_counter()
        for view in views:
            game = view.determinize(random.Random(rng.getrandbits(32)))
            base = Sim.from_game(game, random.Random(1))
            for tile, q in game.legal_placements():
                roll = random.Random(7)
                sim = base.copy(roll)
                sim.place(tile, q)
                playout(sim, roll)
                sim.reward(view.seat)
                done += 1
        rates.append(done / (time.perf_counter() - t0))
    return statistics.median(rates)


def _baseline_ops_per_s(rounds: int) -> float:
    """A fixed pure-Python loop, so figures can be compared across machines."""

    def loop(_: int) -> int:
        total = 0
        for i in range(10_000):
            total += i & 7
        return total

    return _median_rate(loop, 20, rounds)


def run(quick: bool = False) -> dict[str, float]:
    """Measure all figures; ``quick`` uses fewer repetitions (for tests)."""
    rounds = 3 if quick else 7
    return {
        "legal_moves_us": round(_legal_moves_us(rounds), 2),
        "random4_games_per_s": round(_median_rate(random_game, 20 if quick else 200, rounds), 1),
        "greedy2_games_per_s": round(_median_rate(greedy_game, 20 if quick else 300, rounds), 1),
        "playouts4_per_s": round(_playouts_per_s(rounds, 5 if quick else 40), 1),
        "baseline_loops_per_s": round(_baseline_ops_per_s(rounds), 1),
    }
