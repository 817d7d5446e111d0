"""Properties that hold in every game: conservation, paths end, games end, replay."""

from helpers import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from tsuro_core import notation
from tsuro_core.board import LOOP, trace
from tsuro_core.game import Game
from tsuro_core.rules import parse_rules

RULESETS = ["classic", "elimination-bonus", "longest-path", "most-crossings", "open-hands"]


def _check_invariants(game: Game) -> None:
    on_board = sum(1 for c in game.cells if c is not None)
    in_hands = sum(len(h) for h in game.hands)
    assert on_board + in_hands + len(game.pile) == 35  # tile conservation
    assert on_board == len(game.placed)
    everything = [t for _, t, _ in game.placed] + [t for h in game.hands for t in h] + game.pile
    assert sorted(everything) == list(range(35))
    for seat in range(game.n):
        code = game.markers[seat]
        if code is None:
            continue
        _, end = trace(game.cells, game.nxt, code)
        assert end != LOOP and end == code  # a marker faces an empty square
        assert game.geo.is_on_board(code) == game.alive[seat]
        if game.alive[seat]:
            assert len(game.hands[seat]) <= game.rules.hand_size
    if game.dragon is not None and game.phase == "tile":  # it passes after an exchange;
        # at the end it stays where it was
        assert game.alive[game.dragon] and len(game.hands[game.dragon]) < 3
    if not game.over:
        seat = game.turn
        assert game.alive[seat]
        assert game.legal_moves() or not game.hands[seat]  # a player in can always move


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 8), rules=st.sampled_from(RULESETS))
def test_invariants_hold_after_every_move_and_every_game_ends(seed, players, rules):
    moves = []

    def check(game, move, events):
        moves.append(move)
        _check_invariants(game)
        assert len(moves) < 200

    game = play_random(seed, players, parse_rules(rules), check)
    assert game.over and game.winners is not None
    assert set(game.winners) <= set(range(players))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 8),
    rules=st.sampled_from([*RULESETS, "solo", "dragon-from-2", "hands-of-1"]),
)
def test_every_position_a_game_reaches_is_accepted_without_a_sketch_mark(seed, players, rules):
    """The reachability checks (notation._check_reachable) refuse no real position:
    each one between moves, the last included, reads back as the same game."""
    r = {
        "dragon-from-2": {"preset": "classic", "dragon_from": 2, "elimination_bonus": True},
        "hands-of-1": {"preset": "classic", "hand_size": 1, "dragon_from": 3},
    }.get(rules, rules)
    r = parse_rules(r)
    if r.solo:
        players = 1

    def check(game, move, events):
        pos = notation.to_position(game)
        assert "sketch" not in pos
        assert notation.to_position(notation.from_position(pos)) == pos

    play_random(seed, players, r, check)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 8),
    rules=st.sampled_from([*RULESETS, "solo"]),
)
def test_replaying_a_record_reproduces_the_game(seed, players, rules):
    r = parse_rules(rules)
    if r.solo:
        players = 1
    game = play_random(seed, players, r)
    record = notation.to_record(game)
    replayed = notation.replay(record)
    assert notation.to_position(replayed) == notation.to_position(game)
    assert replayed.eliminations == game.eliminations
    # ... and replay needs no random numbers: every shuffle is written in the record.
    assert replayed.rng is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 8), stop=st.integers(0, 60))
def test_positions_round_trip_and_continue_identically(seed, players, stop):
    game = play_random(seed, players)
    record = notation.to_record(game)
    record["moves"] = record["moves"][:stop]
    partial = notation.replay(record)
    pos = notation.to_position(partial)
    again = notation.from_position(pos)
    assert notation.to_position(again) == pos
    assert again.legal_moves() == partial.legal_moves()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 8))
def test_collisions_end_beyond_the_other_markers_start_mark(seed, players):
    starts = {}

    def check(game, move, events):
        if "start" in move:
            starts[game.moves and len(starts)] = move["start"]
        for e in events:
            if e["type"] == "out" and e["reason"] == "collision":
                other_start = game.geo.code(*starts_by_seat[e["with"]])
                assert game.markers[e["seat"]] == game.nxt[other_start]

    starts_by_seat = {}

    def record_starts(game, move, events):
        for e in events:
            if e["type"] == "start":
                x, y, p = e["place"]
                starts_by_seat[e["seat"]] = (x, y, "ABCDEFGH".index(p))
        check(game, move, events)

    play_random(seed, players, None, record_starts)


def test_share_links_of_eight_player_games_fit_in_2000_characters():
    longest = 0
    for seed in range(40):
        game = play_random(seed, 8)
        link = notation.encode_link(notation.to_record(game))
        longest = max(longest, len(link) + 3)  # "#r=" + ...
        kind, value = notation.decode_link("#" + link)
        assert kind == "record" and value == notation.to_record(game)
    assert longest <= 2000
