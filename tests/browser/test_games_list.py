"""The New game dialog's list of unfinished games speaks the page's language."""

from __future__ import annotations

import json

import pagekit
import pytest

pytestmark = pytest.mark.browser


def test_the_saved_games_list_is_in_french(new_page, server):
    page = new_page(locale="fr-FR")
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.select_option("#set-count", "5")
    page.click("#btn-start")  # a game with five seats...
    pagekit.wait_phase(page, ["start"])
    page.click("#btn-new")
    page.wait_for_selector("#setup[open]")
    page.select_option("#set-count", "2")
    first = page.evaluate(pagekit.TAB_GAME)
    page.click("#btn-start")  # ...waits while another is played
    # the first game's phase is "start" too: wait for the second to be dealt and begun
    page.wait_for_function(f"{pagekit.TAB_GAME} !== {json.dumps(first)}")
    pagekit.wait_phase(page, ["start"])
    page.click("#btn-new")
    page.wait_for_selector("#games-panel:not([hidden])")
    text = page.inner_text("#games-panel")
    assert "Vos parties" in text and "Reprendre" in text
    assert "et 2 autres · 0 coup" in text, text
    for english in ("Your games", "Resume", "more", "move"):
        assert english not in text, (english, text)
    assert page.get_attribute("#games button", "aria-label").startswith("Reprendre ")
