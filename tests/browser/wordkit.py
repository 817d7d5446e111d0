"""The words a page shows, checked for English left behind: the strings a person meets
(TEXTS), the English words that give a page away (ENGLISH: French's check; english(lang):
another language's, less the words it shares), and the wait for a document's own words
(a document shows the static English of its HTML until its module has put in the
catalogue's: web/js/lib/words/i18n.js's applyTo, which sets <html lang> first)."""

from __future__ import annotations

import re

# Words that give English away (none of them is French); names the player chose aside.
ENGLISH = re.compile(
    r"\b(the|and|you|your|to|of|is|it|tile|tiles|player|players|game|move|moves|board|choose|play|"
    r"computer|out|with|start|off|edge|winner|wins|hint|undo|redo|new|copy|replay|share|loading|"
    r"engine|seat|marker|turn|rules|more|done|keys|waiting|first|last|previous|next)\b",
    re.I,
)

# Every string a person meets: visible text, the page title, labels and tooltips
# (aria-label, title, placeholder, SVG <title>), every option of every menu.
TEXTS = """() => {
  const foreign = (el) => {
    const l = el.closest('[lang]');
    return l && l !== document.documentElement && l.lang !== document.documentElement.lang;
  };
  const out = [document.title, document.querySelector('meta[name=description]')?.content || ''];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest('script, style, option') || foreign(el)) continue;
    const inSvgTitle = el.closest('svg title');
    if (!inSvgTitle && !el.checkVisibility()) continue;
    out.push(walker.currentNode.textContent);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (foreign(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder'])
      if (el.hasAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const o of document.querySelectorAll('option')) if (!foreign(o)) out.push(o.textContent);
  return out.map((s) => s.trim()).filter(Boolean);
}"""

# ENGLISH's words; a language keeps those it shares ("Computer" in German).
WORDS = re.search(r"\((.*)\)", ENGLISH.pattern, re.S).group(1).split("|")
SHARED = {"de": {"computer"}, "it": {"computer"}, "es": set(), "pt-BR": {"move"}, "ja": set()}


def english(lang: str) -> re.Pattern:
    """The English words a page in `lang` must not show (between non-letters: Japanese
    has no spaces for \\b to find)."""
    words = [w for w in WORDS if w not in SHARED[lang]]
    return re.compile(r"(?<![A-Za-z])(" + "|".join(words) + r")(?![A-Za-z])", re.I)


def wait_words(page_or_frame, lang: str, where: str = "") -> None:
    """Wait until the document has put in its words in `lang` (its <html lang>, set with
    them); fails saying the language it stayed in."""
    try:
        page_or_frame.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    except Exception as e:
        stayed = page_or_frame.evaluate("document.documentElement.lang")
        raise AssertionError(f"{where}: the document stayed in {stayed!r}, not {lang!r}") from e


def english_left(page_or_frame) -> list[str]:
    """The strings on the page or frame with an English word in them (ENGLISH)."""
    texts = page_or_frame.evaluate(TEXTS)
    return [s for s in texts if ENGLISH.search(s)]


def assert_french(page_or_frame, where: str) -> None:
    """The document is in French, with no English left."""
    wait_words(page_or_frame, "fr", where)
    left = english_left(page_or_frame)
    assert not left, (where, left)


def assert_in(page_or_frame, lang: str, where: str) -> None:
    """The document is in `lang` (not French: assert_french), with no English left, and
    no ASCII space after a Japanese full stop (sentences joined by i18n.sentences())."""
    wait_words(page_or_frame, lang, where)
    texts = page_or_frame.evaluate(TEXTS)
    left = [s for s in texts if english(lang).search(s)]
    assert not left, (lang, where, left)
    spaced = [s for s in texts if re.search(r"[。？！] ", s)]
    assert not spaced, (lang, where, spaced)
    assert texts, where
