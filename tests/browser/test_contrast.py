"""Text contrast, WCAG 2.1 AA (1.4.3), in the light and the dark theme, of every
visible text, SVG text included (board coordinates, marker numbers), which the
axe audit (test_audit.py) does not see: the game page in each phase with eight
seats, the embed, the tutorials, the game review (the daily, puzzle and link pages: in
test_pages_walk.py's English walk, which opens each of their states anyway).

tests/browser/contrast.js measures in the page: the text's colour and the colour
under it (HTML: its ancestors' backgrounds; SVG: the shapes under its centre),
with alpha and opacity composited.  AA wants 4.5:1, 3:1 for large text (24 px,
or 18.66 px bold).  Each page is loaded once and measured in both themes
(html[data-theme], the page's own switch)."""

from __future__ import annotations

import gamekit
import pytest
from auditkit import Contrast
from pagekit import tutorial_boards_loaded, wait_phase

from tsuro_core.api import call

pytestmark = pytest.mark.browser


@pytest.fixture
def contrast(context, server):
    """A page (conftest's context: no CSP violation allowed) at 1280 x 900."""
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    return Contrast(page, server)


def play_out(position, record=None, stop=lambda pos, moves: False):
    """Play safe moves (spread over the choices) until the game ends or `stop`."""
    moves = record["moves"] if record else []
    while position["turn"] is not None and not stop(position, moves):
        legal = call("legal_moves", {"position": position})["result"]["moves"]
        safe = [m for m in legal if not m.get("self_eliminating")] or legal
        r = call(
            "play",
            {"position": position, "move": safe[len(moves) * 7 % len(safe)]["move"], "seed": 1},
        )["result"]
        position = r["position"]
        moves.append(r["move"])
    return position


def eight_seats():
    """A new 8-player game: its record and position."""
    game = call("new_game", {"players": 8, "seed": 11})["result"]
    return game["record"], game["position"]


def test_game_page_in_every_phase_with_eight_seats(contrast):
    page, c = contrast.page, contrast
    server = c.server
    page.goto(server + "?sw=off&anim=0#r=1this-is-not-a-game")  # the setup, with a message
    page.wait_for_selector("#setup[open]")
    page.wait_for_selector("#setup-message:not([hidden])")
    page.wait_for_function("document.querySelector('#engine-status').hidden")
    page.click("#setup details.more summary")  # the setup's folded options, shown
    c.check("setup")

    # seven markers on the board, the eighth seat chooses its start: pass screen, then start marks
    record, pos = eight_seats()
    pos = play_out(pos, record, stop=lambda p, moves: len(moves) == 7)
    page.goto(server + "?anim=0&sw=off#" + gamekit.fragment(pos))
    assert wait_phase(page, ["pass"]) == "pass"
    c.check("pass")
    page.click("#btn-pass")
    wait_phase(page, ["start"])
    c.check("start")
    page.focus("svg.board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_phase(page, ["pass"])
    page.click("#btn-pass")
    wait_phase(page, ["tile"])
    page.keyboard.press("1")  # a tile chosen: the preview on the board, the marks on the hand
    page.keyboard.press("d")  # the board in words
    page.wait_for_selector("#board-text:not([hidden])")
    c.check("tile")

    record, pos = eight_seats()
    play_out(pos, record)
    page.goto(server + "?sw=off&anim=0&over=1#" + gamekit.fragment(record))
    wait_phase(page, ["over"])
    c.check("over")
    page.keyboard.press("?")
    page.wait_for_selector("#help[open]")
    c.check("keys help")
    newer = gamekit.fragment(eight_seats()[0])
    page.goto(server + "?anim=0&sw=off#r=9" + newer[3:])  # a link from a newer version: a notice
    page.wait_for_selector("#notice:not([hidden])")
    c.check("notice")
    c.assert_ok(
        "text.coord", "text.marker-label", "#gameover", "#help", "#setup-message", "#notice"
    )


def test_embed_and_tutorials(contrast):
    page, c = contrast.page, contrast
    server = c.server
    record, pos = eight_seats()
    pos = play_out(pos, record, stop=lambda p, moves: len(moves) == 12)
    page.goto(server + "embed.html?sw=off#" + gamekit.fragment(pos) + "&try=1")
    page.wait_for_selector("#hand .hand-tile")
    c.check("embed")
    page.goto(server + "tutorial/?sw=off")
    tutorial_boards_loaded(page)  # lazy ones too
    c.check("tutorial")
    assert any(
        t["at"].startswith("tutorial,") and "text.marker-label" in t["where"] for t in c.seen
    ), "the tutorial's example boards were not measured"
    page.goto(server + "tutorial/course.html?sw=off")
    page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
    page.click("#to-loop")  # the course game's markers on a full board
    c.check("course tutorial")
    c.assert_ok("text.coord", "text.marker-label", "embed-caption")


def test_review_page(contrast):
    """The game review: the chart's labels and ?! ? ?? marks, the verdicts, the summaries,
    the table, with a better move shown."""
    page, c = contrast.page, contrast
    game = call("new_game", {"players": 4, "seed": 11})["result"]
    record, pos = game["record"], game["position"]
    play_out(pos, record)
    page.goto(c.server + f"review.html?sw=off&anim=0#{gamekit.fragment(record)}&iterations=2")
    wait_phase(page, ["done"])
    page.click(".chart-table summary")
    shown = page.locator("#review-log .rv-show")
    if shown.count():
        shown.first.click()
        page.wait_for_function(
            "document.getElementById('btn-better').getAttribute('aria-pressed') === 'true'"
        )
    c.check("review")
    c.assert_ok("text.chart-label", "text.marker-label", "rv-verdict", "#summary", "#chart-table")
