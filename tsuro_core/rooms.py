"""What one seat of a live room may see (docs/rooms.md): the host's engine holds
the whole game, and before anything goes to a guest's device it is cut down
to that seat's view here, by the rule the bots obey (:func:`bots.view_for`)
less the hands of seats that are out (they hold tiles only once the game is
over, until the record shows them): its own hand, every hand in open-hands
games, the hands offered in a pending elimination-bonus exchange; of the
other hands and of the pile only their sizes.  A spectator (seat ``None``)
sees no hand but those everyone sees.

The ``room_view`` operation takes a position (and optionally the move and
events that led to it) and answers the same with everything hidden removed:
hidden hands become ``null`` (their sizes in ``hand_sizes``), the pile
becomes its size (``pile_size``), a ``draw`` event keeps its tile only for
the seat that drew it, a ``reshuffle`` loses its ``order`` and a move its
``reshuffle``; an elimination-bonus exchange keeps the tiles its mover gave
(from a hidden hand, shuffled into the pile face down) only for the mover:
for the others each pair's ``give`` is ``null``.  With ``log`` (every move's
events so far: a seat that joins or comes back mid-game) it answers those
events as everyone may see them (a spectator's view: no drawn tile, no given
tile, not even the seat's own, for a seat may have changed hands and the log
needs no tile).  Such a view is for drawing, not for the engine: no other
operation accepts it.
"""

from __future__ import annotations

from typing import Any, Final

from . import jsonin
from .api_common import ApiError, Args, Operation, game_of
from .shapes import RoomView, SeatView, SeenEvent, SeenMove

VIEW_FORMAT: Final = "tsuro-view/1"
"""The ``format`` of a seat's view of a position (a position less what it hides)."""


def _seat_arg(args: Args, players: int) -> int | None:
    seat = args.get("seat")
    if seat is None:
        return None
    if not jsonin.is_whole(seat) or not 0 <= seat < players:
        raise ApiError(
            "bad_args", f"seat: expected null or a seat 0..{players - 1}, got {jsonin.show(seat)}"
        )
    return int(seat)


def _hidden_gives(pairs: Any) -> list[list[object]]:
    """An exchange's pairs without the tiles given (``[give, take]`` -> ``[null, take]``)."""
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise ApiError(
            "bad_args", f"exchange: expected [give, take] pairs, got {jsonin.show(pairs)}"
        )
    return [[None, take] for _, take in pairs]


def _strict(value: Any) -> bool:
    """Whether ``value`` is strict JSON (no NaN or infinity): what is passed on must be."""
    try:
        jsonin.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def view_events(events: Any, seat: int | None) -> list[SeenEvent]:
    """One move's events as ``seat`` may see them: other seats' draws without
    their tile, other seats' exchanges without the tiles given, reshuffles
    without the pile's order."""
    if not isinstance(events, list):
        raise ApiError("bad_args", f"events: expected a list, got {jsonin.show(events)}")
    out: list[SeenEvent] = []
    for e in events:
        if not isinstance(e, dict) or not isinstance(e.get("type"), str) or not _strict(e):
            raise ApiError("bad_args", f"events: expected event objects, got {jsonin.show(e)}")
        kind = e["type"]
        # a pile's order is no seat's to see, whatever event carries it (a reshuffle's)
        e = {k: v for k, v in e.items() if k != "order"}
        if kind == "draw" and (seat is None or e.get("seat") != seat):
            e.pop("tile", None)
        elif kind == "exchange" and (seat is None or e.get("seat") != seat):
            e["pairs"] = _hidden_gives(e.get("pairs"))
        out.append(e)
    return out


def _exchanger(events: Any) -> object:
    """The seat that made the exchange among these events (None: none, or not told)."""
    if isinstance(events, list):
        for e in events:
            if isinstance(e, dict) and e.get("type") == "exchange":
                return e.get("seat")
    return None


def view_move(move: Any, seat: int | None = None, mover: object = None) -> SeenMove:
    """A move as ``seat`` may see it: without the pile's new order, and an
    exchange's given tiles only for the seat that made it (``mover``; not
    told: nobody)."""
    if not isinstance(move, dict) or not _strict(move):
        raise ApiError("bad_args", f"move: expected an object, got {jsonin.show(move)}")
    view = {k: v for k, v in move.items() if k != "reshuffle"}
    if "exchange" in view and (seat is None or mover != seat):
        view["exchange"] = _hidden_gives(view["exchange"])
    return view


def op_room_view(args: Args) -> RoomView:
    """``{position, seat: n | null, events?, move?, log?}`` -> ``{position, events?,
    move?, log?}``: what that seat (null: a spectator) may see of them; ``log``
    (each earlier move's events) as everyone may see it."""
    game = game_of(args)
    position = args["position"]
    seat = _seat_arg(args, len(game.hands))
    open_hands, pending = game.rules.open_hands, set(game.pending or ())
    shown = [
        tuple(h) if (s == seat or open_hands or s in pending) else None
        for s, h in enumerate(game.hands)
    ]
    view: SeatView = {  # the position's own fields (a sketch's as it gives them), hands hidden
        "format": VIEW_FORMAT,
        "viewer": seat,
        "rules": position.get("rules", "classic"),
        "players": position["players"],
        "tiles": position.get("tiles", []),
        "markers": position["markers"],
        "hands": [list(h) if h is not None else None for h in shown],
        "hand_sizes": [len(h) for h in game.hands],
        "pile_size": len(game.pile),
        "dragon": position.get("dragon"),
        "out": position.get("out", []),
        "turn": position.get("turn"),
    }
    for key in ("exchange", "winners", "sketch"):
        if key in position:
            view[key] = position[key]
    answer: RoomView = {"position": view}
    if "events" in args:
        answer["events"] = view_events(args["events"], seat)
    if "move" in args:
        answer["move"] = view_move(args["move"], seat, _exchanger(args.get("events")))
    if "log" in args:
        log = args["log"]
        if not isinstance(log, list):
            raise ApiError(
                "bad_args", f"log: expected a list of moves' events, got {jsonin.show(log)}"
            )
        answer["log"] = [view_events(events, None) for events in log]
    return answer


OPS: dict[str, Operation] = {"room_view": op_room_view}
