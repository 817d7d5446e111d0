"""Layouts checked on every page: every full page and frame, in each state a player
reaches (the game's setup, a game being played, a game over, the daily challenge, the
puzzles, play by link's form and a link game, a room's form and its lobby, a review
done, the editor with a position, the lesson editor with a step, the tutorials, the
embed and the lesson frames), at 360 x 740 and 1280 x 800, in English and in German
(the longest words).  One page load per page, state and language; the two sizes by
resizing in place, each measured by one script (layout.js), which names what is wrong:

- the page scrolls sideways;
- two visible controls overlap;
- a checkbox or a radio does not stand at the start of its label's first line;
- a control's text is cut (wider than its box, or cut off by a box that hides overflow);
- a control is smaller than 24 x 24 CSS px (WCAG 2.2's target size; a checkbox's
  target is its label), or a primary action smaller than 44 x 44 on the phone.

One theme serves both: they differ only in colours (tests/test_themes_only_colours.py),
so a page is laid out alike in each.  On a phone the top bar's menu is opened once in
each state and measured too.  In German, the first state of the daily, puzzle, link,
room and course pages is also checked for English left in its words (wordkit.assert_in):
test_languages's German walk leaves them to this one, which loads them anyway."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from pagekit import link_fragment, playable_position, wait_phase
from wordkit import assert_in, wait_words

from tsuro_core.api import call

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (1280, 800)]
LANGS = {"en": "en-GB", "de": "de-DE"}
PHONE = 600  # narrower than this, a primary action is a finger's 44 px

# What is wrong with the page as laid out now, in words (layout.js; [] when nothing is).
LAYOUT = (Path(__file__).resolve().parent / "layout.js").read_text(encoding="utf-8")

# A room's host whose relay does not answer: the lobby shows the room's link all the same.
NO_RELAY = "ws://127.0.0.1:9"
# A link game: the panel to send the link on, or to play the move.
SEND_OR_PLAY = "#send-panel:not([hidden]), #play-panel:not([hidden])"
# A lesson's step shown: its move to try, or its way on.
LESSON_ON = "#try-bar:not([hidden]), #nav:not([hidden])"
# The states whose words are checked here in German (test_languages's walk, in Japanese,
# visits them itself).
WORDS_HERE = {"daily", "puzzles", "link, a new game", "room, a new room", "course tutorial"}
NEXT_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def record(players: int = 3, seed: int = 4, moves: int | None = None) -> dict:
    """A seeded game, played with safe moves where there are any: to its end, or `moves`
    moves (each seeded by its number, as a link game's are)."""
    game = call("new_game", {"players": players, "seed": seed})["result"]
    pos, rec = game["position"], game["record"]
    while pos["turn"] is not None and (moves is None or len(rec["moves"]) < moves):
        n = len(rec["moves"])
        lm = call("legal_moves", {"position": pos})["result"]
        safe = [m for m in lm["moves"] if not m.get("self_eliminating")] or lm["moves"]
        move = safe[n * 7 % len(safe)]["move"]
        r = call("play", {"position": pos, "move": move, "seed": 1 if moves is None else n})[
            "result"
        ]
        pos = r["position"]
        rec["moves"].append(r["move"])
    return rec


def encoded(**what) -> str:
    return call("encode_link", what)["result"]["fragment"]


def states(server: str, lang: str) -> list:
    """(what, address, how to get there once loaded) for every page and state."""
    q = f"sw=off&anim=0&warmup=off&lang={lang}"
    over = encoded(record=record())
    under_way = record(moves=7)
    position = playable_position()

    def phases(*names):
        return lambda page: wait_phase(page, list(names))

    def shown(selector):
        return lambda page: page.wait_for_selector(selector)

    def playing(page):
        if wait_phase(page, ["tile", "pass"]) == "pass":
            page.click("#btn-pass")
            wait_phase(page, ["tile"])

    def lobby(page):
        page.wait_for_selector("#btn-open-room:visible")
        page.select_option("#room-count", "3")
        page.select_option("#room-seat-kinds li:nth-child(3) select", "computer:easy")
        page.click("#btn-open-room")
        page.wait_for_selector("#seats li")
        page.wait_for_function("document.getElementById('room-link').value !== ''")

    link_game = link_fragment(under_way, ["person", "person", "person"], "layout-1")
    added = f"{quote(over, safe='')}&step=9"  # the lesson editor's "Add to a lesson"
    return [
        ("game, setup", f"?{q}", shown("#setup[open] #seats li")),
        ("game, playing", f"?{q}#{position}", playing),
        ("game, over", f"?{q}#{over}", phases("over")),
        ("daily", f"daily.html?{q}", phases("start")),
        ("puzzles", f"puzzles.html?{q}", shown("#hand .hand-tile")),
        ("link, a new game", f"link.html?{q}", shown("#new-panel:not([hidden])")),
        ("link, a game", f"link.html?{q}#{link_game}", shown(SEND_OR_PLAY)),
        ("room, a new room", f"room.html?{q}&relays=none", shown("#new-panel:not([hidden])")),
        ("room, the lobby", f"room.html?{q}&relays={NO_RELAY}&stun=off", lobby),
        ("review, done", f"review.html?{q}#{over}&iterations=1", phases("done")),
        ("editor, a position", f"editor.html?{q}#{position}", shown("#check-state.good")),
        ("lesson editor, a step", f"lesson-edit.html?{q}#add={added}", shown("#le-steps li")),
        ("tutorial", f"tutorial/?{q}", shown(".lesson-box[data-state=shown] svg.board")),
        ("course tutorial", f"tutorial/course.html?{q}", shown("#bar:not([hidden])")),
        ("embed", f"embed.html?{q}#{position}&try=1", shown("#hand .hand-tile")),
        ("lesson", f"lesson.html?{q}#src=lessons/tutorial-place.json", shown(LESSON_ON)),
    ]


def measure(page, where: str) -> list[str]:
    """LAYOUT's findings at every size (and with the menu open on a phone)."""
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAMES)
        found += [f"{where}, {width} px: {p}" for p in page.evaluate(LAYOUT, PHONE)]
        modal = page.evaluate("!!document.querySelector('dialog[open]:modal')")
        if width < PHONE and not modal and page.locator("#menu-button").is_visible():
            page.click("#menu-button")
            page.evaluate(NEXT_FRAMES)
            found += [f"{where}, {width} px, the menu: {p}" for p in page.evaluate(LAYOUT, PHONE)]
            page.keyboard.press("Escape")
    return found


@pytest.mark.parametrize("lang", list(LANGS))
def test_every_page_is_laid_out_without_overlaps_cuts_or_small_targets(new_page, server, lang):
    page = new_page(locale=LANGS[lang])  # one warm device: every page restores its engine
    found: list[str] = []
    for what, address, ready in states(server, lang):
        page.goto(server + address)
        ready(page)
        wait_words(page, lang, what)  # measured in its language, not its static English
        if lang != "en" and what in WORDS_HERE:  # no English left (test_languages's German)
            assert_in(page, lang, what)
        found += measure(page, what)
    assert not found, "\n".join(found)


BROKEN = """<!doctype html><meta name=viewport content='width=device-width'>
<div style='width:2000px;height:10px'></div>
<p><input type=checkbox id=c1><label for=c1 style='display:block'>Open hands</label></p>
<button id=small style='width:20px;height:20px;padding:0'>x</button>
<button id=cut style='width:44px;height:44px;white-space:nowrap;overflow:hidden'>Too long</button>
<button id=under style='position:absolute;left:200px;top:200px;width:80px;height:44px'>One</button>
<button id=over style='position:absolute;left:240px;top:210px;width:80px;height:44px'>Two</button>
<button class=primary id=go style='height:30px;width:100px'>Start</button>
<div style='width:100px;height:50px;overflow:hidden'>
<button id=hid style='margin-top:40px;height:44px'>Hidden</button></div>"""


def test_the_checks_find_each_fault(page):
    """LAYOUT on a page that has each fault it looks for, once: it names every one."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.set_content(BROKEN)
    found = "\n".join(page.evaluate(LAYOUT, PHONE))
    for fault in (
        "scrolls sideways",
        "not on its label's line: input#c1",
        "smaller than 24 x 24: button#small",
        "text cut: button#cut",
        "overlap",
        "a primary action under 44 px on the phone: button#go",
        "cut off by div",
    ):
        assert fault in found, (fault, found)
    assert "button#under" in found and "button#over" in found
