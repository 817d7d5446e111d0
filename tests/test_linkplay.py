"""Play by link: messages round-trip, forged, damaged, stale and conflicting links are refused."""

import base64
import json
import zlib

from tsuro_core import api, notation
from tsuro_core.bots import get_bot, view_for
from tsuro_core.game import Game


def ok(op, args):
    r = api.call(op, args)
    assert r["ok"], r
    return r["result"]


def error(op, args):
    r = api.call(op, args)
    assert r["ok"] is False, r
    return r["error"]


def full_game(n, seed):
    g = Game.new(None, n, seed)
    bot, k = get_bot("random"), 0
    while not g.over:
        g.play(bot.choose(view_for(g, g.turn), seed=k).move)
        k += 1
    return notation.to_record(g)


def message(record, n=None):
    n = n or len(record["players"])
    return {
        "format": "tsuro-link/1",
        "game": "test-game-1",
        "seats": ["person"] * (n - 1) + ["computer:medium"],
        "hidden": False,
        "record": record,
    }


def with_moves(msg, k):
    return {**msg, "record": {**msg["record"], "moves": msg["record"]["moves"][:k]}}


def test_a_full_8_player_game_fits_in_2000_characters_and_round_trips():
    longest = 0
    for seed in range(6):
        msg = message(full_game(8, seed))
        frag = ok("link_encode", {"message": msg})["fragment"]
        longest = max(longest, len(frag))
        opened = ok("link_open", {"fragment": f"https://example.org/link.html#{frag}"})
        assert opened["message"] == msg and opened["status"] == "new"
        assert opened["position"]["winners"] is not None
    assert longest + len("https://tsuro.example/link.html#") < 2000, longest


def test_newer_same_stale_and_conflicting_copies():
    msg = message(full_game(3, 4))
    at = lambda k: ok("link_encode", {"message": with_moves(msg, k)})["fragment"]  # noqa: E731
    local = with_moves(msg, 5)
    assert ok("link_open", {"fragment": at(6), "local": local})["status"] == "newer"
    assert ok("link_open", {"fragment": at(5), "local": local})["status"] == "same"
    e = error("link_open", {"fragment": at(4), "local": local})
    assert e["code"] == "stale_link" and "older" in e["message"]
    other = message(full_game(3, 5))
    other["game"] = msg["game"]
    assert (
        error(
            "link_open",
            {
                "fragment": ok("link_encode", {"message": with_moves(other, 6)})["fragment"],
                "local": local,
            },
        )["code"]
        == "conflicting_link"
    )


def test_damaged_and_forged_links_are_refused_with_a_reason():
    msg = message(full_game(3, 7))
    frag = ok("link_encode", {"message": msg})["fragment"]
    assert error("link_open", {"fragment": frag[:-30]})["code"] == "bad_link"
    assert error("link_open", {"fragment": "g=1" + "A" * 40})["code"] == "bad_link"
    assert error("link_open", {"fragment": "r=1abc"})["code"] == "bad_link"
    # a forged move: packed by hand (link_encode would refuse it), the engine names the move
    forged = json.loads(json.dumps(msg))
    k = next(i for i, m in enumerate(forged["record"]["moves"]) if "tile" in m)
    forged["record"]["moves"][k]["tile"] = (forged["record"]["moves"][k]["tile"] + 1) % 35
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(forged).encode()) + packer.flush()
    e = error(
        "link_open", {"fragment": "g=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")}
    )
    assert e["code"] == "bad_link" and f"move {k}" in e["message"]
    assert error("link_encode", {"message": forged})["code"] == "bad_link"
    for bad in (
        {**msg, "seats": ["person"]},
        {**msg, "seats": ["computer:easy"] * 3},
        {**msg, "game": "x"},
        {**msg, "hidden": "no"},
        {**msg, "extra": 1},
    ):
        assert error("link_encode", {"message": bad})["code"] == "bad_link"
