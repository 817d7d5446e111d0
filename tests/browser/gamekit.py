"""Games for the browser tests: the game page's setup and first moves, finished records
and their links (made by the engine, tsuro_core.api), the daily challenge played to its
end, a puzzle of a kind, a play-by-link game dealt by commit and reveal, and games played
on by the engine to their last moves (a daily's save, the game page's, a link), for a
page to finish."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pagekit

from tsuro_core.api import call

ROOT = Path(__file__).resolve().parents[2]
PHASES = ["pass", "start", "tile", "exchange", "over"]
PUZZLES = json.loads((ROOT / "data" / "puzzles.json").read_text(encoding="utf-8"))


def ok(op: str, args: dict) -> dict:
    """The engine's result for op(args); fails the test on an error."""
    r = call(op, args)
    assert r["ok"], (op, r)
    return r["result"]


# ------------------------------------------------------------------ records and links


def finished_record(players=3, seed=4) -> dict:
    """A seeded game played to the end with safe moves where there are any."""
    game = call("new_game", {"players": players, "seed": seed})["result"]
    pos, record = game["position"], game["record"]
    while pos["turn"] is not None:
        lm = call("legal_moves", {"position": pos})["result"]
        safe = [m for m in lm["moves"] if not m.get("self_eliminating")] or lm["moves"]
        r = call(
            "play",
            {
                "position": pos,
                "move": safe[len(record["moves"]) * 7 % len(safe)]["move"],
                "seed": 1,
            },
        )["result"]
        pos = r["position"]
        record["moves"].append(r["move"])
    return record


def fragment(value: dict) -> str:
    """A share link's fragment (#r=... or #p=...) of a record or a position."""
    key = "record" if "deal" in value else "position"
    return call("encode_link", {key: value})["result"]["fragment"]


# ------------------------------------------------------------------ the game page


def wait_phase(page, phases=PHASES, timeout=pagekit.DEFAULT_TIMEOUT_MS) -> str:
    """pagekit.wait_phase, by default for any of the game page's playing phases."""
    return pagekit.wait_phase(page, phases, timeout)


def open_setup(page, server: str, query: str = "?sw=off&anim=0") -> None:
    """The game page with its setup open, the engine ready and its status line gone."""
    page.goto(server + query)
    page.wait_for_selector("#setup[open]")
    pagekit.settled(page)


def setup_seats(page, seats, speed=None) -> None:
    """seats: [(name, kind)] with kind "human" or "computer:easy|medium|hard"."""
    page.select_option("#set-count", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        row = page.locator("#seats > li").nth(i)
        row.locator(".seat-name").fill(name)
        row.locator(".seat-kind").select_option(kind)
    if speed is not None:
        page.click("details.more summary")
        page.select_option("#set-speed", speed)


def start(page) -> None:
    """Start the game set up, and wait for its first turn."""
    page.click("#btn-start")
    wait_phase(page)


def turns(page, limit: int, seen: set):
    """(k, phase, new) for each of the game page's turns, up to `limit` (the caller plays
    each): its phase (pass, start, tile or over), `new` the first time the game shows
    that phase (then added to `seen`)."""
    for k in range(limit):
        ph = pagekit.wait_phase(page, ["pass", "start", "tile", "over"])
        new = ph not in seen
        seen.add(ph)
        yield k, ph, new


def choose_start_by_click(page, nth=0) -> None:
    """Click the nth start mark (wrapping)."""
    marks = page.locator(".layer-marks .start-mark")
    marks.nth(nth % marks.count()).locator(".start-dot").click(force=True)


def carried_on(page, left: int) -> int:
    """The game this tab plays (its save: web/js/lib/game/saves.js) played on by the engine
    to `left` moves before its end (played_on), saved back, and the page reloaded on it
    (the many middle moves of a game whose end a test plays).  Returns the moves added: none
    when the game, as dealt and played so far, has no more than `left` moves left (the page
    plays them all; nothing is saved back)."""
    key = page.evaluate(f"'tsuro.game.' + {pagekit.TAB_GAME}")
    entry = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
    before = len(entry["game"]["record"]["moves"])
    record = played_on(entry["game"]["record"], left, short=True)
    if len(record["moves"]) == before:
        return 0
    entry["game"]["record"] = record
    entry["position"] = ok("replay", {"record": record})["position"]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(entry)])
    page.reload()
    return len(record["moves"]) - before


# ------------------------------------------------------------------ the daily challenge


def play_daily(page, *, until_over: bool = True, first: int = 0, reload_after=None) -> int:
    """On the daily's page: start on the first mark, then place placeable tiles (the
    `first`-th to try first, then the next...) until the game is over, or for one move
    only; `reload_after`: reload after that many tiles and check the game resumed.
    Returns the tiles placed."""
    placed = 0
    for _ in range(60):
        ph = pagekit.wait_phase(page, ["start", "tile", "over"])
        if ph == "over":
            # "over" is said before the engine has scored the game and made its links
            # (daily/main.js, finish()): the result panel shows once they are made
            page.wait_for_selector("#daily-result:not([hidden])")
            return placed
        if ph == "start":
            page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
            page.wait_for_function("document.body.dataset.phase !== 'start'")
        else:
            pagekit.choose_placeable_by_keys(page, first + placed)
            before = page.locator(".layer-tiles .placed").count()
            page.click("#btn-place")
            page.wait_for_function(
                "(n) => document.querySelectorAll('.layer-tiles .placed').length > n"
                " || document.body.dataset.phase === 'over'",
                arg=before,
            )
            placed += 1
            if reload_after == placed:
                page.reload()
                page.wait_for_selector("svg.board")
                pagekit.wait_phase(page, ["tile", "over"])
                assert page.locator(".layer-tiles .placed").count() == placed  # resumed
        if not until_over:
            pagekit.wait_phase(page, ["tile", "over"])
            return placed
    raise AssertionError("the daily game did not end")


DAILY_SAVED = """([date, n]) => {
    const state = JSON.parse(localStorage.getItem('tsuro.daily'));
    const game = state && state.games && state.games[date];
    return !!game && game.record.moves.length === n;
}"""


def daily_near_the_end(page, date: str, moves: int) -> None:
    """On the daily's page, once it has saved the game of `date` on its board (`moves`
    moves in): that game played on by the engine to one move before its end is saved in
    its place, as the page saves it (tsuro.daily), and the page reloaded: it resumes there
    and makes only the last moves itself."""
    page.wait_for_function(DAILY_SAVED, arg=[date, moves])
    state = json.loads(page.evaluate("localStorage.getItem('tsuro.daily')"))
    game = state["games"][date]
    game["record"] = played_on(game["record"])
    page.evaluate("(s) => localStorage.setItem('tsuro.daily', JSON.stringify(s))", state)
    page.reload()
    assert pagekit.wait_phase(page, ["tile", "over"]) == "tile"
    tiles = sum("tile" in m for m in game["record"]["moves"])
    assert page.locator(".layer-tiles .placed").count() == tiles


# ------------------------------------------------------------------ puzzles and links


def first_puzzle(kind: str) -> dict:
    """The first puzzle of data/puzzles.json whose task is `kind` ("survive", "eliminate"...)."""
    return next(p for p in PUZZLES if p["task"]["key"] == f"puzzle.task.{kind}")


def link_to(server: str, message: dict, query: str = "link.html?sw=off&anim=0") -> str:
    """The link page's address for a play-by-link message."""
    return server + query + "#" + ok("link_encode", {"message": message})["fragment"]


def committed_game(names, seats, rules="classic", game="testGame01") -> dict:
    """A game dealt by commit and reveal through the engine's ops (each share as its
    person's device adds it): its dealt message."""
    made = ok(
        "link_new",
        {"game": game, "seats": seats, "players": [{"name": n} for n in names], "rules": rules},
    )
    opened = made
    while opened.get("waiting") == "share":
        opened = ok("link_share", {"message": opened["message"]})
    return ok("link_reveal", {"message": opened["message"], "secret": made["secret"]})


def before_the_last_move(message: dict, tries: int = 20) -> tuple[dict, dict]:
    """A dealt link game played on through the engine's own link ops (link_play: every
    reshuffle the seed's, as on the page) by random legal moves, safe ones first, until a
    person is to place a tile that ends the game: the link_open-shaped answer just before
    (message and position) and that move. The many middle moves of a whole game cost a
    page nothing then: the page makes only the last."""
    fragment = ok("link_encode", {"message": message})["fragment"]
    start = ok("link_open", {"fragment": fragment})
    for seed in range(tries):
        rng = random.Random(seed)
        cur = start
        while cur["position"].get("turn") is not None:
            position, mover = cur["position"], cur["position"]["turn"]
            legal = ok("legal_moves", {"position": position})
            safe = [m["move"] for m in legal["moves"] if not m.get("self_eliminating")]
            if message["seats"][mover] == "person" and legal["phase"] == "tile":
                for move in safe:  # (a tile the page places without a second thought)
                    after = ok("link_play", {"message": cur["message"], "move": move})
                    if after["position"].get("turn") is None:
                        return cur, move
            move = rng.choice(safe or [m["move"] for m in legal["moves"]])
            cur = ok("link_play", {"message": cur["message"], "move": move})
    raise AssertionError("no game played on from this link ends on a person's tile")


def played_on(record: dict, left: int = 1, short: bool = False) -> dict:
    """This record (a daily's solo game, as dealt or as a page saved it) played on by the
    engine with safe moves where there are any, to `left` moves before its end: a page
    opened on it (a saved game) makes only the last moves.  A game that ends within `left`
    moves fails, unless `short`: then the record comes back as it was."""
    position = ok("positions", {"record": record})["positions"][-1]
    record = json.loads(json.dumps(record))
    played = len(record["moves"])
    while position["turn"] is not None:
        moves = ok("legal_moves", {"position": position})["moves"]
        safe = [m for m in moves if not m.get("self_eliminating")] or moves
        answer = ok("play", {"position": position, "move": safe[0]["move"]})
        record["moves"].append(answer["move"])
        position = answer["position"]
    if len(record["moves"]) - played <= left:
        assert short, "the game ends too soon to leave that many"
        left = len(record["moves"]) - played
    record["moves"] = record["moves"][: len(record["moves"]) - left]
    return record
