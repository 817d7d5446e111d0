"""The move log's words (web/js/lib/words/movelog.js, neu.js) for real engine events, in Node:
squares and places in board coordinates (columns A.. from the left, rows 1.. from the
top), never the notation's [x, y, port]; English and French, with French typography
and plurals (tests/node/words.mjs prints the lines)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tsuro_core.api import call

SCRIPT = Path(__file__).resolve().parent / "words.mjs"
NAMES = ["Ann", "Bob", "Cy"]
SIDE = ["top", "top", "right", "right", "bottom", "bottom", "left", "left"]
HALF = ["left", "right", "upper", "lower", "right", "left", "lower", "upper"]
ACROSS = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def ok(op: str, args: dict[str, Any]) -> dict[str, Any]:
    r = call(op, args)
    assert r["ok"], r
    return r["result"]


def square(x: int, y: int) -> str:
    return f"{chr(65 + x)}{y + 1}"


def place_words(place: list, size: int = 6) -> str:
    """The English words for a marker's place, worked out here independently of coords.js."""
    x, y, port = place
    p = "ABCDEFGH".index(port) if isinstance(port, str) else port
    side, half = SIDE[p], HALF[p]
    if 0 <= x < size and 0 <= y < size:
        return f"the {side} side of {square(x, y)} ({half} point)"
    dx, dy = ACROSS[side]
    return f"the {OPPOSITE[side]} edge at {square(x + dx, y + dy)} ({half} point)"


def classic_game() -> list[list[dict]]:
    """A 3-player game to the end: scripted starts, then each player's first safe tile."""
    pos = ok("new_game", {"players": [{"name": n} for n in NAMES], "seed": 7})["position"]
    events = []
    for start in ([1, 0, "A"], [5, 2, "C"], [0, 5, "G"]):
        r = ok("play", {"position": pos, "move": {"start": start}})
        pos = r["position"]
        events.append(r["events"])
    rng = random.Random(3)
    while pos.get("turn") is not None:
        moves = ok("legal_moves", {"position": pos})["moves"]
        legal = [m for m in moves if m["legal"]]
        safe = [m for m in legal if not m["self_eliminating"]] or legal
        r = ok("play", {"position": pos, "move": rng.choice(safe)["move"], "seed": 1})
        pos = r["position"]
        events.append(r["events"])
    return events


def neu_game() -> list[list[dict]]:
    rng = random.Random(5)
    pos = ok("neu_new_game", {"players": [{"name": n} for n in NAMES]})["position"]
    events = []
    while pos["phase"] != "over":
        options = ok("neu_legal_moves", {"position": pos})
        if options["phase"] == "opening":
            sq = rng.choice(options["squares"])
            move = {
                "tile": options["handed"][0],
                "rot": 90,
                "square": sq["square"],
                "port": rng.choice(sq["ports"])["port"],
            }
        else:
            move = rng.choice([m for m in options["moves"] if m["legal"]])["move"]
        r = ok("neu_play", {"position": pos, "move": move})
        pos = r["position"]
        events.append(r["events"])
    return events


@pytest.fixture(scope="module")
def games():
    return classic_game(), neu_game()


def words(lang: str, games, site_assets) -> dict[str, list[list[str]]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    players = [{"name": n} for n in NAMES]
    cases = {
        "lang": lang,
        "classic": {"events": games[0], "players": players},
        "neu": {"events": games[1], "players": players},
    }
    proc = subprocess.run(
        [node, str(SCRIPT), str(site_assets)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


def test_english_log_speaks_board_coordinates(games, site_assets):
    classic, neu = games
    out = words("en", games, site_assets)
    log = out["classic"]
    assert log[0] == ["Ann starts on the top edge at B1 (left point)."]
    assert log[1] == ["Bob starts on the right edge at F3 (upper point)."]
    assert log[2] == ["Cy starts on the left edge at A6 (lower point)."]
    for events, lines in zip(classic[3:], log[3:]):
        place = next(e for e in events if e["type"] == "place")
        who = NAMES[place["seat"]]
        turned = f", turned {place['rot']}°," if place["rot"] else ""
        assert (
            lines[0] == f"{who} plays tile {place['tile']}{turned} on {square(*place['square'])}."
        )
        for e in (e for e in events if e["type"] == "move"):
            n = len(e["path"])
            verb = "follows" if e["seat"] == place["seat"] else "is carried along"
            expect = (
                f"{NAMES[e['seat']]}’s marker {verb} {n} tile{'' if n == 1 else 's'} "
                f"to {place_words(e['to'])}."
            )
            assert expect in lines, (expect, lines)
    assert log[-1][-1].startswith("Game over: ")
    assert any("goes off the edge of the board: out." in line for ls in log for line in ls)
    opening = [ls[0] for ls in out["neu"][:3]]
    for line, events in zip(opening, neu[:3]):
        place = next(e for e in events if e["type"] == "place")
        start = next(e for e in events if e["type"] == "start")
        x, y = place["square"]
        assert line == (
            f"{NAMES[place['seat']]} opens with tile {place['tile']}, turned 90°, on "
            f"{square(x, y)}, avatar on {place_words([x, y, start['port']], 10)}."
        )
    # the notation stays out of every line a player reads
    for ls in log + out["neu"]:
        for line in ls:
            assert "[" not in line and "undefined" not in line and "{" not in line, line


def test_french_log_is_french_with_its_typography_and_plurals(games, site_assets):
    out = words("fr", games, site_assets)
    lines = [line for ls in out["classic"] + out["neu"] for line in ls]
    assert out["classic"][0] == ["Ann part sur B1, bord haut (point de gauche)."]
    english = re.compile(r"\b(plays|starts|marker|the|tile|tiles|wins|out|edge|Game|opens|Round)\b")
    for line in lines:
        assert not english.search(line), line
        # a narrow no-break space before : ! ? ; and nowhere a plain space there
        assert not re.search(r"[^\u202f][:!?;]", line), line
        assert "{" not in line and "[" not in line, line
    assert any(line.startswith("Partie terminée\u202f: ") for line in lines)
    singular = [line for line in lines if re.search(r" suit 1 tuile", line)]
    plural = [line for line in lines if re.search(r" suit [2-9]\d* tuile", line)]
    assert singular and plural
    assert all("1 tuile jusqu" in line for line in singular)
    assert all("tuiles jusqu" in line for line in plural)


# The languages added after French: their log has no English word left, no
# placeholder or notation, and names squares as the board does (A1..F6).
LATER = sorted(
    p.stem
    for p in (Path(__file__).resolve().parents[2] / "web/js/lib/words/catalogues").glob("*.js")
    if p.stem not in ("en", "fr")
)
assert LATER, "no catalogue beyond English and French found: a moved folder?"
ENGLISH_LOG = re.compile(
    r"(?<![A-Za-z])(plays|starts|marker|the|tile|tiles|wins|out|edge|Game|opens|Round|follows|"
    r"carried|draws|collides?|point|side|top|bottom|left|right|upper|lower|nobody)(?![A-Za-z])"
)


@pytest.mark.parametrize("lang", LATER)
def test_log_in_every_later_language(games, lang, site_assets):
    out = words(lang, games, site_assets)
    lines = [line for ls in out["classic"] + out["neu"] for line in ls]
    for line in lines:
        assert not ENGLISH_LOG.search(line), (lang, line)
        assert "{" not in line and "[" not in line and "undefined" not in line, (lang, line)
    assert "B1" in out["classic"][0][0] and "Ann" in out["classic"][0][0], out["classic"][0]
    # every event told, as many lines as in English, the tile's square named
    english = words("en", games, site_assets)
    assert [len(ls) for ls in out["classic"]] == [len(ls) for ls in english["classic"]]
    assert [len(ls) for ls in out["neu"]] == [len(ls) for ls in english["neu"]]
    for events, told in zip(games[0][3:], out["classic"][3:]):
        place = next(e for e in events if e["type"] == "place")
        assert square(*place["square"]) in told[0], (lang, told[0])
