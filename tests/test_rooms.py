"""room_view (tsuro_core/rooms.py): what one seat of a live room may see of the
host's game.  Whole games are played and, after every move, each seat's view
is checked against the real game: its own hand whole, no other hidden hand,
no pile, no other seat's drawn tile, no reshuffle order."""

from __future__ import annotations

import json

import pytest

from tsuro_core import api


def call(op, args):
    answer = api.call(op, args)
    assert answer["ok"], answer
    return answer["result"]


def views_of_a_game(rules, players, seed):
    """Every (position, move, events, view per seat) of a random seeded game."""
    r = call("new_game", {"rules": rules, "players": players, "seed": seed})
    position = r["position"]
    k = 0
    while position["turn"] is not None:
        legal = call("legal_moves", {"position": position})["moves"]
        move = legal[(seed + k) % len(legal)]["move"]
        played = call("play", {"position": position, "move": move, "seed": k})
        position = played["position"]
        seats = [*range(players), None]
        yield (
            played,
            {
                s: call(
                    "room_view",
                    {
                        "position": position,
                        "seat": s,
                        "events": played["events"],
                        "move": played["move"],
                    },
                )
                for s in seats
            },
        )
        k += 1


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [("classic", 3, 1), ("classic", 4, 7), ("elimination-bonus", 4, 3)],
)
def test_each_seat_sees_only_its_own_tiles(rules, players, seed):
    for played, views in views_of_a_game(rules, players, seed):
        full = played["position"]
        for seat, view in views.items():
            pos = view["position"]
            assert pos["format"] == "tsuro-view/1" and pos["viewer"] == seat
            assert "pile" not in pos and pos["pile_size"] == len(full["pile"])
            assert pos["hand_sizes"] == [len(h) for h in full["hands"]]
            pending = set(full.get("exchange") or [])
            for s, hand in enumerate(pos["hands"]):
                if s == seat or s in pending:
                    assert hand == full["hands"][s]
                else:
                    assert hand is None
            assert "reshuffle" not in view["move"]
            for e, original in zip(view["events"], played["events"]):
                assert "order" not in e
                if e["type"] == "draw":
                    assert ("tile" in e) == (e["seat"] == seat)
                    assert e.get("tile", original["tile"]) == original["tile"]
            # the rest of the position is the game's
            for key in ("tiles", "markers", "out", "turn", "dragon", "players", "rules"):
                assert pos[key] == full[key]


def test_open_hands_are_shown_to_everyone():
    r = call("new_game", {"rules": "open-hands", "players": 3, "seed": 2})
    for seat in (0, 1, 2, None):
        view = call("room_view", {"position": r["position"], "seat": seat})["position"]
        assert view["hands"] == r["position"]["hands"]


@pytest.mark.parametrize(
    "args",
    [
        {"seat": 3},
        {"seat": -1},
        {"seat": True},
        {"seat": 1.0},
        {"seat": "0"},
        {"seat": 0, "events": {}},
        {"seat": 0, "events": [1]},
        {"seat": 0, "move": []},
        {"seat": 0, "log": {}},
        {"seat": 0, "log": [1]},
        {"seat": 0, "log": [[1]]},
        {"seat": 0, "move": {"exchange": 3}},
    ],
)
def test_bad_arguments_are_refused(args):
    position = call("new_game", {"players": 3, "seed": 1})["position"]
    answer = api.call("room_view", {"position": position, **args})
    assert not answer["ok"] and answer["error"]["code"] == "bad_args", answer


def test_a_view_is_not_a_position():
    position = call("new_game", {"players": 2, "seed": 1})["position"]
    view = call("room_view", {"position": position, "seat": 0})["position"]
    answer = api.call("legal_moves", {"position": json.loads(json.dumps(view))})
    assert not answer["ok"] and answer["error"]["code"] == "bad_position"


def exchanges_of_games(players, seeds):
    """The answer of `play` for every exchange in these elimination-bonus games."""
    for seed in seeds:
        for played, _ in views_of_a_game("elimination-bonus", players, seed):
            if "exchange" in played["move"]:
                yield played


def test_an_exchange_shows_the_tiles_given_to_its_mover_only():
    """The tiles a mover gives in an elimination-bonus exchange come from a hidden hand
    and go into the pile face down: only the mover sees which they were."""
    seen = 0
    for played in exchanges_of_games(4, range(3, 12)):
        event = next(e for e in played["events"] if e["type"] == "exchange")
        mover = event["seat"]
        for seat in [*range(4), None]:
            view = call(
                "room_view",
                {
                    "position": played["position"],
                    "seat": seat,
                    "events": played["events"],
                    "move": played["move"],
                },
            )
            shown = next(e for e in view["events"] if e["type"] == "exchange")
            if seat == mover:
                assert shown == event and view["move"]["exchange"] == played["move"]["exchange"]
            else:
                takes = [[None, take] for _, take in event["pairs"]]
                assert shown["pairs"] == takes and view["move"]["exchange"] == takes
        # told no events, the view cannot know the mover: nobody sees the tiles given
        alone = call(
            "room_view", {"position": played["position"], "seat": mover, "move": played["move"]}
        )
        assert all(give is None for give, _ in alone["move"]["exchange"])
        seen += bool(event["pairs"])
    assert seen, "no exchange with a swap in these games"


def test_the_log_of_earlier_moves_holds_only_what_everyone_sees():
    """A seat that joins mid-game gets every earlier move's events as a spectator sees
    them: no drawn tile (not even its own), no tile given in an exchange, no order."""
    position = call("new_game", {"rules": "elimination-bonus", "players": 4, "seed": 5})["position"]
    log = []
    k = 0
    while position["turn"] is not None and k < 60:
        legal = call("legal_moves", {"position": position})["moves"]
        played = call(
            "play", {"position": position, "move": legal[k % len(legal)]["move"], "seed": k}
        )
        position = played["position"]
        log.append(played["events"])
        k += 1
    assert len(log) > 10
    kinds = {e["type"] for events in log for e in events}
    assert {"draw", "place", "move"} <= kinds
    for seat in (0, 2, None):
        view = call("room_view", {"position": position, "seat": seat, "log": log})
        assert len(view["log"]) == len(log)
        for events, original in zip(view["log"], log):
            assert [e["type"] for e in events] == [e["type"] for e in original]
            for e in events:
                assert "order" not in e
                if e["type"] == "draw":
                    assert "tile" not in e
                if e["type"] == "exchange":
                    assert all(give is None for give, _ in e["pairs"])
        assert (
            view["log"]
            == call("room_view", {"position": position, "seat": None, "log": log})["log"]
        )


def test_no_event_shows_a_pile_order_whatever_its_type() -> None:
    """The fuzz found an event of an unknown type carrying a reshuffle's order, passed on
    whole; the order is now taken from every event, and draws hide others' tiles as before."""
    from tsuro_core.rooms import view_events

    events = [
        {"type": "reshufflereshuffle", "order": [3, 4, 5]},
        {"type": "reshuffle", "returned": 1, "pile": 3, "order": [3, 4, 5]},
        {"type": "draw", "seat": 0, "tile": 3},
        {"type": "draw", "seat": 1},
    ]
    seen = view_events(events, 1)
    assert all("order" not in e for e in seen)
    assert seen[2] == {"type": "draw", "seat": 0} and seen[3] == {"type": "draw", "seat": 1}
    assert view_events(events, 0)[2]["tile"] == 3  # the seat that drew sees its tile
