"""The rules' steps after a tile is down, each once, over plain lists and ints.

:class:`~tsuro_core.game.Game` (which checks moves and records events) and
the planner's play-outs (:mod:`tsuro_core.bots.sim`, which must be fast) call
these same functions, so a rule lives in one place.  Each function changes
the lists it is given and returns what changed; ``events``, when not None,
receives the events a page animates (a play-out passes None).

RULES.md, step by step:

- :func:`settle`          Turn 2: markers move to their path ends; who is out
- :func:`game_ends_now`   Turn 2, last point: at most one marker left
- :func:`return_tiles`    Turn 3: eliminated players' tiles back to the pile
- :func:`pass_dragon`     Turn 3: an eliminated dragon holder passes it on
- :func:`draw`            Turn 4: drawing and the dragon tile
- :func:`next_turn`       the next player still in with a tile (or the end)
- :func:`free_starts`     Setup 3: the start marks still free
- :func:`next_to_start`   Setup 3: the next player to choose a start mark
- :func:`survivors`       The end: who is left, or who went out together last
- :func:`winners`         The end: who wins under the rule set's scoring
- :func:`scores`          each seat's score (path length, crossings, tiles)
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Cells, trace
from .shapes import GameEvent
from .tiles import CROSSINGS, Conn, identify

RANKED = ("longest_path", "most_crossings")
"""Scorings where the best score wins, whoever is still on the board."""


def settle(
    markers: list[int | None],
    alive: list[bool],
    on_board: Sequence[bool],
    moved: Sequence[tuple[int, int]],
) -> list[int]:
    """Turn 2: each ``(seat, end)`` marker takes its place; the seats now off
    the board are out.  Returns them ascending."""
    out: list[int] = []
    for seat, end in moved:
        markers[seat] = end
        if not on_board[end >> 3]:
            out.append(seat)
    if out:
        out.sort()
        for seat in out:
            alive[seat] = False
    return out


def game_ends_now(alive: Sequence[bool]) -> bool:
    """Turn 2, last point: the game ends at once when at most one marker is
    left (in solo, when none is)."""
    return sum(alive) <= (0 if len(alive) == 1 else 1)


def return_tiles(
    hands: list[list[int]], pile: list[int], eliminated: Sequence[int]
) -> list[int] | None:
    """Turn 3: the eliminated players' hands are emptied onto the pile.  Returns
    the new pile, the returned tiles last and not yet shuffled (the caller
    shuffles it, or takes a record's order), or None if they held no tiles."""
    returned: list[int] = []
    for seat in eliminated:
        returned += hands[seat]
        hands[seat] = []
    return pile + returned if returned else None


def pass_dragon(
    dragon: int | None,
    eliminated: Sequence[int],
    alive: Sequence[bool],
    hands: Sequence[Sequence[int]],
    full: int,
    events: list[GameEvent] | None = None,
) -> int | None:
    """Turn 3: an eliminated dragon holder passes the dragon clockwise to the next
    player still in with fewer than a full hand, else it is set aside.
    Returns the holder afterwards."""
    if dragon is None or dragon not in eliminated:
        return dragon
    holder, n = dragon, len(alive)
    dragon = None
    for k in range(1, n):
        s = (holder + k) % n
        if alive[s] and len(hands[s]) < full:
            dragon = s
            break
    if events is not None:
        events.append(
            {
                "type": "dragon",
                "seat": dragon,
                "from": holder,
                "reason": "passed" if dragon is not None else "set_aside",
            }
        )
    return dragon


def draw(
    hands: list[list[int]],
    pile: list[int],
    alive: Sequence[bool],
    active: int,
    dragon: int | None,
    full: int,
    with_dragon: bool,
    events: list[GameEvent] | None = None,
) -> int | None:
    """Turn 4: refill hands from the front of ``pile``; returns the dragon holder
    afterwards.  Without the dragon (``with_dragon`` false: games that started
    with fewer than ``rules.dragon_from`` players) only the active player draws,
    while the pile lasts.  With it, players still in draw one at a time
    clockwise from the dragon holder (or the active player, or the next one
    still in), and whoever must draw from an empty pile takes the dragon if
    nobody holds it; either way drawing stops."""
    if not with_dragon:
        if alive[active]:
            hand = hands[active]
            while len(hand) < full and pile:
                tile = pile.pop(0)
                hand.append(tile)
                if events is not None:
                    events.append({"type": "draw", "seat": active, "tile": tile})
        return dragon
    n = len(alive)
    if dragon is not None:
        seat = dragon
    elif alive[active]:
        seat = active
    else:
        seat = next(((active + k) % n for k in range(1, n) if alive[(active + k) % n]), active)
    while True:
        needy = -1
        for k in range(n):  # clockwise from ``seat``, itself first
            s = (seat + k) % n
            if alive[s] and len(hands[s]) < full:
                needy = s
                break
        if needy < 0:
            return dragon
        if not pile:
            if dragon is None:
                dragon = needy
                if events is not None:
                    events.append({"type": "dragon", "seat": needy, "reason": "taken"})
            return dragon
        tile = pile.pop(0)
        hands[needy].append(tile)
        if events is not None:
            events.append({"type": "draw", "seat": needy, "tile": tile})
        if dragon == needy:
            dragon = None
            if events is not None:
                events.append({"type": "dragon", "seat": None, "from": needy, "reason": "returned"})
        seat = (needy + 1) % n


def next_turn(
    alive: Sequence[bool],
    hands: Sequence[Sequence[int]],
    pile: Sequence[int],
    active: int,
    events: list[GameEvent] | None = None,
) -> int | None:
    """The next player still in the game after ``active``, in seat order, skipping
    empty hands; None when the game ends (no player still in holds a tile and
    the pile is empty, or nobody can move)."""
    n = len(alive)
    if not pile and not any(hands[s] for s in range(n) if alive[s]):
        return None
    for k in range(1, n + 1):
        s = (active + k) % n
        if alive[s]:
            if hands[s]:
                return s
            if events is not None:
                events.append({"type": "skip", "seat": s})
    return None  # pragma: no cover (some hand holds a tile)


def free_starts(
    start_marks: Sequence[int], markers: Sequence[int | None], cells: Cells
) -> list[int]:
    """Setup 3: the start marks still free: no marker on that exact mark and no
    tile on its square (``start_marks``: the board's edge ports, in order)."""
    taken = set(markers)
    return [c for c in start_marks if c not in taken and cells[c >> 3] is None]


def next_to_start(markers: Sequence[int | None], alive: Sequence[bool], seat: int) -> int | None:
    """Setup 3: the next player after ``seat`` still without a marker, or None
    when every marker is placed (then seat 0 plays the first tile)."""
    n = len(markers)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if markers[s] is None and alive[s]:
            return s
    return None


# ------------------------------------------------------------------ the end


def trail(cells: Cells, nxt: Sequence[int], code: int | None) -> list[tuple[int, int, int]]:
    """The steps ``(cell, entry, exit)`` of the path a marker at ``code`` has
    travelled, from its start mark to where it stands (through the other's
    trail after a collision)."""
    if code is None:
        return []
    steps, _ = trace(cells, nxt, nxt[code])  # the same point, facing back
    return steps


def crossings(conn: Conn | None, port: int) -> int:
    """How many other paths of a placed tile the path from ``port`` crosses (none on an
    empty square: a trail's steps are all on placed tiles)."""
    if conn is None:
        return 0
    tile, q = identify(conn)
    return CROSSINGS[tile][(port - 2 * q) % 8]


def scores(
    scoring: str,
    cells: Cells,
    nxt: Sequence[int],
    markers: Sequence[int | None],
    tiles_placed: int,
) -> list[int]:
    """Each seat's score: tiles placed in solo (``tiles_placed``), crossings of
    its trail for ``most_crossings``, else its trail's length."""
    n = len(markers)
    if scoring == "tiles_placed":
        return [tiles_placed] * n
    result = []
    for code in markers:
        steps = trail(cells, nxt, code)
        if scoring == "most_crossings":
            result.append(sum(crossings(cells[c], e) for c, e, _ in steps))
        else:
            result.append(len(steps))
    return result


def survivors(alive: Sequence[bool], out: Sequence[int]) -> list[int]:
    """The end: the players still in; when the last move put everyone out at
    once, the players it put out (``out``), who share the win."""
    left = [seat for seat in range(len(alive)) if alive[seat]]
    return left or sorted(out)


def winners(
    scoring: str,
    out: Sequence[int],
    alive: Sequence[bool],
    cells: Cells,
    nxt: Sequence[int],
    markers: Sequence[int | None],
) -> list[int]:
    """The end: the last marker standing wins, and markers left when the tiles
    run out, or out together on the final move (``out``, :func:`survivors`),
    share the win.
    ``longest_path`` and ``most_crossings`` rank every seat by :func:`scores`
    instead; in solo the player wins if still on the board."""
    if scoring in RANKED:
        s = scores(scoring, cells, nxt, markers, 0)
        best = max(s)
        return [seat for seat in range(len(s)) if s[seat] == best]
    if scoring == "tiles_placed":
        return [seat for seat in range(len(alive)) if alive[seat]]
    return survivors(alive, out)
