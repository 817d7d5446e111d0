"""The pages beside the game, walked through every phase in real Chromium: the daily
challenge, the puzzles, play by link, the saved games in the New game dialog (a save
kept aside as damaged too), the embed code, the course tutorial.

In French (the browser set to French, and an English browser with ?lang=fr): no
English word left in any phase (test_french.py's detection: text, title, labels,
tooltips), and the names the engine would give in English ("Player 1") come in
French.  In both languages and both themes: axe-core finds no serious or critical
violation (test_audit.py's rules).  In English, the text contrast of the daily, puzzle
and link pages' states too (test_contrast.py's measure: the words do not change the
colours).  One walk serves every check."""

from __future__ import annotations

import json

import gamekit
import pagekit
import pytest
from auditkit import Checker, Contrast
from gamekit import play_daily
from pagekit import no_errors, wait_phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser

COPIED = {"en": "Copied", "fr": "Copié"}

# The states whose text contrast the English walk measures (test_contrast.py measures the
# game page, the embed, the tutorials and the review), and texts that must be among them.
CONTRAST = {
    "daily: start mark",
    "daily: over, the result and the history",
    "puzzles: hints",
    "puzzles: solved",
    "puzzles: a wrong answer",
    "link: home, a new game",
    "link: the link to send for a share",
    "link: a share to add",
    "link: my start mark",
}
MEASURED = ("text.coord", ".puzzle-verdict.good", ".puzzle-verdict.bad", "#share-card", "#link-out")


class WithContrast:
    """A walk's Checker that also measures the text contrast of CONTRAST's states, in both
    themes (auditkit.Contrast), then gives the page back to the system's theme."""

    def __init__(self, checker: Checker, server: str):
        self.checker, self.server = checker, server
        self.contrast: Contrast | None = None
        self.seen = checker.seen

    def __call__(self, page, where: str) -> None:
        self.checker(page, where)
        if where in CONTRAST:
            self.contrast = self.contrast or Contrast(page, self.server)
            self.contrast.check(where)
            for frame in page.frames:  # (Contrast sets the page's own theme, html[data-theme])
                frame.evaluate("delete document.documentElement.dataset.theme")


def walker(new_page, locale: str):
    """A device for the walks: this locale, axe in every document, the clipboard allowed."""
    page = new_page(locale=locale, viewport={"width": 1280, "height": 900}, axe=True)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    return page


def wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => (document.querySelector(s)?.textContent || '').includes(t)",
        arg=[selector, text],
    )


# ------------------------------------------------------------------ the walks, page by page


def walk_daily(page, base, q, check, lang):
    page.goto(base + "daily.html" + q)
    assert wait_phase(page, ["start"]) == "start"
    check(page, "daily: start mark")
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
    assert wait_phase(page, ["tile", "over"]) == "tile"
    check(page, "daily: a tile to place")
    play_daily(page)
    check(page, "daily: over, the result and the history")
    # the player has a name in the page's language, kept in the replay link too
    record = call(
        "decode_link", {"fragment": page.get_attribute("#replay-link", "href").split("#", 1)[1]}
    )["result"]["record"]
    assert record["players"][0]["name"] == {"en": "Player 1", "fr": "Joueur 1"}[lang]
    page.click("#btn-copy")
    wait_text(page, "#btn-copy", COPIED[lang])
    check(page, "daily: the share text copied")
    # a game kept by an earlier version, its player named by the engine ("Player 1"): resumed
    # with the player named in the page's language
    kept = call("daily", {"date": "2026-01-05"})["result"]["record"]
    page.evaluate(
        """(r) => { const s = JSON.parse(localStorage.getItem('tsuro.daily'));
        s.current = {date: '2026-01-05', practice: true, record: r};
        localStorage.setItem('tsuro.daily', JSON.stringify(s)); }""",
        kept,
    )
    page.goto(base + "daily.html" + q + "&date=2026-01-05")
    assert wait_phase(page, ["start"]) == "start"
    assert {"en": "Player 1", "fr": "Joueur 1"}[lang] in page.inner_text("#turn-banner")
    check(page, "daily: a game saved by an earlier version")
    # a day that is not in the calendar: not used (today's challenge instead), and said
    page.goto(base + "daily.html" + q + "&date=2026-02-30")
    assert wait_phase(page, ["start", "tile", "over"])
    page.wait_for_selector("#notice:not([hidden])")
    assert "date=2026-02-30" in page.inner_text("#notice-text")
    check(page, "daily: an address it does not know")


def walk_puzzles(page, base, q, check, lang):
    # an error first (before the browser holds the file): the puzzles cannot be fetched
    page.route("**/puzzles.json", lambda route: route.fulfill(status=404, body="gone"))
    try:
        page.goto(base + "puzzles.html" + q + "&broken=1")  # (then #id below is a new document)
        assert wait_phase(page, ["failed"]) == "failed"
        check(page, "puzzles: an error")
    finally:
        page.unroute("**/puzzles.json")
    page.console_errors.clear()  # the 404 itself is logged by the browser
    p = gamekit.first_puzzle("survive")
    page.goto(base + "puzzles.html" + q + "#" + p["id"])
    assert wait_phase(page, ["tile"]) == "tile"
    check(page, "puzzles: a puzzle")
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#verdict').textContent.length > 0")
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#btn-hint').disabled")
    check(page, "puzzles: hints")
    page.click("#btn-place")
    assert wait_phase(page, ["solved"]) == "solved"
    check(page, "puzzles: solved")
    q2 = gamekit.first_puzzle("eliminate")
    page.goto(base + "puzzles.html" + q + "#" + q2["id"])
    assert wait_phase(page, ["tile"]) == "tile"
    tiles = q2["position"]["hands"][q2["position"]["turn"]]
    page.keyboard.press(str(next(i for i, t in enumerate(tiles) if t != q2["answer"]["tile"]) + 1))
    page.click("#btn-place")
    assert wait_phase(page, ["wrong"]) == "wrong"
    check(page, "puzzles: a wrong answer")


def finished_record(names=("Ann", "Bo", "Cy")) -> dict:
    """A finished game whose players have names (the engine's default ones are
    English: a record keeps the names it was played with)."""
    record = gamekit.finished_record(players=len(names), seed=4)
    record["players"] = [{**p, "name": n} for p, n in zip(record["players"], names)]
    return record


def finished_link() -> str:
    record = finished_record(("Ann", "Bo"))
    return pagekit.link_fragment(record, ["person", "computer:easy"], "walkFinished1")


def walk_link(page, base, q, check, lang):
    page.goto(base + "link.html" + q)
    assert wait_phase(page, ["home"]) == "home"
    check(page, "link: home, a new game")
    page.select_option("#link-count", "2")
    seats = page.locator("#link-seats > li")
    seats.nth(0).locator(".seat-name").fill(
        ""
    )  # no name given: the page's default, in its language
    page.click("#btn-link-start")
    assert wait_phase(page, ["send"]) == "send"  # the link for the other person's share
    check(page, "link: the link to send for a share")
    page.click("#btn-copy-link")
    wait_text(page, "#btn-copy-link", COPIED[lang])
    check(page, "link: the link copied")
    page.click("#btn-play-here")  # the other person is here: their share, on this device
    assert wait_phase(page, ["share"]) == "share"
    check(page, "link: a share to add")
    page.click("#btn-share")
    assert wait_phase(page, ["start"]) == "start"  # this device holds the host's secret: dealt
    check(page, "link: my start mark")
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
    assert wait_phase(page, ["send", "over"]) == "send"
    old = page.input_value("#link-out").split("#", 1)[1]
    message = call("link_open", {"fragment": old})["result"]["message"]
    assert message["record"]["players"][0]["name"] == {"en": "Player 1", "fr": "Joueur 1"}[lang]
    page.click("#btn-play-here")
    assert wait_phase(page, ["start"]) == "start"
    page.locator(".layer-marks .start-mark").last.locator(".start-dot").click(force=True)
    assert wait_phase(page, ["send", "over"]) == "send"
    page.click("#btn-play-here")
    assert wait_phase(page, ["tile"]) == "tile"
    check(page, "link: a tile to place")
    pagekit.choose_placeable_by_keys(page, 0)
    page.click("#btn-place")
    # (the deal is the players' shares': this tile may well end the game)
    assert wait_phase(page, ["send", "over"]) in ("send", "over")
    # the older link again: this device's copy goes further, and is shown instead
    page.goto(base + "link.html" + q + "#" + old)
    assert wait_phase(page, ["send", "over", "refused"]) in ("send", "over")
    assert {"en": "older than your copy", "fr": "plus ancien que votre copie"}[
        lang
    ] in page.inner_text("#notice-text")
    check(page, "link: an older link")
    page.goto(base + "link.html" + q)
    assert wait_phase(page, ["home"]) == "home"
    page.wait_for_function("document.querySelector('#games li[data-state]')")
    check(page, "link: your games")
    page.goto(base + "link.html" + q + "#g=1garbage")
    assert wait_phase(page, ["refused"]) == "refused"
    check(page, "link: a malformed link")
    page.goto(base + "link.html" + q + "#" + finished_link())
    assert wait_phase(page, ["over"]) == "over"
    check(page, "link: game over")


def saved_entries() -> dict:
    """A stored unfinished game and a damaged one (saves.js's keys)."""
    game = call(
        "new_game",
        {"players": [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}], "seed": 8},
    )["result"]
    record, pos = game["record"], game["position"]
    for move in ({"start": [0, 2, "H"]}, {"start": [5, 3, "C"]}):
        r = call("play", {"position": pos, "move": move})["result"]
        pos = r["position"]
        record["moves"].append(r["move"])
    seats = [{"kind": "human", "level": "medium"}] * 2
    ok = {
        "format": "tsuro-games/2",
        "id": "walkok",
        "savedAt": "2026-11-01T10:00:00.000Z",
        "over": False,
        "label": "Ann, Bo",
        "position": pos,
        "game": {
            "format": "tsuro-save/1",
            "record": record,
            "seats": seats,
            "savedAt": "2026-11-01T10:00:00.000Z",
        },
    }
    return {"tsuro.game.walkok": json.dumps(ok), "tsuro.game.walkbad": "{not json"}


def walk_game_page(page, base, q, check, lang):
    page.goto(base + q)
    page.wait_for_selector("#setup[open]")
    page.evaluate(
        "(kv) => { for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v); }",
        saved_entries(),
    )
    page.reload()
    # the damaged save is put aside and told of; the list offers the other game and the kept one
    page.wait_for_selector("#setup[open] #games-panel:not([hidden]) li[data-kept='walkbad']")
    page.wait_for_function("document.querySelector('#engine-status').hidden")
    assert page.locator("#games-panel li[data-id='walkok']").count() == 1
    line = page.inner_text("#games-panel li[data-id='walkok']")
    assert {"en": "2 moves", "fr": "2 coups"}[lang] in line
    assert {"en": "Ann and Bo", "fr": "Ann et Bo"}[lang] in line  # the names, as a list in words
    check(page, "game page: the saved games, one kept aside")
    # the embed code of a finished game, with its live preview
    page.goto(base + q + "#" + gamekit.fragment(finished_record()))
    assert wait_phase(page, ["over"]) == "over"
    page.click("#btn-embed-game")
    page.wait_for_function("document.querySelector('#embed-snippet').value.includes('#r=')")
    page.frame_locator("#embed-preview iframe").locator("#step").filter(has_text="/").wait_for()
    check(page, "game page: the embed code and its preview")
    page.click("#btn-embed-copy")
    wait_text(page, "#btn-embed-copy", COPIED[lang])
    check(page, "game page: the embed code copied")


def walk_course(page, base, q, check, lang):
    page.goto(base + "tutorial/course.html" + q)
    page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
    check(page, "course tutorial: the start")
    page.click("#to-loop")
    page.click("#next")
    check(page, "course tutorial: the loop")


WALKS = [walk_daily, walk_puzzles, walk_link, walk_game_page, walk_course]


def walk(new_page, server, locale, check, lang):
    page = walker(new_page, locale)
    for w in WALKS:
        w(page, server, "?sw=off&anim=0", check, lang)
    no_errors(page)
    assert len(check.seen) == 26, check.seen
    return page


def test_later_pages_in_french_in_every_phase_and_audited(new_page, server):
    """The browser set to French: every phase in French, and audited in both themes."""
    walk(new_page, server, "fr-FR", Checker("fr", words=True), "fr")


def test_later_pages_in_english_audited_and_lang_fr_wins(new_page, server):
    """An English browser: every phase audited in both themes, the text contrast measured;
    ?lang=fr turns each page French."""
    check = WithContrast(Checker("en", words=False), server)
    page = walk(new_page, server, "en-GB", check, "en")
    assert set(check.seen) >= CONTRAST, CONTRAST - set(check.seen)  # each state measured
    assert check.contrast is not None
    check.contrast.assert_ok(*MEASURED)
    # the same device, its storage cleared (today's daily is not over, no link game kept)
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    french = Checker("fr", words=True)
    for path, phase in (
        ("daily.html", "start"),
        ("puzzles.html", "tile"),
        ("link.html", "home"),
    ):
        page.goto(server + path + "?sw=off&anim=0&lang=fr")
        wait_phase(page, [phase])
        french(page, f"{path}?lang=fr")
    page.goto(server + "tutorial/course.html?sw=off&lang=fr")
    page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
    french(page, "course.html?lang=fr")
    no_errors(page)
