"""Play by link: messages round-trip; forged, damaged, tampered (a chosen deal or
reshuffle), stale and conflicting links are refused; the deal follows from a
seed nobody chooses alone (commit and reveal)."""

import base64
import json
import random
import zlib

import pytest
from fuzzkit import link_game

from tsuro_core import api, linkplay, notation
from tsuro_core.game import Game


def ok(op, args):
    r = api.call(op, args)
    assert r["ok"], r
    return r["result"]


def error(op, args):
    r = api.call(op, args)
    assert r["ok"] is False, r
    return r["error"]


def page_game(n, seed):
    """A whole game as the page made it before commit and reveal: new_game, then every
    move through play with the move's number as the seed; the last message."""
    dealt = ok("new_game", {"players": n, "seed": seed})
    record, position = dealt["record"], dealt["position"]
    rng = random.Random(seed)
    while position["turn"] is not None:
        legal = ok("legal_moves", {"position": position})["moves"]
        r = ok(
            "play",
            {"position": position, "move": rng.choice(legal)["move"], "seed": len(record["moves"])},
        )
        record["moves"].append(r["move"])
        position = r["position"]
    return message(record)


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


def packed(msg):
    """A link holding ``msg`` as it is, past link_encode's checks (a hand-made link)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(msg).encode()) + packer.flush()
    return "g=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")


def test_a_full_8_player_game_fits_in_2000_characters_and_round_trips():
    longest = 0
    for seed in range(4):
        msg = link_game(8, seed)[-1]
        frag = ok("link_encode", {"message": msg})["fragment"]
        longest = max(longest, len(frag))
        opened = ok("link_open", {"fragment": f"https://example.org/link.html#{frag}"})
        assert opened["message"] == msg and opened["status"] == "new"
        assert opened["position"]["winners"] is not None and opened["shuffle"] == "committed"
    assert longest + len("https://tsuro.example/link.html#") < 2000, longest


def test_links_the_page_made_before_commit_and_reveal_still_open():
    """Before commit and reveal the page chose the seed (its engine's) and seeded each
    move's reshuffle with the move's number: such links open, reported as such."""
    for seed in (3, 11):
        msg = page_game(4, seed)
        assert any("reshuffle" in m for m in msg["record"]["moves"]) or seed == 3
        opened = ok("link_open", {"fragment": ok("link_encode", {"message": msg})["fragment"]})
        assert opened["shuffle"] == "host" and opened["position"]["winners"] is not None


def test_newer_same_stale_and_conflicting_copies():
    steps = link_game(3, 4)  # setup, 1 share, reveal, moves
    msg = steps[-1]
    at = lambda k: ok("link_encode", {"message": steps[k]})["fragment"]  # noqa: E731
    for local in (steps[6], steps[1]):  # a copy mid-game, and one during the setup
        k = steps.index(local)
        assert ok("link_open", {"fragment": at(k + 1), "local": local})["status"] == "newer"
        assert ok("link_open", {"fragment": at(k), "local": local})["status"] == "same"
        e = error("link_open", {"fragment": at(k - 1), "local": local})
        assert e["code"] == "stale_link" and "older" in e["message"]
    other = link_game(3, 5, game=msg["game"])  # the same name, another game
    fragment = ok("link_encode", {"message": other[6]})["fragment"]
    assert error("link_open", {"fragment": fragment, "local": steps[6]})["code"] == (
        "conflicting_link"
    )
    # the same game (the same commit) with another share: a conflicting history
    forked = {**steps[1], "shares": ["0" * 32]}
    fragment = ok("link_encode", {"message": forked})["fragment"]
    assert error("link_open", {"fragment": fragment, "local": steps[1]})["code"] == (
        "conflicting_link"
    )


def test_damaged_and_forged_links_are_refused_with_a_reason():
    msg = link_game(3, 7)[-1]
    frag = ok("link_encode", {"message": msg})["fragment"]
    assert error("link_open", {"fragment": frag[:-30]})["code"] == "bad_link"
    assert error("link_open", {"fragment": "g=1" + "A" * 40})["code"] == "bad_link"
    assert error("link_open", {"fragment": "r=1abc"})["code"] == "bad_link"
    # a forged move: packed by hand (link_encode would refuse it), the engine names the move.
    # The deal is random (link_new's secret), so the forged tile is one the mover does not
    # hold: a tile also in hand would leave the move legal and fail a later one instead.
    forged = json.loads(json.dumps(msg))
    moves = forged["record"]["moves"]
    k = next(i for i, m in enumerate(moves) if "tile" in m)
    position = notation.replay_positions(msg["record"])[0][k]
    hand = position["hands"][position["turn"]]
    moves[k]["tile"] = next(t for t in range(35) if t not in hand)
    e = error("link_open", {"fragment": packed(forged)})
    assert e["code"] == "bad_link" and f"move {k}" in e["message"]
    assert error("link_encode", {"message": forged})["code"] == "bad_link"
    for bad in (
        {**msg, "seats": ["person"]},
        {**msg, "seats": ["computer:easy"] * 3},
        {**msg, "game": "x"},
        {**msg, "hidden": "no"},
        {**msg, "extra": 1},
        {**msg, "host": 2},  # a computer's seat
        {**msg, "commit": "ab"},
        {**msg, "shares": ["0" * 32] * 2},
        {**msg, "secret": "xyz"},
    ):
        assert error("link_encode", {"message": bad})["code"] == "bad_link", bad


# ------------------------------------------------------------ a deal nobody stacks


def swapped_deal(record):
    """The record with seat 0's first tile and the pile's first swapped: a hand-picked deal."""
    record = json.loads(json.dumps(record))
    hands, pile = record["deal"]["hands"], record["deal"]["pile"]
    hands[0][0], pile[0] = pile[0], hands[0][0]
    record["moves"] = []
    return record


def tampered_code(msg):
    return error("link_open", {"fragment": packed(msg)})


def test_a_hand_picked_deal_is_refused_as_tampered():
    for msg in (link_game(3, 2)[3], page_game(3, 2)):
        record = swapped_deal(msg["record"])
        e = tampered_code({**msg, "record": record})
        assert e["code"] == "tampered_link" and "deal" in e["message"], e
        assert error("link_encode", {"message": {**msg, "record": record}})["code"] == (
            "tampered_link"
        )
    # a page link whose record states no seed: nothing derives its deal
    msg = page_game(3, 2)
    record = {k: v for k, v in msg["record"].items() if k != "seed"}
    assert tampered_code({**msg, "record": record})["code"] == "tampered_link"


def test_any_seed_but_the_hash_of_the_secret_and_the_shares_is_refused():
    msg = link_game(3, 2)[3]
    record = {**msg["record"], "seed": "1" * 64, "moves": []}
    dealt = Game.new(None, 3, "1" * 64).deal  # a deal that follows its (chosen) seed
    record["deal"] = {"hands": dealt[0], "pile": dealt[1]}
    e = tampered_code({**msg, "record": record})
    assert e["code"] == "tampered_link" and "seed" in e["message"]
    # a secret other than the committed one (and the seed it would give)
    secret = "f" * 32
    seed = linkplay.seed_of(msg["game"], secret, msg["shares"])
    dealt = Game.new(None, 3, seed).deal
    record = {**record, "seed": seed, "deal": {"hands": dealt[0], "pile": dealt[1]}}
    e = tampered_code({**msg, "secret": secret, "record": record})
    assert e["code"] == "tampered_link" and "committed" in e["message"]


def test_a_reshuffle_in_another_order_is_refused_as_tampered():
    # (each game's deal comes from link_new's random secret, so whether a game reshuffles more
    # than one tile is not the seed's to say: games are played until one does)
    for steps in (link_game(4 + s % 2, s) for s in range(40)):
        msg = steps[-1]
        moves = msg["record"]["moves"]
        k = next((i for i, m in enumerate(moves) if len(m.get("reshuffle", [])) > 1), None)
        if k is None:
            continue
        forged = json.loads(json.dumps(msg))
        order = forged["record"]["moves"][k]["reshuffle"]
        order[0], order[-1] = order[-1], order[0]
        forged["record"]["moves"] = forged["record"]["moves"][: k + 1]
        e = tampered_code(forged)
        assert e["code"] == "tampered_link" and f"move {k}" in e["message"], e
        break
    else:
        pytest.fail("none of 40 games reshuffles more than one tile")


def test_the_page_links_reshuffles_are_checked_too():
    msg = next(
        m
        for m in (page_game(4, s) for s in range(20))
        if any(len(x.get("reshuffle", [])) > 1 for x in m["record"]["moves"])
    )
    k = next(i for i, m in enumerate(msg["record"]["moves"]) if len(m.get("reshuffle", [])) > 1)
    forged = json.loads(json.dumps(msg))
    order = forged["record"]["moves"][k]["reshuffle"]
    order[0], order[-1] = order[-1], order[0]
    forged["record"]["moves"] = forged["record"]["moves"][: k + 1]
    assert tampered_code(forged)["code"] == "tampered_link"


def test_the_setup_goes_host_commit_shares_reveal_and_nobody_else_can_reveal():
    made = ok(
        "link_new",
        {"game": "setup-1", "seats": ["person"] * 3, "players": [{"name": n} for n in "ABC"]},
    )
    assert made["waiting"] == "share" and made["sharer"] == 1
    assert made["message"]["commit"] == linkplay.commitment("setup-1", made["secret"])
    assert "secret" not in made["message"]  # the secret stays on the host's device
    early = error("link_reveal", {"message": made["message"], "secret": made["secret"]})
    assert early["code"] == "wrong_phase"
    one = ok("link_share", {"message": made["message"]})
    assert one["waiting"] == "share" and one["sharer"] == 2
    two = ok("link_share", {"message": one["message"]})
    assert two["waiting"] == "secret"
    assert error("link_share", {"message": two["message"]})["code"] == "wrong_phase"
    wrong = error("link_reveal", {"message": two["message"], "secret": "0" * 32})
    assert wrong["code"] == "bad_args"
    dealt = ok("link_reveal", {"message": two["message"], "secret": made["secret"]})
    seed = linkplay.seed_of("setup-1", made["secret"], two["message"]["shares"])
    assert dealt["message"]["record"]["seed"] == seed
    assert dealt["position"]["turn"] == 0 and dealt["shuffle"] == "committed"
    assert error("link_play", {"message": two["message"], "move": {}})["code"] == "wrong_phase"
    chosen = {"tile": 1, "rot": 0, "reshuffle": list(range(35))}
    assert error("link_play", {"message": dealt["message"], "move": chosen})["code"] == (
        "illegal_move"
    )
    # one person and computers: nobody to share with, the host reveals at once
    solo = ok(
        "link_new",
        {
            "game": "setup-2",
            "seats": ["person", "computer:easy"],
            "players": [{"name": "A"}, {"name": "B"}],
        },
    )
    assert solo["waiting"] == "secret"
    ok("link_reveal", {"message": solo["message"], "secret": solo["secret"]})


def test_every_share_and_the_secret_change_the_deal():
    """Nobody's part decides alone: change any one and the seed (so the deal) changes."""
    secret, shares = "a" * 32, ["b" * 32, "c" * 32]
    seeds = {linkplay.seed_of("g-1234", secret, shares)}
    seeds.add(linkplay.seed_of("g-1234", "d" * 32, shares))
    seeds.add(linkplay.seed_of("g-1234", secret, ["d" * 32, "c" * 32]))
    seeds.add(linkplay.seed_of("g-1234", secret, ["b" * 32, "d" * 32]))
    seeds.add(linkplay.seed_of("g-9999", secret, shares))
    assert len(seeds) == 5
