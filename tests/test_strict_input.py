"""Each class of bad input of docs/reliability.md (engine and command lines), and
what it gets: an error value {code, message} from the API, one line on stderr
and exit status 2 from the command-line tools.  tests/test_fuzz.py throws
random and mutated input at the same doors."""

from __future__ import annotations

import base64
import io
import json
import math
import random
import re
import socket
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from fuzzkit import raw_link
from helpers import play_random, position

from tsuro_core import api, jsonin, notation, streamin
from tsuro_core.course import formats as course_formats
from tsuro_core.game import MAX_LISTED_EXCHANGES

ROOT = Path(__file__).resolve().parent.parent
WEST_H, EAST_C = [0, 2, "H"], [5, 3, "C"]


def error_code(op, args):
    answer = api.call(op, args)
    assert answer["ok"] is False, answer
    assert "\n" not in answer["error"]["message"]
    return answer["error"]["code"]


def big_exchange(hands0=(0, 1, 2, 3, 4)):
    """8 players, hands of 6: seat 0 may swap its 5 tiles for any of the 30 that
    6 players just eliminated hold: over 17 million exchanges."""
    hands = [list(hands0)] + [list(range(5 + 5 * k, 10 + 5 * k)) for k in range(6)] + [[]]
    markers = [WEST_H] + [[-1, s % 6, "C"] for s in range(1, 7)] + [EAST_C]
    pos = position(
        markers,
        hands,
        out=[1, 2, 3, 4, 5, 6],
        rules={"preset": "classic", "hand_size": 6, "elimination_bonus": True},
    )
    pos["exchange"] = [1, 2, 3, 4, 5, 6]
    return pos


def cli(*args, stdin=b"", module="tsuro_core"):
    proc = subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def assert_one_line_error(status, out, err, needle):
    assert status == 2 and out == "", (status, out, err)
    assert err.count("\n") == 1 and needle in err, err


# --------------------------------------------------------------- unbounded work

# Adversarial texts for the checks that read raw text before the parser does
# (jsonin.too_deep): a string of escaped quotes left open was quadratic (12 s for
# 64 KB), and the limits are 1 MiB for a request or a CLI's input, 256 KiB for
# what a link inflates to.
QUOTE_RUN = '"' + '\\"' * 8  # "\"\"\"... : every second character a quote
ADVERSARIAL = {
    "escaped quotes left open": lambda n: '"' + '\\"' * (n // 2),
    "backslashes": lambda n: '"' + "\\" * n,
    "odd backslashes then quotes": lambda n: ('"' + "\\" * 3 + '"') * (n // 5),
    "deep nesting": lambda n: "[" * n,
    "brackets in an open string": lambda n: '"' + "[" * n,
    "many strings": lambda n: '"x",' * (n // 4),
}
OLD_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
"""The string pattern too_deep used before: it needed the closing quote."""


def attempts_that_fail_after_reading(pattern, text):
    """Where ``pattern`` fails to match after reading past its first character:
    re.sub tries again one character on, so such failures make it quadratic."""
    return [i for i, c in enumerate(text) if c == '"' and pattern.match(text, i) is None]


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_the_nesting_check_reads_each_character_once(name):
    """Linear by design, shown without a clock: too_deep is three C-level passes
    (two re.sub, one accumulate) whose patterns are possessive, so a match never
    gives characters back; what remains is that no match attempt fails after
    reading ahead, which is what made the old pattern quadratic on an open
    string.  Checked at every quote of each adversarial text, at sizes n and 2n."""
    for n in (200, 400):
        text = ADVERSARIAL[name](n)
        assert attempts_that_fail_after_reading(jsonin.STRING, text) == []
    assert attempts_that_fail_after_reading(OLD_STRING, QUOTE_RUN) != []  # the check can fail


def test_the_nesting_check_agrees_with_the_parser():
    """nesting() is the depth the parser would reach: strings (escapes, brackets inside)
    aside, and a string left open running to the end of the text."""
    values = [0, "[", "\\", '"]', [], {}, {"a": ["[{", ["x\\", {"b": ['\\"]']}]]}]
    for v in values:
        for wrap in range(40):
            nested = v
            for _ in range(wrap):
                nested = [nested, "]]"] if wrap % 2 else {"k[": nested}
            deepest = jsonin.depth(nested)  # exact up to 33, where it stops counting
            assert min(jsonin.nesting(json.dumps(nested)), 33) == deepest
    assert jsonin.nesting('[["a\\"[[[') == 2  # the string never closes
    assert jsonin.nesting('["\\\\"[[') == 3  # an escaped backslash, then the quote closes


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_text_at_the_request_limit_is_a_clear_error(name):
    body = ADVERSARIAL[name](api.MAX_REQUEST_CHARS)
    request = ('{"op":"validate","args":{"position":' + body)[: api.MAX_REQUEST_CHARS]
    out = json.loads(api.handle_json(request))
    assert out["error"]["code"] == "bad_json", out
    assert json.loads(api.handle_json(request + " " * 2))["error"]["code"] == "bad_request"


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_text_inflated_from_a_short_link_is_a_clear_error(name):
    text = ADVERSARIAL[name](notation.MAX_LINK_JSON)[: notation.MAX_LINK_JSON].encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = base64.urlsafe_b64encode(packer.compress(text) + packer.flush()).decode()
    for fragment in ("r=1" + body, "p=1" + body):
        answer = api.call("decode_link", {"fragment": fragment})
        assert answer["error"]["code"] == "bad_link", answer
    answer = api.call("link_open", {"fragment": "g=1" + body})
    assert answer["error"]["code"] == "bad_link", answer


def test_adversarial_input_at_the_command_lines_limit_is_a_clear_error(tmp_path):
    text = ADVERSARIAL["escaped quotes left open"](jsonin.MAX_INPUT)[: jsonin.MAX_INPUT].encode()
    assert len(text) == jsonin.MAX_INPUT
    assert_one_line_error(*cli("replay", "-", stdin=text), "is not JSON")
    path = tmp_path / "record.json"
    path.write_bytes(text)
    assert_one_line_error(*cli("analyse", str(path)), "is not JSON")
    assert_one_line_error(*cli("xrules", stdin=text, module="tsuro_core.course"), "not JSON")


def padded(values: list[Any], total: int) -> bytes:
    """``values`` as JSON texts drowned in whitespace (spaces, newlines, tabs, between
    tokens and between values) to ``total`` bytes, the values' own text unchanged."""
    rng = random.Random(total)
    texts = [json.dumps(v) for v in values]
    blanks = total - sum(len(t) for t in texts)
    cuts = sorted(rng.randrange(blanks) for _ in range(len(texts)))
    runs = [b - a for a, b in zip([0, *cuts], [*cuts, blanks])]
    out = [" \n\t" * (runs[0] // 3) + " " * (runs[0] % 3)]
    for text, run in zip(texts, runs[1:]):
        out.append(text + "\n" * (run // 2) + " " * (run - run // 2))
    return "".join(out).encode()


def test_the_command_lines_take_any_whitespace_around_valid_json(tmp_path):
    """The limit bounds the JSON, not the blanks between it (issue 30): the course's
    xtiles test drowned in 2.8 MB of whitespace, and a record in 3 MB of it, are read
    as they are without it."""
    pairs = sorted((ROOT / "tests" / "data" / "neu-f19" / "xtiles").glob("*-in.json"))
    values = course_formats.read_values(pairs[0].read_text())
    expected = pairs[0].with_name(pairs[0].name.replace("-in", "-out")).read_text()
    stdin = padded(values, 2_800_000)
    assert len(stdin) == 2_800_000 > jsonin.MAX_INPUT
    for module in ("tsuro_core.course", "tsuro_core.neu"):
        status, out, err = cli("xtiles", stdin=stdin, module=module)
        assert status == 0, err
        assert [json.loads(x) for x in out.splitlines()] == [
            json.loads(x) for x in expected.splitlines() if x.strip()
        ]
    record = notation.to_record(play_random(4, 3))
    stdin = padded([record], 3_000_000)
    status, out, err = cli("replay", "-", stdin=stdin)
    assert status == 0 and json.loads(out) == api.call("replay", {"record": record})["result"]
    path = tmp_path / "record.json"
    path.write_bytes(stdin)
    status, out, err = cli("analyse", str(path))
    assert status == 0 and len(out.splitlines()) == len(record["moves"]), err


def test_an_error_in_padded_input_names_its_line_and_column_as_given():
    """Squeezed or not, a place is told as the input has it: the line and column
    Python's own parser gives for the whole text."""
    text = "\n" * 300_000 + '[0, 90, "A"]\n\n' + " " * 2_000_000 + '[0,    90 "A"]'
    with pytest.raises(json.JSONDecodeError) as caught:
        json.JSONDecoder().raw_decode(text, text.index("[0,    90"))
    where = f"line {caught.value.lineno} column {caught.value.colno}"
    assert where == "line 300003 column 2000011"  # the quote after 90
    status, _, err = cli("xtiles", stdin=text.encode(), module="tsuro_core.course")
    assert status == 2 and where in err, err
    text = "\n" * 300_000 + " " * 2_000_000 + "{]"
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    status, _, err = cli("replay", "-", stdin=text.encode())
    assert status == 2 and f"line {caught.value.lineno} column {caught.value.colno}" in err, err


def feed_endlessly(proc: subprocess.Popen[bytes], head: bytes, block: bytes, most: int) -> int:
    """Write ``head``, then ``block`` again and again, to ``proc``'s stdin until it stops
    reading (it closes its end) or ``most`` bytes are written; the bytes written."""
    assert proc.stdin is not None
    try:
        proc.stdin.write(head)
        written = len(head)
        while written < most:
            proc.stdin.write(block)
            written += len(block)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    return written


@pytest.mark.parametrize(
    "head, block, args, module",
    [
        (b"", b'[0, 90, "A"] ', ["xtiles"], "tsuro_core.course"),  # values without end
        (b'["', b"x" * 4096, ["xref"], "tsuro_core.neu"),  # a string without end
        (b"[", b"[1]," * 1024 + b" " * 100, ["replay", "-"], "tsuro_core"),  # a list
    ],
)
def test_an_endless_stream_of_json_is_refused_after_a_bounded_read(head, block, args, module):
    """A generator piped in, meant to write gigabytes: the command refuses it in one line
    with status 2 once its JSON passes 1 MiB, having read at most a chunk more; the
    writer sees the pipe close after a couple of megabytes, never the 64 MiB it
    offers (a stand-in for gigabytes: were it read to the end, the bound fails)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", module, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    written = feed_endlessly(proc, head, block * ((1 << 16) // len(block) + 1), 64 << 20)
    out, err = proc.communicate(timeout=120)
    assert_one_line_error(proc.returncode, out.decode(), err.decode(), "more than 1048576")
    assert written < 2 * jsonin.MAX_INPUT + 4 * streamin.CHUNK, written


def test_at_most_a_chunk_is_read_past_the_limit():
    """What read_stream takes from a stream of JSON without end: the limit and one chunk."""

    class Endless(io.RawIOBase):
        taken = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            buffer[:] = b"1," * (len(buffer) // 2)
            self.taken += len(buffer)
            return len(buffer)

    stream = Endless()
    with pytest.raises(jsonin.JsonInputError, match="more than 1048576 characters"):
        streamin.read_stream(stream, "stdin")
    assert jsonin.MAX_INPUT < stream.taken <= jsonin.MAX_INPUT + streamin.CHUNK


def test_a_deal_listing_a_tile_many_times_is_refused_in_linear_time():
    """The duplicate report counted each tile by scanning the whole deal (quadratic
    on a 200,000-tile pile in a 1 MiB request)."""
    record = notation.to_record(play_random(1, players=2))
    record["deal"]["pile"] = record["deal"]["pile"] + [0] * 200_000
    assert error_code("replay", {"record": record}) == "bad_record"


def test_hands_larger_than_the_rule_sets_are_refused():
    pos = big_exchange()
    pos["rules"] = {"preset": "classic", "elimination_bonus": True}  # hands of 3
    assert error_code("legal_moves", {"position": pos}) == "bad_position"
    assert "hold at most 3" in api.call("validate", {"position": pos})["error"]["message"]


def test_the_issues_share_link_is_refused_at_once():
    """A short link to an exchange with 20 tiles against 15: minutes of work before."""
    pos = position(
        [WEST_H, [-1, 0, "C"], EAST_C],
        [list(range(20)), list(range(20, 35)), []],
        out=[1],
        rules="elimination-bonus",
    )
    pos["exchange"] = [1]
    link = raw_link("p", pos)
    assert len(link) < 400
    answer = api.call("decode_link", {"fragment": link})
    assert (
        answer["error"]["code"] == "bad_link"
        and "hands hold at most 3" in answer["error"]["message"]
    )


def test_the_player_choosing_an_exchange_holds_less_than_a_full_hand():
    pos = big_exchange(hands0=(0, 1, 2, 3, 4, 35 - 1))
    pos["hands"][6] = pos["hands"][6][:-1]
    assert "at most 5" in api.call("validate", {"position": pos})["error"]["message"]


def test_a_huge_exchange_is_counted_not_listed_and_checked_directly():
    pos = big_exchange()
    answer = api.call("legal_moves", {"position": pos})["result"]
    assert answer["exchange"]["count"] > 17_000_000 > MAX_LISTED_EXCHANGES
    assert answer["moves"] == [] and answer["exchange"]["give"] == [0, 1, 2, 3, 4]
    assert notation.from_position(pos).listed_exchanges() is None  # the one place it is capped
    assert len(answer["exchange"]["take"]) == 30
    played = api.call("play", {"position": pos, "move": {"exchange": [[0, 34], [1, 5]]}, "seed": 1})
    assert played["ok"], played
    assert played["result"]["move"]["exchange"] == [[0, 34], [1, 5]]
    assert {5, 34} <= set(played["result"]["position"]["hands"][0])
    assert (
        error_code("play", {"position": pos, "move": {"exchange": [[0, 34], [1, 34]]}})
        == "illegal_move"
    )
    assert error_code("play", {"position": pos, "move": {"exchange": [[33, 34]]}}) == "illegal_move"


@pytest.mark.parametrize("bot", ["random", "survivor", "planner"])
def test_bots_choose_a_huge_exchange_without_listing_it(bot):
    pos = big_exchange()
    answer = api.call("bot_move", {"position": pos, "bot": bot, "seed": 3, "iterations": 1})
    move = answer["result"]["move"]
    assert api.call("play", {"position": pos, "move": move, "seed": 1})["ok"], move


def test_the_largest_classic_exchange_is_listed_in_full():
    """8 players, hands of 3: 2 tiles in hand against the 18 of the 6 players just
    out give 343 exchanges (a 7th out would have ended the game)."""
    hands = [[0, 1]] + [[2 + 3 * k, 3 + 3 * k, 4 + 3 * k] for k in range(7)]
    markers = [WEST_H] + [[-1, s % 6, "C"] for s in range(1, 7)] + [EAST_C]
    pos = position(markers, hands, out=list(range(1, 7)), rules="elimination-bonus")
    pos["exchange"] = list(range(1, 7))
    answer = api.call("legal_moves", {"position": pos})["result"]
    assert answer["exchange"]["count"] == len(answer["moves"]) == 343
    assert len(notation.from_position(pos).listed_exchanges() or []) == 343
    pos["out"], pos["exchange"] = list(range(1, 8)), list(range(1, 8))
    pos["markers"][7] = [-1, 1, "C"]
    assert error_code("legal_moves", {"position": pos}) == "bad_position"  # the game is over


@pytest.mark.parametrize(
    "args, message",
    [
        ({"budget_ms": 501}, "budget_ms: expected a number 1..500"),
        ({"iterations": 33}, "iterations: expected a whole number 1..32"),
        ({"iterations": 2.0}, "iterations: expected a whole number"),
        ({"iterations": True}, "iterations"),
        ({"budget_ms": float("nan")}, "budget_ms"),
        ({"seed": 1.5}, "seed"),
        ({"bot": "foo"}, 'unknown bot "foo"'),
    ],
)
def test_bot_ops_cap_their_work_and_check_their_arguments(args, message):
    pos = api.call("new_game", {"seed": 1})["result"]["position"]
    answer = api.call("bot_move", {"position": pos, **args})
    assert answer["error"]["code"] == "bad_args" and message in answer["error"]["message"]


NORTH_A, OFF = [3, 0, "A"], [-1, 1, "C"]
UNREACHABLE = {
    "the mover holds no tile, the pile empty": (
        dict(markers=[WEST_H, EAST_C], hands=[[], [4, 5, 6]]),
        "hands[0]: seat 0 is to move but holds no tile",
    ),
    "the mover holds no tile, tiles in the pile": (
        dict(markers=[WEST_H, EAST_C], hands=[[], [4, 5, 6]], pile=[7, 8]),
        "holds no tile",
    ),
    "a tile down before every marker is placed": (
        dict(markers=[None, None], hands=[[1, 2, 3], [4, 5, 6]], tiles=[[2, 2, 9, 0]]),
        "no tile is played before every marker",
    ),
    "one marker left and the game goes on": (
        dict(markers=[WEST_H, OFF], hands=[[1, 2, 3], []], out=[1]),
        "1 marker(s) are left",
    ),
    "an exchange the rules do not offer": (
        dict(
            markers=[WEST_H, EAST_C, OFF],
            hands=[[1, 2], [4, 5, 6], [7, 8, 9]],
            out=[2],
            exchange=[2],
        ),
        "exchange: the elimination-bonus exchange is offered only",
    ),
    "an exchange for a player who holds nothing": (
        dict(
            markers=[WEST_H, EAST_C, OFF],
            hands=[[1, 2], [4, 5, 6], []],
            out=[2],
            exchange=[2],
            rules="elimination-bonus",
        ),
        "for the tiles of eliminated players who hold some",
    ),
    "the dragon held while the pile has tiles": (
        dict(
            markers=[WEST_H, EAST_C, NORTH_A],
            hands=[[1, 2, 3], [4, 5], [7, 8, 9]],
            pile=[10],
            dragon=1,
        ),
        "dragon: is held while the pile has tiles",
    ),
    "over while two markers are in and tiles remain": (
        dict(markers=[WEST_H, EAST_C], hands=[[1, 2, 3], [4, 5, 6]], turn=None),
        "the game is over, but 2 markers are still in",
    ),
    "over with a marker never placed": (
        dict(markers=[WEST_H, None], hands=[[], []], turn=None),
        "a marker was never placed",
    ),
    "a winner who is out while others are in": (
        dict(markers=[WEST_H, EAST_C, OFF], hands=[[], [], []], out=[2], turn=None, winners=[2]),
        "winners: expected [0, 1] under 'survival' scoring",
    ),
    "a player still in left out of the winners": (
        dict(markers=[WEST_H, EAST_C, OFF], hands=[[], [], []], out=[2], turn=None, winners=[0]),
        "winners: expected [0, 1]",
    ),
    "all out, and a winner not out on the last move": (
        dict(markers=[OFF, [-1, 2, "C"]], hands=[[], []], out=[0, 1], turn=None, winners=[0]),
        "the last entries of out",
    ),
    "all out, and nobody wins": (
        dict(markers=[OFF, [-1, 2, "C"]], hands=[[], []], out=[0, 1], turn=None, winners=[]),
        "the last entries of out",
    ),
    "a longest-path winner with the shorter path": (
        dict(
            markers=[[1, 2, "H"], EAST_C],
            hands=[[], []],
            tiles=[[0, 2, 9, 0]],
            turn=None,
            winners=[1],
            rules="longest-path",
        ),
        "under 'longest_path' scoring",
    ),
}


@pytest.mark.parametrize("name", sorted(UNREACHABLE))
def test_unreachable_positions_are_refused_unless_marked_as_sketches(name):
    """Positions where the game would stop with nobody able to move, or whose result
    contradicts the board: validate says why; a lesson marks them as sketches."""
    kwargs, needle = UNREACHABLE[name]
    kwargs = dict(kwargs)
    extra = {k: kwargs.pop(k) for k in ("exchange", "winners") if k in kwargs}
    pos = {**position(kwargs.pop("markers"), kwargs.pop("hands"), **kwargs), **extra}
    answer = api.call("validate", {"position": pos})
    assert answer["error"]["code"] == "invalid" and needle in answer["error"]["message"], answer
    assert error_code("legal_moves", {"position": pos}) == "bad_position"
    assert api.call("validate", {"position": {**pos, "sketch": True}})["ok"]
    assert error_code("validate", {"position": {**pos, "sketch": 1}}) == "invalid"


def test_positions_like_the_unreachable_ones_but_reachable_are_accepted():
    """The same shapes where a game does reach them: the checks are not too wide."""
    for kwargs, extra in (
        (dict(markers=[OFF, [-1, 2, "C"]], hands=[[], []], out=[0, 1], turn=None), [1]),
        (dict(markers=[OFF, [-1, 2, "C"]], hands=[[], []], out=[0, 1], turn=None), [0, 1]),
        (dict(markers=[WEST_H, EAST_C, OFF], hands=[[], [], []], out=[2], turn=None), [0, 1]),
        (dict(markers=[WEST_H, OFF], hands=[[1], []], out=[1], turn=None), [0]),
    ):
        pos = {**position(kwargs.pop("markers"), kwargs.pop("hands"), **kwargs), "winners": extra}
        assert api.call("validate", {"position": pos})["ok"], pos
    pos = position([WEST_H, EAST_C, NORTH_A], [[1, 2, 3], [4, 5], [7, 8, 9]], dragon=1)
    assert api.call("validate", {"position": pos})["ok"]


def test_bots_refuse_positions_where_the_mover_has_no_move():
    """Tutorial positions may leave out the hands, or cover every start mark."""
    no_hands = position([WEST_H, EAST_C], [[], []], sketch=True)
    covered = position(
        [None, None],
        [[1], [2]],
        tiles=[[0, 0, 5, 0]],
        rules={"preset": "classic", "width": 1, "height": 1},
        sketch=True,
    )
    for pos in (no_hands, covered):
        assert api.call("legal_moves", {"position": pos})["result"]["moves"] == []
        for bot in ("random", "survivor", "planner"):
            assert (
                error_code("bot_move", {"position": pos, "bot": bot, "iterations": 1})
                == "bad_position"
            )


# ------------------------------------------------------------------ loose types


@pytest.fixture(scope="module")
def tile_position():
    game = api.call("new_game", {"seed": 4, "players": 2})["result"]["position"]
    for place in ([0, 2, "H"], [5, 3, "C"]):
        game = api.call("play", {"position": game, "move": {"start": place}})["result"]["position"]
    return game


@pytest.mark.parametrize("rot", [90.0, -0.0, 0.0, True, "90", None])
def test_a_rotation_is_a_whole_number(tile_position, rot):
    tile = tile_position["hands"][0][0]
    assert (
        error_code("play", {"position": tile_position, "move": {"tile": tile, "rot": rot}})
        == "illegal_move"
    )
    assert (
        error_code("preview", {"position": tile_position, "tile": tile, "rot": rot}) == "bad_args"
    )
    pos = dict(tile_position, tiles=[[3, 3, 30, rot]])
    assert error_code("validate", {"position": pos}) == "invalid"


@pytest.mark.parametrize("rot", [90.0, -0.0, True])
def test_a_rotation_is_a_whole_number_in_the_course_variant_too(rot):
    pos = api.call("course_new_game", {"players": [{"name": n} for n in "ABC"]})["result"][
        "position"
    ]
    move = api.call("course_bot_move", {"position": pos, "seed": 1})["result"]["move"]
    assert api.call("course_play", {"position": pos, "move": move})["ok"]
    assert error_code("course_play", {"position": pos, "move": {**move, "rot": rot}}) == "bad_args"
    after = api.call("course_play", {"position": pos, "move": move})["result"]["position"]
    after["tiles"][0][3] = rot
    assert error_code("course_legal_moves", {"position": after}) == "bad_position"


@pytest.mark.parametrize(
    "move",
    [
        {"tile": True, "rot": 0},
        {"tile": 1.0, "rot": 0},
        {"start": [True, 2, "H"]},
        {"start": [0, 2.0, "H"]},
        {"start": [0, 2, True]},
        {"exchange": [[True, 1]]},
    ],
)
def test_booleans_and_floats_are_not_tile_numbers_or_coordinates(tile_position, move):
    start = api.call("new_game", {"seed": 4})["result"]["position"]
    for pos in (start, tile_position):
        assert error_code("play", {"position": pos, "move": move}) == "illegal_move"


@pytest.mark.parametrize(
    "move",
    [
        {"tile": 3, "rot": 0, "legal": True},
        {"start": [0, 2, "H"], "tile": 3},
        {"start": [0, 2, "H"], "seat": 1},
        {"exchange": [], "rot": 90},
        {"tile": 3, "rot": 0, "__proto__": {}},
    ],
)
def test_a_move_with_a_field_it_does_not_use_is_refused(tile_position, move):
    """A move carries its kind's fields (and a record's reshuffle), nothing else: a field it
    does not use (a host page's, a link's) is refused, not quietly dropped."""
    start = api.call("new_game", {"seed": 4})["result"]["position"]
    for pos in (start, tile_position):
        answer = api.call("play", {"position": pos, "move": move})
        message = answer["error"]["message"]
        assert answer["error"]["code"] == "illegal_move"
        assert "has no field" in message or "not time" in message
    kind = next(k for k in ("start", "tile", "exchange") if k in move)
    unused = next(k for k in move if k not in (kind, "rot" if kind == "tile" else kind))
    pos = start if kind == "start" else tile_position
    answer = api.call("play", {"position": pos, "move": move})
    assert f"has no field {json.dumps(unused)}" in answer["error"]["message"]


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1.5e309", "9" * 400 + ".0"])
def test_numbers_that_overflow_to_infinity_are_refused(number):
    """JSON has no Infinity, and a number too large for a double is read as one by Python
    (and JavaScript): refused wherever text comes in, as Infinity is."""
    request = '{"op": "new_game", "args": {"seed": ' + number + "}}"
    out = json.loads(api.handle_json(request))
    assert out["error"]["code"] == "bad_json" and "too large" in out["error"]["message"]
    game = api.call("new_game", {"seed": 3})["result"]
    text = json.dumps(game["position"]).replace('"turn": 0', f'"turn": {number}')
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    link = "p=1" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert error_code("decode_link", {"fragment": link}) == "bad_link"
    assert api.call("new_game", {"seed": 1e300})["error"]["code"] == "bad_args"  # finite: checked


def test_true_is_not_tile_1_in_a_reshuffle():
    record, k, move = next(
        (r, k, m)
        for r in (notation.to_record(play_random(s, 4)) for s in range(100))
        for k, m in enumerate(r["moves"])
        if 1 in m.get("reshuffle", ())
    )
    move["reshuffle"] = [True if t == 1 else t for t in move["reshuffle"]]
    answer = api.call("replay", {"record": record})
    assert answer["error"]["code"] == "bad_record" and f"move {k}" in answer["error"]["message"]


@pytest.mark.parametrize(
    "seed", [1.5, 1.0, float("nan"), float("inf"), 10**22, 2**53, True, [1], "x" * 101]
)
def test_a_seed_is_a_whole_number_javascript_keeps_or_short_text(seed):
    assert error_code("new_game", {"seed": seed}) == "bad_args"
    record = notation.to_record(play_random(3, 2))
    record["seed"] = seed
    # NaN and infinity are no JSON: refused as arguments before the record is read
    finite = not isinstance(seed, float) or math.isfinite(seed)
    assert error_code("replay", {"record": record}) == ("bad_record" if finite else "bad_args")
    with pytest.raises(notation.NotationError, match="seed"):
        notation.replay(record)
    # A seed used once (a shuffle, a bot's move) is not kept: any whole number will do.
    pos = api.call("new_game", {"seed": 1})["result"]["position"]
    answer = api.call("play", {"position": pos, "move": {"start": WEST_H}, "seed": seed})
    assert answer["ok"] is (seed in (10**22, 2**53))
    answer = api.call("bot_move", {"position": pos, "bot": "random", "seed": seed})
    assert answer["ok"] is (seed in (10**22, 2**53))


def test_every_accepted_seed_makes_a_record_that_replays():
    for seed in (0, -5, 2**53 - 1, "any text", "é/3"):
        record = api.call("new_game", {"seed": seed})["result"]["record"]
        again = json.loads(jsonin.dumps(record))  # through JSON, as the page keeps it
        assert api.call("replay", {"record": again})["ok"]


@pytest.mark.parametrize(
    "rules",
    [{"preset": []}, {"preset": {}}, {"scoring": []}, {"hand_size": 3.0}, {"open_hands": 1}, [], 3],
)
def test_rule_sets_of_the_wrong_types_are_refused(rules):
    assert error_code("new_game", {"rules": rules}) == "bad_rules"


@pytest.mark.parametrize(
    "players, message",
    [
        (9, "2-8 players"),
        (2.0, "players"),
        (True, "players"),
        ([{"name": "A", "color": "red", "age": 3}, {"name": "B"}], "unknown field"),
        ([{"name": "A", "color": "r" * 41}, {"name": "B"}], "at most 40"),
    ],
)
def test_players_are_checked(players, message):
    answer = api.call("new_game", {"players": players})
    assert answer["error"]["code"] == "bad_players" and message in answer["error"]["message"]


def test_a_lone_surrogate_in_a_players_name_is_refused():
    """As an argument it is no text (bad_args, naming the field); in a record read
    from text, the record's fault."""
    answer = api.call("new_game", {"players": [{"name": "A\ud800"}, {"name": "B"}]})
    assert answer["error"]["code"] == "bad_args"
    assert answer["error"]["message"].startswith("players[0].name: holds a lone surrogate")
    record = notation.to_record(play_random(3, 2))
    record["players"][0]["name"] = "A\ud800"
    with pytest.raises(notation.NotationError, match=r"players\[0\]\.name: holds a lone"):
        notation.replay(record)


def test_other_argument_types_are_refused():
    pos = api.call("new_game", {"seed": 1})["result"]["position"]
    assert error_code("legal_moves", {"position": pos, "all": 1}) == "bad_args"
    assert error_code("encode_link", {}) == "bad_args"


def test_the_engine_never_writes_nan():
    out = api.handle_json('{"op": "new_game", "args": {"seed": NaN}}')
    assert json.loads(out)["error"]["code"] == "bad_json"
    answer = api.call("new_game", {"seed": float("nan")})
    assert answer["error"]["code"] == "bad_args"
    with pytest.raises(ValueError):
        jsonin.dumps({"x": float("nan")})


# ------------------------------------------------------- non-project exceptions


def test_deep_nesting_is_an_error_value():
    for depth in (40, 1000, 100_000):
        out = json.loads(api.handle_json('{"op":"validate","args":{"position":' + "[" * depth))
        assert out["error"]["code"] == "bad_json"
        deep = json.dumps({"op": "validate", "args": {"position": 0}}).replace(
            "0}", "[" * depth + "]" * depth + "}"
        )
        out = json.loads(api.handle_json(deep))
        assert out["error"]["code"] == "bad_json" and "deeper than 32" in out["error"]["message"]
    value: list = []
    for _ in range(5000):
        value = [value]
    assert api.call("validate", {"position": value})["error"]["code"] == "bad_args"


def test_text_that_is_not_utf8_is_an_error_value():
    out = json.loads(api.handle_json(b'{"op": "version", "args": {"x": "\xff"}}'))
    assert out["error"]["code"] == "bad_json" and "not UTF-8" in out["error"]["message"]
    assert json.loads(api.handle_json(b'{"op": "version"}'))["ok"]


def test_an_unexpected_exception_is_still_a_value_coded_internal(monkeypatch):
    def broken(args):
        return {}["missing"]

    monkeypatch.setitem(api.OPS, "version", broken)
    answer = api.call("version", {})
    assert answer["error"]["code"] == "internal" and "KeyError" in answer["error"]["message"]


def test_error_messages_stay_short_whatever_the_input(tile_position):
    huge = list(range(100_000))
    calls = [
        ("validate", {"position": {f"k{i}": i for i in range(10_000)}}),
        ("play", {"position": tile_position, "move": {"exchange": [[1, 2]] * 50_000}}),
        ("play", {"position": tile_position, "move": {"tile": huge, "rot": 0}}),
        ("replay", {"record": {"format": "tsuro-record/1", **{str(i): 0 for i in huge}}}),
        ("new_game", {"rules": {"preset": "x" * 100_000}}),
        ("course_play", {"position": huge}),
        ("bot_move", {"position": tile_position, "bot": "x" * 100_000}),
    ]
    for op, args in calls:
        answer = api.call(op, args)
        assert not answer["ok"] and len(answer["error"]["message"]) < 300, (op, answer)


def test_oversized_requests_are_refused_unread():
    out = json.loads(api.handle_json(" " * (api.MAX_REQUEST_CHARS + 1)))
    assert out["error"]["code"] == "bad_request"


# ------------------------------------------------------------------ share links


def test_a_deflate_bomb_stops_at_the_inflated_size_limit():
    bomb = raw_link("r", {"format": "tsuro-record/1", "pad": " " * (notation.MAX_LINK_JSON * 4)})
    assert len(bomb) < 3000
    answer = api.call("decode_link", {"fragment": bomb})
    assert (
        answer["error"]["code"] == "bad_link"
        and "inflates to more than" in answer["error"]["message"]
    )


def test_overlong_links_and_links_holding_bad_json_are_refused():
    assert (
        "longer than"
        in api.call("decode_link", {"fragment": "r=1" + "A" * 70_000})["error"]["message"]
    )
    for inside in ('{"a": NaN}', "[" * 100 + "]" * 100, b"\xff\xfe"):
        text = inside if isinstance(inside, bytes) else inside.encode()
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        body = base64.urlsafe_b64encode(packer.compress(text) + packer.flush()).decode()
        assert error_code("decode_link", {"fragment": "p=1" + body}) == "bad_link"


# ------------------------------------------------------------- the command lines


@pytest.mark.parametrize(
    "stdin, needle, harness_needle",
    [
        (b"\xff\xfe{}", "not UTF-8", "not UTF-8"),
        (b"[" * 100_000, "deeper than 32", "deeper than 32"),
        (b'{"format": NaN}', "NaN is not JSON", "NaN is not JSON"),
        (b"", "is not JSON", "got no input"),
    ],
)
def test_cli_bad_input_is_one_line_and_status_2(stdin, needle, harness_needle, tmp_path):
    assert_one_line_error(*cli("replay", "-", stdin=stdin), needle)
    path = tmp_path / "game.json"
    path.write_bytes(stdin)
    assert_one_line_error(*cli("analyse", str(path)), needle)
    assert_one_line_error(*cli("xboard", stdin=stdin, module="tsuro_core.course"), harness_needle)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["selfplay", "--bots", "foo,random"], 'unknown bot "foo"'),
        (["selfplay", "--bots", "random"], "2 to 8"),
        (["selfplay", "--bots", "random,random", "--jobs", "0"], "--jobs"),
        (["selfplay", "--bots", "random,random", "--games", "x"], "invalid int value"),
        (["replay"], "required"),
        (["frobnicate"], "invalid choice"),
        (["replay", "/no/such/file.json"], "cannot read"),
    ],
)
def test_cli_usage_errors_are_one_line_and_status_2(args, needle):
    assert_one_line_error(*cli(*args), needle)


def test_build_serve_on_a_busy_port_is_one_line_and_status_2():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "build.py", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in proc.stderr
