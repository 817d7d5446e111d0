"""The game as a state machine: start marks, turns, draws and the dragon tile,
eliminations, results.

A :class:`Game` is mutable and fast (plain lists and ints, no copies per
move); positions and records (:mod:`tsuro_core.notation`) are its immutable
JSON values.  The methods follow RULES.md step by step:

- :meth:`Game.choose_start`                  Setup 3: start marks in turn order
- :meth:`Game.legal_placements`              Turn 1: the forced self-elimination rule
- :meth:`Game.place_tile` / :meth:`_move_markers`  Turn 2: following paths, edge and collision
- :meth:`Game.exchange`                      Turn 3: the elimination bonus option
- :meth:`_after_play`                        Turn 3-4: returned tiles, dragon, draw, next turn
- :meth:`_end`                               The end: who wins

The steps after a tile is down (returned tiles, the dragon, the draw, the
next player, the winners and scores) are functions in :mod:`tsuro_core.steps`,
shared with the bots' play-outs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations
from math import comb, perm
from typing import Any, Literal

from . import steps
from .board import LOOP, follow, geometry, trace
from .errors import TsuroError
from .jsonin import is_whole, show
from .rules import PRESETS, Rules, RulesError
from .shapes import (
    ExchangeMove,
    ExchangeOffer,
    GameEvent,
    LegalMove,
    LegalMoves,
    MarkerPath,
    Move,
    Outcome,
    OutcomeOut,
    OutEvent,
    PathStep,
    Phase,
    Place,
    Player,
    TileMove,
)
from .tiles import CANONICAL, CONN, DISTINCT, PORT_NAMES, TILE_COUNT

Event = GameEvent
Placement = tuple[int, int]
"""A tile placement: (tile index, quarter turns clockwise)."""
Exchange = tuple[tuple[int, int], ...]
"""An elimination-bonus exchange: ((give, take), ...), gives ascending."""

MAX_LISTED_EXCHANGES = 1000
"""Exchanges are listed one by one up to this many (a classic game offers at
most 343); beyond it, only by what may be given and taken (exchange_offer)."""

MOVE_FIELDS: dict[str, frozenset[str]] = {
    "start": frozenset({"start"}),
    "tile": frozenset({"tile", "rot"}),
    "exchange": frozenset({"exchange"}),
}
"""The fields of each kind of move (any of them may carry a record's ``reshuffle`` too,
and ``"clock": true``, a move the turn clock played: clock.py); a move with another field
is refused, as every other input with a field it does not use."""


def phase_of(
    turn: int | None, pending: Sequence[int] | None, markers: Sequence[int | None]
) -> Phase:
    """The phase of a game (or a player's view of one): over, an elimination-bonus
    exchange, a start-mark choice, or a tile to play."""
    if turn is None:
        return "over"
    if pending is not None:
        return "exchange"
    if markers[turn] is None:
        return "start"
    return "tile"


class IllegalMove(TsuroError, ValueError):
    """A move that the rules do not allow in this position."""


class Game:
    """One game of Tsuro in progress.  Seats are 0..n-1 in turn order."""

    def __init__(
        self,
        rules: Rules,
        players: list[Player],
        hands: list[list[int]],
        pile: list[int],
        rng: random.Random | None = None,
    ) -> None:
        """A new game at its first start-mark choice, from a deal already made."""
        n = len(players)
        if not rules.min_players <= n <= rules.max_players:
            raise RulesError(
                f"players: {rules.preset} is for {rules.min_players}-"
                f"{rules.max_players} players, got {n}"
            )
        if len(hands) != n:
            raise RulesError(f"deal.hands: expected {n} hands, got {len(hands)}")
        self.rules = rules
        self.players = [p.copy() for p in players]
        self.n = n
        self.geo = geometry(rules.width, rules.height)
        self.nxt = self.geo.next
        self.cells = self.geo.new_cells()
        self.placed: list[tuple[int, int, int]] = []
        self.markers: list[int | None] = [None] * n
        self.hands = [list(h) for h in hands]
        self.pile = list(pile)
        self.dragon: int | None = None
        self.out: list[int] = []
        self.alive = [True] * n
        self.turn: int | None = 0
        self.pending: list[int] | None = None
        self.winners: list[int] | None = None
        self.rng = rng
        self.moves: list[Move] = []
        self.eliminations: list[tuple[int, int, str]] = []
        self.deal: tuple[list[list[int]], list[int]] | None = (
            [list(h) for h in hands],
            list(pile),
        )

    # ----------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        players: list[Player] | int = 2,
        seed: int | str | None = None,
    ) -> Game:
        """A shuffled, dealt game (Setup 1-2).  The seed fixes the deal and every
        later shuffle; without one, the system's randomness is used."""
        rules = rules or PRESETS["classic"]
        players = default_players(players) if isinstance(players, int) else players
        rng = random.Random(seed) if seed is not None else random.Random()
        pile = list(range(TILE_COUNT))
        rng.shuffle(pile)
        hands: list[list[int]] = [[] for _ in players]
        for _ in range(rules.hand_size):  # one tile at a time, seat 0 first
            for seat in range(len(players)):
                if pile:
                    hands[seat].append(pile.pop(0))
        game = cls(rules, players, hands, pile, rng)
        game.seed = seed
        return game

    seed: int | str | None = None
    """What the deal was shuffled with (a record names it); None if unseeded."""
    sketch = False
    """Continued from a position marked ``"sketch": true`` (notation.from_position):
    a lesson's or puzzle's, which no game need reach."""

    def copy(self) -> Game:
        """An independent copy (shallow lists; tiles are shared immutable tuples)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.players = [p.copy() for p in self.players]
        g.cells = self.cells[:]
        g.placed = self.placed[:]
        g.markers = self.markers[:]
        g.hands = [h[:] for h in self.hands]
        g.pile = self.pile[:]
        g.out = self.out[:]
        g.alive = self.alive[:]
        g.pending = None if self.pending is None else self.pending[:]
        g.winners = None if self.winners is None else self.winners[:]
        g.moves = self.moves[:]
        g.eliminations = self.eliminations[:]
        return g

    # ------------------------------------------------------------ queries

    @property
    def phase(self) -> Phase:
        """``"start"``, ``"tile"``, ``"exchange"`` or ``"over"``."""
        return phase_of(self.turn, self.pending, self.markers)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.turn is None

    def place_json(self, code: int | None) -> Place | None:
        """A place code as NOTATION's ``[x, y, port]`` (None stays None)."""
        return None if code is None else self.place_of(code)

    def place_of(self, code: int) -> Place:
        """A place code as NOTATION's ``[x, y, port]``."""
        x, y, p = self.geo.xyp(code)
        return [x, y, PORT_NAMES[p]]

    def legal_starts(self) -> list[int]:
        """Start marks still free: on the edge, no marker on that exact mark, no tile there."""
        return steps.free_starts(self.geo.start_marks, self.markers, self.cells)

    def _active_seat(self) -> int:
        """The seat to move; IllegalMove once the game is over."""
        if self.turn is None:
            raise IllegalMove("the game is over: nobody is to move")
        return self.turn

    def _active_marker(self) -> tuple[int, int]:
        """The seat to move and the place of its marker (which the tile goes in front of)."""
        seat = self._active_seat()
        code = self.markers[seat]
        if code is None:
            raise IllegalMove(f"seat {seat}'s marker is not on the board yet: it chooses a start")
        return seat, code

    def placements(self) -> list[Placement]:
        """Every distinct placement of every tile in the active player's hand."""
        return [(t, q) for t in self.hands[self._active_seat()] for q in DISTINCT[t]]

    def legal_placements(self) -> list[Placement]:
        """The placements the active player may make (Turn 1).

        A placement is self-eliminating if it would take the player's own
        marker off the board (to the edge, or through a collision, which also
        ends at the edge).  It is legal only if every placement is.  There are
        none while no marker stands ready for a tile (the game is over, or the
        active player has yet to choose its start).
        """
        turn = self.turn
        if turn is None:
            return []
        code = self.markers[turn]
        if code is None:
            return []
        cell = code >> 3
        cells, nxt, on_board = self.cells, self.nxt, self.geo.on_board
        safe: list[Placement] = []
        every: list[Placement] = []
        for t in self.hands[turn]:
            conns = CONN[t]
            for q in DISTINCT[t]:
                cells[cell] = conns[q]
                end = follow(cells, nxt, code)
                every.append((t, q))
                if end != LOOP and on_board[end >> 3]:
                    safe.append((t, q))
        cells[cell] = None
        return safe or every

    def _keeps_marker_on(self, code: int, tile: int, q: int) -> bool:
        """Whether placing this tile in front of the active marker (at ``code``)
        leaves it on the board (then it is legal whatever else is in hand)."""
        cell = code >> 3
        self.cells[cell] = CONN[tile][q]
        end = follow(self.cells, self.nxt, code)
        self.cells[cell] = None
        return end != LOOP and self.geo.on_board[end >> 3]

    def legal_exchanges(self) -> list[Exchange]:
        """Every exchange the active player may make after eliminating opponents
        (elimination bonus): any tiles in hand for as many of theirs."""
        hand = sorted(self.hands[self._active_seat()])
        pool = sorted(t for s in self.pending or () for t in self.hands[s])
        result: list[Exchange] = []
        for k in range(min(len(hand), len(pool)) + 1):
            for gives in combinations(hand, k):
                for takes in permutations(pool, k):
                    result.append(tuple(zip(gives, takes)))
        return result

    def exchange_offer(self) -> ExchangeOffer:
        """What an elimination-bonus exchange may swap: ``{give, take, count}``, the
        tiles in hand, the eliminated players' tiles and how many exchanges there
        are (any k distinct gives, each for a distinct take), counted, not listed."""
        give = sorted(self.hands[self._active_seat()])
        take = sorted(t for s in self.pending or () for t in self.hands[s])
        count = sum(
            comb(len(give), k) * perm(len(take), k) for k in range(min(len(give), len(take)) + 1)
        )
        return {"give": give, "take": take, "count": count}

    def listed_exchanges(self) -> list[Exchange] | None:
        """:meth:`legal_exchanges`, or None when there are more than
        MAX_LISTED_EXCHANGES of them (hands of 4-6): then they are told only by
        :meth:`exchange_offer`, what may be given and taken.  Every caller that
        lists exchanges (the API, the command line, the bots) asks here."""
        if self.exchange_offer()["count"] > MAX_LISTED_EXCHANGES:
            return None
        return self.legal_exchanges()

    def legal_moves(self) -> list[Move]:
        """Every legal move in NOTATION form, each distinct move once (every
        exchange, however many: :meth:`listed_exchanges` caps them)."""
        phase = self.phase
        if phase == "start":
            return [{"start": self.place_of(c)} for c in self.legal_starts()]
        if phase == "tile":
            return [{"tile": t, "rot": q * 90} for t, q in self.legal_placements()]
        if phase == "exchange":
            return [_exchange_move(ex) for ex in self.legal_exchanges()]
        return []

    def move_options(self, every: bool = False) -> LegalMoves:
        """The active player's moves with what each does, as the API's ``legal_moves``
        answers them (docs/api.md): ``{phase, turn, moves}``.  In the tile phase each
        entry is a placement with its :meth:`outcome`, whether it is ``legal`` and
        whether it is ``forced`` (Turn 1: every legal placement eliminates the mover);
        ``every`` lists the illegal self-eliminating placements too.  In the exchange
        phase ``exchange`` is the :meth:`exchange_offer` and the moves are listed
        only up to MAX_LISTED_EXCHANGES (:meth:`listed_exchanges`)."""
        phase, turn = self.phase, self.turn
        moves: list[LegalMove] = []
        if phase == "exchange":
            moves = [{"move": _exchange_move(ex)} for ex in self.listed_exchanges() or []]
            return {"phase": phase, "turn": turn, "exchange": self.exchange_offer(), "moves": moves}
        if phase != "tile":
            return {
                "phase": phase,
                "turn": turn,
                "moves": [{"move": m} for m in self.legal_moves()],
            }
        legal = self.legal_placements()  # in hand order, like placements()
        shown = self.placements() if every else legal
        outcomes = {p: self.outcome(*p) for p in shown}  # each traced once
        forced = all(outcomes[p]["self_eliminating"] for p in legal)
        legal_set = set(legal)
        for t, q in shown:
            outcome = outcomes[(t, q)]
            moves.append(
                {
                    "move": {"tile": t, "rot": q * 90},
                    "legal": (t, q) in legal_set,
                    "self_eliminating": outcome["self_eliminating"],
                    "paths": outcome["paths"],
                    "out": outcome["out"],
                    "forced": forced,
                }
            )
        return {"phase": phase, "turn": turn, "moves": moves}

    # ------------------------------------------------------------- moves

    def play(self, move: object, reshuffle: list[int] | None = None) -> list[Event]:
        """Play a move in NOTATION form; returns the events to animate.

        ``reshuffle`` (or the move's own ``"reshuffle"`` key) gives the pile's
        order after eliminated players' tiles are shuffled in, as records do.
        """
        if not isinstance(move, dict):
            raise IllegalMove("a move must be an object: {start}, {tile, rot} or {exchange}")
        if "clock" in move:
            if move["clock"] is not True:
                raise IllegalMove(f"clock must be true, got {show(move['clock'])}")
            mover = self.turn
            if mover is None:
                raise IllegalMove("the game is over")
            events = self.play({k: v for k, v in move.items() if k != "clock"}, reshuffle)
            self.moves[-1]["clock"] = True
            return [{"type": "clock", "seat": mover}, *events]
        if reshuffle is None and "reshuffle" in move:
            given = move["reshuffle"]
            if not isinstance(given, list) or not all(is_whole(t) for t in given):
                raise IllegalMove("reshuffle must be a list of tile indices")
            reshuffle = given
        if reshuffle is not None or self.rng is None:
            # Some errors (a wrong reshuffle) show only after the tile is down: keep a
            # copy so that a refused move leaves the game exactly as it was.
            backup = self.copy()
            try:
                return self._dispatch(move, reshuffle)
            except IllegalMove:
                self.__dict__.update(backup.__dict__)
                raise
        return self._dispatch(move, reshuffle)

    def _dispatch(self, move: dict[str, Any], reshuffle: list[int] | None) -> list[Event]:
        kind = next((k for k in MOVE_FIELDS if k in move), None)
        if kind is not None:
            unused = sorted(set(move) - MOVE_FIELDS[kind] - {"reshuffle"}, key=str)
            if unused:
                raise IllegalMove(f"a {kind} move has no field {show(unused[0])}")
        if "start" in move:
            return self.choose_start(self._parse_place(move["start"]), reshuffle)
        if "tile" in move:
            tile, rot = move["tile"], move.get("rot", 0)
            if not is_whole(tile) or not 0 <= tile < TILE_COUNT:
                raise IllegalMove(f"tile must be a tile index 0..34, got {show(tile)}")
            if not is_whole(rot) or rot not in (0, 90, 180, 270):
                raise IllegalMove(f"rot must be 0, 90, 180 or 270, got {show(rot)}")
            return self.place_tile(tile, rot // 90, reshuffle)
        if "exchange" in move:
            pairs = move["exchange"]
            if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(is_whole(v) for v in p) for p in pairs
            ):
                raise IllegalMove("exchange must be a list of [give, take] tile pairs")
            return self.exchange([(g, t) for g, t in pairs], reshuffle)
        raise IllegalMove("unknown move: expected a 'start', 'tile' or 'exchange' key")

    def _parse_place(self, value: Any) -> int:
        if not (isinstance(value, list) and len(value) == 3):
            raise IllegalMove(f"a place is [x, y, port], got {show(value)}")
        x, y, port = value
        if isinstance(port, str) and len(port) == 1 and port.upper() in PORT_NAMES:
            port = PORT_NAMES.index(port.upper())
        if not (
            is_whole(x)
            and is_whole(y)
            and is_whole(port)
            and 0 <= port < 8
            and self.geo.contains(x, y)
        ):
            raise IllegalMove(f"not a place on this board: {show(value)}")
        return self.geo.code(x, y, port)

    def _expect(self, phase: str) -> int:
        """The seat to move, if the game is in ``phase`` (never "over"); else IllegalMove."""
        turn = self.turn
        if turn is None or phase_of(turn, self.pending, self.markers) != phase:
            raise IllegalMove(
                f"it is not time for that move: the game is in its {self.phase!r} phase"
            )
        return turn

    def choose_start(self, code: int, reshuffle: list[int] | None = None) -> list[Event]:
        """Setup 3: the active player puts its marker on a free start mark."""
        seat = self._expect("start")
        if reshuffle is not None:
            raise IllegalMove("a start-mark move shuffles nothing; it cannot carry a reshuffle")
        if code not in self.legal_starts():
            raise IllegalMove(
                f"{self.place_json(code)} is not a free start mark "
                "(a port on the board's outer edge with no marker on it)"
            )
        self.markers[seat] = code
        self.moves.append({"start": self.place_of(code)})
        events: list[Event] = [{"type": "start", "seat": seat, "place": self.place_of(code)}]
        after = steps.next_to_start(self.markers, self.alive, seat)
        if after is not None:
            self.turn = after
            return events
        self.turn = self.n - 1  # everyone placed: seat 0 starts
        self._next_turn(self.n - 1, events)
        return events

    def place_tile(
        self, tile: int, quarter_turns: int, reshuffle: list[int] | None = None
    ) -> list[Event]:
        """Turn 1-4: play a tile in front of the active marker, move the markers,
        deal with eliminated players' tiles, draw, and pass the turn."""
        active = self._expect("tile")
        code = self.markers[active]
        assert code is not None  # the tile phase: the active marker is on the board
        q = CANONICAL[tile][quarter_turns % 4]
        if tile not in self.hands[active]:
            raise IllegalMove(f"tile {tile} is not in seat {active}'s hand {self.hands[active]}")
        if not self._keeps_marker_on(code, tile, q) and (tile, q) not in self.legal_placements():
            raise IllegalMove(
                f"tile {tile} at {q * 90} sends seat {active}'s own marker off "
                "the board, and another placement keeps it on: a player may "
                "eliminate itself only when every placement would"
            )
        cell = code >> 3
        self.cells[cell] = CONN[tile][q]
        self.hands[active].remove(tile)
        self.placed.append((cell, tile, q))
        x, y = self.geo.xy(cell)
        move: TileMove = {"tile": tile, "rot": q * 90}
        self.moves.append(move)
        events: list[Event] = [
            {"type": "place", "seat": active, "tile": tile, "rot": q * 90, "square": [x, y]}
        ]
        eliminated = self._move_markers(active, code, events)
        if self._game_over_after_moving(eliminated, events):
            if reshuffle is not None:
                raise IllegalMove(
                    "this move ends the game, so nothing is shuffled; it cannot carry a reshuffle"
                )
            return events
        if eliminated and self._bonus_applies(active, eliminated):
            self.pending = [s for s in eliminated if self.hands[s]]
            if reshuffle is not None:
                raise IllegalMove(
                    "the elimination bonus exchange comes first: the "
                    "reshuffle belongs on the exchange move"
                )
            events.append(
                {
                    "type": "exchange_offer",
                    "seat": active,
                    "tiles": sorted(t for s in self.pending for t in self.hands[s]),
                }
            )
            return events
        self._after_play(active, eliminated, move, reshuffle, events)
        return events

    def exchange(
        self, pairs: list[tuple[int, int]], reshuffle: list[int] | None = None
    ) -> list[Event]:
        """Turn 3, elimination bonus: swap tiles in hand for eliminated players' tiles."""
        active = self._expect("exchange")
        ex = tuple(sorted((g, t) for g, t in pairs))
        gives, takes = [g for g, _ in ex], [t for _, t in ex]
        pool = {t for s in self.pending or () for t in self.hands[s]}
        # Checked directly: listing every exchange can take millions of entries.
        if not (
            len(set(gives)) == len(gives)
            and set(gives) <= set(self.hands[active])
            and len(set(takes)) == len(takes)
            and set(takes) <= pool
        ):
            raise IllegalMove(
                f"exchange {show([list(p) for p in ex])} is not allowed: each "
                f"give must be a distinct tile of {sorted(self.hands[active])} and each take "
                "a distinct tile of the eliminated players' hands"
            )
        hand = self.hands[active]
        for give, take in ex:
            owner = next(s for s in self.pending or () if take in self.hands[s])
            self.hands[owner].remove(take)
            self.hands[owner].append(give)
            hand.remove(give)
            hand.append(take)
        move: ExchangeMove = _exchange_move(ex)
        self.moves.append(move)
        events: list[Event] = [{"type": "exchange", "seat": active, "pairs": [list(p) for p in ex]}]
        eliminated, self.pending = self.pending or [], None
        self._after_play(active, eliminated, move, reshuffle, events)
        return events

    # ------------------------------------------------------ the rules' steps

    def _trace_moves(
        self, active: int, code: int
    ) -> list[tuple[int, list[tuple[int, int, int]], int, int | None]]:
        """Turn 2's paths, with a tile in front of the active marker (at ``code``):
        for every marker facing that square (the active player's first),
        ``(seat, path, end, collided_with)``."""
        cell = code >> 3
        moving = [(active, code)] + [
            (s, m)
            for s, m in enumerate(self.markers)
            if s != active and self.alive[s] and m is not None and m >> 3 == cell
        ]
        facing = {m: s for s, m in moving} if len(moving) > 1 else {}
        results = []
        for seat, start in moving:
            path, end = trace(self.cells, self.nxt, start)
            if end == LOOP:
                raise IllegalMove(
                    "a path on this board never ends (the position is not one "
                    "a real game can reach)"
                )
            # Collision: the path leaves the new tile where another moving marker stands.
            other = None
            if facing:
                other = next(
                    (
                        facing[(c << 3) | e]
                        for c, e_in, e in path
                        if c == cell and facing.get((c << 3) | e, seat) != seat
                    ),
                    None,
                )
            results.append((seat, path, end, other))
        return results

    def _move_markers(self, active: int, code: int, events: list[Event]) -> list[int]:
        """Turn 2: every marker facing the new tile (in front of the active marker,
        at ``code``) follows its path, the active player's first.  Returns the
        seats now out (ascending)."""
        results = self._trace_moves(active, code)
        moved = []
        for seat, path, end, _ in results:
            events.append(
                {
                    "type": "move",
                    "seat": seat,
                    "path": self._path_json(path),
                    "to": self.place_of(end),
                }
            )
            moved.append((seat, end))
        out = steps.settle(self.markers, self.alive, self.geo.on_board, moved)
        if not out:
            return out
        move_index = len(self.moves) - 1
        partner = {seat: other for seat, _, _, other in results}
        for seat in out:
            other = partner[seat]
            reason: Literal["edge", "collision"] = "edge" if other is None else "collision"
            self.out.append(seat)
            self.eliminations.append((seat, move_index, reason))
            event: OutEvent = {"type": "out", "seat": seat, "reason": reason}
            if other is not None:
                event["with"] = other
            events.append(event)
        return out

    def outcome(self, tile: int, q: int) -> Outcome:
        """What placing ``tile`` at ``q`` quarter turns in front of the active marker
        would do, without doing it (any tile, in hand or not): each moved marker's
        path and end, who would be out and why, and whether the mover eliminates
        itself.  For previews; the game is left as it was."""
        if self.phase != "tile":
            raise IllegalMove(f"no tile is played in the {self.phase!r} phase")
        active, code = self._active_marker()
        cell = code >> 3
        self.cells[cell] = CONN[tile][q]
        try:
            results = self._trace_moves(active, code)
        finally:
            self.cells[cell] = None
        on = self.geo.on_board
        paths: list[MarkerPath] = [
            {"seat": seat, "path": self._path_json(st), "to": self.place_of(end)}
            for seat, st, end, _ in results
        ]
        outs: list[OutcomeOut] = [
            {"seat": seat, "reason": "edge" if other is None else "collision"}
            for seat, _, end, other in sorted(results, key=lambda r: r[0])
            if not on[end >> 3]
        ]
        return {"self_eliminating": not on[results[0][2] >> 3], "paths": paths, "out": outs}

    def _game_over_after_moving(self, eliminated: list[int], events: list[Event]) -> bool:
        """Turn 2, last point: the game ends at once when at most one marker is
        left (in solo, when none is)."""
        if not steps.game_ends_now(self.alive):
            return False
        self._end(eliminated, events)
        return True

    def _bonus_applies(self, active: int, eliminated: list[int]) -> bool:
        """Whether the active player is offered the elimination bonus exchange."""
        return (
            self.rules.elimination_bonus
            and self.n >= 3
            and self.alive[active]
            and bool(self.hands[active])
            and any(s != active and self.hands[s] for s in eliminated)
        )

    def _after_play(
        self,
        active: int,
        eliminated: list[int],
        move: TileMove | ExchangeMove,
        reshuffle: list[int] | None,
        events: list[Event],
    ) -> None:
        """Turn 3-4 and the passing of the turn (the steps are in steps.py)."""
        if eliminated or reshuffle is not None:
            self._return_tiles(eliminated, move, reshuffle, events)
            self.dragon = steps.pass_dragon(
                self.dragon, eliminated, self.alive, self.hands, self.rules.hand_size, events
            )
        self.dragon = steps.draw(
            self.hands,
            self.pile,
            self.alive,
            active,
            self.dragon,
            self.rules.hand_size,
            self.n >= self.rules.dragon_from,
            events,
        )
        self._next_turn(active, events)

    def _return_tiles(
        self,
        eliminated: list[int],
        move: TileMove | ExchangeMove,
        reshuffle: list[int] | None,
        events: list[Event],
    ) -> None:
        """Turn 3: eliminated players' tiles are shuffled into the draw pile, by the
        game's generator or in the order a record gives (``reshuffle``)."""
        pile = steps.return_tiles(self.hands, self.pile, eliminated)
        if pile is None:
            if reshuffle is not None:
                raise IllegalMove(
                    "nothing was shuffled on this move (the eliminated players "
                    "held no tiles), so it cannot carry a reshuffle"
                )
            return
        returned = len(pile) - len(self.pile)
        if reshuffle is not None:
            if len(reshuffle) != len(pile) or Counter(reshuffle) != Counter(pile):
                raise IllegalMove(
                    f"reshuffle must be an order of exactly the pile and the "
                    f"returned tiles {sorted(pile)}, got {show(reshuffle)}"
                )
            pile = list(reshuffle)
        elif self.rng is not None:
            self.rng.shuffle(pile)
        else:
            raise IllegalMove(
                "eliminated players' tiles must be shuffled into the pile: "
                "the move needs a reshuffle (or the game a seed)"
            )
        self.pile = pile
        move["reshuffle"] = pile[:]
        events.append(
            {"type": "reshuffle", "returned": returned, "pile": len(pile), "order": pile[:]}
        )

    def _next_turn(self, active: int, events: list[Event]) -> None:
        """The next player still in the game with a tile, or the end."""
        turn = steps.next_turn(self.alive, self.hands, self.pile, active, events)
        if turn is None:
            self._end([], events)
        else:
            self.turn = turn

    def _end(self, out: list[int], events: list[Event]) -> None:
        """The end: who wins under the rule set's scoring (steps.winners; ``out``,
        the seats the final move put out, share the win if nobody is left)."""
        winners = steps.winners(
            self.rules.scoring, out, self.alive, self.cells, self.nxt, self.markers
        )
        self.winners = winners
        self.turn = None
        self.pending = None
        events.append({"type": "game_over", "winners": winners})

    # ------------------------------------------------------------ scores

    def trail(self, seat: int) -> list[tuple[int, int, int]]:
        """The steps of the path a seat's marker has travelled, from its start
        mark to where it stands (through the other's trail after a collision)."""
        return steps.trail(self.cells, self.nxt, self.markers[seat])

    def scores(self) -> list[int]:
        """Each seat's score under this rule set's scoring (path length by
        default; crossings for most_crossings; tiles placed in solo)."""
        return steps.scores(
            self.rules.scoring, self.cells, self.nxt, self.markers, len(self.placed)
        )

    def _path_json(self, path: list[tuple[int, int, int]]) -> list[PathStep]:
        xy = self.geo.xy
        return [[*xy(c), PORT_NAMES[a], PORT_NAMES[b]] for c, a, b in path]


def _exchange_move(ex: Exchange) -> ExchangeMove:
    """An exchange as a NOTATION move: ``{"exchange": [[give, take], ...]}``."""
    return {"exchange": [list(p) for p in ex]}


DEFAULT_COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


def default_players(n: int) -> list[Player]:
    """``n`` players named Player 1..n in the default colours."""
    if not 1 <= n <= len(DEFAULT_COLORS):
        raise RulesError(f"players: 1 to {len(DEFAULT_COLORS)} players, got {n}")
    return [{"name": f"Player {i + 1}", "color": DEFAULT_COLORS[i]} for i in range(n)]
