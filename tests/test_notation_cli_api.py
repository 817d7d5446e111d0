"""Positions, records and links; the command line; the JSON API."""

import base64
import json
import subprocess
import sys
import zlib

import pytest
from helpers import play_random, position

from tsuro_core import api, notation
from tsuro_core.game import Game

WEST_H, EAST_C = [0, 2, "H"], [5, 3, "C"]


def _cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "tsuro_core", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def record():
    return notation.to_record(play_random(11, 4))


# ------------------------------------------------------------- positions


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda p: p.pop("markers"), "markers: missing"),
        (lambda p: p.update(format="tsuro-position/9"), "format"),
        (lambda p: p.update(turn=5), "turn: expected a whole number 0..1"),
        (lambda p: p["hands"][0].append(40), r"hands\[0\]\[3\]: expected a whole number 0..34"),
        (lambda p: p["hands"][1].__setitem__(0, 1), "tile 1 is already at hands"),
        (
            lambda p: p.update(markers=[[2, 2, "A"], EAST_C]),
            "does not lead back to the board's edge",
        ),
        (lambda p: p.update(markers=[[0, 2, "Q"], EAST_C]), "port letter"),
        (lambda p: p.update(markers=[WEST_H, WEST_H]), "same place"),
        (lambda p: p.update(out=[0]), "seat 0 is out, so its marker must be off the board"),
        (lambda p: p.update(tiles=[[0, 2, 30, 0]]), "holds a tile"),
        (lambda p: p.update(rules="chess"), "unknown rule set"),
        (lambda p: p.update(players=[{"name": "A"}]), "for 2-8 players"),
        (lambda p: p.update(extra=1), "unknown field"),
    ],
)
def test_bad_positions_are_refused_with_the_field_and_the_reason(mutate, message):
    pos = position([WEST_H, EAST_C], [[1, 2, 3], [4, 5, 6]], pile=[7, 8])
    mutate(pos)
    with pytest.raises(notation.NotationError, match=message):
        notation.from_position(pos)


def test_tutorial_positions_may_leave_out_hands_and_pile_when_marked_as_sketches():
    pos = position([WEST_H, EAST_C], [[], []])
    del pos["hands"], pos["pile"]
    with pytest.raises(
        notation.NotationError, match=r"hands\[0\]: seat 0 is to move but holds no tile"
    ):
        notation.from_position(pos)
    pos["sketch"] = True
    game = notation.from_position(pos)
    assert game.hands == [[], []] and game.pile == []
    assert notation.to_position(game)["sketch"] is True  # kept by every op that answers a position


# ---------------------------------------------------------------- records


def test_a_record_replays_to_its_final_position(record):
    game = notation.replay(record)
    assert game.over
    assert notation.to_record(game) == record


@pytest.mark.parametrize(
    "mutate, message",
    [
        (
            lambda r: r["moves"].__setitem__(0, {"start": [2, 2, "A"]}),
            "move 0: .*not a free start mark",
        ),
        (lambda r: r["moves"].__setitem__(4, {"tile": 99, "rot": 0}), "move 4: tile must be"),
        (lambda r: r["moves"].__setitem__(4, {"tile": 1, "rot": 45}), "move 4: rot must be"),
        (lambda r: r["moves"].append({"tile": 1, "rot": 0}), "the game is already over"),
        (lambda r: r["moves"][5].update(reshuffle=[1, 2]), "move 5: .*reshuffle"),
        (lambda r: r["moves"][5].update(colour="red"), "move 5: unknown field"),
        (
            lambda r: r["deal"]["hands"][0].__setitem__(0, r["deal"]["pile"][0]),
            "deal: hands and pile",
        ),
        (lambda r: r.pop("deal"), "deal: missing"),
    ],
)
def test_bad_records_name_the_move_and_the_reason(record, mutate, message):
    bad = json.loads(json.dumps(record))
    mutate(bad)
    with pytest.raises(notation.NotationError, match=message):
        notation.replay(bad)


def test_every_shuffle_is_written_in_the_record():
    """A move carries a reshuffle exactly when eliminated players' tiles went back."""
    seen = 0
    for seed in range(30):
        game = play_random(seed, 6)
        returned_on = set()
        for k, move in enumerate(game.moves):
            if "reshuffle" in move:
                returned_on.add(k)
        for k in returned_on:
            assert any(m == k for _, m, _ in game.eliminations)
        seen += len(returned_on)
    assert seen > 0


def test_a_seeded_game_is_the_same_every_time():
    a = notation.to_record(play_random(5, 5))
    b = notation.to_record(play_random(5, 5))
    assert a == b and a["seed"] == 5


# ------------------------------------------------------------------ links


def test_links_round_trip_positions_and_records(record):
    pos = notation.to_position(notation.replay(record))
    assert notation.decode_link(notation.encode_link(pos)) == ("position", pos)
    assert notation.decode_link("https://x.test/#" + notation.encode_link(record)) == (
        "record",
        record,
    )


@pytest.mark.parametrize("link", ["", "#x=1abc", "#r=9abc", "#r=1@@@@", "#r=1AAAA", "#p=1"])
def test_damaged_links_say_so_plainly(link):
    with pytest.raises(notation.NotationError, match="share link"):
        notation.decode_link(link)


def test_a_link_to_an_invalid_game_names_the_problem(record):
    bad = json.loads(json.dumps(record))
    bad["moves"][3] = {"tile": 0, "rot": 0}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(bad).encode()) + packer.flush()
    link = "r=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")
    with pytest.raises(notation.NotationError, match="move 3"):
        notation.decode_link(link)


# -------------------------------------------------------------------- CLI


def test_cli_replay_prints_the_position_and_result(record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = _cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    game = notation.replay(record)
    assert out["position"] == notation.to_position(game)
    assert out["result"]["over"] is True
    assert out["result"]["winners"] == sorted(game.winners)
    assert [o["seat"] for o in out["result"]["out"]] == game.out
    assert all(o["reason"] in ("edge", "collision") for o in out["result"]["out"])
    assert _cli("replay", "-", stdin=json.dumps(record)).stdout == done.stdout


def test_cli_analyse_lists_legal_moves_before_every_move(record):
    done = _cli("analyse", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["move"] for line in lines] == list(range(len(record["moves"])))
    game = notation.start_record(record)
    for line, move in zip(lines, record["moves"]):
        assert line["turn"] == game.turn and line["legal"] == game.legal_moves()
        plain = {k: v for k, v in move.items() if k != "reshuffle"}
        assert plain in line["legal"]
        game.play(move)


@pytest.mark.parametrize("command", ["replay", "analyse"])
@pytest.mark.parametrize(
    "stdin, message",
    [
        ("not json", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "tsuro-record/1", "rules": "classic", "players": []}', "players"),
    ],
)
def test_cli_rejects_bad_input_with_status_2_and_one_line(command, stdin, message):
    done = _cli(command, "-", stdin=stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr


def test_cli_names_the_bad_move(record):
    bad = json.loads(json.dumps(record))
    bad["moves"][6] = {"tile": bad["moves"][6].get("tile", 0), "rot": 0, "reshuffle": [0]}
    done = _cli("replay", "-", stdin=json.dumps(bad))
    assert done.returncode == 2 and done.stdout == "" and "move 6" in done.stderr


def test_cli_bench_prints_its_figures_as_json():
    done = _cli("bench", "--quick", "--json")
    figures = json.loads(done.stdout)
    assert {
        "legal_moves_us",
        "random4_games_per_s",
        "greedy2_games_per_s",
        "playouts4_per_s",
    } <= set(figures)
    assert all(v > 0 for v in figures.values())


# -------------------------------------------------------------------- API


def test_api_plays_a_whole_game_statelessly():
    started = api.call("new_game", {"players": 3, "seed": 9})["result"]
    pos, record = started["position"], started["record"]
    while pos["turn"] is not None:
        legal = api.call("legal_moves", {"position": pos})["result"]
        move = legal["moves"][0]["move"]
        answer = api.call("play", {"position": pos, "move": move, "seed": 1})
        assert answer["ok"], answer
        record["moves"].append(answer["result"]["move"])
        pos = answer["result"]["position"]
    replayed = api.call("replay", {"record": record})["result"]
    assert replayed["position"] == pos and replayed["result"]["over"]


def test_api_legal_moves_carry_outcomes_for_previews():
    pos = position([WEST_H, EAST_C], [[34, 2], [4, 5, 6]])
    res = api.call("legal_moves", {"position": pos, "all": True})["result"]
    by_tile = {m["move"]["tile"]: m for m in res["moves"]}
    assert by_tile[34]["legal"] is False and by_tile[34]["self_eliminating"] is True
    assert by_tile[34]["out"] == [{"seat": 0, "reason": "edge"}]
    assert by_tile[2]["legal"] is True and by_tile[2]["paths"][0]["path"] == [[0, 2, "H", "C"]]
    assert by_tile[2]["forced"] is False
    only_legal = api.call("legal_moves", {"position": pos})["result"]["moves"]
    assert [m["move"] for m in only_legal] == [{"tile": 2, "rot": 0}]


def test_a_forced_self_elimination_is_the_games_answer_not_the_apis():
    """Turn 1's forced rule is decided by Game.move_options (the game layer), which the
    op only passes on: with tile 34 alone in hand every placement puts the mover out,
    so each is legal and forced."""
    pos = position([WEST_H, EAST_C], [[34], [4, 5, 6]])
    options = notation.from_position(pos).move_options()
    assert options["moves"] and all(m["legal"] and m["forced"] for m in options["moves"])
    assert all(m["self_eliminating"] for m in options["moves"])
    assert api.call("legal_moves", {"position": pos})["result"] == options


@pytest.mark.parametrize(
    "op, args, code",
    [
        ("no_such_op", {}, "unknown_op"),
        ("play", {"position": {"format": "x"}, "move": {}}, "bad_position"),
        ("play", {}, "bad_args"),
        ("replay", {"record": {"rules": "classic"}}, "bad_record"),
        ("decode_link", {"fragment": "r=1garbage!"}, "bad_link"),
        ("new_game", {"players": 9}, "bad_players"),
    ],
)
def test_api_errors_are_values_with_codes(op, args, code):
    answer = api.call(op, args)
    assert answer["ok"] is False and answer["error"]["code"] == code
    assert answer["error"]["message"]


def test_api_refuses_an_illegal_move_and_the_position_is_untouched():
    pos = position([WEST_H, EAST_C], [[34, 2], [4, 5, 6]])
    before = json.dumps(pos)
    answer = api.call("play", {"position": pos, "move": {"tile": 34, "rot": 0}})
    assert answer["error"]["code"] == "illegal_move"
    assert "every placement" in answer["error"]["message"]
    assert json.dumps(pos) == before


def test_api_replay_matches_the_command_line(record):
    via_api = api.call("replay", {"record": record})["result"]
    via_cli = json.loads(_cli("replay", "-", stdin=json.dumps(record)).stdout)
    assert via_api == via_cli


def test_handle_json_speaks_text_both_ways():
    assert json.loads(api.handle_json('{"op": "version"}'))["ok"] is True
    assert json.loads(api.handle_json("{"))["error"]["code"] == "bad_json"
    assert json.loads(api.handle_json("[]"))["error"]["code"] == "bad_request"


def test_positions_op_steps_through_a_record(record):
    res = api.call("positions", {"record": record})["result"]
    assert len(res["positions"]) == len(record["moves"]) + 1
    assert res["positions"][-1] == notation.to_position(notation.replay(record))
    assert Game  # the positions are values: no game object leaks out
