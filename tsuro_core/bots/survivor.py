"""``survivor``: one-move lookahead with a judgement of where each move leaves it.

For every legal placement it works out where every marker on that square
goes (exactly, with the port-ends tables of heuristics.py) and scores:

- out of the game: worst of all, unless every opponent goes with it (a
  shared win); the rules already make this happen only when forced;
- every opponent out and itself still in: a win, best of all (under a
  ranked scoring, only if its score is then the best);
- otherwise the chance it can still move safely next turn (1 if a tile left
  in hand has a safe rotation at the new place, else the share of unseen
  tiles that do, since one of them will be drawn), discounted by the chance
  that an opponent facing the same square holds a tile that sends it off;
  plus the number of safe placements it keeps (options), the share of
  unseen tiles safe there, distance from the edge, opponents eliminated,
  and how badly the opponents it moved are placed; under longest path or
  most crossings, plus what the move adds to its own score.

In solo there is no opponent: it plays only to stay on (the score is the
tiles placed).

Start marks are scored the same way through the best first placement the
hand offers there, minus penalties for standing near other markers and in
corners.  Exchanges keep the tiles that are safest where it stands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .. import steps
from ..board import Geometry, geometry, trace
from .base import Bot, Choice, View, exchange_move, register, tile_move
from .heuristics import (
    TILE_ROTS,
    edge_distance,
    exchange_score,
    exit_of,
    is_corner,
    kill_fraction,
    place_safety,
    port_ends,
    square_distance,
)

TWO_STEP = True
W_FOLLOW = 40.0
W_GOAL = 20.0
"""Weight of each step (longest path) or crossing (most crossings) a move adds."""
LOSS = -1000.0
WIN = 10000.0


def score_view(view: View) -> list[tuple[float, int, int, bool]]:
    """:func:`score_placements` for the player whose view this is: its hand, the
    board, and the tiles it has not seen (never the hidden ones themselves)."""
    geo = geometry(view.rules.width, view.rules.height)
    return score_placements(
        view.cells(),
        geo,
        view.markers,
        view.alive,
        view.seat,
        view.hand,
        view.unseen(),
        view.hand_sizes,
        view.rules.scoring,
    )


def score_placements(
    cells: list[Any],
    geo: Geometry,
    markers: Sequence[int | None],
    alive: Sequence[bool],
    seat: int,
    hand: Sequence[int],
    pool: Sequence[int],
    hand_sizes: Sequence[int],
    scoring: str = "survival",
) -> list[tuple[float, int, int, bool]]:
    """``(score, tile, quarter_turns, safe)`` for every distinct placement of
    ``hand`` in front of ``seat``'s marker; higher is better; ``safe`` is whether
    the marker stays on the board.  ``pool`` is the tiles the
    player has not seen.  ``cells`` is left as it was.  Under a ranked
    ``scoring`` (longest path, most crossings) a placement that ends the game
    wins only with the best score, and each step (or crossing) the move adds
    to the marker's trail counts W_GOAL."""
    nxt, on = geo.next, geo.on_board
    stride, w, h = geo.stride, geo.width, geo.height
    code = markers[seat]
    assert code is not None
    cell, port = code >> 3, code & 7
    n = len(markers)
    others_here = [  # (seat, port) of the other markers facing this square
        (s, m & 7)
        for s, m in enumerate(markers)
        if s != seat and alive[s] and m is not None and m >> 3 == cell
    ]
    others_alive = sum(1 for s in range(n) if s != seat and alive[s])
    ends0 = port_ends(cells, nxt, cell)
    ranked = scoring in steps.RANKED
    results: list[tuple[float, int, int, bool]] = []
    for t in hand:
        rest = list(hand)
        rest.remove(t)
        for q, conn in TILE_ROTS[t]:
            mine = exit_of(conn, port, ends0, cell)
            moved = [(s, exit_of(conn, p, ends0, cell)) for s, p in others_here]
            kills = sum(1 for _, e in moved if not on[e >> 3])
            if not on[mine >> 3]:
                score = LOSS + 10.0 * kills + (500.0 if kills == others_alive else 0.0)
                results.append((score, t, q, False))
                continue
            if kills == others_alive and others_alive:
                score = WIN
                if ranked:  # the game ends: the best score wins
                    after = list(markers)
                    after[seat] = mine
                    for s, e in moved:
                        after[s] = e
                    cells[cell] = conn
                    final = steps.scores(scoring, cells, nxt, after, 0)
                    cells[cell] = None
                    if final[seat] < max(final):
                        score = LOSS + 600.0  # a lost game, still above going out
                results.append((score, t, q, True))
                continue
            cells[cell] = conn
            gain = _goal_gain(cells, nxt, code, scoring) if ranked else 0
            opts, frac, ends = place_safety(cells, nxt, on, mine, rest, pool)
            mcell, mport = mine >> 3, mine & 7
            # Opponents that will face my new square (moved there, or already there).
            where = {s: e for s, e in moved}
            threat_keep = 1.0
            bad = 0.0
            for s in range(n):
                if s == seat or not alive[s]:
                    continue
                m = where.get(s, markers[s])
                if m is None or not on[m >> 3]:
                    continue
                if m >> 3 == mcell:
                    kf = kill_fraction(mport, m & 7, ends, mcell, on, pool)
                    threat_keep *= (1.0 - kf) ** max(1, hand_sizes[s])
                if s in where:
                    _, f_o, _ = place_safety(cells, nxt, on, m, (), pool)
                    bad += 1.0 - f_o
            follow_up = _best_follow_up(cells, geo, mine, ends, rest, pool) if TWO_STEP else 0.0
            cells[cell] = None
            p_next = 1.0 if opts > 0 else frac
            score = (
                100.0 * p_next * threat_keep
                + 6.0 * min(opts, 4)
                + 25.0 * frac
                + 30.0 * kills
                + 4.0 * edge_distance(mcell, stride, w, h)
                + 15.0 * bad
                + W_FOLLOW * follow_up
                + W_GOAL * gain
            )
            results.append((score, t, q, True))
    return results


def _goal_gain(cells: list[Any], nxt: Sequence[int], code: int, scoring: str) -> int:
    """What a move adds to a ranked score: the steps (longest path) or crossings
    (most crossings) of the marker's path from ``code`` through the tiles now
    placed."""
    path, _ = trace(cells, nxt, code)
    if scoring == "longest_path":
        return len(path)
    return sum(steps.crossings(cells[c], e) for c, e, _ in path)


def _best_follow_up(
    cells: list[Any],
    geo: Geometry,
    code: int,
    ends: list[int],
    rest: Sequence[int],
    pool: Sequence[int],
) -> float:
    """The best share of unseen tiles safe at the place reached by the next
    placement of a tile still in hand (0 if none keeps the marker on)."""
    on = geo.on_board
    cell, port = code >> 3, code & 7
    best = 0.0
    for t in rest:
        for _, conn in TILE_ROTS[t]:
            nxt_code = exit_of(conn, port, ends, cell)
            if not on[nxt_code >> 3]:
                continue
            cells[cell] = conn
            _, frac, _ = place_safety(cells, geo.next, on, nxt_code, (), pool)
            cells[cell] = None
            best = max(best, frac)
    return best


def score_starts(view: View, codes: Sequence[int], pool: Sequence[int]) -> list[tuple[float, int]]:
    """``(score, start mark)`` for each free start mark: the best first placement
    the viewer's hand offers there, minus standing near others or in a corner."""
    geo = geometry(view.rules.width, view.rules.height)
    nxt, on = geo.next, geo.on_board
    stride, w, h = geo.stride, geo.width, geo.height
    cells = view.cells()
    hand = view.hand
    placed = [
        m >> 3
        for s, m in enumerate(view.markers)
        if s != view.seat and m is not None and view.alive[s]
    ]
    results = []
    for code in codes:
        cell, port = code >> 3, code & 7
        ends0 = port_ends(cells, nxt, cell)
        best = LOSS
        for t in hand:
            rest = list(hand)
            rest.remove(t)
            for _, conn in TILE_ROTS[t]:
                mine = exit_of(conn, port, ends0, cell)
                if not on[mine >> 3]:
                    continue
                cells[cell] = conn
                opts = 0
                ends = port_ends(cells, nxt, mine >> 3)
                for r in rest:
                    for _, c2 in TILE_ROTS[r]:
                        if on[exit_of(c2, mine & 7, ends, mine >> 3) >> 3]:
                            opts += 1
                cells[cell] = None
                value = (
                    100.0 * (opts > 0)
                    + 6.0 * min(opts, 4)
                    + 4.0 * edge_distance(mine >> 3, stride, w, h)
                )
                best = max(best, value)
        penalty = 0.0
        for other in placed:
            d = square_distance(cell, other, stride)
            penalty += {0: 60.0, 1: 15.0, 2: 5.0}.get(d, 0.0)
        if is_corner(cell, stride, w, h):
            penalty += 20.0
        results.append((best - penalty, code))
    return results


def best_exchange(view: View) -> Any:
    """The exchange after which the hand is safest where the marker stands."""
    game = view.determinize(random.Random(0))  # the offered tiles are visible
    geo = game.geo
    cells = view.cells()
    hand = list(view.hand)
    best: Any = ()
    best_score = exchange_score(hand, view.markers[view.seat], cells, geo.next, geo.on_board)
    listed = game.listed_exchanges()
    if listed is None:
        # Too many to try one by one; the score adds up tile by tile, so swapping the
        # weakest tiles in hand for the strongest offered ones while it gains is best.
        def score(t: int) -> float:
            return exchange_score([t], view.markers[view.seat], cells, geo.next, geo.on_board)

        gives = sorted(hand, key=score)
        takes = sorted(game.exchange_offer()["take"], key=score, reverse=True)
        return tuple(sorted((g, t) for g, t in zip(gives, takes) if score(t) > score(g)))
    for ex in listed:
        new = list(hand)
        for give, take in ex:
            new.remove(give)
            new.append(take)
        s = exchange_score(new, view.markers[view.seat], cells, geo.next, geo.on_board)
        if s > best_score:
            best, best_score = ex, s
    return best


def pick(scored: list[Any], rng: random.Random) -> Any:
    """The best-scored entry, ties broken by ``rng``."""
    top = max(s[0] for s in scored)
    return rng.choice([s for s in scored if s[0] >= top - 1e-9])


@register
class Survivor(Bot):
    """Avoids the edge, keeps options open, avoids squares opponents face, likes kills."""

    name = "survivor"
    description = "never walks off the board when it can help it; one-move lookahead"

    def choose_start(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """The start mark with the best first placement, away from others and corners."""
        game = view.determinize(random.Random(0))
        scored = score_starts(view, game.legal_starts(), view.unseen())
        top = max(s for s, _ in scored)
        code = rng.choice([c for s, c in scored if s >= top - 1e-9])
        return Choice({"start": view.place_json(code)}, {"score": round(top, 2)})

    def choose_tile(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """The legal placement with the best score."""
        scored = score_view(view)
        score, t, q, _ = pick(scored, rng)
        return Choice(tile_move(t, q), {"score": round(score, 2)})

    def choose_exchange(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """Take the offered tiles that are safest where the marker stands."""
        return Choice(exchange_move(best_exchange(view)))
