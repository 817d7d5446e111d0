"""The rules tutorial's record boards still show what their words say.

Each later section of web/tutorial/index.html embeds a real seeded game found
by tools/tutorial_links.py --records; here the engine replays the game in the
page's link and tools/tutorial_links.CLAIMS checks the moment the section is
about (an exchange, a shared win, a score that beats survival...) happens in
the window the board steps through.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from tsuro_core.api import call

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "tutorial" / "index.html"


def _tool():
    spec = importlib.util.spec_from_file_location(
        "tutorial_links", ROOT / "tools" / "tutorial_links.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def _board(key):
    html = PAGE.read_text(encoding="utf-8")
    section = html.split(f'<section id="{key}">', 1)[1].split("</section>", 1)[0]
    src = re.search(r'src="\.\./embed\.html#([^"]+)"', section).group(1)
    link, *rest = src.split("&")
    return link, dict(part.split("=", 1) for part in rest)


@pytest.mark.parametrize("key", sorted(TOOL.CLAIMS))
def test_the_example_shows_what_its_section_says(key):
    link, opts = _board(key)
    r = call("decode_link", {"fragment": link})
    assert r["ok"], r
    record = r["result"]["record"]
    ans = call("positions", {"record": record})["result"]
    frm, at, to = int(opts["from"]), int(opts["at"]), int(opts["to"])
    assert 0 <= frm <= at <= to <= len(record["moves"])
    assert TOOL.CLAIMS[key](record, ans, frm, to), f"the {key} example no longer shows it"


def test_a_claim_can_fail():
    """The checks are not always true: another section's game does not pass them."""
    link, opts = _board("exhausted")
    record = call("decode_link", {"fragment": link})["result"]["record"]
    ans = call("positions", {"record": record})["result"]
    for key in ("bonus", "together", "solo", "longest"):
        assert not TOOL.CLAIMS[key](record, ans, int(opts["from"]), int(opts["to"]))


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
