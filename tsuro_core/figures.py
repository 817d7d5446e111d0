"""End-of-game figures (issue 28): for each player of a finished (or unfinished)
game, what their marker did, computed from the moves' events so that every
screen that shows a game's end (the game page, daily, play by link, rooms) and
every replay of its record shows the same:

- ``path``: the length of the path their marker travelled, in tile segments
  (a tile its path crossed twice counts twice);
- ``squares``: the squares their path crossed (each once);
- ``survived``: the tile moves of the game (anyone's) after which their marker
  was still on the board;
- ``put_out``: the other players' markers put out by tiles they placed.

The ``game_figures`` operation answers them for a record (replayed, every move
checked); ``replay`` answers them in its result too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import notation
from .api_common import ApiError, Args, Operation
from .notation import NotationError
from .shapes import Figures, GameFigures


def figures(events: Sequence[Sequence[Mapping[str, Any]]], players: int) -> list[Figures]:
    """Each seat's figures (see the module's docstring) from every move's events."""
    path = [0] * players
    squares: list[set[tuple[int, int]]] = [set() for _ in range(players)]
    survived = [0] * players
    put_out = [0] * players
    out: set[int] = set()
    for move in events:
        mover = next((e["seat"] for e in move if e.get("type") == "place"), None)
        for e in move:
            kind = e.get("type")
            if kind == "move":
                seat = e["seat"]
                path[seat] += len(e["path"])
                squares[seat].update((x, y) for x, y, _, _ in e["path"])
            elif kind == "out":
                out.add(e["seat"])
                if mover is not None and e["seat"] != mover:
                    put_out[mover] += 1
        if mover is not None:
            for seat in range(players):
                if seat not in out:
                    survived[seat] += 1
    return [
        {
            "seat": s,
            "path": path[s],
            "squares": len(squares[s]),
            "survived": survived[s],
            "put_out": put_out[s],
        }
        for s in range(players)
    ]


def record_figures(record: Any) -> list[Figures]:
    """A record's figures, its moves replayed and checked (NotationError if they are not
    a game's)."""
    positions, events = notation.replay_positions(record)
    return figures(events, len(positions[0]["players"]))


def op_game_figures(args: Args) -> GameFigures:
    """``{record}`` -> ``{figures: [{seat, path, squares, survived, put_out}, ...]}``."""
    if "record" not in args:
        raise ApiError("bad_args", "missing argument 'record'")
    try:
        return {"figures": record_figures(args["record"])}
    except NotationError as e:
        raise ApiError("bad_record", str(e)) from None


OPS: dict[str, Operation] = {"game_figures": op_game_figures}
