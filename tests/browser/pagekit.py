"""Small page helpers shared by the browser tests: phase, move log, screenshots, errors,
Tab with the focus shown, a position to try in the embed."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tsuro_core.api import call

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Screenshots are for a person to look at, and no test reads them: they are taken when
# TSURO_SHOTS is set (docs/testing.md), not on every run: a full page's raster and PNG
# took about 0.27 s each (test_play, test_neu_play and test_authoring_path, 20 shots:
# 65.0 s with them, 59.7 s without, -n 0), some 20 s of the cores a run.
SHOTS = bool(os.environ.get("TSURO_SHOTS"))
DEFAULT_TIMEOUT_MS = 120_000  # the contexts' default timeout, and the polling waits' default

# Every document (frames included) reports its Content-Security-Policy
# violations to the test at once; workers' reach the server's report-uri.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__tsuroCspViolation?.({ page: location.href, directive: e.effectiveDirective,
                                 blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber,
                                 disposition: e.disposition });
});
"""


def watch_csp(ctx, csp_violations) -> None:
    """Report this context's Content-Security-Policy violations (documents' events and
    console messages) to the test's csp_violations watch. Kept here, not in conftest,
    because two conftest modules share that name and importing it is ambiguous."""
    ctx.expose_binding("__tsuroCspViolation", lambda source, v: csp_violations.found.append(v))
    ctx.add_init_script(CSP_LISTENER)
    ctx.on(
        "console",
        lambda m: "Content Security Policy" in m.text and csp_violations.found.append(m.text),
    )


def phase(page) -> str:
    """The page's phase, from body[data-phase]."""
    return page.evaluate("document.body.dataset.phase || ''")


def wait_phase(page, phases, timeout=DEFAULT_TIMEOUT_MS) -> str:
    """Wait until the page is in one of ``phases``; return it.  If it never gets there,
    the error says the phase it stayed in and what its notice said."""
    try:
        page.wait_for_function(
            "(ps) => ps.includes(document.body.dataset.phase)", arg=phases, timeout=timeout
        )
    except Exception as e:
        said = page.evaluate(
            "() => { const n = document.querySelector('#notice');"
            " return n && !n.hidden ? n.textContent.trim() : ''; }"
        )
        raise AssertionError(
            f"waited for {phases}, the page stayed in {phase(page)!r}"
            f" at {page.url} (notice: {said!r}): {e}"
        ) from e
    return phase(page)


def rendered(page) -> None:
    """Wait until the page has rendered two frames: what a change of size or theme set off
    (resize events, resize observers, the next layout) has run by then."""
    page.evaluate(
        "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))"
    )


def settled(page) -> None:
    """Wait until the engine's status line has gone (600 ms after the engine is ready): it
    lies over the foot of the window (components.css, out of the page's flow, so nothing
    moves when it goes), and a tap aimed at coordinates there hits the page under it."""
    page.wait_for_function(
        "(() => { const s = document.getElementById('engine-status'); return !s || s.hidden; })()"
    )


POLL_MS = 50  # wait_until asks this often


def wait_until(page, predicate, what: str, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """Wait until predicate() (a Python check: over several pages, or over what the test
    has heard) is true, and return its value; Playwright delivers the pages' events
    meanwhile (through `page`).  Fails saying `what` never came."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout_ms / 1000:.0f} s for {what}")
        page.wait_for_timeout(POLL_MS)
    return value


def log_count(page) -> int:
    """How many lines the move log has."""
    return page.locator("#log > li").count()


def shot(page, name):
    """A full-page screenshot saved as test-artifacts/NAME.png, when TSURO_SHOTS asks.
    Either way the page has its fonts and has rendered two frames when it returns, as a
    screenshot waits for: a test reads the same page after it with or without the shot
    (a room's list measured right after a change of size was still the wider one's)."""
    page.evaluate("document.fonts.ready.then(() => true)")
    rendered(page)
    if not SHOTS:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


SIZES = [(360, 780), (1280, 900)]  # a phone, a desktop


def at_both_sizes(page, name: str) -> None:
    """Screenshots NAME-360 and NAME-1280 of the page as it is; nothing sticks out
    sideways at either width (the page is left at 1280 px)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        rendered(page)
        shot(page, f"{name}-{width}")
        no_sideways_scroll(page, width, name)


# the elements whose box reaches past the window's right edge, innermost last
STICKING_OUT = """(width) => [...document.querySelectorAll("body *")]
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.right > width + 0.5
    && getComputedStyle(e).position !== "fixed")
  .map(([e, r]) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + [...e.classList].map((c) => "." + c).join("")
    + ` ${Math.round(r.left)}..${Math.round(r.right)}`)
  .slice(-8)"""


def no_sideways_scroll(page, width: int, where: str = "") -> None:
    """The page does not scroll sideways at this width; if it does, the failure names
    the elements that stick out.  Read once the page has rendered at this width (its
    resize handlers run then: the top bar folds into its menu)."""
    rendered(page)
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        raise AssertionError(
            f"{where or page.url}: sideways scroll, {scroll} px wide at {width}: "
            f"{page.evaluate(STICKING_OUT, width)}"
        )


def no_errors(page):
    """The page logged no console errors (the favicon aside)."""
    errors = [e for e in page.console_errors if "favicon" not in e]
    assert not errors, errors


def keep_errors(page, name: str = ""):
    """Keep the page's console errors and uncaught exceptions in page.console_errors."""
    errors = page.console_errors = []
    tag = f"{name}: " if name else ""
    page.on("console", lambda m: m.type == "error" and errors.append(tag + m.text))
    page.on("pageerror", lambda e: errors.append(f"{tag}{e}"))
    return page


def play_turn(page, k: int) -> None:
    """Play the move shown on this page: the k-th start mark (wrapping), or a placeable tile."""
    if phase(page) == "start":
        marks = page.locator(".layer-marks .start-mark")
        marks.nth(k % marks.count()).locator(".start-dot").click(force=True)
    else:
        choose_placeable_by_keys(page, k)
        page.click("#btn-place")


def choose_placeable_by_keys(page, k: int) -> None:
    """Pick tile k (1-based keys, wrapping) and turn it with R, trying the next tile
    after four turns, until the engine allows placing it."""
    n = page.locator("#hand .hand-tile").count()
    page.keyboard.press(str(k % n + 1))
    for attempt in range(4 * n):
        if not page.locator("#btn-place").is_disabled():
            break
        if attempt % 4 == 3:
            page.keyboard.press(str((k + attempt // 4 + 1) % n + 1))
        else:
            page.keyboard.press("r")
    assert not page.locator("#btn-place").is_disabled(), page.inner_text("#hand-note")


def tutorial_boards_loaded(page) -> None:
    """The rules tutorial with every board drawn, the ones further down too: the page
    draws each lesson in its box as the reader scrolls near it (pages/tutorial/rules.js),
    so each box is scrolled to, and each has its lesson shown (data-state), then the
    window goes back to the top."""
    boxes = page.locator(".lesson-box")
    for i in range(boxes.count()):
        boxes.nth(i).scroll_into_view_if_needed()
    page.wait_for_function(
        "[...document.querySelectorAll('.lesson-box')].every((b) =>"
        " b.dataset.state === 'shown' && b.querySelector('svg.board'))"
    )
    page.evaluate("window.scrollTo(0, 0)")


# A box's lesson gives its reader the turn: its start marks, or its hand playable.
READER_TURN = ".layer-marks .start-mark, .embed-hand:not(.disabled) .hand-tile"


def place_move_by_keys(page, move: dict) -> None:
    """Play this tile move ({tile, rot}) as a player does with keys: the tile's number
    key, R until it is drawn at `rot`, then Place."""
    tile = page.locator(f"#hand .hand-tile[data-tile='{move['tile']}']")
    page.keyboard.press(str(int(tile.get_attribute("data-index")) + 1))
    for _ in range(4):
        drawn = tile.evaluate(
            "(t) => ((parseFloat(t.querySelector('.turn').style.transform.slice(7)) % 360)"
            " + 360) % 360"
        )
        if drawn == move["rot"]:
            break
        page.keyboard.press("r")
    assert drawn == move["rot"], (move, drawn)
    page.click("#btn-place")


def place_by_clicks(page, k: int) -> None:
    """Click tiles (a second click turns the chosen one) from tile k on until the engine
    allows one, then click the square it goes on (the target the board shows) and wait
    for the move in the log.  The click goes to the square as it is at that moment
    (scrolled into view, measured then), not to a point measured before: the layout may
    have moved in between, or the square been out of the window."""
    tiles = page.locator("#hand .hand-tile")
    n = tiles.count()
    for attempt in range(4 * n + 1):
        if not page.locator("#btn-place").is_disabled():
            break
        tiles.nth((k + attempt // 4) % n).click()
    assert not page.locator("#btn-place").is_disabled(), page.inner_text("#hand-note")
    before = log_count(page)
    # (the chosen tile's ghost lies over the square: the click is a player's, wherever it lands)
    page.locator(".layer-target rect").click(force=True)
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=before)


TAB_GAME = "sessionStorage.getItem('tsuro.tab.game')"  # the key of the game this tab plays
CURRENT_SAVE = f"localStorage.getItem('tsuro.game.' + {TAB_GAME})"


def current_save(page) -> dict | None:
    """The save of the game this tab plays (web/js/lib/game/saves.js: the session's own save)."""
    import json

    text = page.evaluate(CURRENT_SAVE)
    return json.loads(text)["game"] if text else None


FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  if (el.matches('svg.board'))
    return getComputedStyle(el.querySelector('.board-frame')).strokeWidth === '4px';
  const s = getComputedStyle(el);
  return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
}"""


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on `selector`; the focus must show on every stop."""
    for _ in range(limit):
        if page.evaluate(
            "(s) => document.activeElement && document.activeElement.matches(s)", selector
        ):
            assert page.evaluate(FOCUS_SHOWN), selector
            return
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement !== document.body"):
            assert page.evaluate(FOCUS_SHOWN), page.evaluate(
                "document.activeElement.outerHTML.slice(0, 120)"
            )
    raise AssertionError(f"Tab never reached {selector}")


def framing_host(
    other_origin,
    name: str,
    js: str,
    src: str,
    *,
    frame_id: str = "board",
    title: str = "Tsuro board",
    size: tuple[int, int] = (600, 700),
) -> str:
    """A page on the other origin's server that frames `src` (id `frame_id`), its script `js`
    loaded first (so it hears the frame's "ready"); returns the page's URL."""
    base, directory = other_origin
    (directory / f"{name}.js").write_text(js)
    (directory / f"{name}.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'>"
        f"<script src='{name}.js'></script>"
        f"<iframe id={frame_id} title='{title}' src='{src}' width={size[0]} height={size[1]}>"
        "</iframe>"
    )
    return base + f"{name}.html"


def playable_position() -> str:
    """A share-link fragment of a two-player position after both starts: the embed offers its
    first tile."""
    game = call("new_game", {"players": [{"name": "Ann"}, {"name": "Bo"}], "seed": 5})["result"]
    pos = game["position"]
    for move in ({"start": [0, 2, "H"]}, {"start": [5, 3, "C"]}):
        pos = call("play", {"position": pos, "move": move})["result"]["position"]
    return call("encode_link", {"position": pos})["result"]["fragment"]


def link_fragment(record: dict, seats: list[str], game: str, hidden: bool = False) -> str:
    """The #g= fragment of a play-by-link game (tsuro-link/1) holding this record."""
    message = {
        "format": "tsuro-link/1",
        "game": game,
        "seats": seats,
        "hidden": hidden,
        "record": record,
    }
    return call("link_encode", {"message": message})["result"]["fragment"]


def figures(page) -> list[str]:
    """The rows of the end-of-game figures' table (lib/shell/figures.js), each as its text."""
    page.wait_for_selector("#figures table")
    return page.evaluate(
        "[...document.querySelectorAll('#figures tbody tr')].map((r) => r.innerText)"
    )
