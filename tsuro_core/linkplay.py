"""Play by link: a game travels between devices as one message (docs/linkplay.md).

A message is JSON, ``tsuro-link/1``::

    {"format": "tsuro-link/1", "game": "k3J9x0aQ", "seats": ["person", "computer:medium", ...],
     "hidden": false, "record": R}

``game`` names the game (the same in every message of it), ``seats`` says who
plays each seat of the record's players, ``hidden`` asks screens to hide the
other hands (an honour system: the record holds the deal), and ``record`` is
the whole game so far.  A link carries it as ``#g=1<packed>`` (the same
packing as share links); any transport (a link, a peer-to-peer channel, a
server) can carry the message itself.

Opening a message checks it completely: every move is replayed by the rules
(a forged move is refused, naming it), and against the player's own copy of
the same game it must be that game continued (or the same): an older message
is ``stale_link``, a different history ``conflicting_link``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import notation
from .api_common import ApiError, arg
from .notation import NotationError

LINK_FORMAT = "tsuro-link/1"
_PREFIX = "g=1"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{4,40}")
_KEYS = {"format", "game", "seats", "hidden", "record"}
SEAT_KINDS = ("person", "computer")


def check_message(msg: Any) -> Any:
    """The game a message describes, everything checked; NotationError naming the problem."""
    if not isinstance(msg, dict) or msg.get("format") != LINK_FORMAT:
        raise NotationError(f'message: expected an object with "format": "{LINK_FORMAT}"')
    if set(msg) != _KEYS:
        raise NotationError(f"message: expected the fields {sorted(_KEYS)}")
    if not isinstance(msg["game"], str) or not _GAME_ID.fullmatch(msg["game"]):
        raise NotationError("game: expected a name of 4 to 40 letters, digits, - or _")
    if not isinstance(msg["hidden"], bool):
        raise NotationError("hidden: expected true or false")
    game = notation.replay(msg["record"])
    seats = msg["seats"]
    if not isinstance(seats, list) or len(seats) != game.n:
        raise NotationError(f"seats: expected one entry per player ({game.n})")
    for i, s in enumerate(seats):
        if not isinstance(s, str) or s.split(":", 1)[0] not in SEAT_KINDS:
            raise NotationError(f'seats[{i}]: expected "person" or "computer:<level>"')
    if "person" not in seats:
        raise NotationError("seats: a link game needs at least one person")
    return game


def encode(msg: Any) -> str:
    """The link fragment ``g=1...`` of a message (checked first)."""
    check_message(msg)
    return _PREFIX + notation.pack_json(msg)


def decode(fragment: Any) -> Any:
    """The message in a link fragment (``#g=1...`` or the whole address), unchecked."""
    if not isinstance(fragment, str):
        raise NotationError("link: expected text")
    text = fragment.strip().split("#", 1)[-1]
    if not text.startswith("g="):
        raise NotationError("link: this is not a link to a game played by link ('#g=...')")
    if not text.startswith(_PREFIX):
        raise NotationError("link: made by a newer or unknown version of the game")
    return notation.unpack_json(text[len(_PREFIX) :])


def compare(msg: dict[str, Any], local: dict[str, Any] | None) -> str:
    """``new``, ``same`` or ``newer`` for a checked message against the player's copy;
    ApiError ``stale_link`` or ``conflicting_link`` when it must be refused."""
    if local is None:
        return "new"
    if local.get("game") != msg["game"]:
        raise ApiError("bad_args", "local: a copy of another game")
    mine, theirs = local["record"], msg["record"]
    same_start = (
        all(mine.get(k) == theirs.get(k) for k in ("rules", "players", "deal"))
        and local.get("seats") == msg["seats"]
    )
    a, b = mine.get("moves", []), theirs.get("moves", [])
    if same_start and b[: len(a)] == a:
        return "same" if len(a) == len(b) else "newer"
    if same_start and a[: len(b)] == b:
        raise ApiError(
            "stale_link",
            f"this link is older than your copy of the game: it has "
            f"{len(b)} moves, your copy {len(a)}; open the latest link",
        )
    raise ApiError(
        "conflicting_link",
        "this link does not continue your copy of the game (its moves differ); your copy is kept",
    )


def op_link_encode(args: dict[str, Any]) -> dict[str, Any]:
    """``{message}`` -> ``{fragment}``: the link of a game played by link."""
    try:
        return {"fragment": encode(arg(args, "message"))}
    except NotationError as e:
        raise ApiError("bad_link", str(e)) from None


def op_link_open(args: dict[str, Any]) -> dict[str, Any]:
    """``{fragment, local?}`` -> ``{message, position, status}``: the game in a
    link, every move checked, compared with the player's copy ``local``."""
    try:
        msg = decode(arg(args, "fragment"))
        game = check_message(msg)
    except NotationError as e:
        raise ApiError("bad_link", str(e)) from None
    local = args.get("local")
    if local is not None:
        try:
            check_message(local)
        except NotationError as e:
            raise ApiError("bad_args", f"local: {e}") from None
    status = compare(msg, local)
    return {"message": msg, "position": notation.to_position(game), "status": status}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "link_encode": op_link_encode,
    "link_open": op_link_open,
}
