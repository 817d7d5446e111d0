"""The turn clock's rules (tsuro_core/clock.py, the `clock_move` op): on random games
of several sizes, the move played for a seat whose time ran out is legal, keeps its
marker on the board whenever some move does, carries ``"clock": true`` into the record,
which replays and survives the share link; two clock moves in a row give the seat to a
computer; bad arguments are refused by name."""

from __future__ import annotations

import random

from tsuro_core import notation
from tsuro_core.api import call
from tsuro_core.clock import CLOCK_HANDOVER


def ok(op, args):
    answer = call(op, args)
    assert answer["ok"], answer
    return answer["result"]


def refused(op, args):
    answer = call(op, args)
    assert not answer["ok"], answer
    return answer["error"]["code"]


def test_clock_plays_a_surviving_move_through_whole_games():
    """Every move of each game is the clock's: legal, the mover kept on the board when a
    legal placement does, forced otherwise; the record says so move by move."""
    phases, forced = set(), 0
    for seed, (rules, n) in enumerate(
        [("classic", 2), ("classic", 4), ("elimination-bonus", 6)] * 3
    ):
        position = ok("new_game", {"rules": rules, "players": n, "seed": seed})["position"]
        while position["turn"] is not None:
            options = ok("legal_moves", {"position": position})
            phases.add(options["phase"])
            clock = ok("clock_move", {"position": position, "seed": seed})
            move = {k: v for k, v in clock["move"].items() if k != "clock"}
            assert clock["move"]["clock"] is True
            if options["phase"] == "exchange":
                assert move == {"exchange": []}, "the clock keeps the hand"
            else:
                listed = [o for o in options["moves"] if o.get("legal", True)]
                assert move in [o["move"] for o in listed]
                survivors = [o["move"] for o in listed if not o.get("self_eliminating")]
                if options["phase"] == "tile":
                    if survivors:
                        assert move in survivors, "the clock put its seat out"
                    else:
                        forced += 1
            played = ok("play", {"position": position, "move": clock["move"], "seed": 1})
            assert played["move"]["clock"] is True
            # the log's mark: the move's first event says the clock played for its seat
            assert played["events"][0] == {"type": "clock", "seat": options["turn"]}
            position = played["position"]
    assert phases == {"start", "tile", "exchange"}


def test_clock_move_in_the_record_replays_and_links():
    record = ok("new_game", {"players": 3, "seed": 7})["record"]
    position = ok("new_game", {"players": 3, "seed": 7})["position"]
    for k in range(6):
        if k % 2:
            move = ok("clock_move", {"position": position, "seed": k})["move"]
        else:
            move = ok("legal_moves", {"position": position})["moves"][0]["move"]
        played = ok("play", {"position": position, "move": move, "seed": f"{k}"})
        record["moves"].append(played["move"])
        position = played["position"]
    assert [bool(m.get("clock")) for m in record["moves"]] == [False, True] * 3
    replayed = notation.replay(record)
    assert [bool(m.get("clock")) for m in replayed.moves] == [False, True] * 3
    # a replay's events mark the same moves (the review, the embed, the room's log)
    events = ok("positions", {"record": record})["events"]
    assert [e[0]["type"] == "clock" for e in events] == [False, True] * 3
    fragment = ok("encode_link", {"record": record})["fragment"]
    assert ok("decode_link", {"fragment": fragment})["record"] == record
    # a record's move whose clock is anything but true is refused, with the move named
    bad = {**record, "moves": [*record["moves"][:1], {**record["moves"][1], "clock": "yes"}]}
    assert "move 1" in call("validate", {"record": bad})["error"]["message"]


def test_two_clock_moves_in_a_row_give_the_seat_to_a_computer():
    position = ok("new_game", {"players": 2, "seed": 3})["position"]
    answers = [ok("clock_move", {"position": position, "missed": m}) for m in range(3)]
    assert [a["missed"] for a in answers] == [1, 2, 3]
    assert [a["computer"] for a in answers] == [m + 1 >= CLOCK_HANDOVER for m in range(3)]
    assert [a["computer"] for a in answers] == [False, True, True]


def test_clock_move_is_seeded():
    position = ok("new_game", {"players": 4, "seed": 11})["position"]
    chosen = {str(ok("clock_move", {"position": position, "seed": s})["move"]) for s in range(8)}
    again = {str(ok("clock_move", {"position": position, "seed": s})["move"]) for s in range(8)}
    assert chosen == again and len(chosen) > 1


def test_clock_move_refuses_bad_arguments():
    position = ok("new_game", {"players": 2, "seed": 1})["position"]
    assert refused("clock_move", {}) == "bad_args"
    assert refused("clock_move", {"position": {"x": 1}}) == "bad_position"
    for missed in (-1, 1.5, "1", 10**6, True):
        assert refused("clock_move", {"position": position, "missed": missed}) == "bad_args"
    # a finished game: no move to play
    rng = random.Random(2)
    while position["turn"] is not None:
        moves = ok("legal_moves", {"position": position})["moves"]
        position = ok("play", {"position": position, "move": rng.choice(moves)["move"]})["position"]
    assert refused("clock_move", {"position": position}) == "wrong_phase"
    # only true marks a move as the clock's
    start = ok("new_game", {"players": 2, "seed": 1})["position"]
    assert refused("play", {"position": start, "move": {"start": [0, 0, "A"], "clock": 1}}) == (
        "illegal_move"
    )
