"""End-of-game figures (tsuro_core/figures.py, the `game_figures` op, and the figures in
`replay`'s result): a small game checked by hand, and on many random games the figures
agree with what each move's events and the eliminations say."""

from __future__ import annotations

import random

from tsuro_core.api import call
from tsuro_core.figures import figures


def ok(op, args):
    answer = call(op, args)
    assert answer["ok"], answer
    return answer["result"]


def test_figures_of_hand_written_events():
    events = [
        [{"type": "start", "seat": 0, "place": [0, 0, "A"]}],
        [{"type": "start", "seat": 1, "place": [1, 0, "A"]}],
        [{"type": "start", "seat": 2, "place": [5, 5, "E"]}],
        # seat 0's tile: seat 0 crosses (0,0) twice and (1,0) once, seat 1 pushed off
        [
            {"type": "place", "seat": 0, "tile": 3, "rot": 0, "square": [0, 0]},
            {
                "type": "move",
                "seat": 0,
                "path": [[0, 0, "A", "D"], [1, 0, "H", "C"], [0, 0, "E", "B"]],
            },
            {"type": "move", "seat": 1, "path": [[1, 0, "A", "F"]]},
            {"type": "out", "seat": 1, "reason": "edge"},
        ],
        # seat 2's tile puts itself out (forced): no one else's count grows
        [
            {"type": "place", "seat": 2, "tile": 4, "rot": 0, "square": [5, 5]},
            {"type": "move", "seat": 2, "path": [[5, 5, "E", "C"]]},
            {"type": "out", "seat": 2, "reason": "edge"},
            {"type": "game_over", "winners": [0]},
        ],
    ]
    assert figures(events, 3) == [
        {"seat": 0, "path": 3, "squares": 2, "survived": 2, "put_out": 1},
        {"seat": 1, "path": 1, "squares": 1, "survived": 0, "put_out": 0},
        {"seat": 2, "path": 1, "squares": 1, "survived": 1, "put_out": 0},
    ]


def random_record(seed, players):
    rng = random.Random(seed)
    start = ok("new_game", {"players": players, "seed": seed})
    record, position = start["record"], start["position"]
    while position["turn"] is not None:
        legal = ok("legal_moves", {"position": position})
        move = rng.choice([m for m in legal["moves"] if m.get("legal", True)])["move"]
        played = ok(
            "play", {"position": position, "move": move, "seed": f"{seed}/{len(record['moves'])}"}
        )
        record["moves"].append(played["move"])
        position = played["position"]
    return record


def test_figures_agree_with_the_games_events_and_result():
    for seed in range(12):
        players = 2 + seed % 7
        record = random_record(seed, players)
        got = ok("game_figures", {"record": record})["figures"]
        replayed = ok("replay", {"record": record})["result"]
        assert replayed["figures"] == got
        events = ok("positions", {"record": record})["events"]
        tiles = sum(1 for move in events if any(e["type"] == "place" for e in move))
        out_at = {o["seat"]: o["move"] for o in replayed["out"]}
        for f in got:
            s = f["seat"]
            steps = [
                st
                for move in events
                for e in move
                if e["type"] == "move" and e["seat"] == s
                for st in e["path"]
            ]
            assert f["path"] == len(steps)
            assert f["squares"] == len({(x, y) for x, y, _, _ in steps}) <= f["path"]
            if s in out_at:  # the tile moves before the one that put it out
                before = events[: out_at[s]]
                assert f["survived"] == sum(
                    1 for m in before if any(e["type"] == "place" for e in m)
                )
            else:
                assert f["survived"] == tiles
        assert sum(f["put_out"] for f in got) <= len(replayed["out"])


def test_a_record_that_does_not_replay_is_refused():
    answer = call("game_figures", {"record": {"rules": "classic"}})
    assert not answer["ok"] and answer["error"]["code"] == "bad_record"
    answer = call("game_figures", {})
    assert not answer["ok"] and answer["error"]["code"] == "bad_args"
