"""``planner``: determinized Monte Carlo search over the player's own view.

Draft: flat paired rollouts.  See docs/bots.md.
"""

from __future__ import annotations

import random
import time
from typing import Any, Optional

from ..board import geometry
from .base import Bot, Choice, View, exchange_move, register, tile_move
from .sim import Sim, playout
from .survivor import best_exchange, score_placements, score_starts

DEFAULT_BUDGET_MS = 200.0


@register
class Planner(Bot):
    """Samples the hidden tiles, plays each candidate out many times, keeps the best."""

    name = "planner"
    description = "looks ahead by sampling the tiles it cannot see"

    def choose_tile(self, view: View, rng: random.Random, budget_ms: Optional[float],
                    **options: Any) -> Choice:
        geo = geometry(view.rules.width, view.rules.height)
        pool = view.unseen()
        scored = score_placements(view.cells(), geo, view.markers, view.alive, view.seat,
                                  view.hand, pool, view.hand_sizes)
        safe = [s for s in scored if s[3]]
        cands = [(t, q) for _, t, q, _ in (safe or scored)]
        prior = {(t, q): s for s, t, q, _ in scored}
        return self._search(view, rng, budget_ms, options, cands, prior,
                            lambda sim, c: sim.place(*c), lambda c: tile_move(*c))

    def choose_start(self, view: View, rng: random.Random, budget_ms: Optional[float],
                     **options: Any) -> Choice:
        game = view.determinize(random.Random(0))
        scored = sorted(score_starts(view, game.legal_starts(), view.unseen()), reverse=True)
        top = scored[:options.get("start_candidates", 8)]
        prior = {c: s for s, c in scored}
        return self._search(view, rng, budget_ms, options, [c for _, c in top], prior,
                            lambda sim, c: sim.start(c), lambda c: {"start": view.place_json(c)})

    def choose_exchange(self, view: View, rng: random.Random, budget_ms: Optional[float],
                        **options: Any) -> Choice:
        return Choice(exchange_move(best_exchange(view)))

    def _search(self, view: View, rng: random.Random, budget_ms: Optional[float],
                options: dict[str, Any], cands: list[Any], prior: dict[Any, float],
                apply: Any, to_move: Any) -> Choice:
        t0 = time.perf_counter()
        if len(cands) == 1:
            return Choice(to_move(cands[0]), {"iterations": 0})
        budget = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        iterations = options.get("iterations")
        deadline = t0 + budget / 1000.0 if iterations is None else float("inf")
        limit = iterations if iterations is not None else 1 << 30
        seat = view.seat
        totals = {c: 0.0 for c in cands}
        done = 0
        while done < limit and time.perf_counter() < deadline:
            det_rng = random.Random(rng.getrandbits(64))
            game = view.determinize(det_rng)
            base = Sim.from_game(game, det_rng)
            roll_seed = rng.getrandbits(64)
            for c in cands:
                r = random.Random(roll_seed)
                sim = base.copy(r)
                apply(sim, c)
                playout(sim, r)
                totals[c] += sim.reward(seat)
            done += 1
        best = max(cands, key=lambda c: (totals[c], prior.get(c, 0.0)))
        return Choice(to_move(best), {"iterations": done,
                                      "value": round(totals[best] / max(done, 1), 3)})
