"""The accessibility audit's parts shared by the browser tests: axe-core (npm,
package.json; `npm ci` installs it) and the run that lists its serious and critical
violations (WCAG 2.1 A and AA, and axe's best practices); Checker, which at each phase
of a walk checks the words (wordkit) and runs axe in both themes; text contrast (WCAG
2.1 AA, contrast.js); touch targets of 44 px and no sideways scrolling."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pagekit
import pytest
from wordkit import english_left, wait_words

from tools.colour import parse_hex
from tools.palette import read_palette

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# axe's tags for WCAG 2.1 A and AA, and its best practices.
TAGS = "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']"
# The rules that read colours: all a change of theme can change (the themes differ only
# in colour custom properties: web/css/components.css).
COLOUR_RULES = "['color-contrast', 'link-in-text-block']"
# resultTypes: axe works out only the violations' nodes in full (the passes and the rest get
# one node each, which nothing here reads): the same violations, 0.09 CPU-s a run on the
# game page against 0.13 (medians of 5, the 2-core machine).
AXE_RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'], runOnly: %s });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
}"""
# WCAG 2.1 A and AA, and axe's best practices.
RUN = AXE_RUN % f"{{ type: 'tag', values: {TAGS} }}"
# Only the rules that read colours (a second theme of a page RUN has audited).
RUN_COLOURS = AXE_RUN % f"{{ type: 'rule', values: {COLOUR_RULES} }}"


@functools.cache
def axe_source() -> str:
    """axe-core's script (an init script in the tests' contexts: the site's CSP does not
    apply to it); fails the test if npm has not installed it."""
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run `npm ci` in the project root (.ci/run does)")
    return AXE.read_text(encoding="utf-8")


class Checker:
    """At each phase: no English left (French pages, `words`) in the page and in each of
    its frames, once each has its words in, and no serious axe violation in the light and
    in the dark theme (the system's choice, switched on the spot): every rule in the light
    one, and in the dark one the rules that read colours (RUN_COLOURS), since a theme
    changes nothing else."""

    def __init__(self, lang: str, words: bool):
        self.lang, self.words, self.seen = lang, words, []

    def __call__(self, page, where: str) -> None:
        self.seen.append(where)
        if self.words:
            for frame in page.frames:
                if frame.url.startswith("http"):
                    wait_words(frame, self.lang, f"{where}: {frame.url}")
                    left = english_left(frame)
                    assert not left, (where, frame.url, left)
        for theme, run in (("light", RUN), ("dark", RUN_COLOURS)):
            page.emulate_media(color_scheme=theme)
            found = page.evaluate(run)
            assert not found, "\n".join(
                [f"{where} ({theme})"]
                + [
                    f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"])
                    for v in found
                ]
            )


# ------------------------------------------------------------------ text contrast

COLLECT = (Path(__file__).resolve().parent / "contrast.js").read_text(encoding="utf-8")
WHITE = [255, 255, 255]


class Contrast:
    """The texts measured on one page, and those below AA."""

    def __init__(self, page, server: str):
        self.page, self.server = page, server
        self.failures: list[str] = []
        self.seen: list[dict] = []

    def _base(self, frame):
        """The colour behind a frame's document: its <iframe>'s backdrop in the parent."""
        if frame.parent_frame is None:
            return WHITE
        return frame.parent_frame.evaluate(
            COLLECT,
            {
                "mode": "backdrop",
                "el": frame.frame_element(),
                "base": self._base(frame.parent_frame),
            },
        )

    def check(self, where: str) -> None:
        """Measure every frame of the page in both themes."""
        for theme in ("light", "dark"):
            for frame in self.page.frames:
                frame.evaluate("(t) => { document.documentElement.dataset.theme = t; }", theme)
            for frame in self.page.frames:
                for t in frame.evaluate(COLLECT, {"mode": "texts", "base": self._base(frame)}):
                    t["at"] = f"{where}, {theme}"
                    self.seen.append(t)
                    need = 3.0 if t["large"] else 4.5
                    if t["ratio"] < need:
                        self.failures.append(
                            f"{t['at']}: {t['where']} {t['text']!r} {t['px']} px: "
                            f"{t['ratio']} < {need} (text {t['fg']} on {t['bg']})"
                        )

    def assert_ok(self, *must_see: str) -> None:
        """No text below AA; and the texts `must_see` (parts of `where`) were measured."""
        print(
            f"{len(self.seen)} texts measured; below AA:",
            *sorted(set(self.failures)),
            sep="\n",
            file=sys.stderr,
        )
        # a marker's number was measured on its marker (the SVG hit test found the shape)
        colours = {tuple(round(c * 255) for c in parse_hex(h)) for h in read_palette().values()}
        labels = [t for t in self.seen if "text.marker-label" in t["where"]]
        missed = [t for t in labels if tuple(t["bg"]) not in colours]
        assert not missed, f"marker numbers measured off their marker: {missed[:5]}"
        for part in must_see:
            assert any(part in t["where"] for t in self.seen), f"no text like {part!r} was measured"
        assert not self.failures, "text below WCAG AA contrast:\n" + "\n".join(
            sorted(set(self.failures))
        )


# ------------------------------------------------------------------ touch and the phone

# Visible controls smaller than 44 x 44 CSS px (inline links in prose aside).
TARGETS = """() => [...document.querySelectorAll('button, select, input, a, summary, textarea')]
  .filter((el) => el.checkVisibility() && !el.closest('svg, .visually-hidden')
    && el.type !== 'checkbox')
  .map((el) => {
    const r = el.getBoundingClientRect();
    return { what: el.id || el.className || el.tagName, w: r.width, h: r.height,
      inline: getComputedStyle(el).display === 'inline' };
  })
  .filter((t) => !t.inline && (t.w < 44 || t.h < 44))"""


def fits(page, width, where):
    """Every visible control is a 44 px target and nothing sticks out sideways."""
    small = page.evaluate(TARGETS)
    assert not small, f"{where}: targets under 44 x 44 px: {small}"
    pagekit.no_sideways_scroll(page, width, where)
