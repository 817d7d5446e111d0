"""The daily challenge: one solo deal per UTC date, the same for everyone.

The deal is a pure function of the date, so it needs no server and works
offline, and anyone can reproduce it (docs/api.md, "The daily deal"):

1. ``key = "tsuro-daily/1/" + date`` (the date as ``YYYY-MM-DD``);
2. start from the tiles ``[0, 1, ..., 34]``; for ``i`` from 34 down to 1,
   swap entries ``i`` and ``j``, where ``j`` is the SHA-256 digest of
   ``key + "/" + str(i)`` (UTF-8), read as a big-endian number, modulo
   ``i + 1`` (a Fisher-Yates shuffle driven by the hash);
3. the solo hand is the first 3 tiles of that order, the pile the rest.

The ``daily`` operation answers the record of that deal (no moves yet) and
its starting position.  The player is named "Player 1" unless the caller
names it (``players``, as ``new_game`` takes them): a page names it in its
own language; the deal does not depend on the name.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from typing import Any

from . import notation
from .api_common import ApiError, Args, Operation, players_of
from .errors import BadArgument
from .game import DEFAULT_COLORS, Game, default_players
from .rules import PRESETS
from .shapes import Dealt, Player
from .tiles import TILE_COUNT

DAILY_KEY = "tsuro-daily/1/"
"""The prefix hashed with the date; a new deal function would bump the 1."""

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def check_date(value: Any) -> str:
    """``value`` if it is a real calendar date written ``YYYY-MM-DD``, else BadArgument."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise BadArgument(f"date: expected YYYY-MM-DD, got {value!r}")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise BadArgument(f"date: {value!r} is not a calendar date") from None
    return value


def daily_order(date: str) -> list[int]:
    """The 35 tiles in the day's order (the documented hash-driven shuffle)."""
    key = DAILY_KEY + check_date(date)
    order = list(range(TILE_COUNT))
    for i in range(TILE_COUNT - 1, 0, -1):
        digest = hashlib.sha256(f"{key}/{i}".encode()).digest()
        j = int.from_bytes(digest, "big") % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def daily_game(date: str, players: list[Player] | None = None) -> Game:
    """The solo game of the day, dealt and not yet started (``players``: the
    one player, checked; default "Player 1" in the first colour)."""
    rules = PRESETS["solo"]
    order = daily_order(date)
    hand = order[: rules.hand_size]
    game = Game(rules, players or default_players(1), [hand], order[rules.hand_size :])
    game.seed = DAILY_KEY + date  # named in the record: which day it is
    return game


def _players(value: Any) -> list[Player] | None:
    """The caller's ``players`` (one, ``[{name, color?}]``), checked like a record's;
    a player without a colour gets the default one."""
    if value is None:
        return None
    players = players_of(value, PRESETS["solo"])
    return [
        {"name": p["name"], "color": p.get("color", DEFAULT_COLORS[i])}
        for i, p in enumerate(players)
    ]


def op_daily(args: Args) -> Dealt:
    """``{"date": "YYYY-MM-DD", "players"?: [{name, color?}]}`` -> the day's solo
    deal as ``{record, position}``."""
    players = _players(args.get("players"))
    try:
        game = daily_game(check_date(args.get("date")), players)
    except BadArgument as e:
        raise ApiError("bad_args", str(e)) from None
    return {"record": notation.to_record(game), "position": notation.to_position(game)}


OPS: dict[str, Operation] = {"daily": op_daily}
