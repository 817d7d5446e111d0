"""Text from outside cannot break a page (issue 27), in real Chromium against the built
dist/: a player's name holding a right-to-left override is isolated (lib/words/i18n.js
isolate(), FSI ... PDI) in the sentence it stands in and where the page sets it alone, so
the rest of the line keeps its order; a lesson whose title and caption are one
80-letter word, and players with 40-letter names (the most a name may have), wrap
instead of scrolling the page sideways, at 1280 and 360 px."""

from __future__ import annotations

import copy

import pytest
from helpers import tutorial_lesson, tutorial_position
from pagekit import no_errors, no_sideways_scroll, wait_phase

from tsuro_core import notation
from tsuro_core.lessons import encode_lesson

pytestmark = pytest.mark.browser

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE, never closed: it would reverse what follows
LONG = "Supercalifragilisticexpialidocious" * 2 + "Antidisestablishment"  # 88 letters, no break

# The page's order of two words of an element's text: their left edges on screen.
ORDER = """([selector, first, second]) => {
  const el = document.querySelector(selector);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const left = (word) => {
    for (let n = walker.currentNode = el; (n = walker.nextNode());) {
      const at = n.data.indexOf(word);
      if (at < 0) continue;
      const r = document.createRange();
      r.setStart(n, at);
      r.setEnd(n, at + word.length);
      return r.getBoundingClientRect().left;
    }
    return null;
  };
  return [left(first), left(second)];
}"""


def shared(names: list[str]) -> str:
    """The game page's address for the tutorial's "edge" position with these names."""
    position = copy.deepcopy(tutorial_position("edge"))
    for player, name in zip(position["players"], names):
        player["name"] = name
    return "?sw=off&anim=0#" + notation.encode_link(position)


def in_order(page, selector: str, first: str, second: str) -> bool:
    a, b = page.evaluate(ORDER, [selector, first, second])
    assert a is not None and b is not None, (selector, page.inner_text(selector))
    return a < b


def test_a_right_to_left_override_in_a_name_reverses_nothing_after_it(page, server):
    page.goto(server + shared([RLO + "Ann", "Bo"]))
    wait_phase(page, ["pass"])  # a shared position is played hot-seat: hand the device over
    assert "\u2068" in page.inner_text("#pass-name")
    assert in_order(page, "#btn-pass", "show", "tiles"), "the button's words were reversed"
    page.click("#btn-pass")
    wait_phase(page, ["tile"])
    banner = page.inner_text("#turn-banner")
    # the name is isolated in the sentence: FSI, the name, PDI, then the message's words
    assert "\u2068" + RLO + "Ann\u2069" in banner, repr(banner)
    assert in_order(page, "#turn-banner", "play", "tile"), "the banner's words were reversed"
    # set alone in the players' list, the name is isolated too: its line's info reads on
    row = "#players li:first-child"
    assert "\u2068" in page.inner_text(row + " .player-name")
    info = page.inner_text(row + " .player-info")
    words = [w for w in info.replace(",", " ").split() if w.isalpha()]
    assert len(words) >= 1, info
    assert in_order(page, row, words[0], words[-1]) or len(words) == 1
    # a name without right-to-left letters or controls is left as it was
    assert "\u2068" not in page.inner_text("#players li:nth-child(2) .player-name")
    no_errors(page)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 740)])
def test_long_words_from_outside_wrap_instead_of_scrolling_sideways(
    new_page, server, width, height
):
    page = new_page(viewport={"width": width, "height": height})
    lesson = copy.deepcopy(tutorial_lesson("edge"))
    lesson["title"] = LONG[:80]
    lesson["steps"][0]["caption"] = f"{LONG} {LONG}"
    for player in lesson["steps"][0]["position"]["players"]:
        player["name"] = LONG[:40]
    page.goto(server + "lesson.html?sw=off#" + encode_lesson(lesson))
    page.wait_for_selector("#lesson-title:not([hidden])")
    assert page.inner_text("#lesson-title") == LONG[:80]
    no_sideways_scroll(page, width, "lesson page")
    # the game page with two 40-letter names: the banner, the players, the hand-over screen
    page.goto(server + shared([LONG[:40], LONG[1:41]]))
    wait_phase(page, ["pass"])
    no_sideways_scroll(page, width, "game page")
    no_errors(page)
