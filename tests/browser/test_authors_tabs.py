"""An author's work is never lost (issue 30), in real Chromium with the real engine: the
board editor and the lesson editor, each in two tabs (two pages of one browser context:
one localStorage), edited in both at once, reordered, removed, captioned, with the
storage full; reloaded, every edit is there.  Both pages keep their draft with the one
keeper (web/js/lib/authoring/drafts.js): every edit made on what is stored at that moment, a
step by its id; two tabs' drafts gone apart shown (the author chooses, the other draft is
kept aside); a write that fails said, with the draft as a file.  A draft another tab
stored that cannot be read is kept aside, and every entry kept aside, whatever page kept
it, is offered back by the game page.  Screenshots of the notices at 1280 and 360 px
(test-artifacts/authors-*.png, with TSURO_SHOTS=1)."""

from __future__ import annotations

import json
from pathlib import Path

import pagekit
import pytest
from authorkit import DRAFT as LESSON
from authorkit import EDITOR, checked, click_at, wait_saved
from helpers import tutorial_position
from pagekit import no_errors, shot, wait_phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser

LESSONS = "lesson-edit.html?sw=off&anim=0"
BOARD = "JSON.parse(localStorage.getItem('tsuro.editor') || 'null')"
KEPT = """() => Object.keys(localStorage).filter((k) => k.startsWith('tsuro.kept.'))
  .map((k) => JSON.parse(localStorage.getItem(k)))"""
# fill this origin's storage to the last character the browser allows (test_reliability's)
FILL = """() => {
    let size = 1 << 20, i = 0;
    while (size >= 1) {
        try { localStorage.setItem("fill." + i++, "x".repeat(size)); }
        catch { size = Math.floor(size / 2); }
    }
}"""
EMPTY = """() => Object.keys(localStorage).filter((k) => k.startsWith("fill."))
  .forEach((k) => localStorage.removeItem(k))"""


def tab(context, url: str):
    """A page of the context (sharing its storage), its console errors kept."""
    p = context.new_page()
    p.console_errors = []
    p.on("console", lambda m: m.type == "error" and p.console_errors.append(m.text))
    p.on("pageerror", lambda e: p.console_errors.append(str(e)))
    p.goto(url)
    return p


# The page has handled the new width: the resize event is dispatched in the frame's
# rendering steps, before its animation frame callbacks (the top bar folds on it, bar.js)
LAID_OUT = (
    """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"""
)


def both_widths(page, name: str) -> None:
    """Screenshots authors-NAME-1280 and -360 (nothing scrolls sideways at 360 px)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, f"authors-{name}-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate(LAID_OUT)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "sideways scroll"
    shot(page, f"authors-{name}-360")
    page.set_viewport_size({"width": 1280, "height": 800})


def stored_in(page, check: str) -> None:
    """Wait until this page's view of the board editor's stored draft passes `check` (a JS
    function of it): the other tab's write has reached this page's process."""
    page.wait_for_function(f"(() => {{ const d = {BOARD}; return !!d && ({check})(d); }})()")


# ------------------------------------------------------------------ the board editor


def lay(page, tile: int, x: int, y: int) -> None:
    """Lay `tile` on square (x, y) of the editor's board, and wait for the engine's check."""
    page.click(f".palette-tile[data-tile='{tile}']")
    click_at(page, x + 0.5, y + 0.5)


def empty_board(context, server):
    """A tab of the board editor on an empty board (the draft's players kept), checked."""
    a = tab(context, server + EDITOR)
    checked(a)
    a.click("#btn-empty")
    checked(a)
    return a


def tiles(d) -> list:
    return sorted(tuple(e[:3]) for e in d["state"]["tiles"])


def test_board_editor_two_tabs_lay_remove_and_rename_and_lose_nothing(context, server):
    a = empty_board(context, server)
    b = tab(context, server + EDITOR)
    checked(b)
    # a tile laid in each tab, then a name changed in one and a tile removed in the other, no
    # tab reloaded: each edit is made on the draft as stored, the other tab's taken first
    # (each tab acts once the other's last write has reached it, as an author's hands would:
    # writes crossing on their way are the next test's)
    lay(a, 7, 0, 0)
    stored_in(b, "(d) => d.state.tiles.length === 1")
    lay(b, 8, 1, 0)  # b had not laid a thing: it takes a's tile, then lays its own
    stored_in(a, "(d) => d.state.tiles.length === 2")
    a.wait_for_function("document.querySelectorAll('#board .layer-tiles > *').length === 2")
    b.fill("#seat-1-name", "Bo")
    stored_in(a, "(d) => d.state.players[1].name === 'Bo'")
    lay(a, 9, 2, 0)
    stored_in(b, "(d) => d.state.tiles.length === 3")
    b.focus("#board svg.board")
    b.keyboard.press("ArrowLeft")  # b's cursor on A1 ...
    b.keyboard.press("Delete")  # ... and a's first tile taken off there
    checked(b)
    stored_in(a, "(d) => d.state.tiles.length === 2")
    lay(a, 10, 3, 0)
    for p in (a, b):  # reloaded, both tabs show every edit
        p.reload()
        checked(p)
    d = a.evaluate(BOARD)
    assert tiles(d) == [(1, 0, 8), (2, 0, 9), (3, 0, 10)]
    assert [s["name"] for s in d["state"]["players"]][1] == "Bo"
    assert b.evaluate("document.querySelectorAll('#board .layer-tiles > *').length") == 3
    assert b.input_value("#seat-1-name") == "Bo"
    assert a.evaluate(KEPT) == []  # nothing went apart: nothing needed keeping aside
    for p in (a, b):
        no_errors(p)


def test_board_editor_two_tabs_writes_that_crossed_are_shown_and_both_kept(context, server):
    a = empty_board(context, server)
    lay(a, 7, 0, 0)
    # another tab wrote over this one's draft without having seen it (its write crossed this
    # one's: the same count of writes, another board), heard of at this tab's next edit
    a.evaluate(
        """() => { const d = JSON.parse(localStorage.getItem("tsuro.editor"));
          d.state.tiles = [[5, 5, 20, 0]];
          localStorage.setItem("tsuro.editor", JSON.stringify(d)); }"""
    )
    lay(a, 8, 1, 0)
    a.wait_for_selector("#draft-notice:not([hidden])")
    assert "changed in another tab" in a.inner_text("#draft-notice-text")
    assert a.evaluate(BOARD)["state"]["tiles"] == [[5, 5, 20, 0]]  # not written over
    both_widths(a, "editor-conflict")
    a.click("#btn-draft-mine")
    a.wait_for_selector("#draft-notice", state="hidden")
    assert tiles(a.evaluate(BOARD)) == [(0, 0, 7), (1, 0, 8)]
    kept = a.evaluate(KEPT)
    assert len(kept) == 1 and kept[0]["key"] == "tsuro.editor" and kept[0]["reason"] == "otherTab"
    assert json.loads(kept[0]["text"])["state"]["tiles"] == [[5, 5, 20, 0]]
    # the game page offers it back: listed with the other entries kept, downloaded as it was
    g = tab(context, server + "index.html?sw=off&anim=0")
    g.wait_for_selector("#setup[open] #games-panel:not([hidden])")
    row = g.locator("#games-panel li.kept")
    assert row.count() == 1
    assert "board editor draft" in row.inner_text() and "did not keep" in row.inner_text()
    with g.expect_download() as d:
        row.locator("button", has_text="Download").click()
    assert json.loads(Path(d.value.path()).read_text())["state"]["tiles"] == [[5, 5, 20, 0]]
    for p in (a, g):
        no_errors(p)


def test_board_editor_with_storage_full_says_so_keeps_the_work_and_saves_it_later(context, server):
    a = empty_board(context, server)
    lay(a, 7, 0, 0)
    a.evaluate(FILL)
    lay(a, 8, 1, 0)  # neither stored ...
    lay(a, 9, 2, 0)
    a.wait_for_selector("#draft-notice:not([hidden])")
    assert "not saved" in a.inner_text("#draft-notice-text")
    assert "full" in a.inner_text("#draft-notice-text")
    assert a.evaluate("document.querySelectorAll('#board .layer-tiles > *').length") == 3
    assert tiles(a.evaluate(BOARD)) == [(0, 0, 7)]
    both_widths(a, "editor-full")
    # ... but on the page, and in the file it offers, which the editor opens again
    with a.expect_download() as d:
        a.click("#btn-draft-file")
    saved = Path(d.value.path()).read_text()
    assert tiles(json.loads(saved)) == [(0, 0, 7), (1, 0, 8), (2, 0, 9)]
    # another tab meanwhile (storage full for it too): it takes what is stored, and asks for
    # nothing; this tab's work is not written over by it
    b = tab(context, server + EDITOR)
    checked(b)
    assert b.evaluate("document.querySelectorAll('#board .layer-tiles > *').length") == 1
    # room again: the next edit writes everything, and the notice goes
    a.evaluate(EMPTY)
    lay(a, 10, 3, 0)
    a.wait_for_selector("#draft-notice", state="hidden")
    assert tiles(a.evaluate(BOARD)) == [(0, 0, 7), (1, 0, 8), (2, 0, 9), (3, 0, 10)]
    stored_in(b, "(d) => d.state.tiles.length === 4")
    b.wait_for_function("document.querySelectorAll('#board .layer-tiles > *').length === 4")
    a.reload()
    checked(a)
    assert a.evaluate("document.querySelectorAll('#board .layer-tiles > *').length") == 4
    # the file saved while storage was full opens as the draft it was
    a.set_input_files(
        "#ed-file",
        files=[{"name": "b.json", "mimeType": "application/json", "buffer": saved.encode()}],
    )
    a.wait_for_function("document.querySelectorAll('#board .layer-tiles > *').length === 3")
    checked(a)
    assert tiles(a.evaluate(BOARD)) == [(0, 0, 7), (1, 0, 8), (2, 0, 9)]
    for p in (a, b):
        no_errors(p)


# ------------------------------------------------------------------ the lesson editor


def lesson_draft(captions: list[str]) -> str:
    """A stored lesson draft (format 2): one step per caption, on tutorial positions, each
    with its id."""
    keys = ["edge", "forced", "collision", "crossings"]
    steps = [{"position": tutorial_position(keys[k]), "caption": c} for k, c in enumerate(captions)]
    r = call("lesson_check", {"lesson": {"format": "tsuro-lesson/1", "lang": "en", "steps": steps}})
    assert r["ok"], r
    lesson = r["result"]["lesson"]
    ids = [f"id{k}" for k in range(len(captions))]
    draft = {"format": "tsuro-lesson-draft/2", "lesson": lesson, "ids": ids, "rev": 1}
    return json.dumps(draft, separators=(",", ":"), ensure_ascii=False)  # as the page writes it


def open_lessons(context, server, captions: list[str], clock: bool = False):
    """Two tabs of the lesson editor on one draft of these steps; with `clock`, the timers
    of both under Playwright's clock (which is the context's: every tab's)."""
    setup = context.new_page()
    setup.goto(server + "tiles.json")
    setup.evaluate("(t) => localStorage.setItem('tsuro.lessonDraft', t)", lesson_draft(captions))
    setup.close()
    a = tab(context, server + LESSONS)
    b = context.new_page()
    b.console_errors = []
    b.on("pageerror", lambda e: b.console_errors.append(str(e)))
    if clock:
        context.clock.install()
    b.goto(server + LESSONS)
    for p in (a, b):
        wait_phase(p, ["ready"])
    return a, b


def still(page, js: str) -> None:
    """Wait until `js` holds in `page` while the context's clock stands still: asked from
    here (a wait in the page polls on its timers and animation frames, which stand still
    too, and would never end)."""
    try:
        pagekit.wait_until(page, lambda: page.evaluate(js), js)
    except Exception as e:  # what is stored and kept aside says which tab did what
        stored = page.evaluate("localStorage.getItem('tsuro.lessonDraft')")
        raise AssertionError(f"{e}\nstored: {stored}\nkept aside: {page.evaluate(KEPT)}") from e


def type_at_end(page, selector: str, text: str) -> None:
    page.focus(selector)
    page.keyboard.press("Control+End")
    page.keyboard.type(text)


def captions(d) -> list:
    return [s.get("caption") for s in d["lesson"]["steps"]]


def steps_shown(page) -> int:
    return page.locator("#le-steps li").count()


def test_lesson_editor_two_tabs_reorder_remove_and_caption_at_once(context, server):
    a, b = open_lessons(context, server, ["one", "two", "three"], clock=True)
    # time stands still: what b types waits to be kept, as while an author types on (a's
    # clicks need no timer: each is kept at once)
    b.click("#le-steps li:nth-child(2) .le-step-pick")
    context.clock.pause_at(b.evaluate("Date.now()") / 1000 + 1)  # (in seconds: Python's time)
    # b captions its step 2 while a removes step 1: b's text stays on b's step, wherever it is
    b.fill("#le-caption", "two, from b")
    a.click("[aria-label='Remove step 1']")
    still(
        b, f"((d) => d.lesson.steps[0].caption === 'two, from b' && !d.lesson.steps[2])({LESSON})"
    )
    still(b, "document.getElementById('le-step-h').textContent === 'Step 1'")
    assert b.input_value("#le-caption") == "two, from b"  # the form still shows b's step
    assert captions(b.evaluate(LESSON)) == ["two, from b", "three"]
    # a moves step 2 up while b, on its step (now step 2), types on
    still(a, "document.querySelectorAll('#le-steps li').length === 2")
    type_at_end(b, "#le-caption", " and more")
    a.click("[aria-label='Move step 2 up']")
    still(b, f"{LESSON}.lesson.steps[1].caption === 'two, from b and more'")
    still(b, "document.getElementById('le-step-h').textContent === 'Step 2'")
    assert captions(b.evaluate(LESSON)) == ["three", "two, from b and more"]
    context.clock.resume()
    # both tabs reloaded: every edit there, in either
    for p in (a, b):
        p.reload()
        wait_phase(p, ["ready"])
        assert steps_shown(p) == 2
    assert captions(a.evaluate(LESSON)) == ["three", "two, from b and more"]
    assert a.evaluate(KEPT) == []
    for p in (a, b):
        no_errors(p)


def test_lesson_editor_a_step_removed_in_one_tab_while_captioned_in_the_other_comes_back(
    context, server
):
    a, b = open_lessons(context, server, ["one", "two", "three"], clock=True)
    b.click("#le-steps li:nth-child(2) .le-step-pick")
    # time stands still: what b types waits to be kept (the typing has not paused) ...
    context.clock.pause_at(b.evaluate("Date.now()") / 1000 + 1)  # (in seconds: Python's time)
    type_at_end(b, "#le-caption", " (b)")
    a.click("[aria-label='Remove step 2']")  # ... while a removes the step b is typing in
    # b hears of it: what it typed is kept first, and its step comes back where it was
    still(a, f"((d) => d.lesson.steps[1].caption === 'two (b)' && !!d.lesson.steps[2])({LESSON})")
    still(b, "/put it back/.test(document.querySelector('#le-caption-note').innerText)")
    assert b.inner_text("#le-step-h") == "Step 2" and b.input_value("#le-caption") == "two (b)"
    assert captions(a.evaluate(LESSON)) == ["one", "two (b)", "three"]
    still(a, "document.querySelectorAll('#le-steps li').length === 3")
    context.clock.resume()
    both_widths(b, "lesson-put-back")
    for p in (a, b):
        no_errors(p)


def test_lesson_editor_with_storage_full_says_so_and_saves_it_later(context, server):
    a, b = open_lessons(context, server, ["one", "two"])
    a.evaluate(FILL)
    a.click("#le-steps li:nth-child(2) .le-step-pick")
    a.fill("#le-caption", "two, while full")
    a.wait_for_selector("#draft-notice:not([hidden])")
    assert "not saved" in a.inner_text("#draft-notice-text")
    assert captions(a.evaluate(LESSON)) == ["one", "two"]
    assert a.input_value("#le-caption") == "two, while full"
    both_widths(a, "lesson-full")
    with a.expect_download() as d:  # the lesson's file, with the change
        a.click("#btn-draft-file")
    assert [s.get("caption") for s in json.loads(Path(d.value.path()).read_text())["steps"]] == [
        "one",
        "two, while full",
    ]
    a.evaluate(EMPTY)
    a.click("[aria-label='Move step 2 up']")  # room again: everything written
    a.wait_for_selector("#draft-notice", state="hidden")
    assert captions(a.evaluate(LESSON)) == ["two, while full", "one"]
    wait_saved(b, "(d) => d.lesson.steps[0].caption === 'two, while full'")
    b.reload()
    wait_phase(b, ["ready"])
    assert captions(b.evaluate(LESSON)) == ["two, while full", "one"]
    for p in (a, b):
        no_errors(p)


def test_a_lesson_draft_another_tab_stored_that_cannot_be_read_is_kept_aside(context, server):
    a, b = open_lessons(context, server, ["one"])
    bad = '{"format": "tsuro-lesson-draft/2", "lesson": {"format": "tsuro-lesson/1", "steps": 3}}'
    b.evaluate("(t) => localStorage.setItem('tsuro.lessonDraft', t)", bad)  # heard of by a
    a.wait_for_selector("#draft-notice:not([hidden])")
    assert "cannot read" in a.inner_text("#draft-notice-text")
    kept = a.evaluate(KEPT)
    assert [(k["key"], k["reason"], k["text"]) for k in kept] == [
        ("tsuro.lessonDraft", "unreadable", bad)
    ]
    both_widths(a, "lesson-kept")
    # a's draft goes on, and is written with its next change
    a.click("#le-steps li:nth-child(1) .le-step-pick")
    a.fill("#le-caption", "one, still")
    wait_saved(a, "(d) => d.lesson.steps[0].caption === 'one, still'")
    # the game page offers it back with every other entry kept, older places included
    a.evaluate(
        """() => {
          localStorage.setItem("tsuro.lessonDraft.kept", '{"format": "tsuro-lesson-draft/1"}');
          localStorage.setItem("tsuro.kept-review.game.g1", JSON.stringify({
            format: "tsuro-kept/1", id: "game.g1", keptAt: "2026-01-01T00:00:00.000Z",
            reason: "chances", text: "{review"}));
        }"""
    )
    g = tab(context, server + "index.html?sw=off&anim=0")
    g.wait_for_selector("#setup[open] #games-panel:not([hidden])")
    rows = g.locator("#games-panel li.kept")
    texts = [rows.nth(k).inner_text() for k in range(rows.count())]
    assert len(texts) == 3, texts
    assert any("A lesson draft (could not be read)" in t for t in texts)
    assert any("A game review (chances)" in t for t in texts)
    assert sum("A lesson draft" in t for t in texts) == 2
    row = "#games-panel li[data-kept='{}'] button"
    with g.expect_download() as d:
        g.locator(row.format("tsuro.kept-review.game.g1"), has_text="Download").click()
    assert Path(d.value.path()).read_text().strip() == "{review"
    g.locator(row.format("tsuro.lessonDraft.kept"), has_text="Forget").click()
    g.wait_for_function("localStorage.getItem('tsuro.lessonDraft.kept') === null")
    assert g.locator("#games-panel li.kept").count() == 2
    both_widths(g, "kept-list")
    # a lesson draft kept aside and downloaded opens again as a lesson file
    a.once("dialog", lambda d: d.accept())  # "replace the lesson you are making?"
    draft = {
        "name": "d.json",
        "mimeType": "application/json",
        "buffer": lesson_draft(["x", "y"]).encode(),
    }
    a.set_input_files("#le-file", files=[draft])
    wait_saved(a, "(d) => d.lesson.steps.length === 2 && d.lesson.steps[1].caption === 'y'")
    for p in (a, g):
        no_errors(p)
