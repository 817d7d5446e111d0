"""A lean game for the planner's look-ahead, on the same rules as game.py.

:class:`Game` records moves and events and checks every move; a search that
plays thousands of sampled games per second needs none of that.  A
:class:`Sim` holds only the lists the rules act on, moves markers with the
port-link table (no path following), and calls the same rule steps as
:class:`Game` (:mod:`tsuro_core.steps`: eliminations, returned tiles and
their shuffle, the dragon tile, the draw, the next turn, the free start
marks, the winners under the rule set's scoring), so that from the same
state and the same random generator it reaches the same state as
:class:`Game` (tests/test_bots.py checks this on whole games of every
preset and option).  The one simplification: an elimination-bonus
exchange is never taken inside a simulation (as if the player exchanged
nothing).

Used only on *sampled* games (:meth:`View.determinize`), never on the real
one.
"""

from __future__ import annotations

import random
from typing import Any

from ..game import Game
from ..steps import (
    draw,
    free_starts,
    game_ends_now,
    next_to_start,
    next_turn,
    pass_dragon,
    return_tiles,
    settle,
    winners,
)
from ..tiles import CONN, TILE_COUNT
from .heuristics import TILE_ROTS, exit_of, link_place, link_table

SHARED_PENALTY = 4
"""How much the default policy dislikes ending on a square another marker faces
(worth four open exits): whoever moves there first decides both fates."""


class Sim:
    """The state of a game in flat lists; see the module docstring."""

    __slots__ = (
        "alive",
        "cells",
        "danger",
        "dragon",
        "full",
        "hands",
        "link",
        "markers",
        "n",
        "nxt",
        "on",
        "pile",
        "placed",
        "rng",
        "scoring",
        "starts",
        "turn",
        "winners",
        "with_dragon",
    )

    cells: list[Any]
    markers: list[Any]
    alive: list[bool]
    hands: list[list[int]]
    pile: list[int]
    dragon: int | None
    turn: Any  # the seat to move; None once the game is over
    n: int
    rng: random.Random
    winners: list[int] | None
    nxt: list[int]
    on: list[bool]
    full: int
    with_dragon: bool
    scoring: str
    placed: int  # tiles on the board (the solo score)
    starts: tuple[int, ...]
    danger: list[int]
    link: list[int]

    def __init__(self) -> None:
        self.winners = None

    @classmethod
    def from_game(
        cls,
        g: Game,
        rng: random.Random,
        link: list[int] | None = None,
        danger: list[int] | None = None,
    ) -> Sim:
        """A simulation of ``g``'s current state that shuffles with ``rng``.
        ``link`` (heuristics.link_table of ``g``'s board, copied here) and
        ``danger`` (:func:`danger_table`) may be passed to save computing them."""
        s = cls()
        s.cells = g.cells[:]
        s.markers = g.markers[:]
        s.alive = g.alive[:]
        s.hands = [h[:] for h in g.hands]
        s.pile = g.pile[:]
        s.dragon = g.dragon
        s.turn = g.turn
        s.n = g.n
        s.rng = rng
        s.winners = None if g.winners is None else g.winners[:]
        s.nxt = g.nxt
        s.on = g.geo.on_board
        s.full = g.rules.hand_size
        s.with_dragon = g.n >= g.rules.dragon_from
        s.scoring = g.rules.scoring
        s.placed = len(g.placed)
        s.starts = g.geo.start_marks
        s.danger = danger if danger is not None else danger_table(g)
        s.link = link[:] if link is not None else link_table(g.cells, g.nxt, g.geo.on_board)
        return s

    def copy(self, rng: random.Random | None = None) -> Sim:
        """An independent copy (sharing the immutable tables)."""
        s = Sim.__new__(Sim)
        s.cells = self.cells[:]
        s.markers = self.markers[:]
        s.alive = self.alive[:]
        s.hands = [h[:] for h in self.hands]
        s.pile = self.pile[:]
        s.dragon = self.dragon
        s.turn = self.turn
        s.n = self.n
        s.rng = rng if rng is not None else self.rng
        s.winners = None if self.winners is None else self.winners[:]
        s.nxt, s.on, s.full = self.nxt, self.on, self.full
        s.with_dragon, s.scoring, s.placed = self.with_dragon, self.scoring, self.placed
        s.starts, s.danger = self.starts, self.danger
        s.link = self.link[:]
        return s

    # -------------------------------------------------------------- moves

    def place(self, tile: int, q: int, moved: list[tuple[int, int]] | None = None) -> None:
        """The active player places ``tile`` at ``q`` quarter turns (legality is the
        caller's business); ``moved``, each moving marker's end (the mover's
        first) as the default policy works them out, saves working them out
        again.  The rules' steps are game.py's, from :mod:`tsuro_core.steps`."""
        a = self.turn
        markers, alive, hands = self.markers, self.alive, self.hands
        cell = markers[a] >> 3
        conn = CONN[tile][q]
        if moved is None:
            ends = self.link[cell << 3 : (cell << 3) + 8]
            moved = [(a, exit_of(conn, markers[a] & 7, ends, cell))]
            for s in range(self.n):
                if s != a and alive[s] and markers[s] is not None and markers[s] >> 3 == cell:
                    moved.append((s, exit_of(conn, markers[s] & 7, ends, cell)))
        self.cells[cell] = conn
        link_place(self.link, cell, conn)
        hands[a].remove(tile)
        self.placed += 1
        out = settle(markers, alive, self.on, moved)
        if out:
            if game_ends_now(alive):
                self._end(out)
                return
            pile = return_tiles(hands, self.pile, out)
            if pile is not None:
                self.rng.shuffle(pile)
                self.pile = pile
            self.dragon = pass_dragon(self.dragon, out, alive, hands, self.full)
        self.dragon = draw(hands, self.pile, alive, a, self.dragon, self.full, self.with_dragon)
        self._next_turn(a)

    def start(self, code: int) -> None:
        """The active player puts its marker on start mark ``code``."""
        self.markers[self.turn] = code
        after = next_to_start(self.markers, self.alive, self.turn)
        if after is None:
            self._next_turn(self.n - 1)
        else:
            self.turn = after

    def exchange(self, pairs: Any, offered: Any) -> None:
        """The active player's elimination-bonus exchange: each ``(give, take)``
        swaps a tile in hand for one held by the ``offered`` seats (the players
        just eliminated), then the turn ends as after any placement (game.py's
        exchange and _after_play).  For the review, which judges exchanges."""
        a = self.turn
        hands, offered = self.hands, list(offered)
        for give, take in sorted(pairs):
            owner = next(s for s in offered if take in hands[s])
            hands[owner].remove(take)
            hands[owner].append(give)
            hands[a].remove(give)
            hands[a].append(take)
        pile = return_tiles(hands, self.pile, offered)
        if pile is not None:
            self.rng.shuffle(pile)
            self.pile = pile
        self.dragon = pass_dragon(self.dragon, offered, self.alive, hands, self.full)
        self.dragon = draw(
            hands, self.pile, self.alive, a, self.dragon, self.full, self.with_dragon
        )
        self._next_turn(a)

    def _next_turn(self, active: int) -> None:
        turn = next_turn(self.alive, self.hands, self.pile, active)
        if turn is None:
            self._end([])
        else:
            self.turn = turn

    def _end(self, out: list[int]) -> None:
        """The end (``out``: the seats the final move put out)."""
        self.winners = winners(self.scoring, out, self.alive, self.cells, self.nxt, self.markers)
        self.turn = None

    # ----------------------------------------------------------- results

    def reward(self, seat: int) -> float:
        """What a finished simulation is worth to ``seat``, in [0, 1], by the rule
        set's scoring: in solo the share of the tiles placed (its score), else
        its share of the win (1/k of a k-way win; longest path and most
        crossings choose their winners by score)."""
        if self.n == 1:
            return self.placed / TILE_COUNT
        w = self.winners
        if not w or seat not in w:
            return 0.0
        return 1.0 / len(w)

    def free_starts(self) -> list[int]:
        """Start marks with no marker on them and no tile in front."""
        return free_starts(self.starts, self.markers, self.cells)


_DANGER: dict[tuple[int, int], list[int]] = {}


def danger_table(g: Game) -> list[int]:
    """Per cell: how many of its ports lie on the board's outer edge (0, 2 or 4;
    8 off the board).  Computed once per board size."""
    geo = g.geo
    key = (geo.width, geo.height)
    if key not in _DANGER:
        _DANGER[key] = [
            sum(1 for p in range(8) if geo.is_edge_port(*geo.xy(c), p)) if geo.on_board[c] else 8
            for c in range(geo.cell_count)
        ]
    return _DANGER[key]


# ------------------------------------------------------------ rollouts


def playout(sim: Sim, rng: random.Random, max_moves: int = 200) -> None:
    """Play the default policy until the game ends (or ``max_moves`` moves).

    The policy, for every player alike: a placement that keeps it on the board
    (the rules insist when one exists), preferring one that puts opponents
    out, then one whose new square has the most ports leading somewhere other
    than off the board (judged on the board before the tile, which is cheap
    and almost always the same); ties at random.  Start marks: at random,
    avoiding corners and squares another marker faces.
    """
    on, link, markers, alive, hands, n = sim.on, sim.link, sim.markers, sim.alive, sim.hands, sim.n
    uniform = rng.random  # int(uniform() * k): a fast randrange(k)
    while max_moves > 0:
        a = sim.turn
        if a is None:
            return
        max_moves -= 1
        code = markers[a]
        if code is None:
            free = sim.free_starts()
            taken = {m >> 3 for m in markers if m is not None}
            good = [c for c in free if (c >> 3) not in taken and sim.danger[c >> 3] < 4]
            choices = good or free
            sim.start(choices[int(uniform() * len(choices))])
            continue
        cell = code >> 3
        base = cell << 3
        ends = link[base : base + 8]
        port = code & 7
        others = []  # the other markers facing this square
        faced = set()  # the squares other markers face
        for s in range(n):
            m = markers[s]
            if s != a and alive[s] and m is not None:
                faced.add(m >> 3)
                if m >> 3 == cell:
                    others.append(s)
        best = -1 << 30
        picks: list[tuple[int, int, Any]] = []
        opened: dict[int, int] = {}
        for t in hands[a]:
            for q, conn in TILE_ROTS[t]:
                e = ends[conn[port]]
                while e >> 3 == cell:
                    e = ends[conn[e & 7]]
                c2 = e >> 3
                if on[c2]:
                    score = opened.get(c2)
                    if score is None:
                        b2 = c2 << 3
                        score = opened[c2] = [on[z >> 3] for z in link[b2 : b2 + 8]].count(True)
                    score -= on[link[e] >> 3]
                    if c2 in faced:
                        score -= SHARED_PENALTY
                else:
                    score = -1000
                moved: Any = e  # the mover's end; a list when others move
                if others:
                    moved = [(a, e)]
                    for s in others:
                        f = ends[conn[markers[s] & 7]]
                        while f >> 3 == cell:
                            f = ends[conn[f & 7]]
                        moved.append((s, f))
                        if not on[f >> 3]:
                            score += 100
                if score > best:
                    best = score
                    picks = [(t, q, moved)]
                elif score == best:
                    picks.append((t, q, moved))
        t, q, moved = picks[int(uniform() * len(picks))] if len(picks) > 1 else picks[0]
        sim.place(t, q, moved if others else [(a, moved)])
