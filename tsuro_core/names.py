"""A player's name as a live room keeps it (docs/rooms.md, "Names"), the same rule
as the room page's ``web/js/lib/words/names.js``, so that a name a room keeps is
one :func:`notation._players` takes (at most 40 code points, no lone surrogate):

1. characters that are not text or could hide or reorder others are dropped:
   control characters, lone surrogates, zero-width space, the direction marks
   and overrides, the line and paragraph separators;
2. white space (an explicit list, the same in both) trimmed at both ends;
3. cut after :data:`MAX_NAME` user-perceived characters, never inside one (a
   character with its combining marks, an emoji with its modifiers and
   zero-width-joined parts, a flag's two letters), at most
   :data:`MAX_NAME_POINTS` code points in all;
4. trimmed again.

The clusters approximate Unicode's grapheme clusters (UAX #29) with only the
general category, which both languages have; tests/data/names.json holds the
cases both must agree on.  The ``clean_name`` operation answers it.
"""

from __future__ import annotations

import unicodedata

from . import jsonin
from .api_common import ApiError, Args, Operation
from .shapes import Name

MAX_NAME = 24
MAX_NAME_POINTS = 40


def _dropped(c: int) -> bool:
    """Whether a code point is dropped: a control character, a lone surrogate, a
    hidden or reordering mark."""
    return (
        c < 0x20
        or 0x7F <= c <= 0x9F
        or 0xD800 <= c <= 0xDFFF
        or c in (0x200B, 0x200E, 0x200F)
        or 0x2028 <= c <= 0x202E
        or 0x2066 <= c <= 0x2069
    )


_SPACE = frozenset(
    "\t\n\x0b\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u202f\u205f\u3000\ufeff"
)
_ZWJ = 0x200D


def _trim(s: str) -> str:
    a, b = 0, len(s)
    while a < b and s[a] in _SPACE:
        a += 1
    while b > a and s[b - 1] in _SPACE:
        b -= 1
    return s[a:b]


def _regional(c: int) -> bool:
    return 0x1F1E6 <= c <= 0x1F1FF


def clusters(s: str) -> list[str]:
    """The user-perceived characters of ``s`` (see the module's docstring)."""
    out: list[str] = []
    joined = regional = False
    for ch in s:
        c = ord(ch)
        extend = bool(out) and (
            joined
            or unicodedata.category(ch).startswith("M")
            or c == _ZWJ
            or 0x1F3FB <= c <= 0x1F3FF
            or 0xE0020 <= c <= 0xE007F
            or (regional and _regional(c))
        )
        if extend:
            out[-1] += ch
        else:
            out.append(ch)
        regional = _regional(c) and not (extend and regional)
        joined = c == _ZWJ
    return out


def clean_name(name: str) -> str:
    """``name`` cleaned and cut by the rule above ("" if nothing is left)."""
    text = _trim("".join(ch for ch in name if not _dropped(ord(ch))))
    kept: list[str] = []
    points = 0
    for cluster in clusters(text):
        if len(kept) == MAX_NAME or points + len(cluster) > MAX_NAME_POINTS:
            break
        kept.append(cluster)
        points += len(cluster)
    return _trim("".join(kept))


def op_clean_name(args: Args) -> Name:
    """``{name}`` -> ``{name}``: the name as a room keeps it ("" if nothing is left)."""
    name = args.get("name")
    if not isinstance(name, str):
        raise ApiError("bad_args", f"name: expected text, got {jsonin.show(name)}")
    return {"name": clean_name(name)}


OPS: dict[str, Operation] = {"clean_name": op_clean_name}
