"""'Embed this game' / 'Embed this position' on the game-over panel: the snippet and its live
preview."""

from __future__ import annotations

import html

import pagekit
from gamekit import finished_record, fragment
from pagekit import no_errors, shot, wait_phase


def _snippet_src(page):
    value = page.input_value("#embed-snippet")
    assert value.startswith('<iframe src="') and 'title="' in value and 'width="' in value, value
    return html.unescape(value.split('src="', 1)[1].split('"', 1)[0]), value


def test_embed_code_for_the_game_and_the_position(page, server):
    record = finished_record()
    n = len(record["moves"])
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "?sw=off&anim=0#" + fragment(record))
    assert wait_phase(page, ["over"]) == "over"
    page.click("#rp-prev")
    page.click("#rp-prev")
    placed = page.locator(".layer-tiles .placed").count()

    page.click("#btn-embed-position")
    page.wait_for_function(
        "document.querySelector('#embed-snippet').value.includes('embed.html#p=')"
    )
    src, snippet = _snippet_src(page)
    assert src.startswith(server + "embed.html#p=")
    assert f"after move {n - 2}" in snippet
    preview = page.frame_locator("#embed-preview iframe")
    preview.locator(".layer-tiles .placed").nth(placed - 1).wait_for()
    assert preview.locator(".layer-tiles .placed").count() == placed

    page.click("#btn-embed-game")
    page.wait_for_function("document.querySelector('#embed-snippet').value.includes('#r=')")
    src, snippet = _snippet_src(page)
    assert src.startswith(server + "embed.html#r=") and src.endswith(f"&at={n - 2}")
    preview = page.frame_locator("#embed-preview iframe")
    preview.locator("#step").filter(has_text=f"{n - 2} / {n}").wait_for(timeout=120_000)
    page.locator("#embed-box").scroll_into_view_if_needed()
    shot(page, "embed-code-1280")
    page.set_viewport_size({"width": 360, "height": 800})
    pagekit.rendered(page)
    shot(page, "embed-code-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#btn-embed-copy")
    # copying is asynchronous (the clipboard answers when it has written)
    page.wait_for_function("document.querySelector('#btn-embed-copy').textContent === 'Copied'")
    no_errors(page)


def test_embed_code_speaks_french(page, server):
    record = finished_record()
    page.goto(server + "?sw=off&anim=0&lang=fr#" + fragment(record))
    assert wait_phase(page, ["over"]) == "over"
    assert page.inner_text("#btn-embed-game") == "Intégrer cette partie"
    page.click("#btn-embed-position")
    page.wait_for_function("document.querySelector('#embed-snippet').value.includes('#p=')")
    assert "Tsuro\u202f: la position après le coup" in page.input_value("#embed-snippet")
