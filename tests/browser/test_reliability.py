"""No hang, no lost game: crafted links, damaged saves, full or blocked storage, two tabs,
a stuck or killed engine worker, the embed's bounds.  docs/reliability.md lists each
class with the test here that backs it."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

pytestmark = pytest.mark.browser


def raw_link(kind: str, payload: bytes) -> str:
    """A share-link fragment (NOTATION.md: version 1, raw deflate, base64url) of any bytes."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(payload) + c.flush()
    return f"{kind}=1" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_the_embed_bounds_what_it_decodes_before_drawing(page, server):
    squares = "document.querySelectorAll('#board svg.board .square').length"
    # a position claiming a 100,000 x 100,000 board: not drawn, the engine says why
    wide = {"format": "tsuro-position/1", "rules": {"preset": "classic", "width": 100_000,
                                                    "height": 100_000},
            "players": [{"name": "A"}], "markers": [[0, 0, "A"]], "tiles": [], "turn": 0}
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
    assert page.evaluate("1 + 1") == 2                 # the page still answers
    # an overlong link: not decoded by the page
    page.goto(server + "embed.html#p=1" + "A" * 70_000)
    page.wait_for_selector("#msg:not([hidden])")
    assert page.evaluate(squares) <= 144
