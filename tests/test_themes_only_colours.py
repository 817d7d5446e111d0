"""The light and the dark theme differ only in colours: the only places that know the
theme are components.css's light blocks (the system's choice, and html[data-theme]) and
theme.js, and those blocks set nothing but colour custom properties and color-scheme.

The browser walks lean on it: they lay a page out and run axe's non-colour rules in one
theme only (test_layout.py, auditkit.Checker), and measure colours in both."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
THEMED = re.compile(r"prefers-color-scheme|data-theme|dataset\.theme|light-dark\(")
# A declaration a theme may make: a colour custom property, or the native controls' scheme.
COLOUR = re.compile(r"--[a-z0-9-]+:\s*#[0-9a-f]{6}|color-scheme:\s*(light|dark)", re.I)


def blocks(css: str, opener: str) -> list[str]:
    """The bodies of the rules whose selector (or at-rule) ends with `opener`'s text."""
    out, start = [], 0
    while (i := css.find(opener, start)) >= 0:
        j = css.index("{", i) + 1
        depth, k = 1, j
        while depth:
            depth += {"{": 1, "}": -1}.get(css[k], 0)
            k += 1
        out.append(css[j : k - 1])
        start = k
    return out


def test_only_the_theme_blocks_and_the_theme_button_know_the_theme():
    knowing = sorted(
        str(p.relative_to(WEB))
        for p in WEB.rglob("*")
        if p.suffix in {".css", ".html", ".js", ".svg"} and THEMED.search(p.read_text("utf-8"))
    )
    assert knowing == ["css/components.css", "js/lib/shell/theme.js"], knowing


def test_the_theme_blocks_set_only_colours():
    css = re.sub(r"/\*.*?\*/", "", (WEB / "css" / "components.css").read_text("utf-8"), flags=re.S)
    light = blocks(css, "@media (prefers-color-scheme: light)")
    light += blocks(css, ':root[data-theme="light"]')
    assert len(light) == 2, "the light theme's two blocks (the system's, the player's)"
    for body in light:
        body = (
            body.replace(':root:not([data-theme="dark"])', "").replace("{", ";").replace("}", ";")
        )
        declarations = [d.strip() for d in body.split(";") if d.strip()]
        assert declarations
        assert all(COLOUR.fullmatch(d) for d in declarations), [
            d for d in declarations if not COLOUR.fullmatch(d)
        ]
    # and nowhere else a rule for one theme only
    assert len(re.findall(r"prefers-color-scheme|data-theme", css)) == 3
