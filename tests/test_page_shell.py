"""The page shell (sitebuild/parts.py, web/parts/): parts named in a page are put in
with their settings, a wrong name or setting stops the build naming the page, and
in the built site every full page has the same top bar, footer and help, its own
place marked, while the frames keep their bare shell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild import parts
from sitebuild.common import BuildError

ROOT = Path(__file__).resolve().parents[1]
FULL_PAGES = {
    "index.html": "play",
    "daily.html": "daily",
    "puzzles.html": "puzzles",
    "link.html": "play",
    "room.html": "live",
    "review.html": "play",
    "editor.html": "make",
    "lesson-edit.html": "make",
    "tutorial/index.html": "learn",
    "tutorial/course.html": "learn",
}
FRAMES = ("embed.html", "lesson.html")
SOUND = {"index.html", "room.html"}  # the pages that make sounds
LATER = {
    "room.html": "room",
    "review.html": "review",
    "editor.html": "editor",
    "lesson-edit.html": "lesson-edit",
}

SHELF = {
    "bar": '<nav><a href="{{home}}" data-section="play">P</a>'
    '<a href="{{root}}daily.html" data-section="daily">D</a></nav>{{#sound}}<b>s</b>{{/sound}}'
    "{{^quiet}}<i>{{class}}</i>{{/quiet}}",
    "outer": '[<!--#inner x="{{y}}"-->]',
    "inner": "({{x}})",
    "loop": "<!--#loop-->",
}


def test_a_part_is_put_in_with_its_settings():
    html = parts.expand('<!--#bar class="a b" section="daily" sound-->', "daily.html", SHELF)
    assert html == (
        '<nav><a href="./" data-section="play">P</a>'
        '<a href="daily.html" data-section="daily" aria-current="page">D</a></nav>'
        "<b>s</b><i>a b</i>"
    )


def test_the_way_home_and_the_section_from_a_folder():
    html = parts.expand('<!--#bar class="c" section="play" quiet-->', "tutorial/x.html", SHELF)
    assert html == (
        '<nav><a href="../" data-section="play" aria-current="true">P</a>'
        '<a href="../daily.html" data-section="daily">D</a></nav>'
    )


def test_parts_name_parts():
    assert parts.expand('<!--#outer y="1"-->', "a.html", SHELF) == "[(1)]"


@pytest.mark.parametrize(
    "page,says",
    [
        ("<!--#nope-->", "no web/parts/nope.html"),
        ('<!--#bar class="a" colour="red"-->', "no setting colour"),
        ("<!--#bar sound-->", 'needs class="..."'),
        ('<!--#bar class="a" section="nowhere"-->', "no place 'nowhere'"),
        ('<!--#inner x="1" section="play"-->', "names a place of the top bar"),
        ("<!--#loop-->", "in a circle"),
        ('<!--#inner x="1" x="2"-->', "x given twice"),
    ],
)
def test_a_wrong_name_or_setting_stops_the_build_naming_the_page(page, says):
    with pytest.raises(BuildError, match=re.escape(says)) as e:
        parts.expand(page, "p.html", SHELF)
    assert str(e.value).startswith("p.html:")


def test_every_page_of_web_expands(tmp_path):
    shelf = parts.load_parts(ROOT / "web")
    for page in [*FULL_PAGES, *FRAMES]:
        html = parts.expand((ROOT / "web" / page).read_text(encoding="utf-8"), page, shelf)
        assert "<!--#" not in html and "{{" not in html, page
        assert re.match(
            r'<!doctype html>\n<html lang="en"( data-words="[\w-]+")?>\n<head>\n', html
        ), page


def _bar(html: str) -> str:
    return html[html.index('<header class="topbar">') : html.index("</header>")]


def test_every_full_page_has_the_same_bar_and_the_frames_none(dist_dir):
    bars = {}
    for page, section in FULL_PAGES.items():
        html = (dist_dir / page).read_text(encoding="utf-8")
        bar = _bar(html)
        current = re.findall(r'data-section="([a-z]+)"[^>]*aria-current="(page|true)"', bar)
        assert [c[0] for c in current] == [section], page
        assert ('id="btn-sound"' in bar) == (page in SOUND), page
        # the same bar but for the way up to the root, the current place and the sound
        up = "../" if "/" in page else ""
        same = re.sub(r' aria-current="(page|true)"', "", bar)
        same = re.sub(r'<button type="button" id="btn-sound"[^>]*></button>\s*', "", same)
        same = same.replace('href="../"', 'href="./"').replace(f'href="{up}', 'href="')
        bars[page] = same
        assert html.count('id="help"') == 1 and 'class="site-footer"' in html, page
        assert re.search(r'<meta name="color-scheme" content="dark light">', html), page
        assert 'id="lang-select"' in bar and 'id="btn-theme"' in bar and 'id="btn-help"' in bar
        # a later-tier page names its own words (web/js/lib/words/parts.js)
        words = re.search(r'<html lang="en"(?: data-words="([\w-]+)")?>', html)
        assert words and words.group(1) == LATER.get(page), page
    assert len(set(bars.values())) == 1, "the top bars differ"
    order = re.findall(r'data-section="([a-z]+)"', next(iter(bars.values())))
    assert order == ["play", "daily", "puzzles", "live", "learn", "make"]
    for frame in FRAMES:
        html = (dist_dir / frame).read_text(encoding="utf-8")
        assert "topbar" not in html and "site-footer" not in html and "manifest" not in html
