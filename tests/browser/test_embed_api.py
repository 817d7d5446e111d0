"""The embed's postMessage API (docs/embed.md), driven from a page on another origin.

The host page is served by a second server (127.0.0.1, the site is on
localhost): it frames embed.html, keeps every message the board sends in
window.got, and sends with window.send(m).  A sibling frame of the host's
own origin plays the stranger whose messages the board must ignore.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pagekit import no_errors

from tsuro_core.api import call

ROOT = Path(__file__).resolve().parents[2]

HOST_JS = """
window.got = [];
const board = () => document.getElementById("board");
addEventListener("message", (e) => {
  if (e.source === board().contentWindow) window.got.push(e.data);
  else window.strangers = (window.strangers || 0) + 1;
});
window.send = (m) => board().contentWindow.postMessage(m, "*");
"""

# A frame that is not the board's parent: it posts to the board directly.
STRANGER_JS = """
window.tryIt = (m) => parent.frames[0].postMessage(m, "*");
addEventListener("message", () => { window.answered = true; });
"""


@pytest.fixture
def host(page, server, other_origin):
    base, directory = other_origin
    (directory / "host.js").write_text(HOST_JS)
    (directory / "stranger.js").write_text(STRANGER_JS)
    (directory / "stranger.html").write_text(
        "<!doctype html><title>stranger</title><script src='stranger.js'></script>"
    )
    (directory / "host.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'>"
        "<script src='host.js'></script>"  # listening before the board can say "ready"
        f"<iframe id=board title='Tsuro board' src='{server}embed.html?sw=off'"
        " width=600 height=700></iframe>"
        "<iframe id=stranger src='stranger.html' width=10 height=10></iframe>"
    )
    page.goto(base + "host.html")
    assert page.evaluate("location.origin") != server.rstrip("/")
    page.wait_for_function("window.got && window.got.some((m) => m.tsuro === 'ready')")
    return page


def wait_for(page, name, count=1, timeout=120_000):
    """The count-th message named name from the board (waiting for it)."""
    page.wait_for_function(
        "([n, k]) => window.got.filter((m) => m.tsuro === n).length >= k",
        arg=[name, count],
        timeout=timeout,
    )
    return page.evaluate(
        "([n, k]) => window.got.filter((m) => m.tsuro === n)[k - 1]", [name, count]
    )


def board_frame(page, server):
    return next(f for f in page.frames if f.url.startswith(server + "embed.html"))


def started_position(seed=5):
    pos = call("new_game", {"players": 2, "seed": seed})["result"]["position"]
    for move in ({"start": [0, 2, "H"]}, {"start": [5, 3, "C"]}):
        pos = call("play", {"position": pos, "move": move})["result"]["position"]
    return pos


def test_host_loads_plays_and_gets_errors(host, server):
    page = host
    ready = [m for m in page.evaluate("window.got") if m["tsuro"] == "ready"]
    assert len(ready) == 1 and ready[0]["protocol"] == 1
    pos = started_position()
    page.evaluate("(p) => send({tsuro: 'load', position: p, id: 'L1'})", pos)
    assert wait_for(page, "loaded")["position"] == pos
    frame = board_frame(page, server)
    assert frame.locator(".layer-markers .marker").count() == 2

    legal = call("legal_moves", {"position": pos})["result"]
    move = next(m["move"] for m in legal["moves"] if m["legal"] and not m["self_eliminating"])
    expected = call("play", {"position": pos, "move": move, "seed": 0})["result"]
    page.evaluate("(m) => send({tsuro: 'play', move: m})", move)
    moved = wait_for(page, "moved")
    assert moved["move"] == expected["move"]
    assert moved["position"] == expected["position"]  # the engine's position
    assert [e["type"] for e in moved["events"]] == [e["type"] for e in expected["events"]]
    assert frame.locator(".layer-tiles .placed").count() == 1

    # what it cannot accept, each answered with an error (and the id it came with)
    page.evaluate("send({tsuro: 'play', id: 7})")  # no move
    page.evaluate("send(42)")  # not a message
    page.evaluate("send({tsuro: 'fly'})")  # unknown name
    page.evaluate("send({tsuro: 'play', move: {tile: 99, rot: 0}, id: 'bad'})")  # illegal
    page.evaluate("send({tsuro: 'load', position: {players: 'x'}})")  # not a position
    errors = [wait_for(page, "error", k) for k in range(1, 6)]
    assert [e["error"]["code"] for e in errors] == [
        "bad_message",
        "bad_message",
        "unknown_message",
        "illegal_move",
        "bad_position",
    ]
    assert errors[0]["id"] == 7 and errors[3]["id"] == "bad"
    assert "move" in errors[0]["error"]["message"]
    assert all(e["error"]["message"] for e in errors)
    # the board still shows the last good position and still plays
    nxt = call("legal_moves", {"position": expected["position"]})["result"]
    move2 = next(m["move"] for m in nxt["moves"] if m["legal"])
    page.evaluate("(m) => send({tsuro: 'play', move: m})", move2)
    moved2 = wait_for(page, "moved", 2)
    assert (
        moved2["position"]
        == call("play", {"position": expected["position"], "move": move2, "seed": 0})["result"][
            "position"
        ]
    )
    assert frame.locator(".layer-tiles .placed").count() == 2
    no_errors(page)


def test_messages_from_a_stranger_are_ignored(host, server):
    page = host
    pos = started_position()
    stranger = next(f for f in page.frames if f.url.endswith("stranger.html"))
    stranger.evaluate("(p) => tryIt({tsuro: 'load', position: p})", pos)
    stranger.evaluate("tryIt({tsuro: 'nonsense'})")
    # the parent's own word after them, answered: the board has read the stranger's by then
    # (the two frames share one process, whose messages reach the board in order)
    page.evaluate("send({tsuro: 'nonsense'})")
    assert wait_for(page, "error")["error"]["code"] == "unknown_message"
    assert page.evaluate("window.got.map((m) => m.tsuro)") == ["ready", "error"]
    assert not stranger.evaluate("!!window.answered")
    frame = board_frame(page, server)
    assert frame.locator(".layer-markers .marker").count() == 0
    # the parent is still heard
    page.evaluate("(p) => send({tsuro: 'load', position: p})", pos)
    wait_for(page, "loaded")
    assert frame.locator(".layer-markers .marker").count() == 2


def test_records_step_highlight_and_the_readers_move(host, server):
    page = host
    game = call("new_game", {"players": 2, "seed": 3})["result"]
    pos, record = game["position"], game["record"]
    while pos["turn"] is not None:
        lm = call("legal_moves", {"position": pos})["result"]
        safe = [
            m for m in lm["moves"] if m.get("legal", True) and not m.get("self_eliminating")
        ] or lm["moves"]
        r = call("play", {"position": pos, "move": safe[0]["move"], "seed": 1})["result"]
        pos = r["position"]
        record["moves"].append(r["move"])
    n = len(record["moves"])
    page.evaluate("(r) => send({tsuro: 'load', record: r, at: 3})", record)
    loaded = wait_for(page, "loaded")
    assert loaded["at"] == 3 and loaded["last"] == n
    page.evaluate("send({tsuro: 'step', at: 'end'})")
    assert wait_for(page, "loaded", 2)["position"] == pos
    page.evaluate(f"send({{tsuro: 'step', at: {n + 5}}})")
    assert wait_for(page, "error")["error"]["code"] == "out_of_range"
    page.evaluate(
        "send({tsuro: 'highlight', squares: [[1, 2], [3, 3]], seat: 0, caption: 'Look here'})"
    )
    frame = board_frame(page, server)
    frame.locator(".highlight-square").nth(1).wait_for()
    assert frame.locator(".highlight-path").count() == 1
    assert frame.inner_text("#caption") == "Look here"
    page.evaluate("send({tsuro: 'highlight', squares: 'a1'})")
    assert wait_for(page, "error", 2)["error"]["code"] == "bad_message"

    # a position the reader plays: the board reports the reader's move and goes on
    start = started_position(seed=11)
    page.evaluate("(p) => send({tsuro: 'load', position: p, try: true})", start)
    wait_for(page, "loaded", 3)
    assert frame.locator(".highlight-square").count() == 0  # a new board, nothing stressed
    frame.locator("#hand .hand-tile").first.wait_for()
    frame.wait_for_function("!document.querySelector('#place').disabled", timeout=120_000)
    frame.click("#place")
    moved = wait_for(page, "moved")
    again = call("play", {"position": start, "move": moved["move"], "seed": 0})["result"]
    assert moved["position"] == again["position"]
    # the next player's turn is offered to the reader
    frame.wait_for_function("!document.querySelector('#place').disabled", timeout=120_000)
    no_errors(page)


def test_the_documented_host_page_works(page, server, other_origin):
    """docs/embed.md's host page, as printed, on another origin (its script in a file of its
    own)."""
    base, directory = other_origin
    doc = (ROOT / "docs" / "embed.md").read_text(encoding="utf-8")
    html = doc.split("```html\n", 1)[1].split("```", 1)[0]
    html = html.replace("https://SITE/embed.html", server + "embed.html?sw=off")
    before, rest = html.split("<script>\n", 1)
    script, after = rest.split("</script>\n", 1)
    (directory / "doc-host.js").write_text(script)
    (directory / "doc-host.html").write_text(
        before + "<script src='doc-host.js'></script>\n" + after
    )
    page.goto(base + "doc-host.html")
    page.wait_for_function(
        "document.querySelector('#log').textContent.includes('\"tsuro\":\"moved\"')",
        timeout=120_000,
    )
    log = page.inner_text("#log")
    assert '"tsuro":"ready"' in log and "refused" not in log, log
    frame = board_frame(page, server)
    frame.locator(".highlight-square").wait_for()
    assert frame.locator(".layer-tiles .placed").count() == 1
    no_errors(page)
