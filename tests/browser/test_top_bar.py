"""The top bar every full page shares (web/parts/top.html, lib/shell/bar.js), as a
player uses it: on a phone the places and tools fold behind the menu button, which
the keyboard opens (the focus on the first place), Escape closes (the focus back
on the button) and Tab past the last tool closes; on a wide screen all of it is in
one row, and in between it folds only in the languages whose words do not fit;
the language menu is on every page (the room's too, which had none) and switches
the page; ? and the help button open the page's own help."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

Q = "sw=off&anim=0&warmup=off"
PLACES = ["Play", "Daily", "Puzzles", "Live", "Learn", "Make"]


FOCUSED = (
    "document.activeElement && (document.activeElement.id || document.activeElement.textContent)"
)


def test_the_menu_folds_on_a_phone_and_the_keyboard_works_it(new_page, server):
    page = new_page(viewport={"width": 360, "height": 740}, locale="en-GB")
    page.goto(server + f"puzzles.html?{Q}")
    page.wait_for_selector("#puzzle-list button")
    bar = page.locator(".topbar")
    assert bar.bounding_box()["height"] < 60  # one row, not three
    assert page.is_visible("#menu-button") and page.is_hidden(".site-nav")
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    assert page.locator(".site-nav a").all_inner_texts() == PLACES
    assert page.evaluate(FOCUSED) == "Play"
    current = page.locator(".site-nav a[aria-current]")
    assert current.inner_text() == "Puzzles" and current.get_attribute("aria-current") == "page"
    page.keyboard.press("Escape")
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    assert page.evaluate(FOCUSED) == "menu-button" and page.is_hidden(".site-nav")
    # open again, and Tab out past the help button: it closes behind the focus
    page.keyboard.press("Enter")
    page.focus("#btn-help")
    page.keyboard.press("Tab")
    page.wait_for_function("document.getElementById('menu-button').ariaExpanded === 'false'")
    # a click elsewhere closes it too
    page.click("#menu-button")
    page.mouse.click(180, 600)
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"


def test_one_row_on_a_wide_screen_and_the_language_and_help_on_every_page(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page.goto(server + f"room.html?{Q}&relays=none")
    page.wait_for_selector("#new-panel:not([hidden])")
    assert page.is_hidden("#menu-button")
    tops = page.evaluate(
        "[...document.querySelectorAll('.brand, .site-nav a, .site-tools > *')]"
        ".map((el) => Math.round(el.getBoundingClientRect().top))"
    )
    assert max(tops) - min(tops) <= 4, tops  # all in one row
    assert page.locator(".site-nav a[aria-current]").inner_text() == "Live"
    assert page.is_visible("#btn-sound")  # the room makes sounds
    # help: the page's own words, by the key and by the button
    page.keyboard.press("?")
    page.wait_for_selector("#help[open]")
    assert "room" in page.inner_text("#help-text") and page.is_hidden("#help-keys")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help:not([open])", state="attached")
    page.click("#btn-help")
    page.wait_for_selector("#help[open]")
    page.click("#help-close")
    # the language menu, on the room page too: the page comes back in German
    page.select_option("#lang-select", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.wait_for_selector("#new-panel:not([hidden])")
    assert page.locator(".site-nav a").first.inner_text() == "Spielen"
    assert page.input_value("#lang-select") == "de"
    # a page that makes no sound has no sound button
    page.goto(server + f"daily.html?{Q}")
    page.wait_for_selector(".site-nav")
    assert page.locator("#btn-sound").count() == 0
    assert page.locator(".site-nav a[aria-current]").inner_text() == "Tagesaufgabe"


ONE_ROW = """() => {
  const nav = document.querySelector('.site-nav');
  const tops = [...document.querySelectorAll('.brand, .site-nav a, .site-tools > *')]
    .map((el) => Math.round(el.getBoundingClientRect().top));
  return nav.checkVisibility() && nav.scrollWidth <= nav.clientWidth + 1
    && Math.max(...tops) - Math.min(...tops) <= 4;
}"""


@pytest.mark.parametrize("lang,folded", [("en", False), ("pt-BR", True)])
def test_between_phone_and_wide_it_folds_only_where_the_words_do_not_fit(
    new_page, server, lang, folded
):
    page = new_page(viewport={"width": 1000, "height": 700})
    page.goto(server + f"index.html?{Q}&lang={lang}")
    page.wait_for_selector("#setup[open]")
    assert page.is_visible("#menu-button") == folded
    assert page.evaluate(ONE_ROW) != folded
    page.set_viewport_size({"width": 1400, "height": 700})  # wide: one row in any language
    page.wait_for_function(ONE_ROW)
    assert page.is_hidden("#menu-button")
