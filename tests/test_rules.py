"""Every rule of RULES.md, each with a hand-built position."""

from dataclasses import fields, replace

import pytest
from helpers import game_from, position

from tsuro_core import notation
from tsuro_core.game import Game, IllegalMove
from tsuro_core.rules import PRESETS, Rules, parse_rules

# Places used below.  Square (0, 2) is on the west edge: its ports G and H are start marks.
WEST_H = [0, 2, "H"]
WEST_G = [0, 2, "G"]
EAST_C = [5, 3, "C"]
NORTH_A = [3, 0, "A"]
SOUTH_E = [2, 5, "E"]


# ------------------------------------------------------------------ setup


def test_deal_goes_round_the_table_one_tile_at_a_time():
    game = Game.new(players=3, seed=7)
    record = notation.to_record(game)
    hands, pile = record["deal"]["hands"], record["deal"]["pile"]
    assert [len(h) for h in hands] == [3, 3, 3] and len(pile) == 26
    assert sorted([t for h in hands for t in h] + pile) == list(range(35))


def test_start_marks_are_chosen_in_turn_order_before_any_tile():
    game = Game.new(players=3, seed=1)
    assert game.phase == "start" and game.turn == 0
    assert len(game.legal_moves()) == 48
    game.play({"start": WEST_H})
    assert game.turn == 1 and game.phase == "start"
    moves = game.legal_moves()
    assert {"start": WEST_H} not in moves and {"start": WEST_G} in moves  # same square, other mark
    game.play({"start": WEST_G})
    with pytest.raises(IllegalMove, match="not a free start mark"):
        game.play({"start": WEST_H})
    with pytest.raises(IllegalMove, match="not a free start mark"):
        game.play({"start": [2, 2, "A"]})  # not on the edge
    with pytest.raises(IllegalMove, match="not time"):
        game.play({"tile": game.hands[2][0], "rot": 0})
    game.play({"start": EAST_C})
    assert game.phase == "tile" and game.turn == 0


# ------------------------------------------------------------------ a turn


def test_the_tile_goes_in_front_of_the_marker_and_markers_follow_paths():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[2, 5, 6], [7, 8, 9]], pile=[10, 11])
    events = game.play({"tile": 2, "rot": 0})  # straight across: H -> C
    assert game.place_json(game.markers[0]) == [1, 2, "H"]
    assert [e["type"] for e in events][:2] == ["place", "move"]
    assert events[1]["path"] == [[0, 2, "H", "C"]]
    assert notation.to_position(game)["tiles"] == [[0, 2, 2, 0]]


def test_any_rotation_is_accepted_and_reported_canonically():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[0, 5, 6], [7, 8, 9]], pile=[10])
    game.play({"tile": 0, "rot": 180})  # tile 0 looks the same after a half turn
    assert game.moves[-1] == {"tile": 0, "rot": 0}


def test_out_at_the_edge():
    # Tile 34 turns every path back on its own side: from H the marker leaves at G.
    game = game_from(markers=[WEST_H, EAST_C, NORTH_A], hands=[[34], [7, 8, 9], [10, 11, 12]])
    events = game.play({"tile": 34, "rot": 0})
    assert game.out == [0]
    assert game.place_json(game.markers[0]) == [-1, 2, "D"]  # beyond the edge, facing back in
    assert {"type": "out", "seat": 0, "reason": "edge"} in events


def test_self_elimination_is_illegal_while_a_safe_placement_exists():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[34, 2], [7, 8, 9]])
    assert game.legal_moves() == [{"tile": 2, "rot": 0}]
    with pytest.raises(IllegalMove, match="only when every placement would"):
        game.play({"tile": 34, "rot": 0})


def test_self_elimination_is_legal_when_every_placement_self_eliminates():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[34], [7, 8, 9]])
    assert game.legal_moves() == [{"tile": 34, "rot": 0}]


def test_every_rotation_counts_before_self_elimination_is_forced():
    # Tile 22 (AB CH DG EF) sends H straight across at rotation 0, but back out at 90.
    game = game_from(markers=[WEST_H, EAST_C], hands=[[22], [7, 8, 9]])
    legal = game.legal_moves()
    assert legal and all(
        not notation.from_position(notation.to_position(game)).geo.is_on_board(-1) for _ in [0]
    )
    for move in legal:
        trial = game.copy()
        trial.play(move)
        assert trial.alive[0]


def test_collision_eliminates_both_and_paths_end_at_each_others_start_mark():
    # Two markers on the two marks of one square; tile 34 joins G and H.
    game = game_from(
        markers=[WEST_H, WEST_G, EAST_C, NORTH_A],
        hands=[[34], [7, 8], [9, 10, 11], [1, 3, 4]],
        pile=[12, 13],
    )
    events = game.play({"tile": 34, "rot": 0}, reshuffle=[13, 7, 12, 8])
    outs = [e for e in events if e["type"] == "out"]
    assert outs == [
        {"type": "out", "seat": 0, "reason": "collision", "with": 1},
        {"type": "out", "seat": 1, "reason": "collision", "with": 0},
    ]
    # Each ends beyond the other's start mark, facing back in.
    assert game.place_json(game.markers[0]) == [-1, 2, "D"]  # across from G
    assert game.place_json(game.markers[1]) == [-1, 2, "C"]  # across from H
    assert game.turn == 2 and not game.over


def test_a_collision_between_two_opponents_is_legal_for_the_mover():
    # Corner square (0, 0): the mover on A, two opponents on G and H.  Tile 22 at 90
    # (AF BE CD GH) sends the mover south and joins the two opponents.
    game = game_from(
        markers=[[0, 0, "A"], [0, 0, "G"], [0, 0, "H"], EAST_C],
        hands=[[22, 1, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]],
        pile=[13],
    )
    assert {"tile": 22, "rot": 90} in game.legal_moves()
    events = game.play({"tile": 22, "rot": 90}, reshuffle=[4, 5, 6, 7, 8, 9, 13])
    assert game.out == [1, 2] and game.alive[0]
    assert [e["reason"] for e in events if e["type"] == "out"] == ["collision", "collision"]


def test_only_markers_facing_the_new_tile_move():
    game = game_from(
        markers=[WEST_H, WEST_G, EAST_C], hands=[[2, 3, 4], [5, 6, 7], [8, 9, 10]], pile=[11]
    )
    game.play({"tile": 2, "rot": 0})  # H -> C and G -> D: both move east
    assert game.place_json(game.markers[0]) == [1, 2, "H"]
    assert game.place_json(game.markers[1]) == [1, 2, "G"]
    assert game.place_json(game.markers[2]) == EAST_C


def test_the_game_ends_at_once_when_one_marker_is_left():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[34], [7, 8, 9]], pile=[10, 11])
    game.play({"tile": 34, "rot": 0})
    assert game.over and game.winners == [1]
    pos = notation.to_position(game)
    assert pos["turn"] is None and pos["pile"] == [10, 11]  # nothing drawn
    assert pos["hands"] == [[], [7, 8, 9]]  # out players keep their hands


def test_a_reshuffle_on_a_game_ending_move_is_invalid():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[34, 5], [7, 8, 9]])
    game.hands[0] = [34]
    with pytest.raises(IllegalMove, match="ends the game"):
        game.play({"tile": 34, "rot": 0, "reshuffle": [5]})


def test_all_remaining_markers_out_on_one_move_share_the_win():
    game = game_from(markers=[WEST_H, WEST_G], hands=[[34], [5, 6]])
    game.play({"tile": 34, "rot": 0})
    assert game.over and game.winners == [0, 1] and game.out == [0, 1]


def test_when_the_tiles_run_out_the_players_still_in_share_the_win():
    game = game_from(markers=[WEST_H, EAST_C, NORTH_A], hands=[[2], [], []], out=[])
    game.play({"tile": 2, "rot": 0})
    assert game.over and game.winners == [0, 1, 2]


def test_a_player_with_an_empty_hand_is_skipped():
    game = game_from(markers=[WEST_H, EAST_C, NORTH_A], hands=[[2, 3], [], [5]], dragon=0)
    events = game.play({"tile": 2, "rot": 0})
    assert {"type": "skip", "seat": 1} in events and game.turn == 2


# ------------------------------------------------------- eliminated tiles


def test_eliminated_players_tiles_are_shuffled_into_the_pile():
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A], hands=[[34, 1], [7, 8, 9], [10, 11, 12]], pile=[20, 21]
    )
    game.hands[0] = [34]
    game.hands[0] = [34, 1]
    # Make both of seat 0's tiles self-eliminate: 1 is AE BF CG DH: H -> D (east).  So use a
    # hand where only 34 is held and check the held tiles return.
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A], hands=[[34], [7, 8, 9], [10, 11, 12]], pile=[20, 21]
    )
    events = game.play({"tile": 34, "rot": 0})
    assert not any(e["type"] == "reshuffle" for e in events)  # seat 0 held nothing more
    assert "reshuffle" not in game.moves[-1]


def test_returned_tiles_need_a_reshuffle_in_a_record_and_a_refused_move_changes_nothing():
    game = game_from(
        markers=[WEST_H, WEST_G, EAST_C, NORTH_A],
        hands=[[34], [7, 8], [9, 10, 11], [1, 3, 4]],
        pile=[12],
    )
    before = notation.to_position(game)
    with pytest.raises(IllegalMove, match="needs a reshuffle"):
        game.play({"tile": 34, "rot": 0})
    assert notation.to_position(game) == before
    with pytest.raises(IllegalMove, match="exactly the pile and the returned tiles"):
        game.play({"tile": 34, "rot": 0, "reshuffle": [12, 7, 9]})
    assert notation.to_position(game) == before
    game.play({"tile": 34, "rot": 0, "reshuffle": [8, 12, 7]})
    assert game.pile == [8, 12, 7] and game.hands[2] == [9, 10, 11] and game.out == [0, 1]


# ------------------------------------------------------------ the dragon


def test_two_players_only_the_active_player_draws_and_there_is_no_dragon():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[2, 3, 4], [5, 6]], pile=[9])
    game.play({"tile": 2, "rot": 0})
    assert game.hands == [[3, 4, 9], [5, 6]] and game.dragon is None
    game.play({"tile": 5, "rot": 0}) if {"tile": 5, "rot": 0} in game.legal_moves() else game.play(
        game.legal_moves()[0]
    )
    assert game.dragon is None and len(game.hands[1]) == 1


def test_the_player_who_must_draw_from_an_empty_pile_takes_the_dragon():
    game = game_from(markers=[WEST_H, EAST_C, NORTH_A], hands=[[2, 3, 4], [5, 6, 7], [8, 9, 10]])
    events = game.play({"tile": 2, "rot": 0})
    assert game.dragon == 0
    assert {"type": "dragon", "seat": 0, "reason": "taken"} in events


def test_the_draw_starts_with_the_dragon_holder_who_gives_it_up_when_drawing():
    # Seat 1 holds the dragon; tiles came back into the pile.  Seat 0 plays: seat 1
    # draws first (and gives up the dragon), then clockwise: seat 2 is full, seat 0 draws.
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A],
        hands=[[2, 3, 4], [5, 6], [8, 9, 10]],
        pile=[20, 21, 22],
        dragon=1,
        sketch=True,  # between the tiles' return and the draw: not a position between moves
    )
    events = game.play({"tile": 2, "rot": 0})
    assert game.hands == [[3, 4, 21], [5, 6, 20], [8, 9, 10]]
    assert game.dragon is None and game.pile == [22]
    assert [e for e in events if e["type"] == "draw"] == [
        {"type": "draw", "seat": 1, "tile": 20},
        {"type": "draw", "seat": 0, "tile": 21},
    ]


def test_while_the_pile_is_empty_nobody_draws_and_the_holder_keeps_the_dragon():
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A], hands=[[2, 3, 4], [5, 6], [8, 9, 10]], dragon=1
    )
    game.play({"tile": 2, "rot": 0})
    assert game.dragon == 1 and game.hands[0] == [3, 4]


def test_the_draw_goes_round_until_hands_are_full_or_the_pile_is_empty():
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A, SOUTH_E],
        hands=[[2, 3, 4], [5], [8, 9], [11, 12, 13]],
        pile=[20, 21, 22, 23],
        dragon=2,
        sketch=True,  # between the tiles' return and the draw: not a position between moves
    )
    game.play({"tile": 2, "rot": 0})
    # From the holder (seat 2): 2 takes 20 (gives up the dragon), 3 is full, 0 takes 21,
    # 1 takes 22, then round again: 1 takes 23, and the pile is empty before seat... done.
    assert game.hands == [[3, 4, 21], [5, 22, 23], [8, 9, 20], [11, 12, 13]]
    assert game.dragon is None


def test_an_eliminated_dragon_holder_passes_it_to_the_next_player_short_of_tiles():
    game = game_from(
        markers=[WEST_H, EAST_C, NORTH_A, SOUTH_E],
        hands=[[34], [5, 6, 7], [8, 9], [11, 12, 13]],
        dragon=0,
    )
    events = game.play({"tile": 34, "rot": 0})
    assert game.out == [0]
    assert game.dragon == 2  # seat 1 is full: seat 2 is next short of tiles
    assert {"type": "dragon", "seat": 2, "from": 0, "reason": "passed"} in events
    assert game.turn == 1


def test_the_dragon_is_set_aside_when_everyone_still_in_is_full():
    game = game_from(
        markers=[WEST_H, WEST_G, EAST_C, NORTH_A],
        hands=[[34], [5, 6], [8, 9, 10], [11, 12, 13]],
        dragon=1,
        pile=[],
    )
    events = game.play({"tile": 34, "rot": 0}, reshuffle=[6, 5])
    assert game.out == [0, 1]
    # The dragon went aside (seats 2 and 3 hold three tiles); then seat 2 is the next
    # player to draw?  No one is short of tiles, so nobody draws.
    assert game.dragon is None
    assert any(e["type"] == "dragon" and e["reason"] == "set_aside" for e in events)
    assert game.pile == [6, 5]


def test_dragon_passes_then_its_new_holder_draws_first():
    game = game_from(
        markers=[WEST_H, WEST_G, EAST_C, NORTH_A],
        hands=[[34], [5, 6], [8, 9, 10], [11, 12]],
        dragon=1,
    )
    game.play({"tile": 34, "rot": 0}, reshuffle=[6, 5])
    assert game.hands[3] == [11, 12, 6] and game.dragon is None and game.pile == [5]


def test_no_dragon_in_a_game_that_started_with_two_players():
    with pytest.raises(notation.NotationError, match="no dragon"):
        notation.from_position(position([WEST_H, EAST_C], [[1], [2]], dragon=0))


# ----------------------------------------------------- elimination bonus


def _bonus_game(bonus: bool = True) -> Game:
    rules = {"preset": "classic", "elimination_bonus": True} if bonus else "classic"
    return game_from(
        markers=[[0, 0, "A"], [0, 0, "G"], [0, 0, "H"], EAST_C],
        hands=[[22, 1, 3], [4, 5, 6], [7, 8], [10, 11, 12]],
        pile=[13],
        rules=rules,
    )


def test_elimination_bonus_offers_an_exchange_with_the_eliminated_players_tiles():
    game = _bonus_game()
    events = game.play({"tile": 22, "rot": 90})
    assert game.phase == "exchange" and game.turn == 0
    assert events[-1] == {"type": "exchange_offer", "seat": 0, "tiles": [4, 5, 6, 7, 8]}
    exchanges = game.legal_moves()
    assert {"exchange": []} in exchanges and {"exchange": [[1, 4], [3, 8]]} in exchanges
    assert len(exchanges) == 1 + 2 * 5 + 5 * 4
    game.play({"exchange": [[3, 8], [1, 4]], "reshuffle": [1, 3, 5, 6, 7, 13]})
    assert sorted(game.hands[0]) == [1, 4, 8] or sorted(game.hands[0]) == [4, 8, 1]
    assert game.moves[-1]["exchange"] == [[1, 4], [3, 8]]
    assert game.phase == "tile" and game.turn == 3


def test_without_the_option_there_is_no_exchange():
    game = _bonus_game(bonus=False)
    game.play({"tile": 22, "rot": 90}, reshuffle=[4, 5, 6, 7, 8, 13])
    assert game.phase == "tile" and game.turn == 3


def test_an_exchange_must_use_real_tiles():
    game = _bonus_game()
    game.play({"tile": 22, "rot": 90})
    with pytest.raises(IllegalMove, match="not allowed"):
        game.play({"exchange": [[1, 30]]})
    with pytest.raises(IllegalMove, match="not allowed"):
        game.play({"exchange": [[1, 4], [1, 5]]})


# ------------------------------------------------------------- variants


def test_solo_places_tiles_until_the_marker_leaves_and_scores_tiles_placed():
    game = Game.new(parse_rules("solo"), 1, seed=3)
    while not game.over:
        game.play(game.legal_moves()[0])
    assert game.scores() == [len(game.placed)]
    assert game.winners == ([0] if game.alive[0] else [])


def test_longest_path_ranks_by_path_length():
    rules = parse_rules("longest-path")
    assert rules.scoring == "longest_path"
    # Seat 1 already crossed the straight tile at (0, 3); seat 0 stands on its start mark.
    game = game_from(
        markers=[WEST_H, [1, 3, "G"]],
        hands=[[2, 3], [34]],
        tiles=[[0, 3, 0, 0]],
        rules="longest-path",
    )
    assert game.scores() == [0, 1]
    game.play({"tile": 2, "rot": 0})
    assert game.scores() == [1, 1]
    # Seat 1 is forced to turn back through (0, 3) and off the west edge: path length 3,
    # and under longest-path scoring the longer path wins though its marker is out.
    game.play({"tile": 34, "rot": 0})
    assert game.over and game.scores() == [1, 3] and game.winners == [1]


def test_most_crossings_counts_paths_crossed():
    game = game_from(markers=[WEST_H, EAST_C], hands=[[7, 2], [34, 9]], rules="most-crossings")
    game.play({"tile": 7, "rot": 0})  # AD BG CF EH: the path from H crosses two others
    assert game.scores()[0] == 2


def test_rules_round_trip_as_names_and_options():
    assert parse_rules("classic") is PRESETS["classic"]
    r = parse_rules({"preset": "classic", "elimination_bonus": True})
    assert r.to_json() == {"preset": "classic", "elimination_bonus": True}
    with pytest.raises(ValueError, match="unknown option"):
        parse_rules({"preset": "classic", "dragons": 2})
    with pytest.raises(ValueError, match="unknown rule set"):
        parse_rules("chess")


def test_every_option_is_written_when_it_differs_and_read_back() -> None:
    """Rules.to_json and as_json name each option of the dataclass (typed, so listed
    by hand): an option added to Rules but not to them fails here."""
    options = {f.name for f in fields(Rules)} - {"preset"}
    assert set(PRESETS["classic"].as_json()) == options | {"preset"}
    for name in options:
        value = getattr(PRESETS["classic"], name)
        if isinstance(value, bool):
            other = not value
        elif name == "scoring":
            other = "most_crossings"
        else:  # within the option's range: 8 players at most, a dragon from 9
            other = value - 1 if name in ("max_players", "dragon_from") else value + 1
        rules = replace(PRESETS["classic"], **{name: other})
        assert rules.to_json() == {"preset": "classic", name: other}, name
        assert parse_rules(rules.to_json()) == rules


def test_outcome_previews_a_placement_exactly_and_changes_nothing() -> None:
    """Game.outcome (the API's previews) says what place_tile then does: the same
    paths, ends and eliminations, with the game untouched in between."""
    import random

    checked = 0
    for seed in range(30):
        game = Game.new(PRESETS["classic"], 2 + seed % 5, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase == "start":
                game.choose_start(rng.choice(game.legal_starts()))
                continue
            if game.phase == "exchange":
                game.exchange([])
                continue
            before = notation.to_position(game)
            tile, q = rng.choice(game.legal_placements())
            preview = game.outcome(tile, q)
            assert notation.to_position(game) == before
            events = game.place_tile(tile, q)
            assert preview["paths"] == [
                {"seat": e["seat"], "path": e["path"], "to": e["to"]}
                for e in events
                if e["type"] == "move"
            ]
            assert preview["out"] == [
                {"seat": e["seat"], "reason": e["reason"]} for e in events if e["type"] == "out"
            ]
            assert preview["self_eliminating"] == (not game.alive[preview["paths"][0]["seat"]])
            checked += bool(preview["out"])
    assert checked > 20  # eliminations (edge and collision) were previewed
