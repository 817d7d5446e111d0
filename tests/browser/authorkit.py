"""Authoring under test: the board editor (editor.html: the engine's check of the draft,
clicks on the board by square) and the lesson editor and player (lesson-edit.html,
lesson.html: the saved draft, a task's right and wrong answers as the engine judges them,
a placement by the keys, a host page that hears the lesson's messages)."""

from __future__ import annotations

import json

import pagekit
from pagekit import wait_phase

from tsuro_core.api import call

EDITOR = "editor.html?sw=off&anim=0"
DRAFT = "JSON.parse(localStorage.getItem('tsuro.lessonDraft') || 'null')"


def ok(op: str, args: dict) -> dict:
    """The engine's result for op(args); fails the test on an error."""
    r = call(op, args)
    assert r["ok"], r
    return r["result"]


# ------------------------------------------------------------------ the board editor


def checked(page) -> None:
    """The engine has answered for the draft as it is now."""
    wait_phase(page, ["checked"])


def answered(page) -> dict | None:
    """The position the engine answered (the JSON the page gives out), or None."""
    text = page.input_value("#ed-json")
    return json.loads(text) if text else None


def click_at(page, x: float, y: float, tap: bool = False) -> None:
    """Click (or tap) the board at (x, y) in squares from its top-left corner."""
    pagekit.settled(page)
    box = page.locator("#board svg.board").bounding_box()
    scale = box["width"] / 672  # the viewBox: 6 squares of 100 and a frame of 36 each side
    px, py = box["x"] + (x * 100 + 36) * scale, box["y"] + (y * 100 + 36) * scale
    if tap:
        page.touchscreen.tap(px, py)
    else:
        page.mouse.click(px, py)
    checked(page)


# ------------------------------------------------------------------ lessons


def answers(position, task):
    """(right, wrong): a placement (hand index, rotation) that does the task and a
    legal one that does not, as the engine judges them."""
    hand = position["hands"][position["turn"]]
    right = wrong = None
    for m in ok("legal_moves", {"position": position})["moves"]:
        verdict = ok("puzzle_check", {"position": position, "task": task, "move": m["move"]})
        pick = (hand.index(m["move"]["tile"]), m["move"]["rot"])
        if verdict["correct"]:
            right = right or pick
        else:
            wrong = wrong or pick
    assert right and wrong
    return right, wrong


def place(frame, pick):
    """Choose hand tile pick[0] with its key, turn it to pick[1] degrees, place it."""
    i, rot = pick
    frame.focus(f"#hand .hand-tile[data-index='{i}']")
    frame.press(f"#hand .hand-tile[data-index='{i}']", str(i + 1))
    for _ in range(rot // 90):
        frame.press(f"#hand .hand-tile[data-index='{i}']", "r")
    frame.click("#place")


def wait_saved(page, check):
    """Wait until the saved draft passes `check` (a JS function of the draft)."""
    page.wait_for_function(f"(() => {{ const d = {DRAFT}; return !!d && ({check})(d); }})()")


# A host page's script: it keeps what the lesson frame (#lesson) posts in window.got,
# and window.send(m) posts to it.
HOST_JS = """
window.got = [];
const frame = () => document.getElementById("lesson");
addEventListener("message", (e) => {
  if (e.source === frame().contentWindow) window.got.push(e.data);
});
window.send = (m) => frame().contentWindow.postMessage(m, "*");
"""


def got(page, name, count=1):
    """The `count`-th message named `name` the host heard (waited for)."""
    page.wait_for_function(
        "([n, k]) => window.got.filter((m) => m.tsuro === n).length >= k", arg=[name, count]
    )
    return page.evaluate(
        "([n, k]) => window.got.filter((m) => m.tsuro === n)[k - 1]", [name, count]
    )
