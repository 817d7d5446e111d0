"""The fuzz suite: random JSON and mutations of real values at every API op,
every decoder and both command lines.

Each call must give an error value with a known code (never ``internal``,
the code for an exception the engine did not raise on purpose) or a valid
answer; strict JSON out; the arguments left as they were; and it must come
back in bounded time (5 s: grossly long, so not a flaky timing test; real
calls take milliseconds).  ``TSURO_FUZZ=long python3 -m pytest -q
tests/test_fuzz.py`` runs 25 times as many examples (tests/fuzzkit.py).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from typing import Any

import pytest
from fuzzkit import (
    CODES,
    HOSTILE,
    JSON,
    LESSONS,
    PUZZLES,
    STRICT_JSON,
    check_call,
    corpus,
    fuzz_settings,
    mutate,
    op_args,
    raw_link,
)
from hypothesis import given
from hypothesis import strategies as st

from tsuro_core import __main__ as cli
from tsuro_core import api, jsonin, linkplay, notation
from tsuro_core.course import harness
from tsuro_core.course.formats import read_values


def _position_args(data: Any) -> dict[str, Any]:
    c = corpus()
    pos = data.draw(st.sampled_from(c["positions"]))
    return {"position": pos}


# ------------------------------------------------------------- the API ops


@fuzz_settings(200)
@given(data=st.data())
def test_position_ops_on_mutated_positions(data):
    op = data.draw(st.sampled_from(["legal_moves", "result", "validate", "encode_link", "preview"]))
    args = _position_args(data)
    if op == "legal_moves":
        args["all"] = data.draw(st.booleans())
    if op == "preview":
        args.update(tile=data.draw(st.integers(0, 34)), rot=data.draw(st.sampled_from([0, 90])))
    check_call(op, mutate(data, args))


@fuzz_settings(200)
@given(data=st.data())
def test_an_accepted_position_is_over_or_has_a_move(data):
    """No position the engine accepts (unless marked a sketch) leaves the game stuck:
    it is over with the winners its rules choose, or the player to move has a move."""
    pos = mutate(data, data.draw(st.sampled_from(corpus()["positions"])))
    if not check_call("validate", {"position": pos})["ok"] or pos.get("sketch"):
        return
    legal = check_call("legal_moves", {"position": pos})["result"]
    if legal["phase"] == "over":
        result = check_call("result", {"position": pos})["result"]
        game = notation.from_position(pos)
        winners, scores = result["winners"], result["scores"]
        still_in = [s for s in range(game.n) if game.alive[s]]
        if game.rules.scoring in ("longest_path", "most_crossings"):
            assert winners == [s for s, v in enumerate(scores) if v == max(scores)]
        elif still_in or game.rules.scoring == "tiles_placed":
            assert sorted(winners) == still_in
        else:
            assert winners and set(winners) <= set(game.out)
    else:
        assert legal["moves"] or legal["phase"] == "exchange", (pos, legal)


@fuzz_settings(300)
@given(data=st.data())
def test_play_with_mutated_positions_and_moves(data):
    pos, move = data.draw(st.sampled_from(corpus()["moves"]))
    args = {"position": pos, "move": move, "seed": data.draw(st.integers(0, 9) | st.text())}
    target = data.draw(st.sampled_from(["move", "move", "all"]))
    if target == "move":  # a real position, a hostile move
        wrapped = mutate(data, [move])
        args["move"] = wrapped[0] if isinstance(wrapped, list) and wrapped else None
    else:
        args = mutate(data, args)
    check_call("play", args)


@fuzz_settings(150)
@given(data=st.data())
def test_record_ops_on_mutated_records(data):
    op = data.draw(st.sampled_from(["replay", "positions", "validate", "encode_link"]))
    record = data.draw(st.sampled_from(corpus()["records"]))
    check_call(op, mutate(data, {"record": record}))


@fuzz_settings(100)
@given(data=st.data())
def test_new_game_with_mutated_setups(data):
    args = {
        "rules": data.draw(
            st.sampled_from(
                ["classic", "solo", "elimination-bonus", {"preset": "classic", "hand_size": 4}]
            )
        ),
        "players": data.draw(
            st.sampled_from([2, 3, [{"name": "A", "color": "red"}, {"name": "B"}]])
        ),
        "seed": data.draw(st.integers(0, 2**53 - 1) | st.text(max_size=5)),
    }
    answer = check_call("new_game", mutate(data, args))
    if answer["ok"]:  # whatever was accepted replays
        record = answer["result"]["record"]
        assert notation.replay(json.loads(json.dumps(record))).moves == []


@fuzz_settings(100)
@given(data=st.data())
def test_bot_ops_with_mutated_positions(data):
    op = data.draw(st.sampled_from(["bot_move", "hint"]))
    args = _position_args(data)
    args.update(
        bot=data.draw(st.sampled_from(["random", "survivor", "planner"])),
        iterations=data.draw(st.integers(1, 3)),
        seed=data.draw(st.integers(0, 5)),
    )
    check_call(op, mutate(data, args))


@fuzz_settings(100)
@given(data=st.data())
def test_daily_puzzle_and_link_ops_with_mutated_input(data):
    op = data.draw(
        st.sampled_from(
            [
                *("daily", "puzzle_check", "puzzle_hint", "link_encode", "link_open"),
                *("link_share", "link_reveal", "link_play"),
            ]
        )
    )
    if op == "daily":
        args = {"date": data.draw(st.sampled_from(["2026-11-22", "2000-02-29", "2099-12-31"]))}
    elif op.startswith("puzzle"):
        p = data.draw(st.sampled_from(PUZZLES))
        args = {"position": p["position"], "task": p["task"], "move": p["answer"], "level": 1}
    else:
        message = data.draw(st.sampled_from(corpus()["link_messages"]))
        if op == "link_open":
            args = {"fragment": linkplay.encode(message), "local": message}
        elif op == "link_play":
            args = {"message": message, "move": {"tile": data.draw(st.integers(0, 34))}}
        else:
            args = {"message": message, "secret": "0" * 32}
    check_call(op, mutate(data, args))


@fuzz_settings(100)
@given(data=st.data())
def test_lesson_check_with_mutated_lessons_files_and_links(data):
    """lesson_check on mutated lessons (the tutorial's, with tasks, hints and texts
    by language added), as objects, as files' text and as links."""
    lesson = copy.deepcopy(data.draw(st.sampled_from(LESSONS)))
    step = lesson["steps"][0]
    if "position" in step and data.draw(st.booleans()):
        step.pop("try", None)
        step["task"] = {"key": "puzzle.task.survive", "params": {}}
        step["hints"] = ["one", {"en": "two", "fr": "deux"}]
        step["caption"] = {"en": "**bold** *em*", "de": "Text"}
    bad = mutate(data, lesson)
    how = data.draw(st.sampled_from(["lesson", "text", "fragment"]))
    if how == "lesson":
        args = {"lesson": bad, "draft": data.draw(st.booleans())}
    elif how == "text":
        args = {"text": json.dumps(bad)}
    else:
        args = {"fragment": raw_link("l", bad)}
    check_call("lesson_check", args)


@fuzz_settings(100)
@given(data=st.data())
def test_room_view_with_mutated_positions_and_events(data):
    args = _position_args(data)
    args["seat"] = data.draw(st.none() | st.integers(0, 3))
    args["events"] = [
        {"type": "draw", "seat": 0, "tile": 3},
        {"type": "reshuffle", "returned": 1, "pile": 3, "order": [3, 4, 5]},
    ]
    args["move"] = {"tile": 3, "rot": 90, "reshuffle": [3, 4, 5]}
    answer = check_call("room_view", mutate(data, args))
    if answer["ok"]:  # whatever was accepted hides the pile and its order
        result = answer["result"]
        assert "pile" not in result["position"] and "reshuffle" not in result.get("move", {})
        assert all("order" not in e for e in result.get("events", []))


@fuzz_settings(200)
@given(data=st.data())
def test_course_ops_with_mutated_positions_and_moves(data):
    c = corpus()
    op = data.draw(
        st.sampled_from(["course_legal_moves", "course_play", "course_bot_move", "course_new_game"])
    )
    if op == "course_new_game":
        args: dict[str, Any] = {
            "players": [{"name": "A"}, {"name": "B", "color": "red"}, {"name": "C"}]
        }
    elif op == "course_play":
        pos, move = data.draw(st.sampled_from(c["course_moves"]))
        args = {"position": pos, "move": move}
    else:
        args = {"position": data.draw(st.sampled_from(c["course_positions"])), "seed": 1}
    check_call(op, mutate(data, args))


def test_every_op_has_real_arguments_it_accepts():
    """The fuzz below starts every operation from arguments it accepts (op_args), so a
    mutation tests the refusal of one bad part, not a call refused from the start."""
    for op in sorted(api.OPS):
        answer = check_call(op, op_args(op, lambda values: values[0]))
        assert answer["ok"], (op, answer)


@pytest.mark.parametrize("op", sorted(api.OPS))
@fuzz_settings(16)
@given(data=st.data())
def test_every_op_on_mutated_real_arguments(op, data):
    """Every operation, from real arguments, mutated in 1-3 places: wrong types, near
    values, missing and extra fields, and the hostile values (lone surrogates, NaN and
    infinities, deep nesting, huge numbers, fuzzkit.HOSTILE): ok, or a named error."""
    args = op_args(op, lambda values: data.draw(st.sampled_from(values)))
    check_call(op, mutate(data, args))


@pytest.mark.parametrize("op", sorted(api.OPS))
def test_every_op_refuses_hostile_values_by_name(op):
    """Each hostile value in place of each real argument in turn, and as an extra one:
    a named error (or an answer, where the op ignores it), never internal; a lone
    surrogate anywhere is bad_args (it was internal in link_new and link_reveal)."""
    args = op_args(op, lambda values: values[0])
    for key in [*args, "extra"]:
        for value in HOSTILE:
            answer = check_call(op, {**args, key: value})
            if isinstance(value, str) and value.startswith("\ud800"):
                assert answer["error"]["code"] == "bad_args", (op, key, answer)


ARG_NAMES = [
    "position",
    "record",
    "move",
    "seed",
    "rules",
    "players",
    "fragment",
    "tile",
    "rot",
    "all",
    "bot",
    "budget_ms",
    "iterations",
    "seat",
    "events",
]


@fuzz_settings(300)
@given(
    op=st.sampled_from(sorted(api.OPS)),
    args=st.dictionaries(st.sampled_from(ARG_NAMES), JSON, max_size=4),
)
def test_every_op_on_random_json(op, args):
    if op in ("bot_move", "hint") and "budget_ms" not in args:
        args["iterations"] = 1  # a bot left to its default thinks 200 ms: fewer of those
    check_call(op, args)


@fuzz_settings(60)
@given(op=JSON, args=JSON)
def test_call_with_anything_as_op_and_args(op, args):
    check_call(op, args)


# ------------------------------------------------------------ the decoders


@fuzz_settings(200)
@given(data=st.data())
def test_decode_link_on_damaged_and_crafted_links(data):
    c = corpus()
    how = data.draw(st.sampled_from(["chars", "crafted", "random"]))
    if how == "chars":
        link = data.draw(st.sampled_from(c["links"]))
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, len(link)))
            link = (
                link[:i] + data.draw(st.text(max_size=3)) + link[i + data.draw(st.integers(0, 5)) :]
            )
    elif how == "crafted":  # well-formed links holding mutated records and positions
        kind = data.draw(st.sampled_from(["r", "p"]))
        value = data.draw(st.sampled_from(c["records" if kind == "r" else "positions"]))
        link = raw_link(kind, mutate(data, value))
    else:
        link = data.draw(
            st.text(max_size=40).map(
                lambda t: data.draw(st.sampled_from(["", "r=1", "p=1", "#r=1", "r="])) + t
            )
        )
    answer = check_call("decode_link", {"fragment": link})
    if answer["ok"]:  # what a link gives is valid and encodes back
        ((kind, value),) = answer["result"].items()
        check = notation.replay if kind == "record" else notation.from_position
        check(value)


@fuzz_settings(200)
@given(
    text=st.one_of(
        STRICT_JSON.map(lambda v: json.dumps({"op": "legal_moves", "args": v})),
        STRICT_JSON.map(json.dumps),
        st.text(max_size=60),
        st.binary(max_size=60),
        st.integers(1, 3000).map(lambda n: '{"op":"validate","args":{"position":' + "[" * n),
    )
)
def test_handle_json_answers_strict_json_to_any_text(text):
    out = api.handle_json(text)
    answer = jsonin.loads(out)  # strict: no NaN, valid text
    assert answer["ok"] or answer["error"]["code"] in CODES, answer


@fuzz_settings(100)
@given(data=st.data())
def test_handle_json_with_mutated_requests(data):
    pos, move = data.draw(st.sampled_from(corpus()["moves"]))
    request = mutate(data, {"op": "play", "args": {"position": pos, "move": move, "seed": 1}})
    text = json.dumps(request)  # NaN and Infinity go in as JavaScript never sends them
    answer = jsonin.loads(api.handle_json(text))
    assert answer["ok"] or answer["error"]["code"] in CODES, answer


def _restore(save: Any) -> Any:
    """What the page does with a save on reload (web/js/lib/game/session.js, neu.js), each
    engine call checked: a record is replayed by ``positions``; a starting
    position is checked, then its moves are played one by one."""
    if not isinstance(save, dict):
        return None
    if "record" in save:
        answer = check_call("positions", {"record": save["record"]})
        return answer["ok"] and answer["result"]["positions"][-1]
    neu_save = save.get("variant") == "neu"
    position = save.get("start")
    if not check_call("course_legal_moves" if neu_save else "validate", {"position": position})[
        "ok"
    ]:
        return None
    moves = save.get("moves") or []
    if not isinstance(moves, list):  # the page cannot play these on and puts the save aside
        return None
    for move in moves:
        answer = check_call(
            "course_play" if neu_save else "play",
            {"position": position, "move": move, "seed": "7/1"},
        )
        if not answer["ok"]:
            return None
        position = answer["result"]["position"]
    return position


def test_the_page_restorer_above_restores_real_saves():
    for record in corpus()["records"]:
        end = notation.to_position(notation.replay(record))
        start = notation.to_position(notation.start_record(record))
        assert _restore({"record": record}) == end
        assert _restore({"start": start, "moves": record["moves"]}) == end


@fuzz_settings(100)
@given(data=st.data())
def test_saves_restored_as_the_page_does(data):
    c = corpus()
    kind = data.draw(st.sampled_from(["record", "start", "neu"]))
    if kind == "record":
        save = {"format": "tsuro-save/1", "record": data.draw(st.sampled_from(c["records"]))}
    elif kind == "start":
        record = data.draw(st.sampled_from(c["records"]))
        start = notation.to_position(notation.start_record(record))
        save = {"format": "tsuro-save/1", "start": start, "moves": record["moves"]}
    else:
        pos, move = data.draw(st.sampled_from(c["course_moves"]))
        save = {"format": "tsuro-save/1", "variant": "neu", "start": pos, "moves": [move]}
    _restore(mutate(data, save))


# ---------------------------------------------------------- the command lines


def run_cli(argv: list[str], stdin: bytes) -> tuple[int, str, str]:
    """``python -m tsuro_core ARGV`` in this process, stdin given as bytes."""
    out, err = io.StringIO(), io.StringIO()
    real = cli.sys.stdin
    cli.sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as e:  # argparse's own exits
                status = e.code
    finally:
        cli.sys.stdin = real
    return status, out.getvalue(), err.getvalue()


def _assert_cli_answer(status: int, out: str, err: str) -> None:
    if status == 0:
        for line in out.splitlines():
            jsonin.loads(line)  # every line strict JSON
    else:
        assert status == 2 and out == "", (status, out[:200])
        assert err.count("\n") == 1 and err.endswith("\n"), err[:300]


@fuzz_settings(120)
@given(data=st.data())
def test_cli_replay_and_analyse_on_mutated_records(data):
    command = data.draw(st.sampled_from(["replay", "analyse"]))
    record = data.draw(st.sampled_from(corpus()["records"]))
    how = data.draw(st.sampled_from(["mutated", "bytes", "cut"]))
    if how == "mutated":
        stdin = json.dumps(mutate(data, record)).encode()
    elif how == "bytes":
        stdin = data.draw(st.binary(max_size=40))
    else:
        text = json.dumps(record).encode()
        stdin = text[: data.draw(st.integers(0, len(text)))]
    _assert_cli_answer(*run_cli([command, "-"], stdin))


HARNESS_INPUTS = {
    "xtiles": '[3, 90, "C"] [0, 0, "A"]',
    "xboard": '[[[34,0],"red","C",0,0],[[34,0],"blue","E",2,0],[[33,180],"white","D",0,2]] '
    '["red",[11,0]] ["blue",[12,90]]',
    "xrules": '[[[21,0],"red","E",0,0]] [["red",[34,0]],34,34]',
    "xref": '["ann", "bo", "cy"]',
}


@fuzz_settings(120)
@given(data=st.data())
def test_course_harnesses_on_mutated_input(data):
    name = data.draw(st.sampled_from(sorted(HARNESS_INPUTS)))
    values = read_values(HARNESS_INPUTS[name])
    how = data.draw(st.sampled_from(["mutated", "bytes"]))
    if how == "mutated":
        values = mutate(data, values)
        values = values if isinstance(values, list) else [values]
        stdin = " ".join(json.dumps(v) for v in values).encode()
    else:
        stdin = data.draw(st.binary(max_size=40))
    out, err = io.StringIO(), io.StringIO()
    status = harness.main([name], io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"), out, err)
    _assert_cli_answer(status, out.getvalue(), err.getvalue())


@pytest.mark.parametrize("name", sorted(HARNESS_INPUTS))
def test_the_harness_inputs_used_above_are_valid(name):
    """The fuzzed harness inputs start from inputs the harnesses accept."""
    out, err = io.StringIO(), io.StringIO()
    assert harness.main([name], io.StringIO(HARNESS_INPUTS[name]), out, err) == 0, err.getvalue()


# ------------------------------------------- whole games under any accepted rules

RULES = st.fixed_dictionaries(
    {"preset": st.sampled_from(["classic", "classic", "solo"])},
    optional={
        "min_players": st.integers(1, 8),
        "max_players": st.integers(1, 8),
        "width": st.integers(1, 12),
        "height": st.integers(1, 12),
        "hand_size": st.integers(1, 6),
        "dragon_from": st.integers(1, 9),
        "elimination_bonus": st.booleans(),
        "open_hands": st.booleans(),
        "scoring": st.sampled_from(["survival", "longest_path", "most_crossings", "tiles_placed"]),
    },
)


@fuzz_settings(30)
@given(data=st.data(), rules=RULES, seed=st.integers(0, 2**53 - 1))
def test_whole_games_under_any_accepted_rules_through_every_op(data, rules, seed):
    """Whatever rule set and players new_game accepts is played to the end through the ops,
    bots included, and its record replays on the command line."""
    solo = rules["preset"] == "solo"
    lo, hi = rules.get("min_players", 1 if solo else 2), rules.get("max_players", 1 if solo else 8)
    players = data.draw(st.integers(lo, hi) if lo <= hi else st.integers(1, 8))
    answer = check_call("new_game", {"rules": rules, "players": players, "seed": seed})
    if not answer["ok"]:
        return
    position, record = answer["result"]["position"], answer["result"]["record"]
    for k in range(200):
        legal = check_call("legal_moves", {"position": position, "all": True})["result"]
        check_call("result", {"position": position})
        if legal["phase"] == "over":
            break
        if data.draw(st.integers(0, 9)) == 0:
            bot = data.draw(st.sampled_from(["random", "survivor", "planner"]))
            move = check_call(
                "bot_move", {"position": position, "bot": bot, "seed": k, "iterations": 1}
            )["result"]["move"]
        elif legal["moves"]:
            move = data.draw(
                st.sampled_from([m["move"] for m in legal["moves"] if m.get("legal", True)])
            )
        else:  # a huge exchange: keep the hand
            move = {"exchange": []}
        played = check_call("play", {"position": position, "move": move, "seed": k})
        assert played["ok"], (move, played)
        position = played["result"]["position"]
        record["moves"].append(played["result"]["move"])
    else:
        raise AssertionError("a game did not end in 200 moves")
    assert check_call("positions", {"record": record})["ok"]
    link = check_call("encode_link", {"record": record})["result"]["fragment"]
    assert check_call("decode_link", {"fragment": link})["result"]["record"] == record
    status, _, err = run_cli(["analyse", "-"], json.dumps(record).encode())
    assert status == 0, err
