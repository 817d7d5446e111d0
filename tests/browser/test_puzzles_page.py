"""The puzzle page: the engine judges answers and gives hints, progress is kept, both languages."""

from __future__ import annotations

import json
from pathlib import Path

from pagekit import no_errors, wait_phase

PUZZLES = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "puzzles.json").read_text(encoding="utf-8")
)


def first(kind):
    return next(p for p in PUZZLES if p["task"]["key"] == f"puzzle.task.{kind}")


def test_hints_lead_to_the_answer_progress_is_kept_and_a_wrong_move_is_told(page, server):
    p = first("survive")
    page.goto(server + f"puzzles.html?sw=off&anim=0#{p['id']}")
    wait_phase(page, ["tile"])
    assert page.inner_text("#task") == "Survive this turn."
    # no outcome marks on the hand: they would give the answer away
    assert page.locator("#hand .badge").first.is_hidden()
    page.click("#btn-hint")
    page.wait_for_function(
        "document.querySelector('#verdict').textContent.startsWith('Hint: play tile')"
    )
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#verdict').textContent.includes('turned')")
    page.click("#btn-place")
    wait_phase(page, ["solved"])
    assert "Right" in page.inner_text("#verdict")
    assert (
        page.evaluate("JSON.parse(localStorage.getItem('tsuro.puzzles')).solved")[p["id"]] is True
    )
    assert f"Solved: 1 of {len(PUZZLES)}" in page.inner_text("#progress")

    # another puzzle, answered wrongly: told so, not marked solved
    q = first("eliminate")
    page.goto(server + f"puzzles.html?sw=off&anim=0#{q['id']}")
    wait_phase(page, ["tile"])
    assert "marker" in page.inner_text("#task")
    tiles = q["position"]["hands"][q["position"]["turn"]]
    wrong = next(i for i, t in enumerate(tiles) if t != q["answer"]["tile"])
    page.keyboard.press(str(wrong + 1))
    page.click("#btn-place")
    wait_phase(page, ["wrong", "solved"])
    assert page.evaluate("document.body.dataset.phase") == "wrong"
    assert page.inner_text("#verdict").startswith("Not this one")
    page.click("#btn-retry")
    wait_phase(page, ["tile"])
    saved = page.evaluate("JSON.parse(localStorage.getItem('tsuro.puzzles')).solved")
    assert q["id"] not in saved and p["id"] in saved
    no_errors(page)


def test_puzzles_in_french(page, server):
    q = first("eliminate")
    page.goto(server + f"puzzles.html?sw=off&anim=0&lang=fr#{q['id']}")
    wait_phase(page, ["tile"])
    colour = {
        "red": "rouge",
        "blue": "bleu",
        "green": "vert",
        "yellow": "jaune",
        "purple": "violet",
        "orange": "orange",
        "black": "noir",
        "white": "blanc",
    }[q["task"]["params"]["color"]]
    assert page.inner_text("#task") == f"Éliminez le pion {colour}, en restant sur le plateau."
    assert page.inner_text("#btn-hint") == "Indice"
    s = first("solo")
    page.goto(server + f"puzzles.html?sw=off&anim=0&lang=fr#{s['id']}")
    page.reload()
    wait_phase(page, ["tile"])
    assert page.inner_text("#task").startswith("Solo\u202f: posez encore")
    no_errors(page)
