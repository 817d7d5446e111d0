"""The board editor's engine op, `check_position` (tsuro_core/editor.py, docs/editor.md):
each problem it reports, with its code, level and parameters; the hands and pile it
deals; the winners it fills in; the phase the author asked for; and, on mutated real
positions, that it agrees with every other op (`validate`): a position with no error is
one the engine accepts, as a sketch exactly when it reports sketch problems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuzzkit import check_call, corpus, fuzz_settings, mutate
from hypothesis import given
from hypothesis import strategies as st

from tsuro_core import api, jsonin, notation

ROOT = Path(__file__).resolve().parents[1]
WEST_H, EAST_C, NORTH_A, OFF = [0, 2, "H"], [5, 3, "C"], [3, 0, "A"], [-1, 1, "C"]
ANN, BO, CY = {"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy"}


def pos(**fields):
    """A two-player position in the tile phase, Ann to move, changed by ``fields``."""
    base = {
        "format": "tsuro-position/1",
        "rules": "classic",
        "players": [ANN, BO],
        "tiles": [],
        "markers": [WEST_H, EAST_C],
        "hands": [[1, 2, 3], [4, 5, 6]],
        "pile": [7, 8, 9],
        "dragon": None,
        "out": [],
        "turn": 0,
    }
    return {**base, **fields}


def check(position, **args):
    answer = api.call("check_position", {"position": position, **args})
    assert answer["ok"], answer
    return answer["result"]


def only(result):
    """The one problem reported, without its English field and message."""
    assert len(result["problems"]) == 1, result["problems"]
    p = dict(result["problems"][0])
    assert p.pop("field") and p.pop("message")
    return p


THREE = dict(players=[ANN, BO, CY], markers=[WEST_H, EAST_C, NORTH_A], hands=[[1], [2], [3]])

CASES = {  # name: (position, the problem without field and message)
    "a square twice": (
        pos(tiles=[[2, 2, 10, 0], [2, 2, 11, 0]]),
        {"code": "square_twice", "level": "error", "square": [2, 2], "tile": 11},
    ),
    "tile 7 on the board and in a hand": (
        pos(tiles=[[2, 2, 7, 0]], hands=[[1, 2, 7], [4, 5, 6]], pile=[]),
        {
            "code": "tile_twice",
            "level": "error",
            "tile": 7,
            "places": [{"square": [2, 2]}, {"hand": 0}],
        },
    ),
    "a tile in a hand and the pile": (
        pos(pile=[3]),
        {
            "code": "tile_twice",
            "level": "error",
            "tile": 3,
            "places": [{"hand": 0}, {"pile": True}],
        },
    ),
    "a hand too big": (
        pos(hands=[[1, 2, 3, 10], [4, 5, 6]]),
        {"code": "hand_too_big", "level": "error", "seat": 0, "count": 4, "max": 3},
    ),
    "an out player without a marker": (
        pos(markers=[WEST_H, None], out=[1]),
        {"code": "out_unplaced", "level": "error", "seat": 1},
    ),
    "an out player's marker on the board": (
        pos(out=[1]),
        {"code": "out_on_board", "level": "error", "seat": 1, "place": EAST_C},
    ),
    "a marker facing the edge, still in": (
        pos(markers=[WEST_H, OFF]),
        {"code": "marker_outside", "level": "error", "seat": 1, "place": OFF},
    ),
    "a marker facing a tile": (
        pos(tiles=[[0, 2, 10, 0]]),
        {"code": "marker_on_tile", "level": "error", "seat": 0, "place": WEST_H, "square": [0, 2]},
    ),
    "a marker with no path from the edge": (
        pos(markers=[[2, 2, "A"], EAST_C]),
        {"code": "marker_no_path", "level": "error", "seat": 0, "place": [2, 2, "A"]},
    ),
    "two markers on the same point": (
        pos(markers=[WEST_H, WEST_H]),
        {"code": "markers_same_place", "level": "error", "seat": 1, "other": 0, "place": WEST_H},
    ),
    "the dragon with a player who is out": (
        pos(**{**THREE, "markers": [WEST_H, EAST_C, OFF]}, out=[2], dragon=2, pile=[]),
        {"code": "dragon_out", "level": "error", "seat": 2},
    ),
    "the dragon in a two-player game": (
        pos(dragon=1, pile=[]),
        {"code": "dragon_few_players", "level": "error", "players": 2, "min": 3},
    ),
    "the seat to move is out": (
        pos(markers=[OFF, EAST_C], out=[0], turn=0),
        {"code": "turn_out", "level": "error", "seat": 0},
    ),
    "winners while the game goes on": (
        pos(winners=[0]),
        {"code": "winners_not_over", "level": "error"},
    ),
    "a tile turn before every start": (
        pos(markers=[WEST_H, None]),
        {"code": "start_first", "level": "error", "seat": 0, "seats": [1]},
    ),
    "an exchange for a player still in": (
        pos(**THREE, exchange=[1], rules="elimination-bonus"),
        {"code": "exchange_bad", "level": "error", "seats": [1]},
    ),
    "an exchange with a full hand": (
        pos(
            **{**THREE, "markers": [WEST_H, EAST_C, OFF], "hands": [[1, 2, 3], [4], [5]]},
            out=[2],
            exchange=[2],
            rules="elimination-bonus",
        ),
        {"code": "exchange_full_hand", "level": "error", "seat": 0, "max": 2},
    ),
    # ---- what a sketch may hold
    "the dragon held while the pile has tiles": (
        pos(**THREE, dragon=1),
        {"code": "dragon_with_pile", "level": "sketch", "seat": 1, "count": 3},
    ),
    "one marker left and the game goes on": (
        pos(markers=[WEST_H, OFF], out=[1], hands=[[1, 2, 3], []]),
        {"code": "not_over", "level": "sketch", "count": 1},
    ),
    "a tile down before the start marks": (
        pos(markers=[None, None], tiles=[[2, 2, 10, 0]]),
        {"code": "tiles_before_start", "level": "sketch", "seat": 0},
    ),
    "the mover without a tile": (
        pos(hands=[[], [4, 5, 6]]),
        {"code": "mover_no_tile", "level": "sketch", "seat": 0},
    ),
    "an exchange the rules do not offer": (
        pos(
            **{**THREE, "markers": [WEST_H, EAST_C, OFF], "hands": [[1, 2], [4], [5]]},
            out=[2],
            exchange=[2],
        ),
        {"code": "exchange_not_offered", "level": "sketch", "seats": [2]},
    ),
    "over with a marker never placed": (
        pos(markers=[WEST_H, None], turn=None, hands=[[], []], pile=[]),
        {"code": "over_unplaced", "level": "sketch", "seats": [1]},
    ),
    "over too soon": (
        pos(turn=None, winners=[0, 1]),
        {"code": "over_too_soon", "level": "sketch", "count": 2},
    ),
    "a winner twice": (
        pos(turn=None, hands=[[], []], pile=[], winners=[0, 0]),
        {"code": "winners_twice", "level": "sketch"},
    ),
    "the wrong winners": (
        pos(turn=None, hands=[[], []], pile=[], winners=[0]),
        {"code": "winners_wrong", "level": "sketch", "seats": [0, 1], "got": [0]},
    ),
    "all out, and a winner who went out first": (
        pos(markers=[OFF, [-1, 2, "C"]], out=[0, 1], turn=None, winners=[0], hands=[[], []]),
        {"code": "winners_not_last_out", "level": "sketch", "got": [0]},
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_problem_with_its_code_level_and_parameters(name):
    position, expected = CASES[name]
    result = check(position)
    assert only(result) == expected
    error = expected["level"] == "error"
    assert (result["position"] is None) == error
    assert result["sketch"] == (not error)
    # the other ops agree: refused, or accepted only when marked a sketch
    assert api.call("validate", {"position": position})["ok"] is False
    marked = api.call("validate", {"position": {**position, "sketch": True}})
    assert marked["ok"] is not error
    if not error:
        assert result["position"]["sketch"] is True
        assert api.call("validate", {"position": result["position"]})["ok"]


def test_every_code_the_engine_can_report_is_tested_and_has_words():
    """The codes in the engine's source are exactly the ones above (and the editor's
    own), and every one has words in the English catalogue (test_catalogues.py holds the
    other six to the same keys)."""
    source = (ROOT / "tsuro_core" / "notation.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'problem\(\s*"(\w+)"', source))
    tested = {case[1]["code"] for case in CASES.values()}
    assert codes == tested
    editor = {"phase_start_placed", "phase_tile_unplaced", "phase_differs", "malformed"}
    catalogue = (ROOT / "web" / "js" / "lib" / "words" / "catalogues" / "en.js").read_text(
        encoding="utf-8"
    )
    for code in codes | editor:
        assert f'"editor.problem.{code}"' in catalogue, code


def test_a_position_with_several_problems_lists_each_of_them():
    result = check(
        pos(tiles=[[2, 2, 7, 0]], hands=[[1, 2, 7], [1, 5, 6]], pile=[], markers=[OFF, OFF])
    )
    codes = [p["code"] for p in result["problems"]]
    assert codes == ["tile_twice", "tile_twice", "marker_outside", "marker_outside"]
    assert result["position"] is None and result["phase"] == "tile"
    # the first is the one every other op names
    refused = api.call("validate", {"position": pos(tiles=[[2, 2, 7, 0]], hands=[[1, 2, 7], []])})
    assert "tile 7 is already at tiles[0]" in refused["error"]["message"]


def test_a_good_position_has_no_problem_and_comes_back_as_the_engine_reads_it():
    position = pos(tiles=[[3, 3, 12, 180]])  # tile 12 looks the same after a half turn
    result = check(position)
    assert result["problems"] == [] and result["sketch"] is False and result["phase"] == "tile"
    assert result["position"]["tiles"] == [[3, 3, 12, 0]]  # the canonical rotation
    assert "sketch" not in result["position"]


def test_unknown_hands_and_pile_are_dealt_from_the_tiles_left_the_same_for_a_seed():
    position = pos(tiles=[[2, 2, 10, 0], [3, 3, 11, 0]])
    del position["hands"], position["pile"]
    first = check(position, deal=5)
    hands, pile = first["position"]["hands"], first["position"]["pile"]
    assert [len(h) for h in hands] == [3, 3] and len(pile) == 35 - 2 - 6
    assert sorted([t for h in hands for t in h] + pile) == sorted(set(range(35)) - {10, 11})
    assert first["problems"] == [] and check(position, deal=5)["position"] == first["position"]
    assert check(position, deal=6)["position"]["hands"] != hands
    # a tile laid on the board leaves the other tiles where they were
    position["tiles"].append([4, 4, hands[1][0], 0])
    again = check(position, deal=5)["position"]
    assert hands[1][0] not in [t for h in again["hands"] for t in h] + again["pile"]
    assert again["hands"][0] == hands[0]
    # hands given, the pile left out: the rest is the pile; a player out is dealt nothing
    three = pos(**{**THREE, "markers": [WEST_H, EAST_C, OFF], "hands": [[1], [2], []]}, out=[2])
    del three["pile"]
    done = check(three, deal=1)["position"]
    assert done["hands"] == [[1], [2], []] and len(done["pile"]) == 33
    del three["hands"]
    dealt = check(three, deal=1)["position"]
    assert [len(h) for h in dealt["hands"]] == [3, 3, 0]


def test_a_finished_game_gets_the_winners_its_rules_choose():
    over = pos(turn=None, hands=[[], []], pile=[])
    assert check(over)["position"]["winners"] == [0, 1]
    longest = pos(
        rules="longest-path", markers=[[1, 2, "H"], EAST_C], tiles=[[0, 2, 9, 0]], turn=None
    )
    longest.update(hands=[[], []], pile=[])
    assert check(longest)["position"]["winners"] == [0]
    all_out = pos(markers=[OFF, [-1, 2, "C"]], out=[1, 0], turn=None, hands=[[], []], pile=[])
    assert check(all_out)["position"]["winners"] == [0]
    # every op reads a finished position without winners the same way: the rules' choice
    # (validate once took the players still in, [1] here, and refused what check_position gave)
    for position, winners in ((longest, [0]), (all_out, [0])):
        assert api.call("validate", {"position": position})["result"] == {"valid": True}
        assert notation.to_position(notation.from_position(position))["winners"] == winners


@pytest.mark.parametrize(
    "position, phase, code",
    [
        (pos(), "start", "phase_start_placed"),
        (pos(markers=[None, None], tiles=[]), "tile", "phase_tile_unplaced"),
        (pos(), "over", "phase_differs"),
    ],
)
def test_the_phase_the_author_asked_for(position, phase, code):
    problem = check(position, phase=phase)["problems"][0]
    assert problem["code"] == code and problem["want"] == phase and problem["level"] == "error"
    assert check(position, phase=check(position)["phase"])["problems"] == []


def test_what_is_not_a_position_is_one_problem_and_bad_arguments_are_refused():
    result = check({"format": "tsuro-position/1", "players": "two", "markers": []})
    assert [p["code"] for p in result["problems"]] == ["malformed"]
    assert "players" in result["problems"][0]["message"] and result["position"] is None
    assert check([1, 2])["problems"][0]["code"] == "malformed"
    for args in ({"phase": "middle"}, {"deal": 1.5}):
        answer = api.call("check_position", {"position": pos(), **args})
        assert answer["error"]["code"] == "bad_args"
    assert api.call("check_position", {})["error"]["code"] == "bad_args"


@fuzz_settings(300)
@given(data=st.data())
def test_on_mutated_real_positions_it_agrees_with_every_other_op(data):
    position = mutate(data, data.draw(st.sampled_from(corpus()["positions"])))
    args = {"position": position}
    if data.draw(st.booleans()):
        args["deal"] = data.draw(st.integers(0, 9))
    answer = check_call("check_position", args)
    if not answer["ok"]:  # only what is no JSON at all is refused before it is read
        assert answer["error"]["code"] == "bad_args"
        with pytest.raises(jsonin.JsonInputError):
            jsonin.check_value(args)
        return
    result = answer["result"]
    problems = result["problems"]
    errors = [p for p in problems if p["level"] == "error"]
    sketch = [p for p in problems if p["level"] == "sketch"]
    assert result["sketch"] == bool(sketch and not errors) or (errors and result["sketch"])
    if errors:
        assert result["position"] is None
        if "deal" not in args:
            assert not check_call("validate", {"position": position})["ok"]
            if errors[0]["code"] != "malformed":  # (a sketch mark of the wrong type is malformed)
                marked = {**position, "sketch": True}
                assert not check_call("validate", {"position": marked})["ok"]
        return
    answered = result["position"]
    assert check_call("validate", {"position": answered})["ok"]
    assert bool(answered.get("sketch")) == bool(sketch)
    if "deal" not in args:
        plain = {k: v for k, v in position.items() if k != "sketch"}
        assert check_call("validate", {"position": plain})["ok"] == (not sketch)
    # what the engine answers is a fixed point: checked again, the same
    assert check_call("check_position", {"position": answered})["result"]["position"] == answered


def test_the_reading_stays_what_every_op_applies():
    """from_position is read_position's first problem: the messages every op gave before."""
    with pytest.raises(notation.NotationError, match=r"hands\[0\]: seat 0 is to move but holds"):
        notation.from_position(pos(hands=[[], [4, 5, 6]]))
    assert notation.from_position({**pos(hands=[[], [4, 5, 6]]), "sketch": True}).sketch
