"""Touch and the phone: every control a finger can hit (44 x 44 CSS px) and no
sideways scrolling on every page at 360 x 740 and 740 x 360; the setup's
names and menus readable whole on a phone, in English and French; the icon
toggles drawn (no emoji font needed), named and pressed."""

from __future__ import annotations

import pagekit
import pytest
from auditkit import fits
from gamekit import finished_record
from pagekit import playable_position

from tsuro_core.api import call

pytestmark = pytest.mark.browser

PHONES = [(360, 740), (740, 360)]

# Setup fields whose text is cut: the text's width against the room inside the
# field (a menu's arrow takes about 18 px).
CUT = """() => {
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  document.body.appendChild(probe);
  const cut = [];
  for (const el of document.querySelectorAll('#seats input, #seats select')) {
    const cs = getComputedStyle(el);
    const text = el.tagName === 'SELECT' ? el.selectedOptions[0].text : el.value;
    probe.style.font = cs.font;
    probe.textContent = text;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      - (el.tagName === 'SELECT' ? 18 : 0);
    if (probe.getBoundingClientRect().width > room)
      cut.push(`${el.className}: "${text}" in ${Math.round(room)} px`);
  }
  probe.remove();
  return cut;
}"""


def phone(new_page, width, height, locale="en-GB"):
    """A phone's page: touch, this size and language."""
    return new_page(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True, locale=locale
    )


def test_touch_targets_and_no_sideways_scroll_on_every_page(new_page, server):
    """Each page's controls and width, on a phone held upright and on its side."""
    page = phone(new_page, *PHONES[0])

    def fits_phones(where):
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            pagekit.rendered(page)
            fits(page, width, f"{where} ({width} px)")
        page.set_viewport_size({"width": PHONES[0][0], "height": PHONES[0][1]})
        pagekit.rendered(page)

    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    fits_phones("setup")
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").tap(force=True)
    page.locator("#btn-place:not([disabled])").tap()  # a finger's mark is confirmed
    pagekit.wait_phase(page, ["tile"])
    fits_phones("a game")
    page.keyboard.press("?")
    page.wait_for_selector("#help[open]")
    for width, height in [*PHONES, PHONES[0]]:
        page.set_viewport_size({"width": width, "height": height})
        pagekit.rendered(page)
        assert page.evaluate(
            "(() => { const d = document.querySelector('#help');"
            " return d.scrollWidth <= d.clientWidth; })()"
        ), f"the keys help is cut on the right at {width} px"
    page.goto(server + "embed.html?sw=off#" + playable_position() + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    assert page.inner_text("#caption").startswith("Tap the board")  # not "Point at": no pointer
    page.locator("#board").tap()  # a board to try wakes on a touch
    page.wait_for_selector("#hand .hand-tile:not([disabled])")
    fits_phones("embed")
    page.goto(server + "tutorial/course.html?sw=off")
    page.wait_for_selector("#bar:not([hidden])")
    fits_phones("course tutorial")
    page.goto(server + "daily.html?sw=off&anim=0")
    pagekit.wait_phase(page, ["start"])
    fits_phones("daily")
    page.goto(server + "puzzles.html?sw=off&anim=0")
    page.wait_for_selector("#puzzle-list button")
    fits_phones("puzzles")
    page.goto(server + "link.html?sw=off&anim=0")
    page.wait_for_selector("#new-panel:not([hidden])")
    fits_phones("play by link, new game")
    page.click("#btn-link-start")
    page.wait_for_selector("#send-panel:not([hidden]), #play-panel:not([hidden])")
    fits_phones("play by link, a game")
    record = finished_record(players=3, seed=4)
    link = call("encode_link", {"record": record})["result"]["fragment"]
    page.goto(server + f"review.html?sw=off&anim=0#{link}&iterations=1")
    pagekit.wait_phase(page, ["done"])
    page.locator(".chart-table summary").tap()
    fits_phones("game review")
    page.goto(server + "room.html?sw=off&anim=0&relays=none")
    page.wait_for_selector("#new-panel:not([hidden])")
    fits_phones("live rooms, a new room")  # the rooms themselves: test_room.py


MEDIUM = {
    "en-GB": "Medium computer",
    "fr-FR": "Ordinateur moyen",
    "de-DE": "Computer (mittel)",
    "es-ES": "Ordenador medio",
    "it-IT": "Computer medio",
    "pt-BR": "Computador médio",
    "ja-JP": "CPU（ふつう）",
}


def test_setup_names_and_menus_fit_a_phone(new_page, server):
    """Eight seats of every kind, with the default names a computer gets ("Medium
    computer", "Ordinateur moyen", "Computer (mittel)") and the longest colour ("bleu
    canard"): no text cut, on a phone held upright and on its side, in every language.
    One phone opens the setup in each (?lang=: the page's words and fonts follow its
    <html lang>), its storage cleared between them, so each opens as on a first game."""
    page = phone(new_page, *PHONES[0])
    for locale, medium in MEDIUM.items():
        lang = locale if locale == "pt-BR" else locale[:2]
        page.set_viewport_size({"width": PHONES[0][0], "height": PHONES[0][1]})
        page.goto(server + "?sw=off&anim=0&lang=" + lang)
        page.wait_for_selector("#setup[open]")
        assert page.evaluate("document.documentElement.lang") == lang
        page.select_option("#set-count", "8")
        rows = page.locator("#seats > li")
        kinds = ["computer:medium", "computer:easy", "computer:hard", "human"]
        for i in range(8):
            rows.nth(i).locator(".seat-kind").select_option(kinds[i % 4])
        rows.nth(1).locator(".seat-color").select_option("teal")
        assert rows.nth(0).locator(".seat-name").input_value() == medium, locale
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            pagekit.rendered(page)
            assert not page.evaluate(CUT), (locale, width)
            assert page.evaluate(
                "document.querySelector('#setup').scrollWidth"
                " <= document.querySelector('#setup').clientWidth"
            ), (locale, width)
        page.evaluate("localStorage.clear(); sessionStorage.clear()")


def test_sound_and_theme_toggles_are_drawn_named_and_pressed(page, server):
    """In English and in French (?lang=), on one device, its storage cleared between them."""
    for lang, sound in (("en", "Sound"), ("fr", "Son")):
        page.goto(server + "?sw=off&anim=0&lang=" + lang)
        page.wait_for_selector("#setup[open]")
        page.evaluate("document.querySelector('#setup').close()")
        btn = page.locator("#btn-sound")
        assert btn.get_attribute("aria-label") == sound
        assert btn.get_attribute("aria-pressed") == "false"
        off = btn.inner_html()
        box = btn.locator("svg.icon").bounding_box()  # a drawing, not a character that needs a font
        assert box and box["width"] >= 16 and box["height"] >= 16
        assert btn.inner_text().strip() == ""
        btn.click()
        assert btn.get_attribute("aria-pressed") == "true"
        assert btn.inner_html() != off  # the speaker now has sound waves
        theme = page.locator("#btn-theme")
        before = theme.get_attribute("aria-label")
        assert (
            before and theme.locator("svg.icon").count() == 1 and theme.inner_text().strip() == ""
        )
        theme.click()
        assert theme.get_attribute("aria-label") not in (None, before)
        page.evaluate("localStorage.clear(); sessionStorage.clear()")


# The start marks' centres on the screen, each with its place ("x,y,port").
MARKS = """() => [...document.querySelectorAll('.layer-marks .start-mark')].map((g) => {
  const r = g.querySelector('.start-dot').getBoundingClientRect();
  return { place: g.dataset.place, x: r.x + r.width / 2, y: r.y + r.height / 2 };
})"""

SELECTED = "(document.querySelector('.layer-marks .start-mark.selected')?.dataset.place || null)"


def first_start(page) -> str:
    """The place ("x,y,port") the game's first move started on, from the tab's save."""
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    move = pagekit.current_save(page)["record"]["moves"][0]
    return ",".join(str(v) for v in move["start"])


def test_a_finger_chooses_a_start_mark_then_confirms_it(new_page, server):
    """On a 360 px phone the marks are about 17 px apart: a tap a few px off a mark,
    towards its neighbour, selects that mark (ringed, said, the button offered)
    without starting; another tap moves the choice; "Start here" starts there."""
    page = phone(new_page, 360, 740)
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    pagekit.settled(page)  # the marks where they stay
    marks = page.evaluate(MARKS)
    assert len(marks) == 48
    top_y, left_x = min(m["y"] for m in marks), min(m["x"] for m in marks)
    top = sorted((m for m in marks if m["y"] < top_y + 1), key=lambda m: m["x"])
    # the closest pair on the top edge
    i = min(range(2, len(top) - 1), key=lambda k: top[k + 1]["x"] - top[k]["x"])
    aim, neighbour = top[i], top[i + 1]
    gap = neighbour["x"] - aim["x"]
    assert gap < 25, f"the marks are {gap:.0f} px apart: no need for this"
    # 40 % of the way to the neighbour, and a little outside the board
    page.touchscreen.tap(aim["x"] + 0.4 * gap, aim["y"] - 4)
    page.wait_for_function(f"{SELECTED} !== null")
    assert page.evaluate(SELECTED) == aim["place"]
    assert page.locator(".start-mark.selected .start-chosen").is_visible()
    button = page.locator("#btn-place")
    assert button.is_enabled() and button.inner_text() == "Start here"
    assert pagekit.phase(page) == "start" and pagekit.log_count(page) == 0
    said = page.inner_text("#announcer p:last-child")
    # its place in words, said and shown
    assert said.startswith("Chosen: ") and said == page.inner_text("#hand-note")
    pagekit.shot(page, "touch-start-chosen-360")
    # a tap on the left edge's frame band, beside a mark: the choice moves there
    left = sorted((m for m in marks if m["x"] < left_x + 1), key=lambda m: m["y"])
    other = left[3]
    page.touchscreen.tap(other["x"] - 6, other["y"] + 3)
    page.wait_for_function(f"{SELECTED} === {other['place']!r}")
    assert page.locator(".start-mark.selected").count() == 1
    assert page.inner_text("#announcer p:last-child") not in (said, "")
    assert pagekit.log_count(page) == 0
    button.tap()
    pagekit.wait_phase(page, ["tile", "pass"])
    assert first_start(page) == other["place"]


def test_a_mouse_click_still_starts_at_once(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    pagekit.settled(page)  # the marks where they stay
    mark = page.evaluate(MARKS)[9]
    page.mouse.click(mark["x"] + 2, mark["y"] + 2)
    pagekit.wait_phase(page, ["tile", "pass"])
    assert first_start(page) == mark["place"]
    assert page.evaluate(SELECTED) is None
