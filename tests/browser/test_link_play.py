"""Play by link: two devices (browser contexts) play a whole 3-player game by
passing links; a tampered and a stale link are refused and no save changes."""

from __future__ import annotations

import pagekit
from pagekit import no_errors, wait_phase

PLAYING = ["start", "tile", "over"]


def saves(page):
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('tsuro.link.')).map((k) => [k, localStorage.getItem(k)]))""")


def open_link(page, url):
    page.evaluate("document.body.dataset.phase = 'navigating'")
    if page.url == url:
        page.reload()  # the same device holds the next seat too: its address is already the link
    else:
        page.goto(url)
    return wait_phase(page, [*PLAYING, "refused"])


def play_one(page, k):
    """Play the move of the seat to move on this page: a start mark, or a placeable tile;
    returns the phase once the next link is shown."""
    before = page.input_value("#link-out")
    pagekit.play_turn(page, k)
    phase = wait_phase(page, ["send", "over"])
    # "over" is said before the engine has made the final link (link.js, finished())
    page.wait_for_function(
        "(before) => document.querySelector('#link-out').value !== before", arg=before
    )
    return phase


def new_page(context):
    return pagekit.keep_errors(context.new_page())


def test_two_devices_play_a_whole_3_player_game_by_links(browser, server):
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    for ctx in (ctx_a, ctx_b):
        ctx.set_default_timeout(120_000)
    a, b = new_page(ctx_a), new_page(ctx_b)
    device = {"Ann": a, "Bo": b, "Cy": a}
    a.goto(server + "link.html?sw=off&anim=0")
    wait_phase(a, ["home"])
    a.select_option("#link-count", "3")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        a.locator("#link-seats > li").nth(i).locator(".seat-name").fill(name)
    a.click("#btn-link-start")
    assert wait_phase(a, PLAYING) == "start"
    assert "Ann" in a.inner_text("#turn-banner")
    page, moves, checked_refusals = a, 0, False
    b.goto(server + "link.html?sw=off&anim=0")
    wait_phase(b, ["home"])
    for _ in range(80):
        ph = play_one(page, moves)
        moves += 1
        link = page.input_value("#link-out")
        assert len(link) < 2000
        if ph == "over":
            break
        nxt = page.inner_text("#send-title").rsplit(" ", 1)[1]  # "Send this link to <name>"
        assert nxt in page.inner_text("#send-text")
        page = device[nxt]
        if page is b and not checked_refusals and moves >= 3:
            # B holds an older copy? Open this link, play, then the old link again: stale.
            assert open_link(b, link) in PLAYING
            old = link
            before_move = saves(b)
            play_one(b, moves)
            moves += 1
            after = saves(b)
            assert after != before_move
            assert open_link(b, old) == "refused"
            assert "older than your copy" in b.inner_text("#notice-text")
            assert saves(b) == after
            # a tampered link: one character changed in the middle
            fragment = old.split("#", 1)[1]
            mid = len(fragment) // 2
            tampered = (
                old.split("#", 1)[0]
                + "#"
                + fragment[:mid]
                + ("A" if fragment[mid] != "A" else "B")
                + fragment[mid + 1 :]
            )
            assert open_link(b, tampered) == "refused"
            assert "cannot be opened" in b.inner_text("#notice-text")
            assert saves(b) == after
            checked_refusals = True
            # B's game, from "Your games": the link B made after its move
            b.goto(server + "link.html?sw=off&anim=0")
            wait_phase(b, ["home"])
            b.locator("#games a").first.click()
            wait_phase(b, ["send", "over"])
            link = b.input_value("#link-out")
            if pagekit.phase(b) == "over":
                break
            nxt = b.inner_text("#send-title").rsplit(" ", 1)[1]
            page = device[nxt]
        assert open_link(page, link) in PLAYING
        assert nxt in page.inner_text("#turn-banner")
    assert checked_refusals
    assert pagekit.phase(page) == "over"
    final = page.input_value("#link-out")
    # the other device opens the final link and sees the end; both list the game as finished
    other = b if page is a else a
    assert open_link(other, final) == "over"
    for p in (a, b):
        p.goto(server + "link.html?sw=off&anim=0")
        wait_phase(p, ["home"])
        p.wait_for_function("document.querySelector('#games li[data-state]')")
        assert p.locator("#games li").count() == 1
        assert p.get_attribute("#games li", "data-state") == "over"
        assert "Ann, Bo, Cy" in p.inner_text("#games")
    no_errors(a)
    no_errors(b)
    ctx_a.close()
    ctx_b.close()
