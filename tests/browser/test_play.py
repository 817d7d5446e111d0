"""The game a player sees, driven through clicks and keys in real Chromium
against the built dist/ (nothing mocked): hot-seat to the end, against the
computer, undo/redo, reload, bad links and saves, the embed (the tutorial's boards:
test_lessons.py), and screenshots at phone and desktop widths (test-artifacts/,
gitignored, with TSURO_SHOTS=1)."""

from __future__ import annotations

import gamekit
import pagekit
import pytest
from gamekit import choose_start_by_click, setup_seats, start, wait_phase
from helpers import tutorial_fragment
from pagekit import log_count, no_errors, phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser

# ------------------------------------------------------------------ helpers


def open_game(page, server, query="?sw=off&anim=0"):
    page.goto(server + query)
    page.wait_for_selector("svg.board")
    page.wait_for_selector("#setup[open]")


def choose_start_by_keys(page, steps=1):
    page.focus("svg.board")
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def play_tile_by_keys(page, turn: int):
    """Choose a tile and rotation with the keys only, then Enter."""
    pagekit.choose_placeable_by_keys(page, turn)
    before = log_count(page)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=before)


# ------------------------------------------------------------------ tests


def test_board_and_progress_before_the_engine(page, server):
    page.goto(server + "?sw=off")
    page.wait_for_selector("svg.board")
    assert page.evaluate("performance.getEntriesByName('board-visible').length") == 1
    assert page.locator(".layer-squares rect.square").count() == 36
    assert page.locator("#engine-progress").count() == 1
    page.evaluate("window.tsuro.ready")
    assert page.evaluate("window.tsuro.request('version')")["version"]
    page.wait_for_selector("#engine-status", state="hidden")
    no_errors(page)


def test_hot_seat_game_to_the_end_with_clicks_and_keys(page, server):
    """Two players at one screen: the start marks (a click, the keys) and the first tiles
    (keys, then a click), each behind the pass screen; the middle of the game played by
    the engine (gamekit.carried_on: a save the page resumes); its end here again, with
    the game over's winners, figures, share link and replay."""
    open_game(page, server)
    setup_seats(page, [("Ann", "human"), ("Bo", "human")])
    start(page)
    passes = starts = tiles = 0
    carried: int | None = None
    for _turn in range(200):
        ph = wait_phase(page)
        if ph == "over":
            break
        if tiles == 2 and carried is None:
            # the middle of the game through the engine; its last three turns here (the deal
            # is the page's own: a game that has no more than three left is played here whole)
            carried = gamekit.carried_on(page, left=3)
            continue
        if ph == "pass":
            # the hands stay hidden until the next player asks for them
            assert page.locator("#hand-box").is_hidden()
            name = page.inner_text("#pass-name")
            page.click("#btn-pass")
            wait_phase(page, ["start", "tile", "exchange"])
            assert name in page.inner_text("#hand-title")
            passes += 1
        elif ph == "start":
            if starts == 0:
                choose_start_by_click(page, 7)
            else:
                choose_start_by_keys(page, 20)
            starts += 1
            page.wait_for_function(
                "(n) => document.querySelectorAll('#log > li').length >= n", arg=starts
            )
        elif ph == "tile":
            if tiles % 2:
                pagekit.place_by_clicks(page, tiles)
            else:
                play_tile_by_keys(page, tiles)
            tiles += 1
    assert phase(page) == "over"
    assert starts == 2 and tiles > 2 and passes >= tiles
    assert page.locator("#gameover").is_visible()
    winners = page.inner_text("#winners")
    assert "win" in winners
    # each player's figures, the engine's (game_figures): a row each, four numbers
    page.wait_for_selector("#figures table")
    rows = pagekit.figures(page)
    assert [r.split("\t")[0] for r in rows] == ["Ann", "Bo"]
    assert all(len(r.split("\t")) == 5 and r.split("\t")[1].isdigit() for r in rows), rows
    # the share link holds the whole record
    page.wait_for_function("document.querySelector('#share-link').value.includes('#r=')")
    link = page.input_value("#share-link")
    fragment = link.split("#", 1)[1]
    record = call("decode_link", {"fragment": fragment})["result"]["record"]
    assert len(record["moves"]) == log_count(page)
    # the replay steps through every position
    page.click("#rp-first")
    assert "deal" in page.inner_text("#rp-text")
    assert page.locator(".layer-tiles .placed").count() == 0
    page.click("#rp-next")
    page.wait_for_function("document.querySelector('#rp-text').textContent.startsWith('Move 1 ')")
    page.click("#rp-last")
    assert page.locator(".layer-tiles .placed").count() == tiles + (carried or 0)
    # the link opens the same game elsewhere
    other = page.context.new_page()
    other.goto(link.replace("?", "?") if "?" in link else link)
    other.wait_for_function("document.body.dataset.phase === 'over'", timeout=120_000)
    assert other.inner_text("#winners") == winners
    other.close()
    no_errors(page)


def test_game_against_computer_players(page, server):
    """The page wires its computers: an easy and a hard one start and play their tiles
    between my turns, their moves from the engine's bots, and with one human no pass
    screen.  The rounds after, to the game's end, are the same turn loop: a whole game
    against two computers is tests/node/turn_loop.mjs's (the real loop and engine), and
    the page's end of a game test_hot_seat_game_to_the_end_with_clicks_and_keys's."""
    warnings = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    open_game(page, server, "?sw=off")
    setup_seats(
        page, [("Me", "human"), ("Easy", "computer:easy"), ("Hard", "computer:hard")], speed="2.5"
    )
    start(page)

    def both_done() -> bool:
        """Each computer has played a tile, or is out (another's tile can carry a marker
        off before its first: then the game went on to its end, about 25 s a run)."""
        text = page.inner_text("#log")
        out = page.locator("#players li.player").evaluate_all(
            "lis => lis.map((li) => li.classList.contains('out'))"
        )
        return all(
            f"{name} plays tile" in text or out[seat] for seat, name in ((1, "Easy"), (2, "Hard"))
        )

    # one human: no pass screen, ever
    k = 0
    for _ in range(100):
        ph = wait_phase(page)
        assert ph != "pass"
        if ph == "over" or (k and both_done()):
            break
        if ph == "start":
            choose_start_by_click(page, 11)
        elif ph == "exchange":
            page.click("#btn-exchange")
        else:
            pagekit.place_by_clicks(page, k)
            k += 1
    text = page.inner_text("#log")
    assert "Easy starts" in text and "Hard starts" in text
    assert k and ("Easy plays tile" in text or "Hard plays tile" in text)
    # the computers' moves came from the engine's bots, not the random fallback
    assert not [w for w in warnings if "bot_move" in w], warnings
    no_errors(page)


def test_undo_and_redo(page, server):
    open_game(page, server)
    setup_seats(page, [("Me", "human"), ("Bot", "computer:medium")])
    start(page)
    choose_start_by_click(page, 3)
    assert wait_phase(page) == "tile"
    assert log_count(page) == 2  # my start mark, then the bot's
    hand_before = page.locator("#hand .hand-tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    play_tile_by_keys(page, 0)
    assert wait_phase(page) in ("tile", "over")
    if phase(page) == "over":
        pytest.skip("the first tile ended the game")
    assert log_count(page) == 4
    page.click("#btn-undo")  # takes back my tile and the bot's reply
    page.wait_for_function("document.querySelectorAll('#log > li').length === 2")
    assert wait_phase(page) == "tile"
    hand_after = page.locator("#hand .hand-tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    assert hand_after == hand_before
    assert page.locator(".layer-tiles .placed").count() == 0
    page.keyboard.press("Shift+U")  # redo, from the keyboard
    page.wait_for_function("document.querySelectorAll('#log > li').length === 4")
    assert page.locator(".layer-tiles .placed").count() == 2
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('#log > li').length === 2")
    page.click("#btn-undo")  # back to before my start mark
    page.wait_for_function("document.querySelectorAll('#log > li').length === 0")
    assert wait_phase(page) == "start"
    no_errors(page)


def test_undo_from_the_game_over_screen_shows_the_position_before(page, server):
    record = gamekit.finished_record()
    page.goto(server + "?sw=off&anim=0#" + gamekit.fragment(record))
    assert wait_phase(page) == "over"
    placed = page.locator(".layer-tiles .placed").count()
    assert log_count(page) == len(record["moves"])
    page.click("#btn-undo")  # every seat of a shared game is human
    assert wait_phase(page) == "tile"  # the last mover's turn again, hand shown
    assert page.locator("#gameover").is_hidden()
    assert log_count(page) == len(record["moves"]) - 1
    # the board shows the game again, not the replay's last position
    assert page.locator(".layer-tiles .placed").count() == placed - 1
    no_errors(page)


def test_reload_resumes_the_game(page, server):
    open_game(page, server)
    setup_seats(page, [("Me", "human"), ("Bot", "computer:easy")])
    start(page)
    choose_start_by_click(page, 20)
    wait_phase(page)
    for k in range(3):
        if wait_phase(page) != "tile":
            break
        play_tile_by_keys(page, k)
    wait_phase(page)
    moves = log_count(page)
    tiles = page.locator(".layer-tiles .placed").count()
    saved = pagekit.current_save(page)
    assert len(saved["record"]["moves"]) == moves
    page.reload()
    wait_phase(page)
    assert log_count(page) == moves
    assert page.locator(".layer-tiles .placed").count() == tiles
    assert not page.locator("#setup").evaluate("d => d.open")
    no_errors(page)


def test_bad_share_link_recovers_with_a_message(page, server):
    page.goto(server + "?sw=off#r=1this-is-not-a-game")
    page.wait_for_selector("#setup[open]")
    page.wait_for_selector("#setup-message:not([hidden])")
    assert "could not be opened" in page.inner_text("#setup-message")
    assert "#r=" not in page.url
    start(page)  # and a fresh game starts
    assert wait_phase(page) in ("start", "pass")
    # a link from a newer version, and a record that breaks the rules
    bad = call(
        "encode_link", {"record": call("new_game", {"players": 2, "seed": 3})["result"]["record"]}
    )
    fragment = bad["result"]["fragment"]
    page.goto(server + "?sw=off#r=9" + fragment[3:])
    # the player has a game now: back to it, told why
    page.wait_for_function("document.querySelector('#notice-text').textContent.includes('newer')")
    assert "back to your game" in page.inner_text("#notice-text")
    assert wait_phase(page) in ("start", "pass")
    no_errors(page)


def test_outdated_or_broken_save_recovers_with_a_message(page, server):
    # saves of the previous format (one slot, "tsuro.save"): moved to keys of their own,
    # then put aside, not deleted (tests/browser/test_reliability.py for the current format)
    page.goto(server + "?sw=off")
    page.evaluate(
        "localStorage.setItem('tsuro.save', JSON.stringify({format: 'tsuro-save/0', record: 1}))"
    )
    page.reload()
    page.wait_for_selector("#setup-message:not([hidden])")
    assert "could not be resumed" in page.inner_text("#setup-message")
    page.evaluate("""localStorage.setItem('tsuro.save', JSON.stringify({format: 'tsuro-save/1',
        record: {format: 'tsuro-record/1', rules: 'classic', players: [{name: 'A'}],
            deal: {}}}))""")
    page.reload()
    page.wait_for_selector("#setup-message:not([hidden])")
    assert "could not be resumed" in page.inner_text("#setup-message")
    page.evaluate("localStorage.setItem('tsuro.save', '{not json')")
    page.reload()
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("localStorage.getItem('tsuro.save')") is None
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('tsuro.kept.'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).text)"
    )
    assert "{not json" in kept and len(kept) == 3
    no_errors(page)


def test_screenshots(page, server):
    """One game against two computers, shot at a phone's and a desktop's width at the
    setup, a preview and the game over."""
    open_game(page, server, "?sw=off&anim=0")
    setup_seats(page, [("Ann", "human"), ("Bo", "computer:medium"), ("Cy", "computer:easy")])
    pagekit.at_both_sizes(page, "setup")
    start(page)
    choose_start_by_click(page, 5)
    assert wait_phase(page) == "tile"
    play_tile_by_keys(page, 0)
    assert wait_phase(page) in ("tile", "over")
    if phase(page) == "tile":
        # a preview on the board, with a self-eliminating tile if there is one
        bad = page.locator("#hand .hand-tile.bad")
        (bad.first if bad.count() else page.locator("#hand .hand-tile").nth(1)).click()
        page.wait_for_selector(".layer-preview .ghost")
        assert page.locator(".layer-preview .ghost").count() == 1
        pagekit.at_both_sizes(page, "preview")
    k = 1
    while wait_phase(page) != "over":
        if phase(page) == "exchange":
            page.click("#btn-exchange")
            continue
        play_tile_by_keys(page, k)
        k += 1
    page.wait_for_function("document.querySelector('#share-link').value.includes('#r=')")
    pagekit.at_both_sizes(page, "gameover")
    no_errors(page)


def test_embed_position_draws_without_the_engine_then_plays(page, server):
    game = call("new_game", {"players": 2, "seed": 5})["result"]
    pos = game["position"]
    for move in ({"start": [0, 2, "H"]}, {"start": [5, 3, "C"]}):
        pos = call("play", {"position": pos, "move": move})["result"]["position"]
    page.goto(server + "embed.html?sw=off#" + gamekit.fragment(pos) + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    assert page.locator(".layer-markers .marker").count() == 2
    # no rule was needed yet, so no engine was started
    assert page.evaluate("performance.getEntriesByName('tsuro-engine-ready').length") == 0
    page.hover("svg.board")
    page.wait_for_function("!document.querySelector('#place').disabled", timeout=120_000)
    page.click("#place")
    page.wait_for_selector(".layer-tiles .placed")
    assert "plays tile" in page.inner_text("#caption")
    no_errors(page)


def test_embed_record_steps_through(page, server):
    game = call("new_game", {"players": 3, "seed": 9})["result"]
    pos, record = game["position"], game["record"]
    for _ in range(8):
        assert pos["turn"] is not None
        lm = call("legal_moves", {"position": pos})["result"]
        safe = [m for m in lm["moves"] if not m.get("self_eliminating")] or lm["moves"]
        pick = safe[len(record["moves"]) * 13 % len(safe)] if lm["phase"] == "start" else safe[0]
        r = call("play", {"position": pos, "move": pick["move"], "seed": 1})["result"]
        pos = r["position"]
        record["moves"].append(r["move"])
    page.goto(server + "embed.html?sw=off#" + gamekit.fragment(record) + "&at=3")
    page.wait_for_function(
        "document.querySelector('#step').textContent === '3 / 8'", timeout=120_000
    )
    page.click("#next")
    page.wait_for_function("document.querySelector('#step').textContent === '4 / 8'")
    assert "plays tile" in page.inner_text("#caption")
    page.click("#last")
    assert page.locator(".layer-tiles .placed").count() == 5
    page.goto(server + "embed.html?sw=off#r=1garbage")
    page.wait_for_selector("#msg:not([hidden])")
    assert "could not be opened" in page.inner_text("#msg")
    no_errors(page)


def test_hint_chooses_a_tile(page, server):
    open_game(page, server)
    setup_seats(page, [("Me", "human"), ("Bot", "computer:easy")])
    start(page)
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#hand-note').textContent.startsWith('Hint')")
    assert wait_phase(page) == "start"
    choose_start_by_click(page, 30)
    assert wait_phase(page) == "tile"
    page.click("#btn-hint")
    page.wait_for_function(
        "document.querySelector('#hand-note').textContent.startsWith('Hint: tile')"
    )
    assert not page.locator("#btn-place").is_disabled()
    no_errors(page)


def test_self_eliminating_placements_are_refused_with_the_reason(page, server):
    # Ann (seat 0) can turn tile 14 so that it sends her off the edge; other placements are safe
    page.goto(server + "?sw=off&anim=0#" + tutorial_fragment("place"))
    assert wait_phase(page) == "pass"  # a shared position: hot-seat
    page.click("#btn-pass")
    assert wait_phase(page) == "tile"
    page.keyboard.press("1")
    for _ in range(4):
        if page.locator("#hand .hand-tile").first.get_attribute("class").count("bad"):
            break
        page.keyboard.press("r")
    assert "bad" in page.locator("#hand .hand-tile").first.get_attribute("class")
    assert page.locator(".layer-preview .ghost.bad").count() == 1
    assert page.locator("#btn-place").is_disabled()
    assert "Not allowed" in page.inner_text("#hand-note")
    assert "off the edge" in page.inner_text("#hand-note")
    page.keyboard.press("Enter")  # refused: nothing is played
    # (the key is handled once press() returns: a move played would have made the page
    # busy at once, before the engine is asked: game/main.js's playMove)
    assert log_count(page) == 0 and phase(page) == "tile"
    # when every placement eliminates the player, one must be played (another
    # query string: a new page load, not a change of fragment racing the checks)
    page.goto(server + "?sw=off&anim=0&forced#" + tutorial_fragment("forced"))
    if wait_phase(page) == "pass":
        page.click("#btn-pass")
    assert wait_phase(page) == "tile"
    assert page.locator("#hand .hand-tile.bad").count() == page.locator("#hand .hand-tile").count()
    assert "Every placement" in page.inner_text("#hand-note")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#log > li').length === 1")
    assert "out" in page.inner_text("#log")
    no_errors(page)


def test_a_shared_link_keeps_your_game(page, server):
    open_game(page, server)
    setup_seats(page, [("Me", "human"), ("Bot", "computer:easy")])
    start(page)
    choose_start_by_click(page, 9)
    assert wait_phase(page) == "tile"
    mine = log_count(page)
    record = call("new_game", {"players": 3, "seed": 11})["result"]["record"]
    page.goto(server + "?sw=off&anim=0#" + gamekit.fragment(record))
    assert wait_phase(page) == "pass"  # a shared game: hot-seat
    assert log_count(page) == 0
    page.wait_for_selector("#notice-action:not([hidden])")
    page.click("#notice-action")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length === n", arg=mine)
    assert wait_phase(page) == "tile"
    assert "Bot" in page.inner_text("#players")
    no_errors(page)


def _exchange_position():
    """A position of a seeded 3-player game with the elimination bonus, at an exchange."""
    import random

    rules = {"preset": "classic", "elimination_bonus": True}
    for seed in range(1, 500):
        pos = call("new_game", {"players": 3, "seed": seed, "rules": rules})["result"]["position"]
        rng = random.Random(seed)
        while pos["turn"] is not None:
            lm = call("legal_moves", {"position": pos})["result"]
            if lm["phase"] == "exchange":
                return pos
            move = rng.choice(lm["moves"])["move"]
            pos = call("play", {"position": pos, "move": move, "seed": seed})["result"]["position"]
    raise AssertionError("no exchange found")


def test_elimination_bonus_exchange(page, server):
    pos = _exchange_position()
    page.goto(server + "?sw=off&anim=0#" + gamekit.fragment(pos))
    if wait_phase(page) == "pass":
        page.click("#btn-pass")
    assert wait_phase(page) == "exchange"
    page.locator("#exchange-mine .ex-tile").first.click()
    page.locator("#exchange-theirs .ex-tile").first.click()
    assert "Swapping" in page.inner_text("#exchange-note")
    page.click("#btn-exchange")
    page.wait_for_function("document.querySelectorAll('#log > li').length === 1")
    assert "exchanges 1 tile" in page.inner_text("#log")
    no_errors(page)


def test_an_engine_that_cannot_start_keeps_the_save(page, server):
    open_game(page, server)
    setup_seats(page, [("Me", "human"), ("Bot", "computer:easy")])
    start(page)
    choose_start_by_click(page, 2)
    assert wait_phase(page) == "tile"
    saved = page.evaluate(pagekit.CURRENT_SAVE)
    # the next visit cannot fetch Python (the network fails, say); its engine starts
    # afresh (`engine=dedicated`: the shared one of this visit outlives a navigation)
    page.context.route("**/pyodide/**", lambda route: route.abort())
    page.goto(page.url.replace("?sw=off", "?sw=off&engine=dedicated", 1))
    page.wait_for_selector("#notice:not([hidden])")
    assert "kept" in page.inner_text("#notice-text")
    assert page.evaluate(pagekit.CURRENT_SAVE) == saved
    assert page.locator(".layer-markers .marker").count() == 2  # drawn from the save
