"""Lessons without code (docs/lessons.md), in real Chromium against the built dist/:
an author makes a lesson on lesson-edit.html (a step from a pasted link, one
from #add= as the editor and the replay send it, a caption, a task with its
markers and a hint, a refused task, reordering), sees it in the preview, finds
the draft after a reload (and a damaged one kept aside), and gets a link, a
snippet and a file that lesson.html plays; a host page on another origin
frames the lesson and hears step, answer and solved as its reader fails and
then solves the task; the replay's "Add to a lesson"; the pages in French with
no English left, audited by axe in both themes, at 360 and 1280 px; the rules
tutorial's boards at 1280 px and its lessons played at 360 px."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import gamekit
import pytest
from auditkit import Checker
from authorkit import DRAFT, HOST_JS, answers, got, ok, place, wait_saved
from helpers import tutorial_fragment, tutorial_lesson, tutorial_position
from pagekit import framing_host, no_errors, no_sideways_scroll, shot, wait_phase
from wordkit import english_left

from tsuro_core.api import call

pytestmark = pytest.mark.browser

EDGE = tutorial_position("edge")  # Ann to play; several placements put Bo (blue) out
BLUE_OUT = {"key": "puzzle.task.eliminate", "params": {"color": "blue"}}
RECORD = tutorial_lesson("bonus")["records"][0]


def preview(page, server):
    return next(f for f in page.frames if f.url.startswith(server + "lesson.html"))


# ------------------------------------------------------------------ authoring


def test_author_a_lesson_preview_reload_and_share(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "lesson-edit.html?sw=off")
    wait_phase(page, ["ready"])
    assert page.locator("#le-steps li").count() == 0 and page.is_visible("#le-empty")

    # a step from a pasted link (a whole game-page address), added with the keyboard
    page.fill("#le-link", f"{server}#{tutorial_fragment('edge')}")
    page.press("#le-link", "Enter")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 1")
    assert "Ann to play" in page.inner_text("#le-steps li")

    # a step from #add= (what the board editor and the replay open): a game at position 20
    link = ok("encode_link", {"record": RECORD})["fragment"]
    page.evaluate("(h) => { location.hash = h; }", f"add={quote(link, safe='')}&step=20")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 2")
    assert page.evaluate("location.hash") == ""  # a reload adds nothing again
    assert "position 20 of" in page.inner_text("#le-steps li:nth-child(2)")

    # step 1: a caption, a task (put Bo out) and a hint
    page.click("#le-steps li:nth-child(1) .le-step-pick")
    page.fill("#le-caption", "Ann and Bo face **the same** square.\nWho goes out?")
    wait_saved(page, "(d) => d.lesson.steps[0].caption?.startsWith('Ann and Bo')")
    page.select_option("#le-mode", "eliminate")
    page.wait_for_function("/moves? do/.test(document.getElementById('le-task-note').textContent)")
    assert page.is_checked("#le-target-list input[value='blue']")
    page.fill("#le-hint-0", "Look where Bo's path goes.")
    wait_saved(page, '(d) => d.lesson.steps[0].hints?.[0] === "Look where Bo\'s path goes."')
    draft = page.evaluate(DRAFT)
    assert draft["lesson"]["steps"][0]["task"] == BLUE_OUT

    # a task no move solves is refused, in words, and nothing changes
    page.fill("#le-link", tutorial_fragment("forced"))
    page.click("#le-add")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 3")
    page.select_option("#le-mode", "survive")
    page.wait_for_function(
        "document.getElementById('le-task-note').textContent.includes('no move does')"
    )
    assert page.input_value("#le-mode") == "look"
    assert "task" not in page.evaluate(DRAFT)["lesson"]["steps"][2]
    # a position with a move to try after the game is over: not offered
    page.click("#le-steps li:nth-child(2) .le-step-pick")
    assert page.is_disabled("#le-mode option[value='try']")  # an exchange is due there

    # reorder and remove: the game's step first, the forced position gone
    page.click("[aria-label='Move step 2 up']")
    page.wait_for_function(
        "document.querySelector('#le-steps li').textContent.includes('position 20')"
    )
    page.click("[aria-label='Remove step 3']")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 2")
    saved = page.evaluate(DRAFT)["lesson"]
    assert [("record" in s) for s in saved["steps"]] == [True, False]
    assert saved["steps"][1]["task"] == BLUE_OUT

    # the preview: the real lesson.html, following the list, and the list following it
    frame = preview(page, server)
    page.click("#le-steps li:nth-child(1) .le-step-pick")
    frame.wait_for_function("document.getElementById('where').textContent === 'Step 1 of 2'")
    page.click("#le-steps li:nth-child(2) .le-step-pick")
    frame.wait_for_function("document.getElementById('where').textContent === 'Step 2 of 2'")
    frame.wait_for_function("document.querySelector('#caption strong')?.textContent === 'the same'")
    assert frame.locator("#caption p").count() == 2
    frame.click("#back")
    page.wait_for_function(
        "document.querySelector('#le-steps li:nth-child(1) [aria-current]') !== null"
    )
    shot(page, "lesson-edit-1280")

    # the draft survives a reload
    page.reload()
    wait_phase(page, ["ready"])
    assert page.locator("#le-steps li").count() == 2
    page.click("#le-steps li:nth-child(2) .le-step-pick")
    assert page.input_value("#le-caption").startswith("Ann and Bo face **the same** square.")
    assert page.input_value("#le-mode") == "eliminate"

    # what it gives out: the link, the snippet and the file, all the canonical lesson
    url = page.input_value("#le-url")
    assert url.startswith(server + "lesson.html#l=1")
    canonical = ok("lesson_check", {"fragment": url})["lesson"]
    assert canonical == page.evaluate(DRAFT)["lesson"]
    assert f'src="{url}"' in page.input_value("#le-snippet")
    with page.expect_download() as info:
        page.click("#le-download")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text == json.dumps(canonical, indent=1, ensure_ascii=False) + "\n"
    assert ok("lesson_check", {"text": text})["lesson"] == canonical

    page.set_viewport_size({"width": 360, "height": 740})
    no_sideways_scroll(page, 360)
    shot(page, "lesson-edit-360")
    no_errors(page)


def test_a_damaged_draft_is_kept_aside(page, server):
    page.goto(server + "lesson-edit.html?sw=off")
    wait_phase(page, ["ready"])
    bad = '{"format": "tsuro-lesson-draft/1", "lesson": {"format": "tsuro-lesson/1", "steps": 3}}'
    page.evaluate("(t) => localStorage.setItem('tsuro.lessonDraft', t)", bad)
    page.reload()
    wait_phase(page, ["ready"])
    assert "could not be read" in page.inner_text("#notice-text")
    # kept aside, as it was, in the one list of entries kept (offered back by the game page)
    kept = page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith("tsuro.kept."))
          .map((k) => JSON.parse(localStorage.getItem(k)))"""
    )
    assert [(k["key"], k["text"]) for k in kept] == [("tsuro.lessonDraft", bad)]
    assert page.evaluate("localStorage.getItem('tsuro.lessonDraft')") is None
    assert page.locator("#le-steps li").count() == 0
    no_errors(page)


# ------------------------------------------------------------------ playing a lesson


def lesson_of(*steps, **fields):
    return ok(
        "lesson_check", {"lesson": {"format": "tsuro-lesson/1", **fields, "steps": list(steps)}}
    )


def test_a_lesson_on_another_origin_tells_its_host(page, server, other_origin):
    checked = lesson_of(
        {"record": 0, "at": 19, "caption": "Di's tile comes next."},
        {"record": 0, "at": 20},
        {"position": EDGE, "task": BLUE_OUT, "hints": ["Look where Bo's path goes."]},
        title="Off the edge",
        lang="en",
        records=[RECORD],
    )
    src = f"{server}lesson.html?sw=off#{checked['fragment']}"
    page.goto(framing_host(other_origin, "lesson-host", HOST_JS, src, frame_id="lesson",
                           title="A lesson", size=(420, 680)))  # fmt: skip
    assert got(page, "ready")["protocol"] == 1
    assert got(page, "loaded") == {"tsuro": "loaded", "title": "Off the edge", "steps": 3}
    first = got(page, "step")
    assert first == {"tsuro": "step", "at": 0, "last": 2, "kind": "record", "mode": "look"}
    frame = next(f for f in page.frames if f.url.startswith(server + "lesson.html"))
    assert frame.inner_text("#lesson-title") == "Off the edge"
    # Next plays the move between two steps of the game, and the host hears the step
    frame.click("#next")
    assert got(page, "step", 2)["at"] == 1
    frame.wait_for_function("document.getElementById('told').textContent.includes('exchange')")
    # the host sends the reader to the task; errors for a step out of range and a bad lesson
    page.evaluate("window.send({tsuro: 'step', at: 2})")
    assert got(page, "step", 3) == {
        "tsuro": "step",
        "at": 2,
        "last": 2,
        "kind": "position",
        "mode": "task",
    }
    page.evaluate("window.send({tsuro: 'step', at: 7, id: 'far'})")
    error = got(page, "error")
    assert error["error"]["code"] == "out_of_range" and error["id"] == "far"
    page.evaluate("window.send({tsuro: 'load', lesson: {format: 'tsuro-lesson/1', steps: []}})")
    assert got(page, "error", 2)["error"]["code"] == "bad_lesson"
    # the task: the author's hint first, then a wrong answer, then the right one
    frame.wait_for_function("document.getElementById('task').textContent.includes('blue marker')")
    frame.wait_for_selector("#hand .hand-tile")
    frame.wait_for_function("!document.getElementById('place').disabled")
    frame.click("#hint")
    frame.wait_for_function(
        "document.getElementById('feedback').textContent === \"Hint: Look where Bo's path goes.\""
    )
    right, wrong = answers(EDGE, BLUE_OUT)
    place(frame, wrong)
    answer = got(page, "answer")
    assert answer["at"] == 2 and answer["correct"] is False
    frame.wait_for_function(
        "document.getElementById('feedback').textContent.startsWith('Not this one')"
    )
    assert frame.inner_text("#reset") == "Try again"
    frame.click("#reset")
    frame.wait_for_function("!document.getElementById('place').disabled")
    place(frame, right)
    assert got(page, "answer", 2)["correct"] is True
    solved = got(page, "solved")
    assert solved["at"] == 2 and solved["hints"] == 1
    assert call("puzzle_check", {"position": EDGE, "task": BLUE_OUT, "move": solved["move"]})[
        "result"
    ]["correct"]
    frame.wait_for_function("document.getElementById('feedback').textContent.startsWith('Right')")
    assert got(page, "moved", 2)["position"]["out"] == [1]  # the right answer put Bo out
    assert not [m for m in page.evaluate("window.got") if m["tsuro"] == "error"][2:]
    no_errors(page)


def test_a_lesson_file_a_bad_source_and_the_replays_add_to_a_lesson(page, server):
    # a lesson file of the site, checked by the engine (no build's answer given)
    page.goto(server + "lesson.html?sw=off#src=lessons/tutorial-dragon.json&step=2")
    page.wait_for_function("document.getElementById('where').textContent === 'Step 2 of 2'")
    assert "dragon tile" in page.inner_text("#told")
    # an address that is not https (nor this site) is refused, in words, before any fetch
    page.goto(server + "lesson.html?sw=off#src=" + quote("http://example.invalid/x.json", safe=""))
    page.wait_for_selector("#msg:not([hidden])")
    assert "https://" in page.inner_text("#msg")
    page.goto(server + "lesson.html?sw=off#l=1broken")
    page.wait_for_selector("#msg:not([hidden])")
    assert "could not be opened" in page.inner_text("#msg")
    # the replay's "Add to a lesson": the authoring page opens with that step of the game
    record = gamekit.finished_record()
    link = ok("encode_link", {"record": record})["fragment"]
    page.goto(server + "?sw=off&anim=0#" + link)
    wait_phase(page, ["over"])
    page.click("#rp-first")
    page.click("#rp-next")
    with page.expect_popup() as popup:
        page.click("#btn-add-lesson")
    editor = popup.value
    editor.wait_for_function("document.querySelectorAll('#le-steps li').length === 1")
    assert "position 1 of" in editor.inner_text("#le-steps li")
    steps = editor.evaluate(DRAFT)["lesson"]
    assert steps["records"] == [record] and steps["steps"] == [{"record": 0, "at": 1}]
    no_errors(page)


# ------------------------------------------------------------------ French, axe, 360 px


def test_lessons_in_french_with_no_english_left_and_audited(new_page, server):
    page = new_page(locale="fr-FR", viewport={"width": 1280, "height": 900}, axe=True)
    check = Checker("fr", words=True)
    page.goto(server + "lesson-edit.html?sw=off")
    wait_phase(page, ["ready"])
    check(page, "lesson-edit, empty")
    page.fill("#le-link", tutorial_fragment("edge"))
    page.click("#le-add")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 1")
    page.fill("#le-caption", "Ann et Bo font face à la même case.")
    page.fill("#le-title", "Hors du plateau")
    wait_saved(page, "(d) => d.lesson.title === 'Hors du plateau'")
    page.select_option("#le-mode", "eliminate")
    page.wait_for_selector("#le-hints:not([hidden])")
    preview(page, server).wait_for_function(
        "document.getElementById('task').textContent.includes('bleu')"
    )
    check(page, "lesson-edit, a task")
    # a task no move solves: refused in French
    page.fill("#le-link", tutorial_fragment("forced"))
    page.click("#le-add")
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 2")
    page.select_option("#le-mode", "survive")
    page.wait_for_function("document.getElementById('le-task-note').textContent !== ''")
    check(page, "lesson-edit, a refused task")
    page.click("#le-steps li:nth-child(2) .icon-button:last-child")  # remove it
    page.wait_for_function("document.querySelectorAll('#le-steps li').length === 1")
    url = page.input_value("#le-url")

    # the lesson itself, its task failed in French
    page.goto(url.replace("lesson.html#", "lesson.html?sw=off#"))
    page.wait_for_function("document.getElementById('task').textContent !== ''")
    page.hover("svg.board")
    page.wait_for_function("!document.getElementById('place').disabled")
    check(page, "lesson, a task")
    _, wrong = answers(EDGE, BLUE_OUT)
    place(page, wrong)
    page.wait_for_function("document.getElementById('feedback').textContent !== ''")
    assert page.inner_text("#reset") == "Réessayer"
    check(page, "lesson, a wrong answer")
    page.set_viewport_size({"width": 360, "height": 740})
    no_sideways_scroll(page, 360)
    shot(page, "lesson-360-fr")
    # the rules tutorial's lessons in French (a record's step, a move to try)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "lesson.html?sw=off#src=lessons/tutorial-bonus.json")
    page.wait_for_function("/\\d sur \\d/.test(document.getElementById('where').textContent)")
    check(page, "lesson, a game's step")
    shot(page, "lesson-1280-fr")
    assert not english_left(page)
    assert check.seen


def test_the_tutorial_at_1280_px_and_its_lessons_played_at_360_px(page, server):
    """One visit of the rules tutorial: at 1280 px its first board is live (a hand, and
    the start marks once the engine is there); at 360 px the dragon tile's lesson steps
    through its game, and nothing scrolls sideways.  Screenshots at both widths."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "tutorial/?sw=off")
    assert page.locator(".lesson-box").count() >= 6
    first = page.locator(".lesson-box").first
    first.locator("svg.board").wait_for()
    first.locator("[data-part=hand] .hand-tile").first.wait_for()
    first.locator(".board-box").hover()
    first.locator(".layer-marks .start-mark").first.wait_for(timeout=120_000)
    shot(page, "tutorial-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    box = page.locator(".lesson-box").nth(6)  # the dragon tile: a game's steps
    box.scroll_into_view_if_needed()
    box.locator("[data-part=where]").filter(has_text=re.compile(r"\d")).wait_for()
    assert re.fullmatch(r"Step 1 of 2", box.locator("[data-part=where]").inner_text())
    box.locator("[data-part=next]").click()
    box.locator("[data-part=told]").filter(has_text="dragon tile").wait_for()
    no_sideways_scroll(page, 360)
    shot(page, "tutorial-lesson-360")
    no_errors(page)
