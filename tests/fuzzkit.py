"""Inputs for the fuzz suite (tests/test_fuzz.py): real seeded games to start
from, real arguments for every operation of the API (:func:`op_args`), and
hypothesis strategies that throw random JSON and mutations of those real values
at the engine, hostile values among them (:data:`HOSTILE`: lone surrogates, NaN
and infinities, deep nesting, huge numbers); and check_call, the check of every
answer.

``TSURO_FUZZ=long`` multiplies every test's number of examples by 25 for a
local run; CI runs the default, a few minutes in all.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import random
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tsuro_core import api, jsonin, linkplay, notation
from tsuro_core.game import Game
from tsuro_core.rules import parse_rules

SCALE = 25 if os.environ.get("TSURO_FUZZ") == "long" else 1
ROOT = Path(__file__).resolve().parent.parent


def fuzz_settings(examples: int) -> settings:
    """``examples`` examples (x25 with TSURO_FUZZ=long), no per-example deadline
    (the tests time each call themselves, against a generous bound)."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


# --------------------------------------------------------------- real games

GAMES = [  # (rules, players, seed): every phase, the dragon, exchanges, solo, big boards
    ("classic", 2, 1),
    ("classic", 4, 2),
    ("elimination-bonus", 3, 3),
    ("elimination-bonus", 8, 4),
    ("solo", 1, 5),
    ("longest-path", 3, 6),
    ("most-crossings", 5, 7),
    ("open-hands", 6, 8),
    (
        {"preset": "classic", "width": 12, "height": 12, "hand_size": 6, "elimination_bonus": True},
        8,
        9,
    ),
]


def _play(rules: Any, players: int, seed: int) -> tuple[Game, list[Game]]:
    rng = random.Random(seed)
    game = Game.new(parse_rules(rules), players, seed)
    snapshots = [game.copy()]
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
        snapshots.append(game.copy())
    return game, snapshots


@cache
def corpus() -> dict[str, list[Any]]:
    """Real values: positions (every phase), records, moves, links; and the
    course variant's positions and moves.  Built once, from fixed seeds."""
    positions, records, moves = [], [], []
    for rules, n, seed in GAMES:
        game, snaps = _play(rules, n, seed)
        records.append(notation.to_record(game))
        half = notation.to_record(snaps[len(snaps) // 2])
        records.append(half)
        for g in snaps[::3] + [s for s in snaps if s.phase == "exchange"]:
            pos = notation.to_position(g)
            positions.append(pos)
            if not g.over:
                moves.append((pos, g.legal_moves()[0]))
                if len(moves) == 2:  # a move the turn clock played (clock.py)
                    moves.append((pos, {**g.legal_moves()[0], "clock": True}))
    # An exchange in an elimination-bonus game: searched for among seeded games.
    for seed in range(200):
        _, snaps = _play("elimination-bonus", 6, 1000 + seed)
        found = [s for s in snaps if s.phase == "exchange"]
        if found:
            pos = notation.to_position(found[0])
            positions.append(pos)
            moves.append((pos, found[0].legal_moves()[-1]))
            break
    # As tutorials write them: no hands, no pile (the mover may hold nothing), marked so.
    positions += [
        {**{k: v for k, v in p.items() if k not in ("hands", "pile")}, "sketch": True}
        for p in positions[1::4]
    ]
    setups = []  # (a link game's message before the deal, the host's secret), every share in
    for n, seats in ((2, ["person", "person"]), (3, ["person", "computer:easy", "person"])):
        made = api.call(
            "link_new",
            {
                "game": f"setup-{n}",
                "seats": seats,
                "players": [{"name": f"P{i}"} for i in range(n)],
            },
        )["result"]
        secret = made["secret"]
        while made.get("waiting") == "share":
            made = api.call("link_share", {"message": made["message"]})["result"]
        setups.append((made["message"], secret))
    links = [notation.encode_link(r) for r in records[:6]]
    links += [notation.encode_link(p) for p in positions[:6:2]]
    course_positions, course_moves = [], []
    for k, n in enumerate((3, 4, 5)):
        answer = api.call("course_new_game", {"players": [{"name": f"N{i}"} for i in range(n)]})
        pos = answer["result"]["position"]
        for step in range(60):
            course_positions.append(pos)
            if pos["phase"] == "over":
                break
            move = api.call("course_bot_move", {"position": pos, "seed": k * 100 + step})["result"][
                "move"
            ]
            course_moves.append((pos, move))
            pos = api.call("course_play", {"position": pos, "move": move})["result"]["position"]
    link_messages = [m for n, seed in ((3, 1), (2, 5)) for m in link_game(n, seed)[::4]]
    return {
        "positions": positions,
        "records": records,
        "moves": moves,
        "links": links,
        "link_messages": link_messages,
        # subsets that op_args picks from, sorted out here once rather than on each call
        # (reading every position again for each of the fuzz's calls was a third of its time)
        "tile_positions": [p for p in positions if notation.from_position(p).phase == "tile"],
        "live_positions": [
            p
            for p in positions
            if p["turn"] is not None and notation.from_position(p).hands[p["turn"]]
        ],
        # dealt games still on (a sampled message may hold a game's last, over, one: the deal,
        # and so each game's length, is random, from link_new's secret)
        "dealt_messages": [
            m
            for m in link_messages
            if "record" in m and not getattr(linkplay.check_message(m), "over", True)
        ],
        "link_setups": setups,
        "course_positions": course_positions[::2],
        "course_moves": course_moves[::3],
    }


# ----------------------------------------------------------------- strategies


def nested(depth: int) -> Any:
    """A value nested ``depth`` lists deep (MAX_DEPTH is 32)."""
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = [
    "\ud800",  # lone surrogates: valid JSON escapes, no text
    "a\udfffb",
    {"\udc00": 1},
    float("nan"),
    float("inf"),
    float("-inf"),
    10**400,  # huge numbers, whole and not
    -(2**200),
    2**64,
    1e308,
    -1.7976931348623157e308,
    5e-324,
    nested(31),  # deep nesting, within the limit and past it
    nested(40),
    {"k": nested(33)},
]
"""The values every class of bad input of issue 30 names, put anywhere by mutate()."""

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.integers(-3, 40)
    | st.sampled_from([0.0, -0.0, 90.0, 1.5, 1e22, float("nan"), float("inf")])
    | st.text(max_size=12)
    | st.sampled_from(["A", "H", "classic", "tile", "\ud800"])
    | st.sampled_from(HOSTILE)
)

JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(max_size=8)
            | st.sampled_from(["format", "tile", "rot", "start", "exchange", "preset", "name"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)
"""Any JSON-like value (NaN and Infinity too: Python callers can pass them)."""

STRICT_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
"""JSON that JSON text can carry (what arrives through handle_json)."""


def _pick_path(data: Any, value: Any) -> tuple:
    """A random place in ``value``: descend from the top, one random child at a time,
    stopping at each level with probability 1/4, so that a small argument (a move)
    is as likely to be hit as a large one (a position).  The top level itself is
    never picked (the arguments stay an object, the harness input a list)."""
    path: tuple = ()
    while isinstance(value, (dict, list)) and value and (not path or data.draw(st.integers(0, 3))):
        key = data.draw(
            st.sampled_from(list(value) if isinstance(value, dict) else range(len(value)))
        )
        path += (key,)
        value = value[key]
    return path


def _tweak(data: Any, old: Any) -> Any:
    """A value near ``old`` or of a wrong kind: the classes of bad input."""
    kind = data.draw(st.sampled_from(["type", "type", "near", "near", "json", "hostile"]))
    if kind == "json":
        return data.draw(JSON)
    if kind == "hostile":
        return copy.deepcopy(data.draw(st.sampled_from(HOSTILE)))
    if kind == "type":  # the same meaning in another type: 90.0, true, "3", [3], null
        options: list[Any] = [None, [old], {"x": old}, str(old)]
        if isinstance(old, (bool, int)) and abs(old) < 2**1000:  # a float holds it
            options += [float(old), -0.0 if old == 0 else float(old), bool(old), old + 0.5]
        if isinstance(old, str):
            options += [1, 1.0, old.lower()]
        return data.draw(st.sampled_from(options))
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return data.draw(
            st.sampled_from([old + 1, old - 1, -old, -1, 0, 35, 2**53, 2**63, 10**22, 9999])
        )
    if isinstance(old, str):
        return data.draw(
            st.sampled_from(
                [
                    old + old,
                    "",
                    old[:1],
                    "\ud800",
                    "é" * 41,
                    "x" * 200,
                    "classic",
                    "elimination-bonus",
                ]
            )
        )
    if isinstance(old, list):
        return data.draw(st.sampled_from([old + old, old[:-1], old[::-1], [], old * 5]))
    if isinstance(old, dict):
        return {k: v for k, v in list(old.items())[1:]}
    return data.draw(JSON)


def mutate(data: Any, value: Any, most: int = 3) -> Any:
    """``value`` (a copy) changed in 1..most places: replaced by a near or wrong
    value, deleted, duplicated, or given an extra entry."""
    value = copy.deepcopy(value)
    for _ in range(data.draw(st.integers(1, most))):
        path = _pick_path(data, value)
        if not path:
            value = _tweak(data, value)
            continue
        parent = value
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = data.draw(st.sampled_from(["tweak", "tweak", "tweak", "delete", "extra"]))
        if action == "delete":
            del parent[key]
        elif action == "extra" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "extra":
            key = data.draw(
                st.sampled_from(["extra", "seed", "all", "reshuffle", "tile", "\ud800"])
            )
            parent[key] = data.draw(JSON)
        else:
            parent[key] = _tweak(data, parent[key])
    return value


PUZZLES = json.loads((ROOT / "data" / "puzzles.json").read_text(encoding="utf-8"))
LESSONS = [
    json.loads(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "data" / "lessons").glob("*.json"))
]


def op_args(op: str, pick: Callable[[list[Any]], Any]) -> dict[str, Any]:
    """Real arguments for ``op``, each value one the op accepts, chosen by ``pick`` among
    the corpus's (a hypothesis draw, or the first): what mutate() starts from.  Every
    operation of the API has an entry (an alias, ``neu_*``, takes its ``course_*``
    one's), so a new operation is fuzzed once it is added here."""
    c = corpus()
    op = op.replace("neu_", "course_", 1) if op.startswith("neu_") else op
    position = pick(c["positions"])
    record = pick(c["records"])
    dealt = pick(c["dealt_messages"])
    if op in ("version", "tiles", "rules"):
        return {}
    if op == "new_game":
        rules, players = pick(  # together: solo is for one player, the others for 2 to 8
            [
                ("classic", 2),
                ("classic", [{"name": "A", "color": "red"}, {"name": "B"}]),
                ("solo", 1),
                ({"preset": "classic", "hand_size": 4}, 3),
            ]
        )
        return {"rules": rules, "players": players, "seed": pick([1, "seed"])}
    if op in ("legal_moves", "result", "validate", "encode_link", "check_position"):
        args: dict[str, Any] = {"position": position}
        if op == "legal_moves":
            args["all"] = pick([True, False])
        if op == "check_position":
            args.update(deal=pick([3, None]), phase=pick([None, "tile"]))
        if op in ("validate", "encode_link") and pick([True, False]):
            args = {"record": record}
        return args
    if op == "preview":
        return {
            "position": pick(c["tile_positions"]),
            "tile": pick([0, 17, 34]),
            "rot": pick([0, 270]),
        }
    if op == "play":
        pos, move = pick(c["moves"])
        return {"position": pos, "move": move, "seed": pick([1, "s"])}
    if op in ("replay", "positions", "game_figures"):
        return {"record": record}
    if op == "clean_name":
        return {"name": pick(["Ann", " Bo\u202e ", "\U0001f1eb\U0001f1f7" * 21])}
    if op == "decode_link":
        return {"fragment": pick(c["links"])}
    if op in ("bot_move", "hint"):
        args = {
            "position": pick(c["live_positions"]),
            "seed": pick([0, 5]),
            "iterations": 1,
        }
        if op == "bot_move":
            args["bot"] = pick(["random", "survivor", "planner"])
        return args
    if op == "clock_move":
        return {
            "position": pick(c["live_positions"]),
            "seed": pick([0, "s", None]),
            "missed": pick([0, 1, 5]),
        }
    if op == "review":
        return {"record": record, "iterations": 1, "from": 0, "to": pick([0, 1])}
    if op == "daily":
        return {"date": pick(["2026-11-22", "2000-02-29"]), "players": [{"name": "Ann"}]}
    if op in ("puzzle_check", "puzzle_hint"):
        p = pick(PUZZLES)
        return {"position": p["position"], "task": p["task"], "move": p["answer"], "level": 1}
    if op == "lesson_check":
        return {"lesson": pick(LESSONS), "draft": pick([False, True])}
    if op == "link_encode":
        return {"message": pick(c["link_messages"])}
    if op == "link_open":
        message = pick(c["link_messages"])
        return {"fragment": linkplay.encode(message), "local": message}
    if op == "link_new":
        return {
            "game": "fuzz-game",
            "seats": ["person", "computer:easy", "person"],
            "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
            "rules": "classic",
            "hidden": False,
            "host": 2,
        }
    if op == "link_share":
        return {"message": c["link_messages"][0]}  # the first: before any share
    if op == "link_reveal":
        message, secret = pick(c["link_setups"])
        return {"message": message, "secret": secret}
    if op == "link_play":
        game = linkplay.check_message(dealt)
        assert game is not None
        return {"message": dealt, "move": pick(game.legal_moves() or [{"tile": 0}])}
    if op == "room_view":
        return {
            "position": position,
            "seat": pick([None, 0]),
            "events": [{"type": "draw", "seat": 0, "tile": 3}],
            "move": {"tile": 3, "rot": 90, "reshuffle": [3, 4, 5]},
            "log": [[{"type": "skip", "seat": 1}]],
        }
    if op == "course_new_game":
        return {"players": [{"name": "A"}, {"name": "B", "color": "red"}, {"name": "C"}]}
    if op == "course_play":
        pos, move = pick(c["course_moves"])
        return {"position": pos, "move": move}
    if op in ("course_legal_moves", "course_bot_move"):
        live = [p for p in c["course_positions"] if p["phase"] != "over"]
        return {"position": pick(live), "seed": 1}
    raise KeyError(f"no real arguments for {op!r}: add them to fuzzkit.op_args")


def link_game(
    n: int, seed: int, seats: list[str] | None = None, host: int = 0, game: str | None = None
) -> list[dict[str, Any]]:
    """Every message of a whole game played by link through the ops, as the page plays
    it: the host's setup, each other person's share, the reveal, then random moves."""

    def ok(op: str, args: dict[str, Any]) -> dict[str, Any]:
        answer = api.call(op, args)
        assert answer["ok"], (op, answer)
        return answer["result"]  # type: ignore[no-any-return]

    seats = seats or ["person"] * (n - 1) + ["computer:easy"]
    made = ok(
        "link_new",
        {
            "game": game or f"test-{n}-{seed}",
            "seats": seats,
            "players": [{"name": f"P{i}"} for i in range(n)],
            "host": host,
        },
    )
    secret, messages = made["secret"], [made["message"]]
    while made.get("waiting") == "share":
        made = ok("link_share", {"message": messages[-1]})
        messages.append(made["message"])
    made = ok("link_reveal", {"message": messages[-1], "secret": secret})
    messages.append(made["message"])
    rng = random.Random(seed)
    while made["position"].get("turn") is not None:
        legal = ok("legal_moves", {"position": made["position"]})["moves"]
        made = ok("link_play", {"message": messages[-1], "move": rng.choice(legal)["move"]})
        messages.append(made["message"])
    return messages


def raw_link(kind: str, value: Any) -> str:
    """A link fragment holding ``value`` as it is, bypassing encode_link's checks."""
    text = json.dumps(value, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return f"{kind}=1{base64.urlsafe_b64encode(packed).decode().rstrip('=')}"


# ------------------------------------------------------------- every answer

CODES = {
    "unknown_op",
    "bad_request",
    "bad_json",
    "bad_args",
    "bad_position",
    "bad_record",
    "bad_rules",
    "bad_players",
    "bad_link",
    "illegal_move",
    "wrong_phase",
    "invalid",
    "game_over",
    "stale_link",
    "conflicting_link",
    "tampered_link",
    "bad_lesson",
    "no_solution",
}
MAX_ANSWER = 1 << 20
"""The largest answer allowed; the largest real one (positions of an 8-player game)
is about a tenth of that."""


def _snapshot(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def check_call(op: Any, args: Any) -> dict[str, Any]:
    """Call ``op``; assert the answer is a value of the documented shape, strict
    JSON, bounded in size, and that ``args`` is unchanged.  (How long a call takes is
    the benchmarks' business, never a test's: docs/testing.md.)"""
    before = _snapshot(args)
    answer = api.call(op, args)
    assert _snapshot(args) == before, f"{op} changed its arguments"
    text = jsonin.dumps(answer)  # raises on NaN or Infinity
    assert len(text) < MAX_ANSWER, f"{op} answered {len(text)} characters"
    if answer["ok"]:
        assert set(answer) == {"ok", "result"} and isinstance(answer["result"], dict)
    else:
        error = answer["error"]
        assert error["code"] in CODES, error  # "internal" is a bug
        assert isinstance(error["message"], str) and "\n" not in error["message"]
        assert len(error["message"]) < 1000, error["message"][:200]
    return answer
