"""A teacher's whole path, in real Chromium with the real engine, across the seams of
issue 19: a position made in the board editor (mouse and keyboard), looked at as a game
("Play from here") and as an embedded board ("Embed this position"), sent to the lesson
page ("Add to a lesson": lesson-edit.html#add=); a second step from a finished game's
replay ("Add to a lesson" on the game page, in a new tab, while the first tab stays
open); a caption, a task with a hint, the steps reordered, the preview; the snippet
copied and pasted into a host page on another origin, where a reader fails the task,
then solves it, and the host hears `step`, `answer` and `solved`.  Screenshots at 360
and 1280 px (test-artifacts/authoring-*.png, with TSURO_SHOTS=1)."""

from __future__ import annotations

import json

import pagekit
import pytest
from authorkit import (
    DRAFT,
    HOST_JS,
    answered,
    answers,
    checked,
    click_at,
    got,
    place,
    wait_saved,
)
from gamekit import finished_record, fragment
from helpers import tutorial_fragment
from pagekit import keep_errors, no_errors, no_sideways_scroll, shot, wait_phase

pytestmark = pytest.mark.browser

BLUE_OUT = {"key": "puzzle.task.eliminate", "params": {"color": "blue"}}
HINT = "Follow Bo's path through A1."


def steps(page) -> int:
    return page.locator("#le-steps li").count()


def wait_steps(page, n: int) -> None:
    page.wait_for_function("(n) => document.querySelectorAll('#le-steps li').length === n", arg=n)


def both_widths(page, name: str) -> None:
    """Screenshots NAME-1280 and NAME-360 (no sideways scroll at 360 px); back to 1280 px."""
    shot(page, f"{name}-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    no_sideways_scroll(page, 360)
    shot(page, f"{name}-360")
    page.set_viewport_size({"width": 1280, "height": 900})


def make_the_position(page) -> dict:
    """Ann and Bo both on a start mark of A1 (Ann's by mouse, Bo's by keyboard), Ann to play
    with tiles 26 and 19 in her hand and Bo 1, 2, 3, chosen tile by tile: one way to lay 26
    sends Bo out."""
    page.click("#btn-empty")
    checked(page)
    page.fill("#seat-0-name", "Ann")
    page.fill("#seat-1-name", "Bo")
    checked(page)
    page.click("#tool-marker")
    click_at(page, -0.2, 0.3)  # the frame left of A1, its upper point: H
    assert page.evaluate("document.activeElement.matches('svg.board')")  # the keys go on there
    page.keyboard.press("2")  # Bo's marker
    page.keyboard.press("a")  # on A1's top side, left point
    checked(page)
    page.select_option("#ed-hands", "set")
    checked(page)
    # both hands as dealt (from a random seed) emptied, then chosen: a tile dealt to Bo
    # cannot be Ann's too
    ann, bo = page.locator("#seats .seat-row").nth(0), page.locator("#seats .seat-row").nth(1)
    for seat in (ann, bo):
        for _ in range(3):
            seat.locator("button.seat-hand-tile").first.click()
            checked(page)
    for seat, tiles in ((ann, (26, 19)), (bo, (1, 2, 3))):
        for tile in tiles:
            page.click(f".palette-tile[data-tile='{tile}']")
            seat.locator(".seat-add").click()
            checked(page)
    assert page.inner_text("#check-state") == "A real Tsuro position: no problem."
    position = answered(page)
    assert position["markers"] == [[0, 0, "H"], [0, 0, "A"]]
    assert position["hands"] == [[26, 19], [1, 2, 3]] and position["turn"] == 0
    return position


def test_editor_to_lesson_to_a_host_page_on_another_origin(page, context, server, other_origin):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.set_viewport_size({"width": 1280, "height": 900})

    # ---------------------------------------------------------------- the board editor
    page.goto(server + "editor.html?sw=off&anim=0")
    checked(page)
    position = make_the_position(page)
    page.evaluate("scrollTo(0, 0)")
    both_widths(page, "authoring-editor")

    # Embed this position: the snippet and its live preview, the reader's move offered
    page.check("#ed-embed-try")
    page.click("#btn-ed-embed")
    assert page.input_value("#ed-embed-snippet").startswith(f'<iframe src="{server}embed.html#p=1')
    preview = page.frame_locator("#ed-embed-preview iframe")
    preview.locator("#hand .hand-tile").first.wait_for()
    assert preview.locator(".layer-markers .marker").count() == 2
    tiles = preview.locator("#hand .hand-tile").evaluate_all("bs => bs.map((b) => +b.dataset.tile)")
    assert tiles == [26, 19]

    # Play from here: the game page, Ann to play from that hand
    game = keep_errors(context.new_page(), "game")
    game.goto(page.get_attribute("#ed-play", "href").replace("/#p=", "/?sw=off&anim=0#p="))
    assert wait_phase(game, ["pass"]) == "pass"  # hot-seat: the hands are hidden first
    game.click("#btn-pass")
    wait_phase(game, ["tile"])
    hand = game.eval_on_selector_all("#hand .hand-tile", "bs => bs.map((b) => +b.dataset.tile)")
    assert hand == [26, 19]
    pagekit.choose_placeable_by_keys(game, 0)
    game.keyboard.press("Enter")
    game.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    no_errors(game)
    game.close()

    # Add to a lesson: the lesson page takes the position as its first step
    page.click("#ed-lesson")
    page.wait_for_url("**/lesson-edit.html")
    wait_phase(page, ["ready"])
    assert steps(page) == 1 and "Ann to play" in page.inner_text("#le-steps li")
    assert page.inner_text("#notice-text") == "Step 1 added from the link. Write its caption below."
    assert page.evaluate(DRAFT)["lesson"]["steps"][0]["position"] == position

    # ---------------------------------------------------------------- a step from a replay
    record = finished_record()
    replay = keep_errors(context.new_page(), "replay")
    replay.goto(server + "?sw=off&anim=0#" + fragment(record))
    wait_phase(replay, ["over"])
    replay.click("#rp-prev")
    replay.click("#rp-prev")
    at = len(record["moves"]) - 2
    with replay.expect_popup() as popup:
        replay.click("#btn-add-lesson")
    other_tab = keep_errors(popup.value, "other tab")
    wait_steps(other_tab, 2)
    assert f"position {at} of" in other_tab.inner_text("#le-steps li:nth-child(2)")
    no_errors(replay)
    replay.close()
    # The first tab, still open, shows the step the new tab added, and saves over nothing
    wait_steps(page, 2)
    no_errors(other_tab)
    other_tab.close()

    # ---------------------------------------------------------------- caption, task, hint
    page.fill("#le-title", "Two markers, one square")
    page.click("#le-steps li:nth-child(1) .le-step-pick")
    page.fill("#le-caption", "Ann and Bo both start at **A1**.\nWhich tile sends Bo off?")
    wait_saved(page, "(d) => d.lesson.steps[0].caption?.startsWith('Ann and Bo')")
    page.focus("#le-mode")
    page.select_option("#le-mode", "eliminate")
    page.wait_for_function("/moves? do/.test(document.getElementById('le-task-note').textContent)")
    assert page.is_checked("#le-target-list input[value='blue']")
    page.fill("#le-hint-0", HINT)
    wait_saved(page, f"(d) => d.lesson.steps[0].hints?.[0] === {json.dumps(HINT)}")
    page.click("#le-steps li:nth-child(2) .le-step-pick")
    page.fill("#le-caption", "In a real game, the tiles pile up like this.")
    wait_saved(page, "(d) => d.lesson.steps[1].caption?.startsWith('In a real game')")
    wait_saved(page, "(d) => d.lesson.title === 'Two markers, one square'")
    lesson = page.evaluate(DRAFT)["lesson"]
    assert lesson["steps"][0]["task"] == BLUE_OUT and len(lesson["steps"]) == 2

    # ---------------------------------------------------------------- reorder (keyboard)
    page.focus("[aria-label='Move step 2 up']")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('#le-steps li').textContent.includes('position')"
    )
    lesson = page.evaluate(DRAFT)["lesson"]
    assert "record" in lesson["steps"][0] and lesson["steps"][1]["task"] == BLUE_OUT

    # ---------------------------------------------------------------- the preview
    frame = next(f for f in page.frames if f.url.startswith(server + "lesson.html"))
    frame.wait_for_function("document.getElementById('where').textContent === 'Step 1 of 2'")
    frame.wait_for_function(
        "document.getElementById('caption').textContent.startsWith('In a real game')"
    )
    frame.click("#next")  # the preview's own Next chooses the step in the list
    page.wait_for_function(
        "document.querySelector('#le-steps li:nth-child(2) [aria-current]') !== null"
    )
    frame.wait_for_function("document.getElementById('task').textContent.includes('blue')")
    assert page.input_value("#le-caption").startswith("Ann and Bo both start")
    both_widths(page, "authoring-lesson-edit")

    # ---------------------------------------------------------------- copy the snippet
    page.click("#le-copy-snippet")
    page.wait_for_function("document.getElementById('le-copy-snippet').textContent === 'Copied'")
    snippet = page.evaluate("navigator.clipboard.readText()")
    assert snippet == page.input_value("#le-snippet")
    assert snippet.startswith(f'<iframe src="{server}lesson.html#l=1')
    no_errors(page)

    # ---------------------------------------------------------------- a host page elsewhere
    base, directory = other_origin
    (directory / "authoring-host.js").write_text(HOST_JS)
    (directory / "authoring-host.html").write_text(
        "<!doctype html><html lang=en><title>A class page</title>"
        "<link rel=icon href='data:,'><script src='authoring-host.js'></script>"
        "<h1>Tsuro, lesson 1</h1>" + snippet.replace("<iframe ", "<iframe id=lesson ", 1)
    )
    host = keep_errors(context.new_page(), "host")
    host.set_viewport_size({"width": 1280, "height": 900})
    host.goto(base + "authoring-host.html")
    assert got(host, "loaded") == {
        "tsuro": "loaded",
        "title": "Two markers, one square",
        "steps": 2,
    }
    assert got(host, "step") == {
        "tsuro": "step",
        "at": 0,
        "last": 1,
        "kind": "record",
        "mode": "look",
    }
    reader = next(f for f in host.frames if f.url.startswith(server + "lesson.html"))
    reader.wait_for_function(
        "document.getElementById('caption').textContent.startsWith('In a real game')"
    )
    reader.click("#next")
    assert got(host, "step", 2) == {
        "tsuro": "step",
        "at": 1,
        "last": 1,
        "kind": "position",
        "mode": "task",
    }
    reader.wait_for_function("document.querySelector('#caption strong')?.textContent === 'A1'")
    reader.wait_for_selector("#hand .hand-tile")
    reader.wait_for_function("!document.getElementById('place').disabled")
    reader.click("#hint")
    reader.wait_for_function(
        "(h) => document.getElementById('feedback').textContent === 'Hint: ' + h", arg=HINT
    )
    task_position = page.evaluate(DRAFT)["lesson"]["steps"][1]["position"]
    right, wrong = answers(task_position, BLUE_OUT)
    place(reader, wrong)
    assert got(host, "answer")["correct"] is False
    reader.wait_for_function("document.getElementById('reset').textContent === 'Try again'")
    reader.click("#reset")
    reader.wait_for_function("!document.getElementById('place').disabled")
    place(reader, right)
    solved = got(host, "solved")
    assert solved["at"] == 1 and solved["hints"] == 1
    assert solved["move"]["tile"] == task_position["hands"][0][right[0]]
    reader.wait_for_function("document.getElementById('feedback').textContent.startsWith('Right')")
    assert not [m for m in host.evaluate("window.got") if m["tsuro"] == "error"]
    both_widths(host, "authoring-host")
    no_errors(host)


def test_a_tab_takes_the_draft_another_tab_saved_before_it_changes_it(page, server):
    """A save by another tab that this tab has not heard of yet (written from this tab, so
    no "storage" event comes here: a later write, one more rev, with its step's id) is taken
    before this tab's next change: the change keeps the other tab's step instead of saving
    over it."""
    page.goto(server + "lesson-edit.html?sw=off&anim=0")
    wait_phase(page, ["ready"])
    page.fill("#le-link", f"{server}#{tutorial_fragment('edge')}")
    page.press("#le-link", "Enter")
    wait_steps(page, 1)
    page.evaluate(
        """() => {
          const d = JSON.parse(localStorage.getItem("tsuro.lessonDraft"));
          d.lesson.steps.push({ ...d.lesson.steps[0], caption: "From the other tab." });
          d.ids.push("other");
          d.rev += 1;
          localStorage.setItem("tsuro.lessonDraft", JSON.stringify(d));
        }"""
    )
    assert steps(page) == 1  # not heard of: a "storage" event goes to the other tabs only
    page.fill("#le-title", "Both tabs")
    wait_saved(page, "(d) => d.lesson.title === 'Both tabs'")
    wait_steps(page, 2)
    lesson = page.evaluate(DRAFT)["lesson"]
    assert [s.get("caption") for s in lesson["steps"]] == [None, "From the other tab."]
    no_errors(page)
