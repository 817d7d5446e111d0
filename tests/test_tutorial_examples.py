"""The rules tutorial's record boards still show what their words say.

Each later section of web/tutorial/index.html shows a lesson (its box's data-src)
whose steps are the positions of a real seeded game found by
tools/tutorial_links.py --records (data/lessons/tutorial-<key>.json); here the
engine replays the lesson's game and tools/tutorial_links.CLAIMS checks the
moment the section is about (an exchange, a shared win, a score that beats
survival...) happens in the window the lesson steps through.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import tutorial_lesson, tutorial_tool

from tsuro_core.api import call

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "tutorial" / "index.html"


TOOL = tutorial_tool()


def _board(key):
    """(record, from, to) of a section's lesson: its game and the positions its steps show."""
    html = PAGE.read_text(encoding="utf-8")
    section = html.split(f'<section id="{key}">', 1)[1].split("</section>", 1)[0]
    src = re.search(r'src="\.\./lesson\.html#src=([^"&]+)', section).group(1)
    assert src == f"lessons/tutorial-{key}.json"
    lesson = tutorial_lesson(key)
    ats = [step["at"] for step in lesson["steps"]]
    assert all(step["record"] == 0 for step in lesson["steps"]) and len(lesson["records"]) == 1
    assert ats == list(range(ats[0], ats[-1] + 1)), "the steps are the window's positions in order"
    return lesson["records"][0], ats[0], ats[-1]


@pytest.mark.parametrize("key", sorted(TOOL.CLAIMS))
def test_the_example_shows_what_its_section_says(key):
    record, frm, to = _board(key)
    r = call("positions", {"record": record})
    assert r["ok"], r
    ans = r["result"]
    assert 0 <= frm <= to <= len(record["moves"])
    assert TOOL.CLAIMS[key](record, ans, frm, to), f"the {key} example no longer shows it"


def test_a_claim_can_fail():
    """The checks are not always true: another section's game does not pass them."""
    record, frm, to = _board("exhausted")
    ans = call("positions", {"record": record})["result"]
    for key in ("bonus", "together", "solo", "longest"):
        assert not TOOL.CLAIMS[key](record, ans, frm, to)


def test_the_course_page_game_is_the_engines_and_shows_each_rule():
    """tutorial/course-game.json: every move replayed by the engine gives the
    same positions and events, and the game shows what the page says."""
    import json

    game = json.loads((ROOT / "web" / "tutorial" / "course-game.json").read_text(encoding="utf-8"))
    pos = call("neu_new_game", {"players": [{"name": p["name"]} for p in game["players"]]})[
        "result"
    ]["position"]
    assert pos == game["positions"][0]
    for k, move in enumerate(game["moves"]):
        r = call("neu_play", {"position": pos, "move": move})
        assert r["ok"], (k, r)
        pos = r["result"]["position"]
        assert pos == game["positions"][k + 1], k
        assert r["result"]["events"] == game["events"][k], k
    assert pos["phase"] == "over"
    assert TOOL.claim_course(game)
    # and the claim can fail: the same game without its loop does not pass
    no_loop = {
        **game,
        "events": [[e for e in ev if e.get("reason") != "loop"] for ev in game["events"]],
    }
    assert not TOOL.claim_course(no_loop)
