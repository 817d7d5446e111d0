"""The languages after French (web/js/lib/words/catalogues/*.js, fetched when chosen), in real
Chromium against the built dist/: with the browser set to German, then to Japanese, no English
is left on the game page in each phase (setup, start mark, tile, pass screen, game over,
replay), nor on the embed, the tutorial and its boards, the daily challenge, the puzzles
and play by link; in Spanish, Italian and Brazilian Portuguese, none on the setup and the
rules (each chosen by ?lang=); the menu lists every language by its own name and its choice is
remembered; ?lang= and the browser's languages (pt -> pt-BR) choose.

test_french.py walks French through every phase; here each language gets one shorter
walk (a live game's first moves, a finished game opened from its link)."""

from __future__ import annotations

import gamekit
import pagekit
import pytest
from gamekit import finished_record, fragment
from pagekit import no_errors
from wordkit import assert_in

pytestmark = pytest.mark.browser

NAMES = {"de": "Spieler", "ja": "プレイヤー"}


def context(new_page, locale: str):
    return new_page(locale=locale, viewport={"width": 1280, "height": 900})


def next_move(page, k: int) -> None:
    n = page.locator("#log > li").count()
    if pagekit.phase(page) == "start":
        page.focus("svg.board")
        for _ in range(1 + 5 * k % 40):
            page.keyboard.press("ArrowRight")
    else:
        pagekit.choose_placeable_by_keys(page, k)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=n)


@pytest.mark.parametrize(("lang", "locale"), [("de", "de-DE"), ("ja", "ja-JP")])
def test_every_page_in_the_browser_language(new_page, server, lang, locale):
    page = context(new_page, locale)
    gamekit.open_setup(page, server)
    page.select_option("#set-count", "3")
    rows = page.locator("#seats > li")
    rows.nth(1).locator(".seat-kind").select_option("human")
    assert rows.nth(1).locator(".seat-name").input_value().startswith(NAMES[lang])
    page.click("details.more summary")
    assert_in(page, lang, "setup, every option")
    page.click("#btn-start")
    seen = set()
    for k, ph, new in gamekit.turns(page, 12, seen):
        if new:
            assert_in(page, lang, ph)
        if ph == "pass":
            page.click("#btn-pass")
            page.wait_for_function("document.body.dataset.phase !== 'pass'")
        elif ph == "tile" and k > 6:
            break
        else:
            next_move(page, k)
    assert {"pass", "start", "tile"} <= seen
    page.keyboard.press("1")  # a tile chosen: its outcome in words
    assert_in(page, lang, "a tile chosen")

    # a finished game from its link (its players named by them): game over, the replay
    named = [{"name": n} for n in ("Ann", "Bo", "Cy")]
    page.goto(server + "?sw=off&anim=0#" + fragment(finished_record(named)))
    assert pagekit.wait_phase(page, ["over"]) == "over"
    assert_in(page, lang, "game over")
    page.click("#rp-first")
    page.click("#rp-next")
    assert_in(page, lang, "replay")

    # the embed, a tile chosen; the tutorial and its live boards
    page.goto(server + "embed.html?sw=off#" + pagekit.playable_position() + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    page.hover("svg.board")
    page.wait_for_function("!document.querySelector('#place').disabled")
    assert_in(page, lang, "embed")
    page.goto(server + "tutorial/?sw=off")
    page.locator(".lesson-box [data-part=hand] .hand-tile").first.wait_for()
    assert_in(page, lang, "tutorial and its first board")

    # the later pages, each in its first phase (in German: test_layout's German walk, which
    # loads each of them there to measure it)
    if lang != "de":
        for path, phase in (
            ("daily.html", "start"),
            ("puzzles.html", "tile"),
            ("link.html", "home"),
            ("room.html", "home"),
        ):
            page.goto(server + path + "?sw=off&anim=0")
            pagekit.wait_phase(page, [phase])
            assert_in(page, lang, path)
        page.goto(server + "tutorial/course.html?sw=off")
        page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
        assert_in(page, lang, "course.html")
    no_errors(page)


def test_the_setup_and_the_rules_in_the_other_languages(new_page, server):
    """The other languages, more briefly: the setup with every option, and the rules; on one
    device, each chosen by ?lang= (the browser's language choosing is the walks' above and
    test_the_browser_languages_pick_the_nearest's), its storage cleared between them."""
    page = context(new_page, "en-GB")
    for lang in ("es", "it", "pt-BR"):
        gamekit.open_setup(page, server, f"?sw=off&anim=0&lang={lang}")
        page.select_option("#set-count", "3")
        page.click("details.more summary")
        assert_in(page, lang, "setup, every option")
        page.goto(server + f"tutorial/?sw=off&lang={lang}")
        page.locator(".lesson-box [data-part=hand] .hand-tile").first.wait_for()
        assert_in(page, lang, "tutorial and its first board")
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
    no_errors(page)


def test_the_menu_names_every_language_in_itself_and_is_remembered(page, server):
    page.goto(server + "?sw=off&anim=0&lang=ja")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.inner_text("#setup-title") == "新しいゲーム"
    options = page.eval_on_selector_all(
        "#lang-select option", "(os) => os.map((o) => [o.value, o.textContent, o.lang])"
    )
    assert options == [
        ["en", "English", "en"],
        ["fr", "Français", "fr"],
        ["de", "Deutsch", "de"],
        ["es", "Español", "es"],
        ["it", "Italiano", "it"],
        ["ja", "日本語", "ja"],
        ["pt-BR", "Português (Brasil)", "pt-BR"],
    ]
    # the menu's choice wins over ?lang= (which it rewrites), and stays after a reload
    with page.expect_navigation():
        page.select_option("#lang-select", "pt-BR")
    page.wait_for_selector("#setup[open]")
    assert page.inner_text("#setup-title") == "Nova partida"
    assert "lang=pt-BR" in page.url
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.documentElement.lang") == "pt-BR"
    assert page.evaluate("localStorage.getItem('tsuro.lang')") == "pt-BR"
    # the embed's own &lang= in its fragment
    page.goto(server + "embed.html?sw=off#r=1garbage&lang=es")
    page.wait_for_selector("#msg:not([hidden])")
    assert page.inner_text("#msg").startswith("No se pudo abrir el enlace de este tablero")
    no_errors(page)


@pytest.mark.parametrize(
    ("languages", "lang", "title"),
    [(["pt-PT", "en"], "pt-BR", "Nova partida"), (["it-CH", "de"], "it", "Nuova partita")],
)
def test_the_browser_languages_pick_the_nearest(new_context, server, languages, lang, title):
    ctx = new_context()
    ctx.add_init_script(
        script=f"Object.defineProperty(navigator, 'languages', {{ get: () => {languages!r} }});"
    )
    page = ctx.new_page()
    page.goto(server + "?sw=off&anim=0")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.inner_text("#setup-title") == title
