"""The page shell: markup every page shares, written once in web/parts/ and
expanded into each page by the build, so that no page carries a copy.

A page names a part where it goes, with its settings:

    <!--#top class="app daily" section="daily" engine-->

puts web/parts/top.html there.  In a part, `{{name}}` is the setting's value
(written as it would stand in an attribute: the page gives it as HTML), and
`{{#name}}...{{/name}}` is kept only where the page gives that setting,
`{{^name}}...{{/name}}` only where it does not.  Two settings come from where
the page is, never from the page: `root` (the way up to the site's root: ""
or "../") and `home` (the home page's address from there).  A part may name
other parts.  A setting a part does not know, one it needs and was not given,
or a part that does not exist stops the build, naming the page.

The top bar's section: a page says which of the bar's places it belongs to
(`section="daily"`), and the bar's link to it (`data-section="daily"`) is
marked aria-current ("page" where it leads to this very page).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from .common import BuildError

FOLDER = "parts"
"""web/parts/: the shared markup.  Not pages: never served as they are."""

AUTOMATIC = ("root", "home")
"""The settings the build gives every part from the page's place in the site."""

_DIRECTIVE_RE = re.compile(r"<!--#([a-z][a-z0-9-]*)((?:\s+[a-z][a-z0-9-]*(?:=\"[^\"]*\")?)*)\s*-->")
_SETTING_RE = re.compile(r"([a-z][a-z0-9-]*)(?:=\"([^\"]*)\")?")
_SECTION_RE = re.compile(r"\{\{([#^])([a-z][a-z0-9-]*)\}\}(.*?)\{\{/\2\}\}", re.S)
_VALUE_RE = re.compile(r"\{\{([a-z][a-z0-9-]*)\}\}")
_NAMES_RE = re.compile(r"\{\{[#^/]?([a-z][a-z0-9-]*)\}\}")
_NAV_LINK_RE = re.compile(r"<a\b[^>]*\bdata-section=\"([a-z-]+)\"[^>]*>")
MAX_DEPTH = 8


def is_part(rel: str) -> bool:
    """A web/ file that is a part of the shell (web/parts/...), not a page."""
    return rel.startswith(FOLDER + "/")


def load_parts(web: Path) -> dict[str, str]:
    """web/parts/<name>.html, by name (without the file's last line break: the
    page's own, after the part's name, ends it)."""
    folder = web / FOLDER
    return {
        p.stem: p.read_text(encoding="utf-8").removesuffix("\n")
        for p in sorted(folder.glob("*.html"))
    }


def _settings(text: str, where: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for m in _SETTING_RE.finditer(text):
        if m.group(1) in out:
            raise BuildError(f"{where}: {m.group(1)} given twice")
        out[m.group(1)] = m.group(2)
    return out


def _fill(part: str, name: str, given: dict[str, str | None], where: str) -> str:
    """One part's text with the page's settings in it."""
    known = set(_NAMES_RE.findall(part))
    unknown = sorted(set(given) - known - set(AUTOMATIC))
    if unknown:
        raise BuildError(f"{where}: part {name!r} has no setting {', '.join(unknown)}")

    def section(m: re.Match[str]) -> str:
        present = m.group(2) in given and given[m.group(2)] != ""
        return m.group(3) if present == (m.group(1) == "#") else ""

    text = part
    while _SECTION_RE.search(text):
        text = _SECTION_RE.sub(section, text)

    def value(m: re.Match[str]) -> str:
        v = given.get(m.group(1))
        if v is None:
            raise BuildError(f'{where}: part {name!r} needs {m.group(1)}="..."')
        return v

    return _VALUE_RE.sub(value, text)


def _mark_section(html: str, section: str, page_rel: str) -> str:
    """aria-current on the top bar's link to the page's section."""
    links = [m for m in _NAV_LINK_RE.finditer(html) if m.group(1) == section]
    if len(links) != 1:
        raise BuildError(f"{page_rel}: the top bar has no place {section!r}")
    tag = links[0].group(0)
    href = re.search(r'\bhref="([^"]*)"', tag)
    target = posixpath.normpath(
        posixpath.join(posixpath.dirname(page_rel), href.group(1) if href else "")
    )
    this = posixpath.normpath(page_rel)
    here = target == this or posixpath.join(target, "index.html") == this
    current = tag[:-1] + f' aria-current="{"page" if here else "true"}">'
    return html[: links[0].start()] + current + html[links[0].end() :]


def expand(html: str, page_rel: str, parts: dict[str, str]) -> str:
    """A page with every part it names put in (BuildError naming the page where it
    names one wrongly)."""
    depth = page_rel.count("/")
    auto = {"root": "../" * depth, "home": "../" * depth if depth else "./"}
    sections: list[str] = []

    def put(m: re.Match[str], level: int) -> str:
        name = m.group(1)
        where = f"{page_rel}: <!--#{name}-->"
        if name not in parts:
            raise BuildError(f"{where}: there is no web/{FOLDER}/{name}.html")
        given = _settings(m.group(2), where)
        if "section" in given:
            if 'data-section="' not in parts[name] or not given["section"]:
                raise BuildError(f'{where}: section="..." names a place of the top bar')
            sections.append(str(given.pop("section")))
        text = _fill(parts[name], name, {**given, **auto}, where)
        if level >= MAX_DEPTH:
            raise BuildError(f"{where}: parts name each other in a circle")
        text = _DIRECTIVE_RE.sub(lambda n: put(n, level + 1), text)
        # indented as the part's name was
        line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
        return text.replace("\n", "\n" + line) if line.isspace() else text

    out = _DIRECTIVE_RE.sub(lambda m: put(m, 1), html)
    for section in sections:
        out = _mark_section(out, section, page_rel)
    return out
