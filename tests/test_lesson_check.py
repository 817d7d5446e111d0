"""Lessons (tsuro_core/lessons.py, docs/lessons.md): lesson_check reads a lesson
object, a file's text or a link, refuses every malformed field by name and
every oversized lesson, writes the one canonical form, and the rules tutorial's
lesson files are that form, made by tools/tutorial_links.py --lessons."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import LESSONS, position, tutorial_lesson, tutorial_tool

from tsuro_core import LessonError, check_lesson, notation
from tsuro_core.api import call
from tsuro_core.lessons import MAX_LESSON_JSON, MAX_LESSON_LINK

ROOT = Path(__file__).resolve().parent.parent
FORMAT = "tsuro-lesson/1"


def ok(op: str, args: dict[str, Any]) -> dict[str, Any]:
    r = call(op, args)
    assert r["ok"], r
    return r["result"]


def refused(args: dict[str, Any]) -> dict[str, str]:
    r = call("lesson_check", args)
    assert not r["ok"], r
    return r["error"]


EDGE = tutorial_lesson("edge")["steps"][0]["position"]  # Ann can put Bo (blue) out
RECORD = tutorial_lesson("bonus")["records"][0]


def lesson(*steps: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"format": FORMAT, **fields, "steps": list(steps)}


# ------------------------------------------------------------------ good lessons


def test_a_lesson_of_positions_and_a_records_steps_is_checked_and_linked():
    task = {"key": "puzzle.task.eliminate", "params": {"color": "blue"}}
    good = lesson(
        {"position": EDGE, "caption": "Ann and Bo face *the same* square.", "task": task},
        {"record": 0, "at": 19, "caption": "Di's tile"},
        {"record": 0, "at": 20},
        {"position": EDGE, "try": True},
        title="Off the edge",
        lang="en",
        records=[RECORD],
    )
    ans = ok("lesson_check", {"lesson": good})
    assert ans["lesson"] == good  # already canonical
    assert [s["phase"] for s in ans["steps"]] == ["tile", "tile", "exchange", "tile"]
    assert ans["steps"][0]["solutions"] > 1 and "solutions" not in ans["steps"][1]
    # what each step can have: a try and these tasks in the tile phase, nothing in an exchange
    assert ans["steps"][0]["tasks"] == ["survive", "eliminate", "keep_options"]
    assert ans["steps"][2]["tasks"] == [] and ans["steps"][2]["try"] is False
    solo = tutorial_lesson("solo")["records"][0]
    alone = ok("lesson_check", {"lesson": lesson({"record": 0, "at": 3}, records=[solo])})
    assert alone["steps"][0]["tasks"] == ["survive", "keep_options", "solo"]
    # the record's positions and events, as the positions op gives them
    assert ans["replays"] == [ok("positions", {"record": RECORD})]
    # the link decodes to the same lesson, alone or inside a whole address
    assert ans["fragment"].startswith("l=1")
    for fragment in (ans["fragment"], f"https://x.example/lesson.html#{ans['fragment']}&step=2"):
        assert ok("lesson_check", {"fragment": fragment})["lesson"] == good
    # and a file's text of it too
    assert ok("lesson_check", {"text": json.dumps(good, indent=1)})["lesson"] == good


def test_the_canonical_form_orders_drops_and_numbers():
    messy = {
        "steps": [
            {"try": False, "at": 3, "record": 2, "caption": "", "hints": []},
            {"record": 0, "at": 1, "caption": {"en": "only the lesson's language"}},
            {"position": EDGE, "caption": {"fr": "Ann et Bo", "en": "Ann and Bo", "de": ""}},
        ],
        "records": [RECORD, {"unused": True}, copy.deepcopy(RECORD)],
        "title": "",
        "lang": "en",
        "format": FORMAT,
    }
    with pytest.raises(LessonError):  # records[1] is no record, used or not
        check_lesson(messy)
    messy["records"][1] = RECORD
    out = check_lesson(messy).lesson
    assert list(out) == ["format", "lang", "records", "steps"]  # no empty title
    assert out["records"] == [RECORD]  # three equal records: one
    assert out["steps"] == [
        {"record": 0, "at": 3},
        {"record": 0, "at": 1, "caption": "only the lesson's language"},
        {"position": EDGE, "caption": {"fr": "Ann et Bo", "en": "Ann and Bo"}},
    ]
    assert check_lesson(out).lesson == out  # canonical is a fixed point


def test_records_are_numbered_in_the_order_the_steps_use_them():
    other = ok("new_game", {"players": 2, "seed": 3})["record"]
    out = check_lesson(
        lesson({"record": 1, "at": 0}, {"record": 0, "at": 2}, records=[RECORD, other])
    )
    assert out.lesson["records"] == [other, RECORD]
    assert [s["record"] for s in out.lesson["steps"]] == [0, 1]
    assert out.replays[0]["positions"][0]["players"] == other["players"]


def test_a_sketch_is_shown_and_said_to_be_one():
    # the mover holds no tile: no game reaches it, a lesson may still show it
    sketch = position([[0, 2, "H"], [5, 3, "C"]], [[], [1, 2]], turn=0, sketch=True)
    assert refused({"lesson": lesson({"position": {**sketch, "sketch": False}})})["code"] == (
        "bad_lesson"
    )
    ans = ok("lesson_check", {"lesson": lesson({"position": sketch})})
    assert ans["steps"][0]["sketch"] is True


def both_others_out() -> dict[str, Any]:
    """A 3-player position (seeded random play) where one placement puts both others out."""
    for seed in range(1, 200):
        pos = ok("new_game", {"players": 3, "seed": seed})["position"]
        rng = random.Random(seed)
        while pos["turn"] is not None:
            legal = ok("legal_moves", {"position": pos})
            if legal["phase"] == "tile" and not pos["out"]:
                others = {0, 1, 2} - {pos["turn"]}
                if any(others <= {o["seat"] for o in m["out"]} for m in legal["moves"]):
                    return pos
            move = rng.choice(legal["moves"])["move"]
            pos = ok("play", {"position": pos, "move": move, "seed": 1})["position"]
    raise AssertionError("no such position in 200 games")


def test_a_task_may_ask_to_put_both_others_out():
    pos = both_others_out()
    others = [p["color"] for s, p in enumerate(pos["players"]) if s != pos["turn"]]
    task = {"key": "puzzle.task.eliminate", "params": {"colors": others}}
    ans = ok("lesson_check", {"lesson": lesson({"position": pos, "task": task})})
    n = ans["steps"][0]["solutions"]
    # exactly the placements puzzle_check calls right, and fewer than put one out
    legal = ok("legal_moves", {"position": pos})["moves"]
    right = [
        m
        for m in legal
        if ok("puzzle_check", {"position": pos, "task": task, "move": m["move"]})["correct"]
    ]
    assert len(right) == n >= 1
    one = {"key": "puzzle.task.eliminate", "params": {"color": others[0]}}
    assert (
        ok("lesson_check", {"lesson": lesson({"position": pos, "task": one})})["steps"][0][
            "solutions"
        ]
        >= n
    )
    assert all(set(others) <= {pos["players"][o["seat"]]["color"] for o in m["out"]} for m in right)


# ------------------------------------------------------------------ malformed: named, refused


def step0(**fields: Any) -> dict[str, Any]:
    return lesson({"position": EDGE, **fields})


@pytest.mark.parametrize(
    "bad, code, where",
    [
        ([], "bad_lesson", "lesson: expected a JSON object"),
        ({"steps": []}, "bad_lesson", "format"),
        ({**step0(), "format": "tsuro-lesson/2"}, "bad_lesson", "format"),
        ({**step0(), "extra": 1}, "bad_lesson", "unknown field"),
        (lesson(), "bad_lesson", "steps: expected a list of 1 to 40"),
        ({**step0(), "title": 7}, "bad_lesson", "title: expected text"),
        ({**step0(), "lang": "english!"}, "bad_lesson", "lang:"),
        ({**step0(), "title": {"xx-!": "a"}}, "bad_lesson", "title (a language)"),
        ({**step0(), "records": {}}, "bad_lesson", "records:"),
        ({**step0(), "records": [{"format": "tsuro-record/1"}]}, "bad_lesson", "records[0]"),
        (lesson("a step"), "bad_lesson", "steps[0]: expected an object"),
        (lesson({}), "bad_lesson", "steps[0]: expected exactly one of"),
        (lesson({"position": EDGE, "record": 0, "at": 0}), "bad_lesson", "exactly one of"),
        (lesson({"position": {**EDGE, "turn": 5}}), "bad_lesson", "steps[0].position"),
        (lesson({"position": EDGE, "at": 0}), "bad_lesson", "steps[0].at"),
        (lesson({"record": 0, "at": 0}), "bad_lesson", "steps[0].record"),
        (lesson({"record": 0, "at": 99}, records=[RECORD]), "bad_lesson", "steps[0].at"),
        (lesson({"record": True, "at": 0}, records=[RECORD]), "bad_lesson", "steps[0].record"),
        (step0(caption="a\x00b"), "bad_lesson", "steps[0].caption: holds a control"),
        # a lone surrogate is no text in any argument (api.call's one check, jsonin)
        (step0(caption="\ud800"), "bad_args", "lesson.steps[0].caption: holds a lone surrogate"),
        (step0(caption=["a"]), "bad_lesson", "steps[0].caption: expected text"),
        (step0(**{"try": 1}), "bad_lesson", "steps[0].try"),
        (
            step0(**{"try": True, "task": {"key": "puzzle.task.survive"}}),
            "bad_lesson",
            "not both",
        ),
        (step0(task="survive"), "bad_lesson", "steps[0].task"),
        (step0(task={"key": "puzzle.task.fly"}), "bad_lesson", "steps[0].task: unknown kind"),
        (
            step0(task={"key": "puzzle.task.survive", "params": {"x": 1}}),
            "bad_lesson",
            "steps[0].task.params: unknown field",
        ),
        (
            step0(task={"key": "puzzle.task.eliminate", "params": {"color": "red"}}),
            "bad_lesson",
            "steps[0].task.params.color",
        ),
        (
            step0(task={"key": "puzzle.task.eliminate", "params": {"colors": ["blue", "blue"]}}),
            "bad_lesson",
            "steps[0].task.params.colors",
        ),
        (
            step0(task={"key": "puzzle.task.solo", "params": {"n": 1}}),
            "bad_lesson",
            "solo task needs a solo position",
        ),
        (step0(hints=["look"]), "bad_lesson", "steps[0].hints: hints go with a task"),
        (
            step0(task={"key": "puzzle.task.survive"}, hints="look"),
            "bad_lesson",
            "steps[0].hints",
        ),
    ],
)
def test_a_malformed_lesson_is_refused_naming_the_field(bad, code, where):
    error = refused({"lesson": bad})
    assert error["code"] == code and where in error["message"], error


def test_a_lone_surrogate_in_a_lesson_files_text_is_the_lessons_fault():
    """In a file's text the escape is the lesson's: refused by the lesson's checks."""
    error = refused({"text": json.dumps(step0(caption="\ud800"))})
    assert error["code"] == "bad_lesson" and "steps[0].caption: holds a control" in error["message"]


def test_a_task_no_move_solves_and_a_move_after_the_end_are_refused():
    # at the deal's start marks nobody plays a tile: no task; after the last move, no try
    start = ok("new_game", {"players": 2, "seed": 1})["position"]
    assert (
        "tile phase"
        in refused({"lesson": lesson({"position": start, "task": {"key": "survive"}})})["message"]
    )
    assert ok("lesson_check", {"lesson": lesson({"position": start, "try": True})})
    over = ok("positions", {"record": RECORD})["positions"][-1]
    assert "try" in refused({"lesson": lesson({"position": over, "try": True})})["message"]
    # a forced position: every placement puts the mover out, so nothing survives
    forced = tutorial_lesson("forced")["steps"][0]["position"]
    error = refused(
        {"lesson": lesson({"position": forced, "task": {"key": "puzzle.task.survive"}})}
    )
    assert error["code"] == "no_solution" and "steps[0].task" in error["message"]


def test_the_call_itself_is_checked():
    assert refused({})["code"] == "bad_args"
    assert refused({"lesson": step0(), "text": "{}"})["code"] == "bad_args"
    assert refused({"lesson": step0(), "draft": "yes"})["code"] == "bad_args"
    assert refused({"text": 5})["code"] == "bad_args"
    assert refused({"text": "{"})["code"] == "bad_lesson"
    assert refused({"text": '{"a": NaN}'})["code"] == "bad_lesson"
    assert refused({"fragment": "p=1abc"})["code"] == "bad_link"
    assert refused({"fragment": "l=2abc"})["code"] == "bad_link"
    assert refused({"fragment": "l=1!!!"})["code"] == "bad_link"
    assert refused({"fragment": 12})["code"] == "bad_link"
    # a draft may have no steps yet; a lesson may not
    assert ok("lesson_check", {"lesson": lesson(), "draft": True})["lesson"]["steps"] == []


# ------------------------------------------------------------------ oversized


def test_oversized_lessons_are_refused():
    assert "1 to 40" in refused({"lesson": lesson(*[{"position": EDGE}] * 41)})["message"]
    ok("lesson_check", {"lesson": lesson(*[{"position": EDGE}] * 40)})
    nine = lesson({"record": 0, "at": 0}, records=[RECORD] * 9)
    assert "at most 8" in refused({"lesson": nine})["message"]
    assert "at most 100" in refused({"lesson": {**step0(), "title": "t" * 101}})["message"]
    assert "at most 600" in refused({"lesson": step0(caption="c" * 601)})["message"]
    hints = {"task": {"key": "puzzle.task.survive"}}
    assert "at most 3" in refused({"lesson": step0(**hints, hints=["h"] * 4)})["message"]
    assert "at most 200" in refused({"lesson": step0(**hints, hints=["h" * 201])})["message"]
    langs = {f"l{chr(97 + i)}": "x" for i in range(13)}
    assert "at most 12 languages" in refused({"lesson": step0(caption=langs)})["message"]
    # more than 256 KiB of JSON: a lesson object (40 steps of 600-character captions
    # in 12 languages), and a file's text
    caption = {f"l{chr(97 + i)}": "c" * 600 for i in range(12)}
    over = lesson(*[{"position": EDGE, "caption": caption}] * 40)
    assert len(json.dumps(over)) > MAX_LESSON_JSON
    assert "more than" in refused({"lesson": over})["message"]
    padded = json.dumps(step0()) + " " * MAX_LESSON_JSON
    assert "longer than" in refused({"text": padded})["message"]


def test_a_lesson_too_long_for_a_link_gets_none_and_long_links_are_refused():
    # captions of random letters hardly compress: 30 steps of 8 x 500 is past a link
    rng = random.Random(1)

    def caption():
        letters = "abcdefghijklmnopqrstuvwxyz"
        return {f"l{chr(97 + i)}": "".join(rng.choices(letters, k=500)) for i in range(8)}

    long = lesson(*[{"position": EDGE, "caption": caption()} for _ in range(30)])
    ans = ok("lesson_check", {"lesson": long})
    assert ans["fragment"] is None  # a file, not a link
    fragment = "l=1" + notation.pack_json(long)
    assert len(fragment) > MAX_LESSON_LINK
    assert "longer than" in refused({"fragment": fragment})["message"]
    # a deflate bomb stops at the link's limit
    bomb = "l=1" + notation.pack_json({"format": FORMAT, "pad": "x" * (MAX_LESSON_JSON + 10)})
    assert len(bomb) < MAX_LESSON_LINK
    assert "inflates to more than" in refused({"fragment": bomb})["message"]


# ------------------------------------------------------------------ the tutorial's lessons


def test_the_tutorials_lesson_files_are_canonical_and_the_tools():
    """Each file is the engine's canonical lesson written as the authoring page
    downloads it (JSON.stringify(lesson, null, 1)), and what the tool makes."""
    tool = tutorial_tool()
    files = sorted(LESSONS.glob("tutorial-*.json"))
    assert len(files) == 14
    examples = {
        **tool.position_examples(),
        **{k: tool.find_record(k) for k in tool.RECORD_EXAMPLES},
    }
    for path in files:
        text = path.read_text(encoding="utf-8")
        checked = ok("lesson_check", {"text": text})["lesson"]
        assert text == tool.lesson_text(checked), path.name
        key = path.stem.removeprefix("tutorial-")
        assert tool.lesson_of(key, examples[key])[0] == checked, path.name
    # the page frames each of them
    page = (ROOT / "web" / "tutorial" / "index.html").read_text(encoding="utf-8")
    for path in files:
        assert f'src="../lesson.html#src=lessons/{path.name}' in page, path.name


def test_the_tutorials_lessons_hold_a_task_and_moves_to_try():
    edge = check_lesson(tutorial_lesson("edge"))
    assert edge.lesson["steps"][0]["task"]["params"] == {"color": "blue"}
    assert edge.steps[0]["solutions"] >= 1
    for key in ("start", "place", "path", "collision", "forced"):
        assert tutorial_lesson(key)["steps"][0]["try"] is True, key
