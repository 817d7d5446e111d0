"""French and English (web/js/lib/words/i18n.js and its catalogues), in real Chromium against
the built dist/: with the browser set to French, no English is left on any page in
any phase (setup, start mark, tile, pass screen, game over, replay, an error, the
embed, the tutorial); ?lang= and the language menu choose, and the menu's choice is
remembered; the engine's errors are told by code in the page's language."""

from __future__ import annotations

import gamekit
import pagekit
import pytest
from pagekit import no_errors
from wordkit import assert_french, wait_words

pytestmark = pytest.mark.browser


@pytest.fixture
def fr_page(new_page):
    return new_page(locale="fr-FR", viewport={"width": 1280, "height": 900})


def play_to_the_end(page, seen: dict) -> None:
    """Play a game by the keyboard to its end, checking the words once in each phase."""
    for k in range(400):
        ph = pagekit.wait_phase(page, ["pass", "start", "tile", "over"])
        if ph not in seen:
            seen[ph] = True
            assert_french(page, ph)
        if ph == "over":
            return
        if ph == "pass":
            page.click("#btn-pass")
            page.wait_for_function("document.body.dataset.phase !== 'pass'")
        elif ph == "start":
            n = page.locator("#log > li").count()
            page.focus("svg.board")
            for _ in range(1 + 5 * k % 40):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(n) => document.querySelectorAll('#log > li').length > n", arg=n
            )
        else:
            n = page.locator("#log > li").count()
            pagekit.choose_placeable_by_keys(page, k)
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(n) => document.querySelectorAll('#log > li').length > n", arg=n
            )
    raise AssertionError("the game did not end")


def test_game_page_in_french_in_every_phase(fr_page, server):
    page = fr_page
    gamekit.open_setup(page, server)
    assert_french(page, "setup")
    page.select_option("#set-count", "3")
    rows = page.locator("#seats > li")
    rows.nth(1).locator(".seat-kind").select_option("human")
    assert rows.nth(1).locator(".seat-name").input_value() == "Joueur 2"
    rows.nth(2).locator(".seat-kind").select_option("computer:easy")
    assert rows.nth(2).locator(".seat-name").input_value() == "Ordinateur facile"
    page.click("details.more summary")
    page.fill("#set-seed", "11")
    assert_french(page, "setup, every option")
    page.click("#btn-start")
    seen = {}
    play_to_the_end(page, seen)
    assert {"pass", "start", "tile", "over"} <= set(seen)
    assert page.inner_text("#turn-banner").startswith("Partie terminée\u202f: ")
    page.wait_for_function("document.querySelector('#share-link').value.includes('#r=')")
    # the replay
    page.click("#rp-first")
    assert page.inner_text("#rp-text") == "La donne, avant le premier coup."
    page.click("#rp-next")
    page.wait_for_function(
        "document.querySelector('#rp-text').textContent.startsWith('Coup 1 sur')"
    )
    assert_french(page, "replay")
    # an error: a damaged share link, told by its code (bad_link), in French
    page.goto(server + "?sw=off&anim=0#r=1garbage")
    # (back to the stored game with a notice, or to the setup with a message)
    page.wait_for_selector("#setup-message:not([hidden]), #notice:not([hidden])")
    told = page.evaluate(
        "[...document.querySelectorAll('#setup-message, #notice-text')]"
        ".map((e) => e.textContent).join(' ')"
    )
    assert "le lien est abîmé ou incomplet" in told, told
    assert_french(page, "error")
    no_errors(page)


def test_embed_and_tutorial_in_french(fr_page, server):
    page = fr_page
    page.goto(server + "embed.html?sw=off#" + pagekit.playable_position() + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    assert_french(page, "embed before a move")
    page.hover("svg.board")
    page.wait_for_function("!document.querySelector('#place').disabled", timeout=120_000)
    assert_french(page, "embed, a tile chosen")
    page.click("#place")
    page.wait_for_selector(".layer-tiles .placed")
    assert "pose la tuile" in page.inner_text("#caption")
    assert_french(page, "embed after a move")
    page.goto(server + "embed.html?sw=off#r=1garbage")
    page.wait_for_selector("#msg:not([hidden])")
    assert_french(page, "embed error")
    page.goto(server + "tutorial/?sw=off")
    page.locator(".lesson-box [data-part=hand] .hand-tile").first.wait_for()
    assert_french(page, "the tutorial and its first board")
    no_errors(page)


def test_lang_parameter_and_the_remembered_menu_choice(page, server):
    # an English browser: ?lang=fr wins on every page, the embed's boards inside the tutorial too
    page.goto(server + "tutorial/?sw=off&lang=fr")
    wait_words(page, "fr", "the tutorial")  # (its static HTML is English until its words load)
    assert page.inner_text("main h1") == "Comment jouer"
    page.locator(".lesson-box [data-part=hand] .hand-tile").first.wait_for()
    assert_french(page, "the tutorial's first board")
    page.goto(server + "embed.html?sw=off&lang=fr#r=1garbage")
    page.wait_for_selector("#msg:not([hidden])")
    assert page.inner_text("#msg").startswith("Le lien de ce plateau")
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#setup-title") == "New game"
    # the menu: French, kept after a reload; the game page keeps its game
    with page.expect_navigation():
        page.select_option("#lang-select", "fr")
    page.wait_for_selector("#setup[open]")
    assert page.inner_text("#setup-title") == "Nouvelle partie"
    page.reload()
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate("localStorage.getItem('tsuro.lang')") == "fr"
    no_errors(page)
