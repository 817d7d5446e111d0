"""The board editor (editor.html, docs/editor.md) in real Chromium against the built
dist/, its engine the real Pyodide: a position built by mouse, by keyboard alone and by
touch taps; the engine's problems in words (and in French, no English left); the share
link's round trip; "Play from here" reaching a playable game; the embed snippet and its
live preview; "Add to a lesson"; opening a replay's step, a pasted link or JSON and a
saved game; a reload keeping the draft; axe in both themes, text contrast, 44 px targets
and no sideways scrolling at 360 px; screenshots at 360 and 1280 px."""

from __future__ import annotations

import json

import pagekit
import pytest
from auditkit import RUN, TARGETS, Contrast
from authorkit import EDITOR, answered, checked, click_at
from gamekit import finished_record, fragment
from pagekit import no_errors, shot, wait_phase
from wordkit import english_left

from tsuro_core.api import call

pytestmark = pytest.mark.browser


def problems(page) -> list[str]:
    return page.eval_on_selector_all("#problems li", "ls => ls.map((l) => l.dataset.code)")


def problem_text(page, code: str) -> str:
    return page.inner_text(f"#problems li[data-code='{code}']")


def choose_tile(page, tile: int) -> None:
    page.click(f".palette-tile[data-tile='{tile}']")


def fresh(page, server, query: str = "") -> None:
    page.goto(server + EDITOR + query)
    checked(page)


# ------------------------------------------------------------------ building a position


def test_build_a_position_by_mouse(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    fresh(page, server)
    assert page.inner_text("#check-state") == "A real Tsuro position: no problem."  # a deal
    choose_tile(page, 7)
    click_at(page, 2.5, 2.5)  # tile 7 on C3
    click_at(page, 2.5, 2.5)  # again: turned a quarter
    page.click("#tool-marker")
    click_at(page, -0.2, 2.3)  # the frame left of A3, its upper point: a start mark
    page.select_option("#tool-seat", "1")
    click_at(page, 6.2, 3.7)  # right of F4, its lower point
    position = answered(page)
    assert position["tiles"] == [[2, 2, 7, 0]]  # tile 7 looks the same at every rotation
    assert position["markers"] == [[0, 2, "H"], [5, 3, "D"]]
    assert [len(h) for h in position["hands"]] == [3, 3] and len(position["pile"]) == 35 - 7
    assert problems(page) == [] and "sketch" not in position
    assert page.inner_text("#check-state") == "A real Tsuro position: no problem."
    # the same point again takes the marker off; undo puts it back
    click_at(page, 6.2, 3.7)
    assert answered(page) is None or answered(page)["markers"][1] is None
    page.click("#btn-undo")
    checked(page)
    assert answered(page)["markers"][1] == [5, 3, "D"]
    shot(page, "editor-1280")
    no_errors(page)


def test_build_a_position_by_keyboard_alone(page, server):
    fresh(page, server)
    pagekit.tab_to(page, ".palette-tile[tabindex='0']")
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # tile 3
    page.keyboard.press("Enter")
    assert page.get_attribute(".palette-tile[data-tile='3']", "aria-pressed") == "true"
    pagekit.tab_to(page, "svg.board")
    for key in ("ArrowDown", "ArrowDown", "ArrowRight"):  # the cursor from A1 to B3
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    checked(page)
    page.keyboard.press("r")  # turn it
    checked(page)
    assert page.inner_text("#announcer").strip().endswith("B3: tile 3, turned 90°.")
    page.keyboard.press("m")  # markers; the cursor to A3, its left side's upper point H
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("h")
    checked(page)
    page.keyboard.press("2")  # the second player's marker
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("c")  # F3's right side, upper point
    checked(page)
    position = answered(page)
    assert position["tiles"] == [[1, 2, 3, 90]]
    assert position["markers"] == [[0, 2, "H"], [5, 2, "C"]]
    assert problems(page) == []
    # Delete takes the chosen player's marker off; T and Delete the tile under the cursor
    page.keyboard.press("Delete")
    checked(page)
    page.keyboard.press("t")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Delete")
    checked(page)
    page.keyboard.press("Control+z")
    checked(page)
    assert page.locator(".layer-tiles .placed").count() == 1
    no_errors(page)


def test_build_a_position_by_touch_taps(new_page, server):
    page = new_page(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, locale="en-GB"
    )
    fresh(page, server)
    page.locator(".palette-tile[data-tile='12']").tap()
    page.locator("#board").scroll_into_view_if_needed()
    click_at(page, 3.5, 1.5, tap=True)  # tile 12 on D2
    page.locator("#tool-marker").tap()
    # a tap puts the marker on the point nearest it, and moves the cursor there; off the
    # square's centre, which is as near to all eight points (the nearest then a sub-pixel's)
    click_at(page, 0.8, 4.6, tap=True)  # the cursor to A5 (its right side's lower point, D)
    page.locator("#ports button", has_text="G").tap()  # A5's left side, lower point
    page.select_option("#tool-seat", "1")
    click_at(page, 5.2, 0.6, tap=True)  # the cursor to F1 (its left side's lower point, H)
    page.locator("#ports button", has_text="B").tap()  # F1's top side, right point
    checked(page)
    position = answered(page)
    assert position["tiles"] == [[3, 1, 12, 0]]
    assert position["markers"] == [[0, 4, "G"], [5, 0, "B"]]
    assert page.evaluate(TARGETS) == [], "targets under 44 x 44 px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "editor-360")


# ------------------------------------------------------------------ the engine's problems


def make_problems(page) -> None:
    """Three players: two markers on one point, tile 9 on the board and in a hand, a marker
    facing the edge."""
    page.select_option("#ed-count", "3")
    checked(page)
    choose_tile(page, 7)
    click_at(page, 2.5, 2.5)  # tile 7 on C3
    choose_tile(page, 9)
    click_at(page, 0.5, 4.5)  # tile 9 on A5
    page.select_option("#ed-hands", "set")  # the hands as dealt, now set here
    checked(page)
    first = page.locator("#seats .seat-row").first
    first.locator("button.seat-hand-tile").first.click()  # one tile out of the first hand
    checked(page)
    first.locator(".seat-add").click()  # and tile 9 in
    checked(page)
    page.click("#tool-marker")
    click_at(page, -0.2, 2.3)  # the first player's marker on A3's start mark
    page.select_option("#tool-seat", "1")
    click_at(page, -0.2, 2.3)  # the second's on the same point
    page.select_option("#tool-seat", "2")
    click_at(page, -0.2, 4.7)  # beside the tile on A5: beyond the edge, though still in


def test_a_sketch_is_marked_and_not_played(page, server):
    fresh(page, server)
    page.click("#tool-marker")
    click_at(page, -0.2, 2.3)
    page.select_option("#tool-seat", "1")
    click_at(page, 6.2, 3.7)
    page.select_option("#ed-hands", "set")  # hands chosen, and none in them: a lesson's board
    checked(page)
    page.locator("#seats .seat-row").first.locator(".seat-hand-tile").first.click()
    page.locator("#seats .seat-row").first.locator(".seat-hand-tile").first.click()
    page.locator("#seats .seat-row").first.locator(".seat-hand-tile").first.click()
    checked(page)
    assert problems(page) == ["mover_no_tile"]
    assert page.inner_text("#problems") == "Player 1 is to move but holds no tile."
    assert page.inner_text("#check-state").startswith("A sketch: no game reaches this position")
    assert answered(page)["sketch"] is True
    assert page.get_attribute("#ed-play", "href") is None
    assert page.get_attribute("#ed-play", "aria-disabled") == "true"
    assert page.get_attribute("#ed-lesson", "href")  # a lesson may keep it
    assert "not played" in page.inner_text("#out-note")


def test_the_problems_in_french_and_the_other_languages_leave_no_english(new_page, server):
    """The page with problems of every kind, a sketch and the game over, in French (the
    browser's language), then German, Spanish, Italian, Brazilian Portuguese and Japanese
    (?lang=): no English left.  One page made the problems once; each language opens the
    draft as kept (the page's words are all that changes), and undo takes the game over
    back to the problems."""
    page = new_page(locale="fr-FR", viewport={"width": 1280, "height": 900})
    fresh(page, server)
    make_problems(page)
    assert problem_text(page, "tile_twice") == (
        "La tuile 9 est à la fois en A5 et dans la main de Joueur 1."
    )
    made = problems(page)
    for lang in ("fr", "de", "es", "it", "pt-BR", "ja"):
        if lang != "fr":
            fresh(page, server, f"&lang={lang}")
        assert page.evaluate("document.documentElement.lang") == lang
        assert problems(page) == made, lang  # the same draft, its problems in this language
        assert not english_left(page), (lang, english_left(page))
        page.select_option("#ed-phase", "over")
        checked(page)
        page.select_option("#ed-hands", "deal")
        checked(page)
        assert not english_left(page), (lang, "over", english_left(page))
        page.click("#btn-undo")
        checked(page)
        page.click("#btn-undo")
        checked(page)


# ------------------------------------------------------------------ out


def legal_position(page) -> dict:
    if page.input_value("#ed-count") != "2":
        page.select_option("#ed-count", "2")
        checked(page)
    page.click("#tool-marker")
    page.select_option("#tool-seat", "0")
    click_at(page, -0.2, 2.3)
    page.select_option("#tool-seat", "1")
    click_at(page, 6.2, 3.7)
    choose_tile(page, 20)
    click_at(page, 3.5, 3.5)
    assert problems(page) == []
    return answered(page)


def test_what_a_legal_position_gives_out_link_lesson_embed_and_play(page, context, server):
    """One legal position, and in turn what the page gives out for it: the share link's
    round trip (another tab opens it; a reload keeps the draft) and the lesson link; the
    embed snippet and its live preview; "Play from here" reaching a playable game."""
    page.set_viewport_size({"width": 1280, "height": 900})
    fresh(page, server)
    position = legal_position(page)

    # the share link's round trip, and the lesson link
    link = page.input_value("#ed-link")
    assert link.startswith(server + "editor.html#p=1")
    lesson = page.get_attribute("#ed-lesson", "href")
    fragment = link.split("#", 1)[1]
    assert lesson == server + "lesson-edit.html#add=" + fragment.replace("=", "%3D")
    other = context.new_page()
    other.goto(link.replace("editor.html", EDITOR))
    checked(other)
    assert answered(other) == position
    assert "#" not in other.url  # the fragment is read once: a reload keeps the draft
    other.reload()
    checked(other)
    assert answered(other) == position
    other.close()

    # the embed snippet and its live preview
    page.check("#ed-embed-try")
    page.click("#btn-ed-embed")
    snippet = page.input_value("#ed-embed-snippet")
    assert snippet.startswith('<iframe src="' + server + "embed.html#p=1")
    assert "&amp;try=1" in snippet
    preview = page.frame_locator("#ed-embed-preview iframe")
    preview.locator(".layer-tiles .placed").first.wait_for()
    assert preview.locator(".layer-markers .marker").count() == 2
    preview.locator("#hand .hand-tile").first.wait_for()  # the reader plays the move
    page.locator("#out-panel").scroll_into_view_if_needed()
    shot(page, "editor-embed-1280")

    # "Play from here": a playable game of this position
    href = page.get_attribute("#ed-play", "href")
    assert href.startswith(server + "#p=1")
    page.goto(href.replace(server, server + "?sw=off&anim=0"))
    assert wait_phase(page, ["tile", "pass"]) in ("tile", "pass")
    if pagekit.phase(page) == "pass":
        page.click("#btn-pass")
        wait_phase(page, ["tile"])
    tiles = page.eval_on_selector_all("#hand .hand-tile", "bs => bs.map((b) => +b.dataset.tile)")
    assert tiles == position["hands"][0]
    pagekit.choose_placeable_by_keys(page, 0)
    page.keyboard.press("Enter")
    wait_phase(page, ["tile", "pass", "computer"])
    assert pagekit.log_count(page) >= 1
    no_errors(page)


# ------------------------------------------------------------------ where a position comes from


def test_open_a_step_of_the_game_pages_replay(page, server):
    record = finished_record()
    n = len(record["moves"])
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "?sw=off&anim=0#" + fragment(record))
    wait_phase(page, ["over"])
    page.click("#rp-prev")
    page.click("#rp-prev")
    page.click("#btn-edit-position")
    page.wait_for_url("**/editor.html*")
    page.wait_for_selector("#record-box:not([hidden])")
    assert page.input_value("#rec-range") == str(n - 2)
    page.click("#btn-rec-edit")
    checked(page)
    expected = call("positions", {"record": record})["result"]["positions"][n - 2]
    assert answered(page)["tiles"] == expected["tiles"]
    assert answered(page)["hands"] == expected["hands"]


def test_open_a_pasted_link_a_records_step_and_json(page, server):
    record = finished_record()
    fresh(page, server)
    page.fill("#ed-paste", server + "#" + fragment(record))
    page.click("#btn-paste")
    page.wait_for_selector("#record-box:not([hidden])")
    page.click("#rec-first")
    page.click("#rec-next")
    page.click("#rec-next")
    page.click("#btn-rec-edit")
    checked(page)
    expected = call("positions", {"record": record})["result"]["positions"][2]
    assert answered(page)["markers"] == expected["markers"]
    # a position's JSON; then text that is neither
    position = call("positions", {"record": record})["result"]["positions"][5]
    page.fill("#ed-paste", json.dumps(position))
    page.click("#btn-paste")
    checked(page)
    assert answered(page)["tiles"] == position["tiles"]
    # a position that gives a player no colour (the notation allows it): the player gets
    # the first colour nobody has, and the draft, saved, comes back after a reload
    colourless = json.loads(json.dumps(position))
    del colourless["players"][1]["color"]
    page.fill("#ed-paste", json.dumps(colourless))
    page.click("#btn-paste")
    checked(page)
    taken = {q["color"] for q in position["players"]} - {position["players"][1]["color"]}
    given = answered(page)["players"][1]["color"]
    assert given not in taken, (given, taken)
    page.reload()
    checked(page)
    assert answered(page)["tiles"] == position["tiles"]
    assert answered(page)["players"][1]["color"] == given
    page.fill("#ed-paste", "hello")
    page.click("#btn-paste")
    page.wait_for_selector("#notice:not([hidden])")
    assert "neither a link" in page.inner_text("#notice-text")
    page.click("#notice-close")
    page.fill("#ed-paste", '{"players": 3, "markers": []}')  # JSON, but no position
    page.click("#btn-paste")
    checked(page)
    assert page.inner_text("#notice-text").startswith(
        "This cannot be opened: This is not a position"
    )
    assert answered(page)["tiles"] == position["tiles"]  # the draft is as it was
    no_errors(page)


def real_positions() -> list[dict]:
    """Positions of seeded games the editor must take and give back unchanged: an
    elimination-bonus exchange, the dragon held, a finished game."""
    import random

    from tsuro_core import notation
    from tsuro_core.game import Game
    from tsuro_core.rules import parse_rules

    found = {}
    for seed in range(300):
        rng = random.Random(seed)
        game = Game.new(parse_rules("elimination-bonus"), 6, 1000 + seed)
        while not game.over and len(found) < 2:
            if game.phase == "exchange" and "exchange" not in found:
                found["exchange"] = notation.to_position(game)
            if game.dragon is not None and game.phase == "tile" and "dragon" not in found:
                found["dragon"] = notation.to_position(game)
            game.play(rng.choice(game.legal_moves()))
        if len(found) == 2:
            break
    record = finished_record()
    found["over"] = call("replay", {"record": record})["result"]["position"]
    return list(found.values())


def test_real_positions_come_back_unchanged(page, server):
    fresh(page, server)
    for position in real_positions():
        page.fill("#ed-paste", json.dumps(position))
        page.click("#btn-paste")
        checked(page)
        assert problems(page) == [], position
        assert answered(page) == position


def test_open_a_saved_game(page, server):
    record = finished_record()
    positions = call("positions", {"record": record})["result"]["positions"]
    entry = {
        "format": "tsuro-games/2",
        "id": "g1",
        "savedAt": "2026-01-05T10:00:00Z",
        "over": True,
        "position": positions[-1],
        "game": {"format": "tsuro-save/1", "record": record, "seats": []},
    }
    page.goto(server + EDITOR)
    page.evaluate("(e) => localStorage.setItem('tsuro.game.g1', JSON.stringify(e))", entry)
    page.reload()
    checked(page)
    page.click("#saved-list button")
    page.wait_for_selector("#record-box:not([hidden])")
    assert page.input_value("#rec-range") == str(len(positions) - 1)
    page.click("#rec-prev")
    page.click("#btn-rec-edit")
    checked(page)
    assert answered(page)["tiles"] == positions[-2]["tiles"]


# ------------------------------------------------------------------ everyone


def the_engines_problems_in_words(page) -> None:
    """make_problems' problems, each said in words; nothing goes out meanwhile."""
    codes = problems(page)
    assert "tile_twice" in codes and "markers_same_place" in codes
    assert "marker_outside" in codes
    assert problem_text(page, "tile_twice") == "Tile 9 is both on A5 and in Player 1’s hand."
    text = page.inner_text("#problems")
    assert "Two markers stand on the same point" in text
    assert "it would already be out" in text
    assert page.inner_text("#check-state").endswith("before this position can be used:")
    # nothing goes out while the engine finds an error
    assert page.input_value("#ed-link") == "" and page.get_attribute("#ed-play", "href") is None
    assert page.locator(".layer-highlight .highlight-square").count() >= 2


def test_the_engines_problems_in_words_axe_contrast_and_the_phone(new_page, server):
    """axe in both themes and text contrast on the empty board, with the engine's problems
    (said in words: checked there) and with the embed's preview; 360 px wide."""
    page = new_page(viewport={"width": 1280, "height": 900}, axe=True)
    fresh(page, server)
    contrast = Contrast(page, server)
    for where in ("empty", "problems", "embed"):
        if where == "problems":
            make_problems(page)
            the_engines_problems_in_words(page)
        if where == "embed":
            page.click("#btn-empty")
            checked(page)
            legal_position(page)
            page.click("#btn-ed-embed")
            frame = page.frame_locator("#ed-embed-preview iframe")
            frame.locator(".layer-tiles .placed").first.wait_for()
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            found = page.evaluate(RUN)
            assert not found, (where, theme, found)
        contrast.check(f"editor {where}")
    contrast.assert_ok("text.coord", ".problem", "#check-state")
    page.set_viewport_size({"width": 360, "height": 740})
    pagekit.rendered(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    no_errors(page)
