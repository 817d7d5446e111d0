"""The course variant (neu) in the game page, through clicks and keys in real
Chromium against the built dist/: setup restricted to 3-5 players in the
course's colours, the opening (square, port, tile), turns with the engine's
previews and refusals, computers, game over with the ranking, undo/redo,
reload, and screenshots at phone and desktop widths (test-artifacts/, with TSURO_SHOTS=1)."""

from __future__ import annotations

import pagekit
import pytest
from pagekit import log_count, no_errors, phase

pytestmark = pytest.mark.browser

PHASES = ["pass", "opening", "turn", "over"]
NEU_COLORS = ["white", "black", "red", "green", "blue"]


def wait_phase(page, phases=PHASES, timeout=120_000) -> str:
    return pagekit.wait_phase(page, phases, timeout)


def wait_log(page, more_than: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelectorAll('#log > li').length > n", arg=more_than
    )


def open_neu_setup(page, server, seats, query="?sw=off&anim=0", seed="7"):
    """The setup with the course variant chosen; seats: [(name, "human"|"computer")]."""
    page.goto(server + query)
    page.wait_for_selector("svg.board")
    page.wait_for_selector("#setup[open]")
    page.select_option("#set-preset", "neu")
    page.select_option("#set-count", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        row = page.locator("#seats > li").nth(i)
        row.locator(".seat-name").fill(name)
        row.locator(".seat-kind").select_option("human" if kind == "human" else "computer:medium")
    if seed is not None:
        page.click("details.more summary")
        page.fill("#set-seed", seed)


def start(page) -> str:
    page.click("#btn-start")
    return wait_phase(page)


def position(page) -> dict:
    return page.evaluate("window.tsuroApp.session.position")


def open_by_clicks(page, square=4, port=1, tile=1):
    """The opening: click a dashed square, a port mark, a tile (twice turns it), then Place."""
    choices = page.locator(".layer-choices .choice")
    assert choices.count() >= 20
    choices.nth(square).click(force=True)
    marks = page.locator(".layer-marks .start-mark")
    assert marks.count() in (4, 6)
    marks.nth(port % marks.count()).locator(".start-dot").click(force=True)
    # the same ports as buttons (easier on a phone): the chosen one is pressed
    buttons = page.locator("#port-picker .port-button")
    assert buttons.count() == marks.count()
    assert page.locator("#port-picker .port-button[aria-pressed=true]").count() == 1
    buttons.last.click()
    assert buttons.last.get_attribute("aria-pressed") == "true"
    # the port in words, on the button and in the note:
    # "Avatar on the left side of A5 (upper point)"
    label = buttons.last.get_attribute("aria-label")
    assert label.startswith("Avatar on the ") and "[" not in label
    assert label.removeprefix("Avatar on ") in page.inner_text("#hand-note")
    tiles = page.locator("#hand .hand-tile")
    assert tiles.count() == 3
    tiles.nth(tile).click()
    tiles.nth(tile).click()  # a second click turns it
    assert page.locator(".layer-preview .ghost").count() == 1
    assert page.locator(".layer-preview .ghost-marker").count() == 1
    before = log_count(page)
    page.click("#btn-place")
    wait_log(page, before)


def open_by_keys(page):
    """The opening from the keyboard: focus the board, arrows to a square, Enter,
    arrows to a port, Enter (choose), Enter again (place)."""
    page.focus("svg.board")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(".layer-marks .start-mark")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    before = log_count(page)
    page.keyboard.press("Enter")
    wait_log(page, before)


def refused_option(page) -> bool:
    """Look through the hand for an option the engine's rule checker refuses; if
    there is one, try to play it (Enter) and check that nothing is played."""
    tiles = page.locator("#hand .hand-tile")
    for i in range(tiles.count()):
        page.keyboard.press(str(i + 1))
        for _ in range(4):
            if "Not allowed" in page.inner_text("#hand-note"):
                assert page.locator("#btn-place").is_disabled()
                assert page.locator(".layer-preview .ghost.bad").count() == 1
                assert "bad" in tiles.nth(i).get_attribute("class")
                note = page.inner_text("#hand-note")
                assert "although another option does not" in note, note
                before = log_count(page)
                page.keyboard.press("Enter")
                # (handled once press() returns: a move played would have made the page
                # busy at once, before the engine is asked: game/main.js's playMove)
                assert log_count(page) == before and phase(page) == "turn"
                return True
            page.keyboard.press("r")
    return False


def play_turn_by_keys(page, k: int) -> None:
    """Choose a tile and rotation with the keys until the engine allows it, then Enter."""
    n = page.locator("#hand .hand-tile").count()
    assert n == 2
    pagekit.choose_placeable_by_keys(page, k)
    before = log_count(page)
    page.keyboard.press("Enter")
    wait_log(page, before)


def play_to_the_end(page, turns_by=("keys", "clicks"), shots=None) -> dict:
    """The human plays on (checking the previews) until the game is over."""
    k = 0
    refused = False
    for _ in range(400):
        ph = wait_phase(page)
        if ph == "over":
            break
        assert ph == "turn", ph
        assert page.locator("#hand .hand-tile").count() == 2
        assert page.locator(".layer-target rect").count() == 1
        if not refused:
            refused = refused_option(page)
        if shots and k == 1:
            page.keyboard.press("1")
            page.wait_for_selector(".layer-preview .ghost")
            shots()
        if turns_by[k % len(turns_by)] == "keys":
            play_turn_by_keys(page, k)
        else:
            pagekit.place_by_clicks(page, k)
        k += 1
    assert phase(page) == "over"
    return {"turns": k, "refused": refused}


# ---------------------------------------------------------------------------


def test_setup_offers_the_course_variant_for_3_to_5_players(page, server):
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    label = page.locator("#set-preset option[value=neu]").inner_text()
    assert "Course variant" in label and "10" in label
    page.select_option("#set-count", "8")
    page.select_option("#set-preset", "neu")
    assert page.locator("#set-count option").all_inner_texts() == [
        "3 players",
        "4 players",
        "5 players",
    ]
    assert page.locator("#seats > li").count() == 5
    colours = page.locator("#seats > li .seat-color").evaluate_all("els => els.map(e => e.value)")
    assert colours == NEU_COLORS
    options = page.locator("#seats > li").first.locator(".seat-color option").all_inner_texts()
    assert options == NEU_COLORS
    assert page.locator("#set-scoring").is_hidden() and page.locator(".rules-note").is_visible()
    page.select_option("#set-count", "3")
    assert page.locator("#seats > li").count() == 3
    # colours stay distinct: choosing black for seat 1 swaps with seat 2
    page.locator("#seats > li").first.locator(".seat-color").select_option("black")
    colours = page.locator("#seats > li .seat-color").evaluate_all("els => els.map(e => e.value)")
    assert colours == ["black", "white", "red"]
    page.select_option("#set-preset", "classic")
    assert len(page.locator("#set-count option").all_inner_texts()) == 7
    no_errors(page)


def test_course_game_against_two_computers_to_the_end(page, server):
    open_neu_setup(page, server, [("Me", "human"), ("Cam", "computer"), ("Dee", "computer")])
    assert start(page) == "opening"
    assert page.locator("svg.board .layer-squares rect.square").count() == 100
    assert page.locator(".layer-choices .choice").count() == 36
    # the course's colours, by age
    assert [p["color"] for p in position(page)["players"]] == NEU_COLORS[:3]
    assert "Me" in page.inner_text("#hand-title")
    # the engine refuses a square that is not free (nothing is played)
    page.locator(".layer-squares rect.square[data-x='4'][data-y='4']").click(force=True)
    assert "not free" in page.inner_text("#hand-note") and log_count(page) == 0
    open_by_clicks(page, square=4, port=0, tile=1)
    # the computers open, then the first round begins with me
    assert wait_phase(page) == "turn"
    log = page.inner_text("#log")
    assert "Me opens with tile 1" in log and "Cam opens" in log and "Dee opens" in log
    assert "round 1" in log
    assert page.locator(".layer-markers .marker").count() == 3
    handed = page.locator("#hand .hand-tile").evaluate_all(
        "els => els.map(e => Number(e.dataset.tile))"
    )
    assert handed == [9, 10]  # the referee deals in index order
    result = play_to_the_end(page)
    assert result["turns"] >= 1
    pos = position(page)
    assert pos["phase"] == "over"
    # game over: the ranking, everyone once, no share link for course games
    assert page.locator("#gameover").is_visible()
    assert "win" in page.inner_text("#winners")
    ranking = page.locator("#scores li").all_inner_texts()
    assert ranking and ranking[0].startswith("1st: ")
    assert sum(len(r) for r in pos["ranking"]) == 3
    assert page.locator("#share-box").is_hidden()
    assert "Game over" in page.inner_text("#log")
    # the replay steps through every position
    page.click("#rp-first")
    assert "empty board" in page.inner_text("#rp-text")
    assert page.locator(".layer-tiles .placed").count() == 0
    page.click("#rp-last")
    assert page.locator(".layer-tiles .placed").count() == len(pos["tiles"])
    no_errors(page)


def test_illegal_options_are_marked_and_refused_by_the_engine(page, server):
    """Me on an edge square facing along the edge: exits are on offer at once."""
    open_neu_setup(page, server, [("Me", "human"), ("Cam", "computer"), ("Dee", "computer")])
    assert start(page) == "opening"
    # the 4th dashed square clockwise from the top left is (3, 0); its ports C/D face (4, 0)
    page.locator(".layer-choices .choice[data-x='3'][data-y='0']").click(force=True)
    mark = page.locator(".layer-marks .start-mark[data-place='4,0,H']")
    mark.locator(".start-dot").click(force=True)
    page.click("#btn-place")
    assert wait_phase(page) in ("turn", "over")
    found = False
    for _ in range(30):
        if phase(page) != "turn":
            break
        if refused_option(page):
            found = True
            break
        play_turn_by_keys(page, 0)
        wait_phase(page)
    if not found:
        pytest.skip("no refused option came up")
    # and the engine refuses the same move if it is sent anyway
    answer = page.evaluate("""async () => {
        const pos = window.tsuroApp.session.position;
        const lm = await window.tsuro.request('neu_legal_moves', {position: pos});
        const bad = lm.moves.find((m) => !m.legal);
        return {bad,
            answer: await window.tsuro.request('neu_play', {position: pos, move: bad.move})};
    }""")
    assert answer["answer"]["error"]["code"] == "illegal_move"
    assert answer["answer"]["error"]["message"] == answer["bad"]["reason"]
    no_errors(page)


def test_opening_by_keys_undo_redo_and_reload(page, server):
    open_neu_setup(
        page,
        server,
        [("Me", "human"), ("Cam", "computer"), ("Dee", "computer"), ("Eve", "computer")],
    )
    assert start(page) == "opening"
    open_by_keys(page)
    assert wait_phase(page) == "turn"
    assert log_count(page) == 4
    play_turn_by_keys(page, 0)
    assert wait_phase(page) in ("turn", "over")
    if phase(page) == "over":
        pytest.skip("the first turn ended the game")
    moves = log_count(page)
    assert moves >= 5
    tiles = page.locator(".layer-tiles .placed").count()
    page.click("#btn-undo")  # my tile and the computers' replies
    page.wait_for_function("document.querySelectorAll('#log > li').length === 4")
    assert wait_phase(page) == "turn"
    assert page.locator("#hand .hand-tile").evaluate_all(
        "els => els.map(e => Number(e.dataset.tile))"
    ) == [12, 13]
    page.keyboard.press("Shift+U")  # redo
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length === n", arg=moves)
    assert page.locator(".layer-tiles .placed").count() == tiles
    # autosave: a reload resumes the same game
    saved = pagekit.current_save(page)
    assert saved["variant"] == "neu" and len(saved["moves"]) == moves
    page.reload()
    assert wait_phase(page) in ("turn", "over")
    assert log_count(page) == moves
    assert page.locator(".layer-tiles .placed").count() == tiles
    assert page.locator("svg.board .layer-squares rect.square").count() == 100
    assert not page.locator("#setup").evaluate("d => d.open")
    # undo all the way back to the opening
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('#log > li').length === 4")
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('#log > li').length === 0")
    assert wait_phase(page) == "opening"
    no_errors(page)


def test_screenshots(page, server):
    """One course game against four computers, shot at a phone's and a desktop's width at
    the setup, the opening, a turn and the game over."""
    open_neu_setup(
        page,
        server,
        [
            ("Ann", "human"),
            ("Bo", "computer"),
            ("Cy", "computer"),
            ("Di", "computer"),
            ("Ed", "computer"),
        ],
    )
    pagekit.at_both_sizes(page, "neu-setup")
    assert start(page) == "opening"
    page.locator(".layer-choices .choice[data-x='0'][data-y='4']").click(force=True)
    page.wait_for_selector(".layer-preview .ghost")
    pagekit.at_both_sizes(page, "neu-opening")
    page.click("#btn-place")
    assert wait_phase(page) == "turn"
    play_to_the_end(page, turns_by=("keys",), shots=lambda: pagekit.at_both_sizes(page, "neu-turn"))
    pagekit.at_both_sizes(page, "neu-gameover")
    no_errors(page)
