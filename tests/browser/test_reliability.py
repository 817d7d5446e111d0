"""No hang, no lost game: crafted links, damaged saves, full or blocked storage, two tabs,
a stuck or killed engine worker, the embed's bounds.  docs/reliability.md lists each
class with the test here that backs it."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pagekit
import pytest
from helpers import position

from tsuro_core.api import call

pytestmark = pytest.mark.browser


def raw_link(kind: str, payload: bytes) -> str:
    """A share-link fragment (NOTATION.md: version 1, raw deflate, base64url) of any bytes."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(payload) + c.flush()
    return f"{kind}=1" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_the_embed_bounds_what_it_decodes_before_drawing(page, server):
    squares = "document.querySelectorAll('#board svg.board .square').length"
    # a position claiming a 100,000 x 100,000 board: not drawn, the engine says why
    wide = {
        "format": "tsuro-position/1",
        "rules": {"preset": "classic", "width": 100_000, "height": 100_000},
        "players": [{"name": "A"}],
        "markers": [[0, 0, "A"]],
        "tiles": [],
        "turn": 0,
    }
    page.goto(server + "embed.html#" + raw_link("p", json.dumps(wide).encode()))
    page.wait_for_selector("#msg:not([hidden])")
    assert "could not be opened" in page.inner_text("#msg")
    assert page.evaluate(squares) <= 144
    # a deflate bomb (16 MiB of zeros in 16 KiB): refused, nothing inflated past the bound
    bomb = raw_link("p", b"[" + b"0," * (8 << 20) + b"0]")
    assert len(bomb) < 65_536
    page.goto(server + "embed.html#" + bomb)
    page.wait_for_selector("#msg:not([hidden])")
    assert "could not be opened" in page.inner_text("#msg")
    assert page.evaluate("1 + 1") == 2  # the page still answers
    # an overlong link: not decoded by the page
    page.goto(server + "embed.html#p=1" + "A" * 70_000)
    page.wait_for_selector("#msg:not([hidden])")
    assert page.evaluate(squares) <= 144


def test_the_embed_draws_a_huge_hand_only_once_the_engine_has_looked(page, server):
    """The issue's link: a position whose hand holds 120,000 tiles (a short link: it inflates
    to 240 KB) froze the embed for 11 s drawing them before the engine had looked.  Now only
    a position within a real one's sizes is drawn at once (lib/views/drawable.js); this one
    goes to the engine, which refuses it, and nothing of it is drawn."""
    huge = position(
        [[0, 2, "H"], [5, 3, "C"]],
        [[0] * 120_000, [1, 2, 3]],
        rules={"preset": "classic", "open_hands": True},
    )
    fragment = raw_link("p", json.dumps(huge, separators=(",", ":")).encode())
    assert len(fragment) < 2000
    page.goto(server + "embed.html#" + fragment + "&try=1&eager=1")
    page.wait_for_selector("#msg:not([hidden])")
    assert "could not be opened" in page.inner_text("#msg")
    drawn = "document.querySelectorAll('#open-hands svg, #hand .hand-tile').length"
    assert page.evaluate(drawn) == 0
    # the same position saved as a game on the game page: not drawn early, kept aside
    page.goto(server + GAME)
    page.wait_for_selector("#setup[open]")
    resume_saved_start(page, "huge1", huge)
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.querySelectorAll('.layer-tiles .placed').length") == 0
    assert "tsuro.kept.huge1" in page.evaluate(STORED)
    pagekit.no_errors(page)


def resume_saved_start(page, game: str, start: dict) -> None:
    """Store a game begun from `start` (no moves yet) as this tab's, and load the page again."""
    entry = {
        "format": "tsuro-games/2",
        "id": game,
        "savedAt": "2026-01-01T00:00:00.000Z",
        "over": False,
        "position": start,
        "game": {"format": "tsuro-save/1", "start": start, "moves": [], "seats": []},
    }
    page.evaluate(
        "([k, e]) => { localStorage.setItem('tsuro.game.' + k, JSON.stringify(e));"
        " sessionStorage.setItem('tsuro.tab.game', k); }",
        [game, entry],
    )
    page.reload()


def sketch() -> dict:
    """A lesson's drawing: the player to move holds no tile and the pile is empty, a position
    no game reaches, marked `"sketch": true` (the engine accepts it only so)."""
    return position([[0, 2, "H"], [5, 3, "C"]], [[], [1, 2, 3]], sketch=True)


def test_a_sketch_never_becomes_a_saved_game(page, server):
    mine = my_game(page, server)
    moves = pagekit.log_count(page)
    before = page.evaluate(STORED)
    # a link to a lesson's drawing: refused as a game, the player's own game goes on
    page.goto(server + GAME + "#" + link(sketch()))
    notice_text(page, "drawing from a lesson")
    assert pagekit.wait_phase(page, ["tile"]) == "tile"
    assert page.evaluate(pagekit.TAB_GAME) == mine and pagekit.log_count(page) == moves
    assert page.evaluate(STORED) == before
    # a save whose start is a sketch (an older version made such games): kept aside, told
    resume_saved_start(page, "sketch1", sketch())
    page.wait_for_selector("#setup[open]")
    assert "drawing from a lesson" in page.inner_text("#setup-message")
    stored = page.evaluate(STORED)
    assert "tsuro.kept.sketch1" in stored and "tsuro.game.sketch1" not in stored


# ------------------------------------------------------------------ the game page

GAME = "?sw=off&anim=0"
STORED = """() => Object.fromEntries(Object.keys(localStorage)
    .filter((k) => k.startsWith("tsuro.game.") || k.startsWith("tsuro.kept.")
      || k.startsWith("tsuro.save"))
    .map((k) => [k, localStorage.getItem(k)]))"""


def games(page) -> dict:
    """The games stored, by key (parsed)."""
    return {
        k: json.loads(v) for k, v in page.evaluate(STORED).items() if k.startswith("tsuro.game.")
    }


def my_game(page, server, query: str = "") -> str:
    """A game of mine against the computer, after my first move; returns its id."""
    page.goto(server + GAME + query)
    page.wait_for_selector("#setup[open]")
    page.click("#btn-start")
    assert pagekit.wait_phase(page, ["start"]) == "start"
    marks = page.locator(".layer-marks .start-mark")
    marks.nth(7 % marks.count()).locator(".start-dot").click(force=True)
    pagekit.wait_phase(page, ["tile"])
    page.wait_for_function(
        "(id) => localStorage.getItem('tsuro.game.' + id)", arg=page.evaluate(pagekit.TAB_GAME)
    )
    return page.evaluate(pagekit.TAB_GAME)


def link(record_or_position) -> str:
    key = "record" if "deal" in record_or_position else "position"
    return call("encode_link", {key: record_or_position})["result"]["fragment"]


def notice_text(page, *words, timeout=60_000) -> str:
    """The notice's text, once it shows one of `words` (any text if none given)."""
    page.wait_for_function(
        """(words) => {
        const n = document.querySelector("#notice");
        const t = document.querySelector("#notice-text").textContent;
        return !n.hidden && (!words.length || words.some((w) => t.includes(w)));
    }""",
        arg=list(words),
        timeout=timeout,
    )
    return page.inner_text("#notice-text")


def hang_link() -> str:
    """The issue's link: an elimination-bonus exchange with 20 tiles against 15 in hand
    (minutes of work and gigabytes for an engine that lists every exchange)."""
    pos = position(
        [[0, 2, "H"], [-1, 0, "C"], [5, 3, "C"]],
        [list(range(20)), list(range(20, 35)), []],
        out=[1],
        rules="elimination-bonus",
    )
    pos["exchange"] = [1]
    return raw_link("p", json.dumps(pos, separators=(",", ":")).encode())


def test_a_link_that_hangs_the_engine_neither_hangs_the_page_nor_is_kept(page, server):
    mine = my_game(page, server)
    moves = pagekit.log_count(page)
    before = page.evaluate(STORED)
    page.goto(server + GAME + "#" + hang_link())
    # refused at once by a strict engine, or stopped at its time limit: told either way
    notice_text(page, "could not be opened", "did not answer in time", timeout=90_000)
    # back to the last good state: my game, as it was; the link was never saved
    assert pagekit.wait_phase(page, ["tile"], timeout=90_000) == "tile"
    assert pagekit.log_count(page) == moves
    assert page.evaluate(STORED) == before
    page.reload()
    assert pagekit.wait_phase(page, ["tile"]) == "tile"
    assert page.evaluate(pagekit.TAB_GAME) == mine and pagekit.log_count(page) == moves


def _busy_then_place(page, make_trouble: str):
    """Choose a tile, make the engine unable to answer in time, then place the tile."""
    pagekit.choose_placeable_by_keys(page, 0)
    page.evaluate(make_trouble)
    page.keyboard.press("Enter")


FLOOD = """() => {
    // 40 half-second planner searches, straight into the worker's queue (about
    // 20 s of real work): the page's next request waits behind them.
    const e = window.tsuro.engine, port = e.port || e.worker;
    const position = window.tsuroApp.session.position;
    for (let k = 0; k < 40; k++) {
        port.postMessage({ id: 1e9 + k, op: "bot_move",
                           args: { position, bot: "planner", budget_ms: 500, seed: k } });
    }
}"""
# A killed worker: a dedicated one terminated; a shared one (the pages' default) cannot
# be, so the page's port to it is closed, and the page hears no more from it either.
KILL = """() => {
    const e = window.tsuro.engine;
    if (e.shared) e.port.close(); else e.worker.terminate();
}"""


@pytest.mark.parametrize("trouble", [FLOOD, KILL], ids=["busy", "killed"])
def test_an_engine_past_its_time_limit_is_restarted_and_the_game_goes_on(page, server, trouble):
    # a time limit of 4 s rather than 10 (docs/browser-api.md, ?timelimit=): the same
    # give-up and restart, sooner
    my_game(page, server, "&timelimit=4000")
    moves = pagekit.log_count(page)
    _busy_then_place(page, trouble)
    notice_text(page, "restarted")
    # back to the last saved position, with a fresh engine: the move can be played
    assert pagekit.wait_phase(page, ["tile"], timeout=120_000) == "tile"
    assert pagekit.log_count(page) == moves
    assert "restarted" in page.inner_text("#notice-text")  # still told, once the game is back
    pagekit.choose_placeable_by_keys(page, 0)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(n) => document.querySelectorAll('#log > li').length > n", arg=moves, timeout=120_000
    )


def test_a_start_up_that_stalls_says_so_and_trying_again_resumes_the_game(page, server):
    game = my_game(page, server)
    moves = pagekit.log_count(page)
    held = []  # the runtime's download, never answered: a stalled network

    def stall(route):
        held.append(route)

    page.context.route("**/pyodide.asm.wasm", stall)
    # an engine of the page's own, started afresh (the shared one the game was played on
    # is still up: it outlives a navigation, and would answer at once)
    page.goto(server + GAME + "&bootstall=3000&engine=dedicated")
    page.wait_for_selector("#engine-failure[open]", timeout=60_000)
    assert held, "the runtime was not asked for"
    assert "connection" in page.inner_text("#engine-failure-text")
    assert "Try again" in page.inner_text("#engine-status")  # still said once the dialog is closed
    assert page.evaluate("document.activeElement.id") == "engine-failure-retry"
    page.context.unroute("**/pyodide.asm.wasm", stall)
    page.keyboard.press("Enter")  # Try again: the page loads again, the game is back
    assert pagekit.wait_phase(page, ["tile"]) == "tile"
    assert page.evaluate(pagekit.TAB_GAME) == game and pagekit.log_count(page) == moves


def test_a_save_that_cannot_be_resumed_is_kept_aside_and_can_be_downloaded(page, server):
    page.goto(server + GAME)
    page.wait_for_selector("#setup[open]")
    refused = {
        "format": "tsuro-games/2",
        "id": "bad1",
        "savedAt": "2026-01-01T00:00:00.000Z",
        "over": False,
        "label": "Broken",
        "position": None,
        "game": {
            "format": "tsuro-save/1",
            "record": {
                "format": "tsuro-record/1",
                "rules": "classic",
                "players": [{"name": "A"}],
                "deal": {},
            },
        },
    }
    cases = [
        ("bad1", json.dumps(refused), "not a valid"),  # the engine refuses it
        ("bad2", "{not json", ""),  # damaged
        ("bad3", json.dumps({**refused, "id": "bad3", "format": "tsuro-games/9"}), ""),
    ]
    for key, text, _ in cases:
        page.evaluate(
            "([k, v]) => { localStorage.setItem('tsuro.game.' + k, v);"
            " sessionStorage.setItem('tsuro.tab.game', k); }",
            [key, text],
        )
        page.reload()
        page.wait_for_selector("#setup[open]")
        message = page.inner_text("#setup-message") + page.inner_text("#notice-text")
        assert "could not be resumed" in message and "kept" in message, message
        stored = page.evaluate(STORED)
        assert "tsuro.game." + key not in stored  # not resumed again...
        kept = json.loads(stored["tsuro.kept." + key])  # ...but never deleted
        assert kept["text"] == text
    # every kept save is listed with a download of what was stored
    page.wait_for_selector("#games-panel:not([hidden])")
    for key, text, _ in cases:
        with page.expect_download() as d:
            page.click(f"#games-panel li[data-kept='{key}'] button:has-text('Download')")
        got = Path(d.value.path()).read_text()
        assert got.strip() == text or json.loads(got) == json.loads(text)
    pagekit.no_errors(page)


def _record_with_moves(seed: int, n: int):
    """A seeded 2-player record and its position after n moves, as the page plays them."""
    r = call("new_game", {"players": 2, "seed": seed})["result"]
    record, pos, moves = r["record"], r["position"], []
    for k in range(n):
        legal = call("legal_moves", {"position": pos})["result"]["moves"]
        move = next(m for m in legal if m.get("legal", True))["move"]
        played = call("play", {"position": pos, "move": move, "seed": f"{seed}/{k}"})["result"]
        pos = played["position"]
        moves.append(played["move"])
    return {**record, "moves": moves}, pos


def test_a_save_in_the_previous_format_loads(page, server):
    record, pos = _record_with_moves(6, 3)
    old = {
        "format": "tsuro-save/1",
        "record": record,
        "seats": [{"kind": "human", "level": "medium"}] * 2,
        "savedAt": "2026-11-01T10:00:00.000Z",
        "position": pos,
    }
    page.goto(server + GAME)
    page.wait_for_selector("#setup[open]")
    page.evaluate("(v) => localStorage.setItem('tsuro.save', v)", json.dumps(old))
    page.reload()
    pagekit.wait_phase(page, ["pass"])
    assert pagekit.log_count(page) == 3
    stored = games(page)
    assert "tsuro.save" not in page.evaluate(STORED)  # moved, not copied
    (entry,) = stored.values()
    assert entry["game"]["record"] == record and entry["position"] == pos


def test_two_links_over_an_unfinished_game_lose_nothing(page, server):
    mine = my_game(page, server)
    moves = pagekit.log_count(page)
    for n, (seed, players) in enumerate(((11, 3), (12, 2)), start=2):
        record = call("new_game", {"players": players, "seed": seed})["result"]["record"]
        page.goto(server + GAME + "#" + link(record))
        assert pagekit.wait_phase(page, ["pass"]) == "pass"
        # a link's game is saved once the engine has answered for it (main.js
        # pendingFirstSave), which may come after its phase shows: wait for it
        page.wait_for_function(
            "(n) => Object.keys(localStorage)"
            ".filter((k) => k.startsWith('tsuro.game.')).length >= n",
            arg=n,
        )
    stored = games(page)
    assert len(stored) == 3 and f"tsuro.game.{mine}" in stored
    # every unfinished game is listed; mine comes back as it was
    page.click("#btn-new")
    page.wait_for_selector("#games-panel:not([hidden])")
    assert page.locator("#games-panel li[data-id]").count() == 2
    page.click(f"#games-panel li[data-id='{mine}'] button")
    assert pagekit.wait_phase(page, ["tile"]) == "tile"
    assert pagekit.log_count(page) == moves
    page.reload()
    assert pagekit.wait_phase(page, ["tile"]) == "tile" and page.evaluate(pagekit.TAB_GAME) == mine
    assert len(games(page)) == 3


def test_two_tabs_play_two_games_and_hear_of_each_others_changes(page, context, server):
    first = my_game(page, server)
    other = context.new_page()
    other.goto(server + GAME)
    # the first tab's game is open there: this tab does not take it over
    other.wait_for_selector("#setup[open]")
    other.click("#btn-start")
    pagekit.wait_phase(other, ["start"])
    second = other.evaluate(pagekit.TAB_GAME)
    assert second and second != first
    marks = other.locator(".layer-marks .start-mark")
    marks.nth(3).locator(".start-dot").click(force=True)
    pagekit.wait_phase(other, ["tile"])
    assert {f"tsuro.game.{first}", f"tsuro.game.{second}"} <= set(games(page))
    # the second tab goes over to the first tab's game and plays in it: the first tab is told
    other.click("#btn-new")
    other.click(f"#games-panel li[data-id='{first}'] button")
    pagekit.wait_phase(other, ["tile"])
    moves = pagekit.log_count(other)
    other.wait_for_selector("#hand .hand-tile")
    pagekit.choose_placeable_by_keys(other, 1)
    other.keyboard.press("Enter")
    other.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=moves)
    notice_text(page, "another tab")
    page.click("#notice-action")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=moves)
    other.close()


FILL = """() => {
    // fill this origin's storage to the last character the browser allows
    let size = 1 << 20, i = 0;
    while (size >= 1) {
        try { localStorage.setItem("fill." + i++, "x".repeat(size)); }
        catch { size = Math.floor(size / 2); }
    }
}"""
BLOCK = """Object.defineProperty(window, "localStorage", { get() {
    // what a browser that blocks site data does (Chromium: "Block third-party cookies"
    // in an iframe, or site data blocked): any access throws
    throw new DOMException("Access is denied for this document.", "SecurityError");
} });"""


@pytest.mark.parametrize("how", ["full", "blocked"])
def test_storage_full_or_blocked_tells_the_player_the_game_will_not_be_kept(
    page, context, server, how
):
    if how == "blocked":
        context.add_init_script(BLOCK)
    page.goto(server + GAME)
    page.wait_for_selector("#setup[open]")
    if how == "full":
        page.evaluate(FILL)
    page.click("#btn-start")
    pagekit.wait_phase(page, ["start"])
    notice_text(page, "will not be kept")
    marks = page.locator(".layer-marks .start-mark")
    marks.nth(5).locator(".start-dot").click(force=True)  # and the game goes on
    assert pagekit.wait_phase(page, ["tile"]) == "tile"
