"""``random``: a uniformly random legal move (the baseline every level must beat).

Note that the rules already forbid self-elimination when any placement
avoids it, so this player only ever leaves the board when it must.
"""

from __future__ import annotations

import random

from .base import Bot, Choice, View, exchange_move, register, tile_move


@register
class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"
    description = "plays any legal move at random"

    def choose_start(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """A random free start mark."""
        game = view.determinize(random.Random(0))  # legal moves need no hidden tile
        return Choice({"start": view.place_json(rng.choice(game.legal_starts()))})

    def choose_tile(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """A random legal placement."""
        game = view.determinize(random.Random(0))
        return Choice(tile_move(*rng.choice(game.legal_placements())))

    def choose_exchange(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """A random legal exchange (keeping the hand is one of them)."""
        game = view.determinize(random.Random(0))
        listed = game.listed_exchanges()
        if listed is None:  # too many to list: draw one directly
            offer = game.exchange_offer()
            k = rng.randint(0, min(len(offer["give"]), len(offer["take"])))
            pairs = zip(sorted(rng.sample(offer["give"], k)), rng.sample(offer["take"], k))
            return Choice(exchange_move(pairs))
        return Choice(exchange_move(rng.choice(listed)))
