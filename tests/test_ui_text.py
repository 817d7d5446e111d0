"""Every character a player is shown renders in a plain text font: no emoji or
pictographs (they need an emoji or symbol font, and show as empty boxes where
there is none: headless Chromium, some Linux desktops). Icons are drawn
instead (web/js/lib/views/icon.js)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
# What the player reads: the catalogues, the pages and their shell, and the code that writes
# text or icons into them.  The daily challenge's share text is the one
# exception: its coloured squares are for the chat apps it is pasted into
# (daily.js draws them on the page).
EXCEPT = {WEB / "js" / "pages" / "daily" / "share.js"}
SHOWN = sorted(
    {
        *WEB.glob("*.html"),
        *WEB.glob("parts/*.html"),
        *WEB.glob("tutorial/*.html"),
        *WEB.glob("js/**/*.js"),
        *WEB.glob("css/*.css"),
    }
    - EXCEPT
)


# Japanese's punctuation, kana, kanji and full-width forms: text, in the CJK font
# the README asks for (Debian's fonts-noto-cjk), not pictographs.
JAPANESE = ((0x3000, 0x30FF), (0x31F0, 0x31FF), (0x4E00, 0x9FFF), (0xFF01, 0xFF9F))


def plain(ch: str) -> bool:
    """Latin letters, Latin-1, general punctuation (dashes, quotes, narrow
    no-break space), the four plain arrows used to name the arrow keys, and
    Japanese writing."""
    c = ord(ch)
    return (
        c <= 0x24F
        or (0x2000 <= c <= 0x206F and c != 0x200D)
        or 0x2190 <= c <= 0x2193
        or any(lo <= c <= hi for lo, hi in JAPANESE)
    )


def test_the_shown_files_are_found():
    names = {p.name for p in SHOWN}
    assert {
        "index.html",
        "embed.html",
        "daily.html",
        "en.js",
        "fr.js",
        "ja.js",
        "sound.js",
        "theme.js",
        "top.html",
        "bar.js",
    } <= names


@pytest.mark.parametrize("path", SHOWN, ids=lambda p: str(p.relative_to(WEB)))
def test_no_emoji_or_pictograph(path):
    found = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        found += [
            f"line {n}: {ch!r} U+{ord(ch):04X} {unicodedata.name(ch, '?')}"
            for ch in line
            if not plain(ch)
        ]
    assert not found, (
        "characters that need an emoji or symbol font (draw an icon, icon.js):\n" + "\n".join(found)
    )


def test_the_check_catches_what_it_should():
    for ch in "🔊🔈⚙↶☀☾✓✕▶◀⟿⬜🟩\u200d\ufe0f":
        assert not plain(ch), ch
    for ch in "aé’–…\u202f×←→タイル竜。、（）":
        assert plain(ch), ch
