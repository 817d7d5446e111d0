"""Play by link: a game travels between devices as one message (docs/linkplay.md).

A message is JSON, ``tsuro-link/1``::

    {"format": "tsuro-link/1", "game": "k3J9x0aQ", "seats": ["person", "computer:medium", ...],
     "hidden": false, "host": 0, "commit": "9f2c...", "shares": ["41ab...", ...],
     "secret": "77d0...", "record": R}

``game`` names the game (the same in every message of it), ``seats`` says who
plays each seat of the record's players, ``hidden`` asks screens to hide the
other hands (an honour system: the record holds the deal), and ``record`` is
the whole game so far.  A link carries it as ``#g=1<packed>`` (the same
packing as share links); any transport (a link, a peer-to-peer channel, a
server) can carry the message itself.

A deal nobody can stack: the deal and every reshuffle follow from a seed no
single player chooses, by commit and reveal.  The host (the person who starts
the game) commits to a secret (``commit``, its hash) before anyone else
speaks; every other person then adds a random ``share`` in the clear; the host
reveals the secret, and the seed is the hash of the secret and the shares.
Nobody but the host knows the secret before the shares are in, and the host
cannot change it after: so nobody chooses the deal.  Before the reveal the
message carries ``rules`` and ``players`` instead of ``record`` and ``secret``.

Opening a message checks it completely: every move is replayed by the rules
(a forged move is refused, naming it), the deal and every reshuffle must be the
ones the seed gives (else ``tampered_link``), and against the player's own copy
of the same game it must be that game continued (or the same): an older message
is ``stale_link``, a different history ``conflicting_link``.

Messages made before commit and reveal (no ``commit``: the host's engine chose
the seed) are still opened, their deal checked against their seed and their
reshuffles against the page's per-move seeds, and reported ``"shuffle":
"host"``, which the page tells its players (docs/linkplay.md).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Mapping
from typing import Any, Final, Literal

from . import notation
from .api_common import ApiError, Args, Operation, arg, players_of, winners_of
from .game import Game, IllegalMove
from .notation import NotationError
from .rules import RulesError, parse_rules
from .shapes import (
    Fragment,
    GameRecord,
    LinkChecked,
    LinkMade,
    LinkMessage,
    LinkOpened,
    LinkPlayed,
    MovePlayed,
)

LINK_FORMAT: Final = "tsuro-link/1"
_PREFIX = "g=1"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{4,40}")
_HEX32 = re.compile(r"[0-9a-f]{32}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_COMMON = {"format", "game", "seats", "hidden"}
_LEGACY_KEYS = _COMMON | {"record"}
_SETUP_KEYS = _COMMON | {"host", "commit", "shares", "rules", "players"}
_PLAYING_KEYS = _COMMON | {"host", "commit", "shares", "secret", "record"}
SEAT_KINDS = ("person", "computer")


class TamperedLink(NotationError):
    """A link whose deal or a reshuffle is not the one its seed gives: someone chose it."""


# --------------------------------------------------------------- the shuffle


def random_hex() -> str:
    """128 random bits from the system (os.urandom), as 32 hexadecimal digits: a
    secret or a share.  (Not the secrets module: it would add hmac and secrets to
    the stdlib the site ships, for one line.)"""
    return f"{random.SystemRandom().getrandbits(128):032x}"


def commitment(game: str, secret: str) -> str:
    """The hash that binds the host to its secret, for this game only."""
    return hashlib.sha256(f"{LINK_FORMAT} commit|{game}|{secret}".encode()).hexdigest()


def seed_of(game: str, secret: str, shares: list[str]) -> str:
    """The game's seed: the hash of the host's secret and every other person's share."""
    text = "|".join([f"{LINK_FORMAT} seed", game, secret, *shares])
    return hashlib.sha256(text.encode()).hexdigest()


def reshuffle_rng(msg: Mapping[str, Any], k: int) -> random.Random:
    """The generator that shuffles the pile on move ``k``: from the game's seed and
    the move's number, so a player who puts others out chooses the move, not the order.
    A message made before commit and reveal: the page's per-move seed ``k``."""
    if "commit" in msg:
        return random.Random(f"{msg['record']['seed']}/{k}")
    return random.Random(k)


def persons(seats: list[str]) -> list[int]:
    """The seats played by people."""
    return [i for i, s in enumerate(seats) if s == "person"]


def shares_needed(msg: Mapping[str, Any]) -> int:
    """How many shares a message needs: one from every person but the host."""
    return len(persons(msg["seats"])) - 1


# --------------------------------------------------------------- checking


def _check_common(msg: Any) -> dict[str, Any]:
    if not isinstance(msg, dict) or msg.get("format") != LINK_FORMAT:
        raise NotationError(f'message: expected an object with "format": "{LINK_FORMAT}"')
    if set(msg) not in (_LEGACY_KEYS, _SETUP_KEYS, _PLAYING_KEYS):
        raise NotationError(
            f"message: expected the fields {sorted(_PLAYING_KEYS)} "
            f"(before the deal, {sorted(_SETUP_KEYS)})"
        )
    if not isinstance(msg["game"], str) or not _GAME_ID.fullmatch(msg["game"]):
        raise NotationError("game: expected a name of 4 to 40 letters, digits, - or _")
    if not isinstance(msg["hidden"], bool):
        raise NotationError("hidden: expected true or false")
    seats = msg["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise NotationError("seats: expected one entry per player")
    for i, s in enumerate(seats):
        if not isinstance(s, str) or s.split(":", 1)[0] not in SEAT_KINDS:
            raise NotationError(f'seats[{i}]: expected "person" or "computer:<level>"')
    if "person" not in seats:
        raise NotationError("seats: a link game needs at least one person")
    if "commit" in msg:
        host = msg["host"]
        if not isinstance(host, int) or isinstance(host, bool) or host not in persons(seats):
            raise NotationError("host: expected the seat of the person who started the game")
        if not isinstance(msg["commit"], str) or not _HEX64.fullmatch(msg["commit"]):
            raise NotationError("commit: expected 64 hexadecimal digits (a SHA-256 hash)")
        shares = msg["shares"]
        if not isinstance(shares, list) or not all(
            isinstance(s, str) and _HEX32.fullmatch(s) for s in shares
        ):
            raise NotationError("shares: expected a list of 32 hexadecimal digits each")
        if len(shares) > shares_needed(msg):
            raise NotationError(f"shares: expected at most {shares_needed(msg)}")
    return msg


def check_message(msg: Any) -> Game | None:
    """The game a message describes, everything checked (None before the deal);
    NotationError naming the problem, TamperedLink if the deal or a reshuffle is
    not the seed's."""
    msg = _check_common(msg)
    if "record" not in msg:  # before the deal: the setup only
        try:
            rules = parse_rules(msg["rules"])
        except RulesError as e:
            raise NotationError(str(e)) from None
        players = notation._players(msg["players"], rules)
        if len(players) != len(msg["seats"]):
            raise NotationError(f"seats: expected one entry per player ({len(players)})")
        return None
    game = _replay(msg)
    if len(msg["seats"]) != game.n:
        raise NotationError(f"seats: expected one entry per player ({game.n})")
    return game


def _replay(msg: Mapping[str, Any]) -> Game:
    """The record's game, replayed once with every check of notation.replay and the
    shuffle's: the seed is the one the secret and the shares give (before commit
    and reveal: any seed), the deal the one the seed gives, and each move's
    reshuffle the one :func:`reshuffle_rng` gives."""
    record = msg["record"]
    game = notation.start_record(record)  # the record's shape and its deal, checked
    if "commit" in msg:
        secret = msg["secret"]
        if not isinstance(secret, str) or not _HEX32.fullmatch(secret):
            raise NotationError("secret: expected 32 hexadecimal digits")
        if commitment(msg["game"], secret) != msg["commit"]:
            raise TamperedLink("secret: it is not the one the host committed to")
        if len(msg["shares"]) != shares_needed(msg):
            raise NotationError(
                f"shares: expected {shares_needed(msg)}, one per person but the host"
            )
        if record.get("seed") != seed_of(msg["game"], secret, msg["shares"]):
            raise TamperedLink("seed: it is not the hash of the secret and the shares")
    elif "seed" not in record:
        raise TamperedLink("seed: a link game's deal comes from its seed, and there is none")
    if game.deal != Game.new(game.rules, game.n, record["seed"]).deal:
        raise TamperedLink("deal: it is not the deal the game's seed gives")
    for k, move in enumerate(notation._list(record.get("moves", []), "moves")):
        if game.over:
            raise NotationError(f"move {k}: the game is already over")
        notation.check_move(move, k)
        game.rng = reshuffle_rng(msg, k)
        try:
            game.play({key: v for key, v in move.items() if key != "reshuffle"})
        except IllegalMove as e:
            raise NotationError(f"move {k}: {e}") from None
        if game.moves[-1].get("reshuffle") != move.get("reshuffle"):
            raise TamperedLink(f"move {k}: its reshuffle is not the one the game's seed gives")
    game.rng = None
    return game


# --------------------------------------------------------------- links


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


def _history(msg: Mapping[str, Any]) -> tuple[object, list[object]]:
    """What a message fixes from the start, and the steps since, in order: the
    shares, the reveal, then the moves (before commit and reveal: the moves)."""
    record = msg.get("record", {})
    if "commit" not in msg:
        start = [record.get(k) for k in ("rules", "players", "deal")]
        return (start, msg["seats"]), list(record.get("moves", []))
    rules = msg["rules"] if "rules" in msg else record.get("rules")
    players = msg["players"] if "players" in msg else record.get("players")
    steps: list[Any] = [["share", s] for s in msg["shares"]]
    if "secret" in msg:
        steps += [["secret", msg["secret"]], *record.get("moves", [])]
    return (rules, players, msg["seats"], msg["host"], msg["commit"]), steps


def compare(
    msg: Mapping[str, Any], local: Mapping[str, Any] | None
) -> Literal["new", "same", "newer"]:
    """``new``, ``same`` or ``newer`` for a checked message against the player's copy;
    ApiError ``stale_link`` or ``conflicting_link`` when it must be refused."""
    if local is None:
        return "new"
    if local.get("game") != msg["game"]:
        raise ApiError("bad_args", "local: a copy of another game")
    (mine_start, a), (their_start, b) = _history(local), _history(msg)
    same_start = mine_start == their_start
    if same_start and b[: len(a)] == a:
        return "same" if len(a) == len(b) else "newer"
    if same_start and a[: len(b)] == b:
        raise ApiError(
            "stale_link",
            f"this link is older than your copy of the game: it has "
            f"{len(b)} steps, your copy {len(a)}; open the latest link",
        )
    raise ApiError(
        "conflicting_link",
        "this link does not continue your copy of the game (its moves differ); your copy is kept",
    )


# --------------------------------------------------------------- the ops


def _checked(msg: Any, code: str = "bad_link") -> Game | None:
    try:
        return check_message(msg)
    except TamperedLink as e:
        raise ApiError("tampered_link", f"{e} (the link was changed by hand)") from None
    except NotationError as e:
        raise ApiError(code, str(e)) from None


def _answer(msg: LinkMessage, game: Game | None) -> LinkOpened:
    """A message with what a page shows of it: the position (after the deal) and
    what the game waits for."""
    answer: LinkOpened = {"message": msg, "shuffle": "committed" if "commit" in msg else "host"}
    if game is None:
        missing = shares_needed(msg) - len(msg["shares"])
        answer["waiting"] = "share" if missing else "secret"
        if missing:
            answer["sharer"] = [p for p in persons(msg["seats"]) if p != msg["host"]][
                len(msg["shares"])
            ]
    else:
        answer["position"] = notation.to_position(game)
    return answer


def op_link_encode(args: Args) -> Fragment:
    """``{message}`` -> ``{fragment}``: the link of a game played by link."""
    msg = arg(args, "message")
    _checked(msg)
    return {"fragment": _PREFIX + notation.pack_json(msg)}


def op_link_open(args: Args) -> LinkChecked:
    """``{fragment, local?}`` -> ``{message, position | waiting, shuffle, status}``:
    the game in a link, every move, the deal and every reshuffle checked, compared
    with the player's copy ``local``."""
    try:
        msg = decode(arg(args, "fragment"))
    except NotationError as e:
        raise ApiError("bad_link", str(e)) from None
    game = _checked(msg)
    local = args.get("local")
    if local is not None:
        try:
            check_message(local)
        except NotationError as e:  # a tampered copy too: the device's own, so bad_args
            raise ApiError("bad_args", f"local: {e}") from None
    status = compare(msg, local)
    return {**_answer(msg, game), "status": status}


def op_link_new(args: Args) -> LinkMade:
    """``{game, seats, players, rules?, hidden?, host?}`` -> ``{message, secret, ...}``:
    a game before its deal, the host committed to a secret of its engine's choosing.
    The page keeps ``secret`` on the host's device only, until ``link_reveal``."""
    try:
        rules = parse_rules(args.get("rules", "classic"))
    except RulesError as e:
        raise ApiError("bad_rules", str(e)) from None
    game_id = arg(args, "game")
    secret = random_hex()
    msg: LinkMessage = {
        "format": LINK_FORMAT,
        "game": game_id,
        "seats": arg(args, "seats"),
        "hidden": args.get("hidden", False),
        "host": args.get("host", 0),
        "commit": commitment(game_id, secret) if isinstance(game_id, str) else "",
        "shares": [],
        "rules": rules.to_json(),
        "players": players_of(arg(args, "players"), rules),
    }
    _checked(msg, "bad_args")
    return {**_answer(msg, None), "secret": secret}


def op_link_share(args: Args) -> LinkOpened:
    """``{message}`` -> the message with the next person's share added (random,
    from this engine): played by each person but the host, in seat order."""
    msg: LinkMessage = arg(args, "message")
    if _checked(msg, "bad_args") is not None or "commit" not in msg:
        raise ApiError("wrong_phase", "message: the deal is made; no share is added now")
    if len(msg["shares"]) >= shares_needed(msg):
        raise ApiError("wrong_phase", "message: every share is in; the host reveals next")
    shared: LinkMessage = {**msg, "shares": [*msg["shares"], random_hex()]}
    return _answer(shared, None)


def op_link_reveal(args: Args) -> LinkOpened:
    """``{message, secret}`` -> the message with the deal: the host reveals its secret
    once every share is in; the seed, the deal and the record follow."""
    msg = arg(args, "message")
    if _checked(msg, "bad_args") is not None or "commit" not in msg:
        raise ApiError("wrong_phase", "message: the deal is already made")
    if len(msg["shares"]) != shares_needed(msg):
        raise ApiError("wrong_phase", "message: the host reveals once every person has a share in")
    secret = arg(args, "secret")
    if not isinstance(secret, str) or commitment(msg["game"], secret) != msg["commit"]:
        raise ApiError("bad_args", "secret: not the one this game's host committed to")
    seed = seed_of(msg["game"], secret, msg["shares"])
    game = Game.new(parse_rules(msg["rules"]), msg["players"], seed)
    record = notation.to_record(game)
    revealed: LinkMessage = {
        "format": msg["format"],
        "game": msg["game"],
        "seats": msg["seats"],
        "hidden": msg["hidden"],
        "host": msg["host"],
        "commit": msg["commit"],
        "shares": msg["shares"],
        "secret": secret,
        "record": record,
    }
    return _answer(revealed, _checked(revealed))


def op_link_play(args: Args) -> LinkPlayed:
    """``{message, move}`` -> ``{message, position, move, events, result?}``: a move
    played in a link game, any reshuffle the one the game's seed gives."""
    msg: LinkMessage = arg(args, "message")
    game = _checked(msg, "bad_args")
    if game is None:
        raise ApiError("wrong_phase", "message: the game is not dealt yet")
    if game.over:
        raise ApiError("game_over", "message: the game is over")
    move = arg(args, "move")
    if isinstance(move, dict) and "reshuffle" in move:
        raise ApiError("illegal_move", "move: a link game's reshuffle is its seed's, not chosen")
    game.rng = reshuffle_rng(msg, len(game.moves))
    try:
        events = game.play(move)
    except IllegalMove as e:
        raise ApiError("illegal_move", str(e)) from None
    record: GameRecord = {
        **msg["record"],
        "moves": [*msg["record"].get("moves", []), game.moves[-1]],
    }
    played: MovePlayed = {"move": game.moves[-1], "events": events}
    if game.over:
        played["result"] = winners_of(game)
    return {**_answer({**msg, "record": record}, game), **played}


OPS: dict[str, Operation] = {
    "link_encode": op_link_encode,
    "link_open": op_link_open,
    "link_new": op_link_new,
    "link_share": op_link_share,
    "link_reveal": op_link_reveal,
    "link_play": op_link_play,
}
