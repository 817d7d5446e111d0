"""One motion setting on every page that animates (web/js/lib/base/motion.js): with the
system's prefers-reduced-motion: reduce, a move lands on the board without an animation;
without it, the same move is animated. Checked on the daily, link and puzzle pages, the
rules tutorial's boards, the course tutorial and the game review's replay, and the player's
own choice in the game page's setup wins over the system's.  Each page is opened under
both preferences by one device (motions()), its storage cleared between them.

An animation is seen from the outside: the board draws its frames (the travelling marker,
the tile fading in) in its effects layer, g.layer-fx; an observer installed before the
page's scripts counts every element ever added there, in every frame of the page."""

from __future__ import annotations

import json
from pathlib import Path

import pagekit
from gamekit import finished_record
from pagekit import no_errors, wait_phase

from tsuro_core.api import call

PUZZLES = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "puzzles.json").read_text(encoding="utf-8")
)

COUNT_FX = """
window.__fxDrawn = 0;
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target instanceof Element && r.target.matches('g.layer-fx')) {
      window.__fxDrawn += r.addedNodes.length;
    }
  }
}).observe(document, {childList: true, subtree: true});
"""

MOTIONS = ["reduce", "no-preference"]


def motions(page):
    """Each of the system's motion preferences in turn, on one device (the fx counter in
    every document it opens); after each, the site's storage is cleared and the page left,
    so the next opens a new document as the first did (no saved game resumed, no counter
    carried over: the same address again would only move to its fragment)."""
    page.add_init_script(COUNT_FX)
    for motion in MOTIONS:
        page.emulate_media(reduced_motion=motion)
        yield motion
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
        page.goto("about:blank")


def fx_drawn(frame) -> int:
    return frame.evaluate("window.__fxDrawn")


def check(frame, motion: str) -> None:
    drawn = fx_drawn(frame)
    if motion == "reduce":
        assert drawn == 0, f"{drawn} animation frames drawn: the system asks for less motion"
    else:
        assert drawn > 0, "the move was not animated"


def place_a_tile(page) -> None:
    wait_phase(page, ["tile"])
    before = page.locator(".layer-tiles .placed").count()
    pagekit.choose_placeable_by_keys(page, 0)
    page.click("#btn-place")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.layer-tiles .placed').length > n", arg=before
    )


def test_daily_page(page, server):
    for motion in motions(page):
        page.goto(server + "daily.html?sw=off")
        wait_phase(page, ["start"])
        page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
        place_a_tile(page)
        check(page, motion)
    no_errors(page)


def started_game_link() -> str:
    """A link game after both players' start marks: the holder places the first tile."""
    dealt = call("new_game", {"players": 2, "seed": 5})["result"]
    record, pos = dealt["record"], dealt["position"]
    for n, move in enumerate(({"start": [0, 2, "H"]}, {"start": [5, 3, "C"]})):
        r = call("play", {"position": pos, "move": move, "seed": n})["result"]
        pos = r["position"]
        record["moves"].append(r["move"])
    return pagekit.link_fragment(record, ["person", "person"], "MotionTest")


def test_link_page(page, server):
    link = started_game_link()
    for motion in motions(page):
        page.goto(server + "link.html?sw=off#" + link)
        place_a_tile(page)
        wait_phase(page, ["send"])
        check(page, motion)
    no_errors(page)


def test_puzzle_page(page, server):
    puzzle = next(p for p in PUZZLES if p["task"]["key"] == "puzzle.task.survive")
    for motion in motions(page):
        page.goto(server + f"puzzles.html?sw=off#{puzzle['id']}")
        wait_phase(page, ["tile"])
        page.click(
            "#btn-place"
        )  # tile 1 as dealt: right or wrong, a legal move is played and shown
        wait_phase(page, ["solved", "wrong"])
        if "rules forbid" not in page.inner_text("#verdict"):
            check(page, motion)
        else:  # an illegal placement is not played: try the hinted, right one
            page.click("#btn-retry")
            wait_phase(page, ["tile"])
            page.click("#btn-hint")
            page.click("#btn-hint")
            page.wait_for_function(
                "document.querySelector('#verdict').textContent.includes('turned')"
            )
            page.click("#btn-place")
            wait_phase(page, ["solved"])
            check(page, motion)
    no_errors(page)


def test_rules_tutorial_boards(page, server):
    for motion in motions(page):
        page.goto(server + "tutorial/?sw=off")
        box = page.locator(".lesson-box[data-i18n-attr='aria-label:tutorial.place.iframe1']")
        box.scroll_into_view_if_needed()
        box.locator("[data-part=hand] .hand-tile").first.wait_for()
        # the board starts its engine when pointed at
        box.locator("[data-part=hand] .hand-tile").first.hover()
        box.locator("[data-part=place]:not([disabled])").wait_for(timeout=120_000)
        box.locator("[data-part=place]").click()
        box.locator("[data-part=hand]").wait_for(state="hidden", timeout=120_000)
        check(page, motion)
    no_errors(page)


def test_course_tutorial(page, server):
    for motion in motions(page):
        page.goto(server + "tutorial/course.html?sw=off")
        page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
        page.click("#next")
        page.wait_for_function("/^1 \\/ \\d+$/.test(document.getElementById('step').textContent)")
        check(page, motion)
    no_errors(page)


def test_review_page(page, server):
    """The game review's replay: a step forward is a move shown (animated or not)."""
    record = finished_record(players=2, seed=4)
    link = call("encode_link", {"record": record})["result"]["fragment"]
    for motion in motions(page):
        page.goto(server + f"review.html?sw=off#{link}&at=2&iterations=1")
        wait_phase(page, ["reviewing", "done"])
        page.click("#rp-next")  # position 3: the first tile placed
        page.wait_for_function("document.getElementById('rp-range').value === '3'")  # once shown
        check(page, motion)
    no_errors(page)


def test_the_players_choice_wins_over_the_system(page, server):
    """Animations set to Normal in the game page's setup: animated on the daily page
    although the system asks for less motion."""
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(COUNT_FX)
    page.goto(server + "daily.html?sw=off")
    page.evaluate("localStorage.setItem('tsuro.setup', JSON.stringify({speed: 1}))")
    page.reload()
    wait_phase(page, ["start"])
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
    place_a_tile(page)
    check(page, "no-preference")
    no_errors(page)


# The CSS animations of the cues a turn draws: the start marks' pulse, the target's outline.
CUES = """() => [...document.querySelectorAll('.start-dot, .layer-target .target')]
  .map((el) => getComputedStyle(el).animationName)"""


def test_animations_off_stops_the_cues_that_move_too(page, server):
    """Animations set to Off in the setup, or ?anim=0, stop the start marks' pulse and the
    target's marching outline as the system's reduced motion does (html[data-motion]);
    Normal leaves them moving."""
    page.emulate_media(reduced_motion="no-preference")  # the system asks for motion
    page.goto(server + "daily.html?sw=off")
    for speed, query, moving in ((1, "", True), (0, "", False), (1, "&anim=0", False)):
        page.evaluate(
            "(s) => { localStorage.clear(); localStorage.setItem('tsuro.setup', "
            "JSON.stringify({speed: s})); }",
            speed,
        )
        page.goto(server + "daily.html?sw=off" + query)
        wait_phase(page, ["start"])
        pulses = set(page.evaluate(CUES))
        page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
        wait_phase(page, ["tile"])
        marches = set(page.evaluate(CUES))
        assert (pulses, marches) == (({"pulse"}, {"march"}) if moving else ({"none"}, {"none"})), (
            speed,
            query,
        )
        still = page.evaluate("document.documentElement.dataset.motion")
        assert still == ("on" if moving else "still")
    no_errors(page)
