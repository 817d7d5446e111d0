"""``planner``: Monte Carlo search over sampled games, from the player's own view.

Method (docs/bots.md has the why):

1. Candidates.  Tile phase: every legal placement (self-eliminating ones are
   dropped whenever a safe one exists, as the rules require).  Start phase:
   the 8 best start marks by the survivor's judgement.  Exchange phase: the
   survivor's choice (keep the tiles that are safest).
2. Sampling (determinization).  Each round deals the tiles the player has not
   seen (35 - board - own hand, - the other hands in open-hands games) at
   random into the opponents' hands (by their known sizes) and the pile:
   :meth:`View.determinize`.  The planner is given only a :class:`View`, so
   the real hidden tiles are not in its input at all.
3. Evaluation.  In each round every candidate still in the race is played
   in that same sampled game, then played out to the end by every player
   with the same quick default policy (sim.py: stay on, take kills, prefer
   squares with open exits), from the same random seed: *paired* samples,
   so a difference between two candidates is the move's, not the deal's.
   The default policy looks only at the mover's own hand and the board, so
   no simulated player, the planner's future self included, ever profits
   from the sampled hidden tiles (no "strategy fusion").
4. Racing.  Every 4 rounds (after 8), a candidate whose paired results trail
   the leader's by more than 2.5 standard errors is dropped, so the time goes
   to the moves that are close.
5. Budget.  Rounds continue until ``budget_ms`` (wall clock, less a 5 ms
   margin) runs out; an unfinished round is discarded.  The move with the
   best total share of wins is played (ties: the survivor's score).  With
   ``iterations=k`` instead, exactly k rounds are played and the move is a
   pure function of (view, seed, k).  With ``min_steps=n`` as well as the
   budget, rounds also continue past ``budget_ms`` until n steps of work are
   done (a tile placed in a play-out is a step; a play-out costs
   ``PLAYOUT_STEPS`` more and a round ``ROUND_STEPS``, the bookkeeping around
   them, so that steps follow CPU time: about 6 us each in CPython on the
   README's machine), but never past ``MAX_THINKING_MS``: a slow device, or a
   browser's engine before its compiler has warmed up, thinks longer instead
   of playing weaker (docs/bots.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from typing import TypeVar

from ..board import geometry
from .base import Bot, Choice, Move, View, exchange_move, register, tile_move
from .heuristics import link_table
from .sim import Sim, playout
from .survivor import best_exchange, score_starts, score_view

DEFAULT_BUDGET_MS = 200.0
SAFETY_MS = 5.0
"""Stop this much before the budget, for the reply's own overhead."""
MIN_ROUNDS = 8
"""Sampled games every candidate plays before any is dropped."""
RACE_Z = 2.5
"""How many standard errors behind the leader a candidate is dropped."""
PLAYOUT_STEPS = 2
"""A play-out's work besides its placements, in steps (one step: a tile placed in a
play-out; fitted to CPython's CPU time over 268 moves of 2-8 player games)."""
ROUND_STEPS = 3
"""A round's work besides its play-outs (a sampled deal, the copies), in steps."""
MAX_THINKING_MS = 2000.0
"""However many steps ``min_steps`` asks for, the search stops this long after the
move was asked for (the page's time limit is 10 s past the budget)."""

C = TypeVar("C", bound=Hashable)
"""A candidate: a placement (tile, quarter turns), a start mark's code, an exchange."""


@register
class Planner(Bot):
    """Samples the hidden tiles, plays each candidate out many times, keeps the best."""

    name = "planner"
    description = "looks ahead by sampling the tiles it cannot see"

    def choose_tile(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """The legal placement with the best share of wins over sampled games."""
        t0 = time.perf_counter()  # the budget covers the scoring too
        scored = score_view(view)
        safe = [s for s in scored if s[3]]
        cands = [(t, q) for _, t, q, _ in (safe or scored)]
        prior = {(t, q): s for s, t, q, _ in scored}
        return self._search(
            t0,
            view,
            rng,
            budget_ms,
            options,
            cands,
            prior,
            lambda sim, c: sim.place(*c),
            lambda c: tile_move(*c),
        )

    def choose_start(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """Of the survivor's 8 favourite start marks, the one with the best share
        of wins over sampled games (the heuristic alone cannot see whole games)."""
        t0 = time.perf_counter()
        game = view.determinize(random.Random(0))
        scored = sorted(score_starts(view, game.legal_starts(), view.unseen()), reverse=True)
        top = scored[: options.get("start_candidates", 8)]
        prior = {c: s for s, c in scored}
        return self._search(
            t0,
            view,
            rng,
            budget_ms,
            options,
            [c for _, c in top],
            prior,
            lambda sim, c: sim.start(c),
            lambda c: {"start": view.place_json(c)},
        )

    def choose_exchange(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """The survivor's exchange: rare (an option, 3+ players) and decided by which
        tiles are safe where the marker stands, so no search is spent on it."""
        return Choice(exchange_move(best_exchange(view)))

    def _search(
        self,
        t0: float,
        view: View,
        rng: random.Random,
        budget_ms: float | None,
        options: dict[str, int],
        cands: list[C],
        prior: dict[C, float],
        apply: Callable[[Sim, C], object],
        to_move: Callable[[C], Move],
    ) -> Choice:
        """Race the candidates over sampled games (module docstring); ``t0`` is
        when the move was asked for."""
        if len(cands) == 1:
            return Choice(to_move(cands[0]), {"iterations": 0, "candidates": 1})
        budget = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        iterations = options.get("iterations")
        deadline = t0 + max(budget - SAFETY_MS, 1.0) / 1000.0
        min_steps = options.get("min_steps") or 0
        cap = t0 + (max(budget, MAX_THINKING_MS) - SAFETY_MS) / 1000.0
        rewards, done = play_rounds(
            view,
            rng,
            cands,
            apply,
            iterations,
            None if iterations is not None else deadline,
            min_steps=min_steps,
            cap=cap,
        )
        counted = [c for c in cands if len(rewards[c]) == done] if done else cands
        best = max(counted, key=lambda c: (sum(rewards[c]), prior.get(c, 0.0)))
        value = sum(rewards[best]) / done if done else None
        return Choice(
            to_move(best),
            {
                "iterations": done,
                "candidates": len(cands),
                "value": None if value is None else round(value, 3),
            },
        )


def play_rounds(
    view: View,
    rng: random.Random,
    cands: list[C],
    apply: Callable[[Sim, C], object],
    rounds: int | None,
    deadline: float | None = None,
    keep: C | None = None,
    seen: Callable[[Sim], object] | None = None,
    min_steps: int = 0,
    cap: float | None = None,
) -> tuple[dict[C, list[float]], int]:
    """Steps 2-4 of the module docstring: sampled games, paired play-outs, racing.

    Plays ``rounds`` rounds (or until ``deadline``, a ``perf_counter`` time, and
    ``min_steps`` steps of work, but not past ``cap``: step 5; an unfinished
    round is discarded) and returns each candidate's rewards for the viewer,
    one per round it played, and the rounds done.  ``apply(sim, c)`` plays
    candidate ``c``.  The race never drops ``keep``, and ``seen(sim)`` is
    called with each of its finished play-outs (the review reads every seat's
    result there)."""
    seat = view.seat
    geo = geometry(view.rules.width, view.rules.height)
    link = link_table(view.cells(), geo.next, geo.on_board)
    active = list(cands)
    rewards: dict[C, list[float]] = {c: [] for c in cands}
    limit = rounds if rounds is not None else 1 << 30
    done = steps = 0
    while done < limit:
        det_rng = random.Random(rng.getrandbits(64))
        game = view.determinize(det_rng)
        base = Sim.from_game(game, det_rng, link)
        roll_seed = rng.getrandbits(64)
        row, sims = [], []
        steps += ROUND_STEPS
        for c in active:
            if deadline is not None:
                now = time.perf_counter()
                if now >= deadline and (steps >= min_steps or (cap is not None and now >= cap)):
                    return rewards, done  # an incomplete round is not counted
            r = random.Random(roll_seed)
            sim = base.copy(r)
            apply(sim, c)
            playout(sim, r)
            steps += sim.placed - base.placed + PLAYOUT_STEPS
            row.append(sim.reward(seat))
            if c == keep:
                sims.append(sim)
        for c, x in zip(active, row):
            rewards[c].append(x)
        if seen is not None:
            for sim in sims:
                seen(sim)
        done += 1
        if done >= MIN_ROUNDS and len(active) > 1 and done % 4 == 0:
            active = _race(active, rewards, done, keep)
    return rewards, done


def _race(
    active: list[C], rewards: dict[C, list[float]], done: int, keep: C | None = None
) -> list[C]:
    """Drop the candidates whose paired results, over the same sampled games and
    rollouts, are behind the leader's by more than RACE_Z standard errors
    (never ``keep``)."""
    leader = max(active, key=lambda c: sum(rewards[c][-done:]))
    lead = rewards[leader][-done:]
    kept = []
    for c in active:
        if c in (leader, keep):
            kept.append(c)
            continue
        diffs = [a - b for a, b in zip(lead, rewards[c][-done:])]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / (done - 1)
        if mean <= 0 or mean * mean * done <= RACE_Z * RACE_Z * max(var, 1e-9):
            kept.append(c)
    return kept
