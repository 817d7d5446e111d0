"""The daily challenge's deal: a documented function of the UTC date."""

import hashlib

import pytest

from tsuro_core import api


def deal(date):
    answer = api.call("daily", {"date": date})
    assert answer["ok"], answer
    return answer["result"]


def test_the_same_date_gives_the_same_deal_and_two_dates_differ():
    a, b = deal("2026-11-22"), deal("2026-11-22")
    assert a == b
    c = deal("2026-11-23")
    assert c["record"]["deal"] != a["record"]["deal"]
    # a year of days: all different orders
    orders = set()
    for month in range(1, 13):
        for day in (1, 9, 17, 28):
            d = deal(f"2027-{month:02d}-{day:02d}")["record"]["deal"]
            orders.add(tuple(d["hands"][0] + d["pile"]))
    assert len(orders) == 48


def test_the_deal_follows_the_documented_function():
    """docs/api.md's recipe, written out again here, gives the engine's deal."""
    date = "2026-11-22"
    order = list(range(35))
    for i in range(34, 0, -1):
        j = int.from_bytes(hashlib.sha256(f"tsuro-daily/1/{date}/{i}".encode()).digest(), "big") % (
            i + 1
        )
        order[i], order[j] = order[j], order[i]
    got = deal(date)["record"]["deal"]
    assert got == {"hands": [order[:3]], "pile": order[3:]}
    # pinned, so that a change of the function cannot pass unnoticed
    assert got["hands"] == [[17, 1, 0]] and got["pile"][:3] == [19, 23, 6]


def test_the_daily_record_is_a_solo_game_that_replays_and_plays():
    result = deal("2026-01-31")
    rec, pos = result["record"], result["position"]
    assert (
        rec["rules"] == "solo" and rec["moves"] == [] and rec["seed"] == "tsuro-daily/1/2026-01-31"
    )
    assert api.call("replay", {"record": rec})["result"]["position"] == pos
    start = api.call("legal_moves", {"position": pos})["result"]["moves"][0]["move"]
    played = api.call("play", {"position": pos, "move": start})
    assert played["ok"]


@pytest.mark.parametrize(
    "date",
    [
        None,
        "",
        "2026-2-3",
        "2026-02-30",
        "20260203",
        "2026-13-01",
        " 2026-02-03",
        20260203,
        "2026-02-03T00:00",
    ],
)
def test_bad_dates_are_error_values(date):
    args = {} if date is None else {"date": date}
    answer = api.call("daily", args)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_args"
    assert "date" in answer["error"]["message"]


def test_the_page_names_the_player_in_its_language_and_the_deal_stays():
    """A page asks for the day's deal with the player named in its own language
    (web/js/pages/daily/main.js): only the name changes; without players, "Player 1"."""
    plain = deal("2026-11-22")
    assert plain["record"]["players"] == [{"name": "Player 1", "color": "red"}]
    named = api.call("daily", {"date": "2026-11-22", "players": [{"name": "Joueur 1"}]})["result"]
    assert named["record"]["players"] == [{"name": "Joueur 1", "color": "red"}]
    assert named["position"]["players"] == named["record"]["players"]
    assert {**named["record"], "players": plain["record"]["players"]} == plain["record"]
    assert (
        api.call("replay", {"record": named["record"]})["result"]["position"] == named["position"]
    )


@pytest.mark.parametrize(
    "players",
    ["Ann", [], [{"name": "A"}, {"name": "B"}], [{"name": " "}], [{"name": "A", "seat": 1}]],
)
def test_bad_daily_players_are_error_values(players):
    answer = api.call("daily", {"date": "2026-11-22", "players": players})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_players", answer
