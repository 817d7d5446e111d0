"""What every computer player shares: the player's view of a game, the bot
interface, and the registry of bots by name.

A bot never sees a :class:`~tsuro_core.game.Game`.  It sees a :class:`View`:
the board, the markers, its own hand, and of everything hidden only how much
there is (each opponent's hand size, the pile's size).  A bot that wants to
look ahead *samples* the hidden parts from the tiles it has not seen
(:meth:`View.determinize`), so it cannot peek even by accident: the real
hands and pile order are not in its input at all.

Every bot is a pure function of ``(view, seed, budget)``: it draws its
randomness only from ``random.Random(seed)``.  (The planner's budget is
wall-clock time by default; its answer is reproducible exactly when its
work is fixed instead, with ``iterations``: see planner.py.)
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .. import shapes
from ..board import Cells, geometry
from ..errors import BadArgument
from ..game import Game, phase_of
from ..jsonin import show
from ..rules import Rules
from ..tiles import CONN, PORT_NAMES, TILE_COUNT

Move = shapes.Move
"""A move in NOTATION form: ``{"start": [x, y, port]}``, ``{"tile", "rot"}`` or
``{"exchange": [[give, take], ...]}``."""


@dataclass(frozen=True)
class View:
    """A game as one player sees it.

    ``hands[s]`` is the tuple of seat ``s``'s tiles when the viewer can see
    them (its own hand; every hand in open-hands games; the hands of players
    just eliminated while the viewer chooses its elimination-bonus exchange),
    else None; ``hand_sizes[s]`` is always known.  The pile is only a count.
    """

    rules: Rules
    seat: int
    turn: int | None
    placed: tuple[tuple[int, int, int], ...]
    """Tiles on the board: (cell, tile, quarter turns)."""
    markers: tuple[int | None, ...]
    """Packed place codes (board.py), None before a start mark is chosen."""
    alive: tuple[bool, ...]
    out: tuple[int, ...]
    dragon: int | None
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    pending: tuple[int, ...] | None = None
    """Seats whose tiles are offered in an elimination-bonus exchange."""
    winners: tuple[int, ...] | None = field(default=None)

    @property
    def n(self) -> int:
        """The number of seats."""
        return len(self.markers)

    @property
    def phase(self) -> shapes.Phase:
        """``"start"``, ``"tile"``, ``"exchange"`` or ``"over"``, as :attr:`Game.phase`."""
        return phase_of(self.turn, self.pending, self.markers)

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own tiles."""
        return self.hands[self.seat] or ()

    def unseen(self) -> list[int]:
        """The tiles the viewer has not seen: all 35 minus the board minus every
        visible hand.  The hidden hands and the pile are made of exactly these."""
        seen = {t for _, t, _ in self.placed}
        for h in self.hands:
            if h:
                seen.update(h)
        return [t for t in range(TILE_COUNT) if t not in seen]

    def cells(self) -> Cells:
        """The board as :class:`Game` keeps it: a connection tuple or None per cell."""
        cells = geometry(self.rules.width, self.rules.height).new_cells()
        for cell, t, q in self.placed:
            cells[cell] = CONN[t][q]
        return cells

    def determinize(self, rng: random.Random) -> Game:
        """One game consistent with everything the viewer knows: the unseen
        tiles shuffled and dealt into the hidden hands (by their sizes) and the
        pile.  The game's own random generator (for later reshuffles) is ``rng``."""
        pool = self.unseen()
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for s in range(self.n):
            known = self.hands[s]
            if known is not None:
                hands.append(list(known))
            else:
                k = self.hand_sizes[s]
                hands.append(pool[:k])
                del pool[:k]
        game = Game(self.rules, [{"name": f"P{s + 1}"} for s in range(self.n)], hands, pool, rng)
        game.deal = None
        cells = game.cells
        for cell, t, q in self.placed:
            cells[cell] = CONN[t][q]
        game.placed = list(self.placed)
        game.markers = list(self.markers)
        game.alive = list(self.alive)
        game.out = list(self.out)
        game.dragon = self.dragon
        game.turn = self.turn
        game.pending = None if self.pending is None else list(self.pending)
        game.winners = None if self.winners is None else list(self.winners)
        return game

    def place_json(self, code: int) -> shapes.Place:
        """A place code as NOTATION's ``[x, y, port]``."""
        x, y, p = geometry(self.rules.width, self.rules.height).xyp(code)
        return [x, y, PORT_NAMES[p]]


def view_for(game: Game, seat: int) -> View:
    """What ``seat`` may know of ``game``: its own hand, every hand under
    ``rules.open_hands``, the hands offered in a pending exchange; of every
    other hand and of the pile, only the count."""
    open_hands = game.rules.open_hands
    pending = set(game.pending or ())
    hands = tuple(
        tuple(h) if (s == seat or open_hands or s in pending or not game.alive[s]) else None
        for s, h in enumerate(game.hands)
    )
    return View(
        rules=game.rules,
        seat=seat,
        turn=game.turn,
        placed=tuple(game.placed),
        markers=tuple(game.markers),
        alive=tuple(game.alive),
        out=tuple(game.out),
        dragon=game.dragon,
        hands=hands,
        hand_sizes=tuple(len(h) for h in game.hands),
        pile_size=len(game.pile),
        pending=None if game.pending is None else tuple(game.pending),
        winners=None if game.winners is None else tuple(game.winners),
    )


@dataclass
class Choice:
    """A bot's answer: the move in NOTATION form and what it found out on the way
    (for the API's diagnostics; never needed to play the move)."""

    move: Move
    info: shapes.BotInfo = field(default_factory=lambda: shapes.BotInfo())


class Bot(ABC):
    """A computer player.  Subclasses set ``name`` and implement the three phases;
    :meth:`choose` dispatches on the view's phase."""

    name = "bot"
    description = ""

    def choose(
        self, view: View, seed: int | str | None = 0, budget_ms: float | None = None, **options: int
    ) -> Choice:
        """The move for the player to move in ``view`` (which must be that player's view)."""
        if view.turn is None:
            raise BadArgument("the game is over: there is no move to choose")
        if view.turn != view.seat:
            raise BadArgument(f"it is seat {view.turn}'s turn, not the viewer's ({view.seat})")
        rng = random.Random(seed)
        phase = view.phase
        if phase == "start":
            return self.choose_start(view, rng, budget_ms, **options)
        if phase == "exchange":
            return self.choose_exchange(view, rng, budget_ms, **options)
        return self.choose_tile(view, rng, budget_ms, **options)

    @abstractmethod
    def choose_start(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """A start mark."""

    @abstractmethod
    def choose_tile(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """A tile placement."""

    @abstractmethod
    def choose_exchange(
        self, view: View, rng: random.Random, budget_ms: float | None, **options: int
    ) -> Choice:
        """An elimination-bonus exchange."""


BOTS: dict[str, Callable[[], Bot]] = {}
"""The registry: bot name -> class (a no-argument factory)."""

MODULES = ("random_bot", "survivor", "planner")
"""The modules of ``tsuro_core.bots`` that define bots, weakest first."""


def load_all() -> None:
    """Import every bot module so that the registry is complete (by name: the
    bot modules import this one, so it cannot import them up front)."""
    for name in MODULES:
        importlib.import_module(f"{__package__}.{name}")


def register(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make a bot available by its ``name``."""
    BOTS[cls.name] = cls
    return cls


def get_bot(name: str) -> Bot:
    """A fresh bot by registry name; BadArgument naming the known ones otherwise."""
    load_all()
    if name not in BOTS:
        raise BadArgument(f"unknown bot {show(name)}; known: {sorted(BOTS)}")
    return BOTS[name]()


# ------------------------------------------------------------- move helpers


def tile_move(tile: int, q: int) -> shapes.TileMove:
    """A placement (tile, quarter turns) as a NOTATION move."""
    return {"tile": tile, "rot": q * 90}


def exchange_move(pairs: Iterable[Iterable[int]]) -> shapes.ExchangeMove:
    """An exchange ((give, take), ...) as a NOTATION move."""
    return {"exchange": [list(p) for p in pairs]}
