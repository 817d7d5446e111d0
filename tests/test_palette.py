"""The players' colours (web/js/lib/views/style.js) and the markers' edge (web/css/tsuro.css, on
the themes' colours of web/css/components.css):
the eight default colours stay apart under normal vision and simulated colour-vision
deficiencies, each still reads as its name, and a marker's outline stands out on every
colour of the board in both themes.  Thresholds: docs/accessibility.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.colour import MACHADO, VISIONS, ciede2000, contrast, delta_e, parse_hex, simulate
from tools.palette import NAMED, named_as, read_default_names, read_palette, worst_pairs
from tsuro_core.game import DEFAULT_COLORS

# the themes' colours (components.css, first) and the board's drawing (tsuro.css)
CSS = "\n".join(
    (Path(__file__).resolve().parents[1] / "web" / "css" / name).read_text(encoding="utf-8")
    for name in ("components.css", "tsuro.css")
)

# The smallest CIEDE2000 allowed between two default colours, per vision.
MIN_DELTA = {
    "normal": 20.0,
    "protanopia": 15.0,
    "deuteranopia": 15.0,
    "tritanopia": 15.0,
    "achromatopsia": 5.0,
}
# With the four extras a player may choose (twelve colours; greyscale cannot part them).
MIN_DELTA_ALL = {"normal": 14.0, "protanopia": 9.0, "deuteranopia": 9.0, "tritanopia": 9.0}
# What a marker can stand on or be shown on: the board, and the panels that list players.
UNDER_MARKERS = (
    "frame",
    "board-edge",
    "square",
    "tile",
    "bg",
    "panel",
    "panel-2",
    "active-bg",
    "winner-bg",
    "current-bg",
    "status-bg",
)


def defaults() -> dict:
    palette = read_palette()
    return {name: parse_hex(palette[name]) for name in read_default_names()}


def theme_vars(selector: str) -> dict[str, str]:
    """The custom properties a rule of tsuro.css sets (the first rule with `selector`)."""
    block = re.search(re.escape(selector) + r"\s*\{(.*?)\}", CSS, re.S)
    assert block, f"tsuro.css has no rule {selector}"
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", block.group(1)))


def themes() -> dict[str, dict[str, str]]:
    dark = theme_vars(":root")
    return {"dark": dark, "light": {**dark, **theme_vars(':root[data-theme="light"]')}}


def stroke_of(rule: str) -> tuple:
    m = re.search(re.escape(rule) + r"\s*\{[^}]*?stroke:\s*(#[0-9a-fA-F]{6})", CSS)
    assert m, f"tsuro.css: no stroke colour in {rule}"
    return parse_hex(m.group(1))


# Sharma, Wu and Dalal (2005), supplementary test data: pairs 1, 7, 17, 25, 34.
@pytest.mark.parametrize(
    "lab1,lab2,expected",
    [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ],
)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_simulated_dichromats_keep_greys_and_lose_their_missing_contrast():
    for vision, m in MACHADO.items():
        assert all(sum(row) == pytest.approx(1, abs=2e-3) for row in m), vision  # white stays white
        grey = simulate((0.5, 0.5, 0.5), vision)
        assert all(c == pytest.approx(0.5, abs=3e-3) for c in grey), vision
    red, green, blue, yellow = (1, 0, 0), (0, 0.6, 0), (0, 0, 1), (1, 1, 0)
    assert delta_e(red, green, "deuteranopia") < 0.5 * delta_e(red, green)
    assert delta_e(red, green, "protanopia") < 0.5 * delta_e(red, green)
    assert delta_e(red, green, "tritanopia") > 0.8 * delta_e(red, green)
    assert delta_e(blue, (0, 1, 1), "tritanopia") < 0.7 * delta_e(blue, (0, 1, 1))
    assert delta_e(yellow, (1, 1, 1), "achromatopsia") < 0.5 * delta_e(yellow, (1, 1, 1))


def test_the_page_has_the_engines_default_colours():
    assert read_default_names() == list(DEFAULT_COLORS)
    assert set(DEFAULT_COLORS) <= set(read_palette())


@pytest.mark.parametrize("name", list(DEFAULT_COLORS))
def test_each_default_colour_reads_as_its_name(name):
    assert named_as(name, defaults()[name]), f"{name}: outside its region {NAMED[name]} (L, C, h)"


@pytest.mark.parametrize("vision", VISIONS)
def test_default_colours_stay_apart(vision):
    d, a, b = worst_pairs(defaults(), vision)[0]
    assert d >= MIN_DELTA[vision], f"{vision}: {a} and {b} only {d:.1f} apart (CIEDE2000)"


@pytest.mark.parametrize("vision", list(MIN_DELTA_ALL))
def test_all_twelve_colours_stay_apart(vision):
    palette = {name: parse_hex(h) for name, h in read_palette().items()}
    assert all(named_as(name, c) for name, c in palette.items())
    d, a, b = worst_pairs(palette, vision)[0]
    assert d >= MIN_DELTA_ALL[vision], f"{vision}: {a} and {b} only {d:.1f} apart (CIEDE2000)"


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_markers_edge_stands_out_on_every_colour_it_meets(theme):
    """WCAG 1.4.11: the outline (dark) or the halo around it (light; the accent on the
    marker whose turn it is), 3:1 against what is under the marker; and the two against
    each other, so the edge shows between them."""
    colours = themes()[theme]
    ring = stroke_of(".marker-shape")
    assert re.search(r"\.marker\.active \.marker-halo\s*\{[^}]*stroke:\s*var\(--accent\)", CSS)
    for halo_name, halo in (
        ("halo", stroke_of(".marker-halo")),
        ("turn halo", parse_hex(colours["accent"])),
    ):
        assert contrast(ring, halo) >= 3, (
            f"{theme}: outline on the {halo_name}: {contrast(ring, halo):.2f}:1"
        )
        for var in UNDER_MARKERS:
            under = parse_hex(colours[var])
            best = max(contrast(ring, under), contrast(halo, under))
            assert best >= 3, (
                f"{theme}: a marker's edge ({halo_name}) on --{var} {colours[var]}: {best:.2f}:1"
            )


def test_start_marks_have_a_markers_edge():
    assert stroke_of(".start-dot") == stroke_of(".marker-shape")
    assert stroke_of(".start-halo") == stroke_of(".marker-halo")


def test_the_light_theme_is_the_same_chosen_or_from_the_system():
    system = re.search(
        r"@media \(prefers-color-scheme: light\)\s*\{\s*"
        r':root:not\(\[data-theme="dark"\]\)\s*\{(.*?)\}',
        CSS,
        re.S,
    )
    assert system, "tsuro.css: no system light theme block"
    chosen = theme_vars(':root[data-theme="light"]')
    assert dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", system.group(1))) == chosen
