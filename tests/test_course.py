"""The course variant (tsuro_core.course): the instructor's test pairs through the
CLI (and its first name, tsuro_core.neu), plus the rules the pairs rely on, one by one."""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tsuro_core.course import formats, harness
from tsuro_core.course import rules as course
from tsuro_core.tiles import PARTNER, port_index

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "neu-f19"
HARNESSES = ("xtiles", "xboard", "xrules", "xref")


def run_cli(
    harness: str, stdin: str, module: str = "tsuro_core.course"
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", module, harness],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def pairs() -> list[tuple[str, Path]]:
    found = [(h, p) for h in HARNESSES for p in sorted((DATA / h).glob("*-in.json"))]
    assert len(found) == 26, "the instructor's suite has 3 + 9 + 11 + 3 pairs"
    return found


# ---------------------------------------------------------------------------
# The instructor's tests, through the command line.


@pytest.mark.parametrize(
    "harness,infile", pairs(), ids=lambda v: v.name if isinstance(v, Path) else v
)
def test_instructor_pair(harness: str, infile: Path) -> None:
    expected = [
        json.loads(line)
        for line in infile.with_name(infile.name.replace("-in", "-out")).read_text().splitlines()
        if line.strip()
    ]
    proc = run_cli(harness, infile.read_text())
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line) for line in proc.stdout.splitlines()] == expected
    assert all(
        line == json.dumps(json.loads(line), separators=(",", ":"))
        for line in proc.stdout.splitlines()
    ), "one compact JSON value per line"


def test_the_documented_command_by_its_first_name_runs_the_same() -> None:
    """``python -m tsuro_core.neu`` (docs/course.md, the README) is kept as an alias."""
    infile = DATA / "xboard" / "1-in.json"
    alias = run_cli("xboard", infile.read_text(), module="tsuro_core.neu")
    assert alias.returncode == 0, alias.stderr
    assert alias.stdout == run_cli("xboard", infile.read_text()).stdout != ""
    usage = run_cli("xnope", "", module="tsuro_core.neu")
    assert usage.returncode == 2 and usage.stderr.startswith("usage: python -m tsuro_core.neu ")


def test_data_has_provenance() -> None:
    assert (DATA / "SOURCES.md").is_file()
    assert (DATA / "tsuro-tiles-index.json").is_file()


def test_values_may_be_concatenated_with_any_whitespace() -> None:
    proc = run_cli("xtiles", '[0,90,"A"]\n\n  [32,0,"A"][13,270,"A"]\t')
    assert proc.returncode == 0
    assert [json.loads(line)[3] for line in proc.stdout.splitlines()] == ["F", "B", "G"]


# ---------------------------------------------------------------------------
# Places: the course's avatar-on-a-tile and the engine's place.


def test_course_place_is_one_step_across_the_ports_side() -> None:
    # Red on port C (east side) of the tile at (0, 0) faces square (1, 0) at its port H.
    assert course.G.xyp(course.course_to_place(port_index("C"), 0, 0)) == (1, 0, port_index("H"))
    # Port E (south) of (2, 0) faces (2, 1) at B.
    assert course.G.xyp(course.course_to_place(port_index("E"), 2, 0)) == (2, 1, port_index("B"))
    # An avatar on an edge port stands on a place off the board.
    assert not course.G.is_on_board(course.course_to_place(port_index("A"), 4, 0))


def test_conversion_round_trips_everywhere() -> None:
    for x, y, p in itertools.product(range(10), range(10), range(8)):
        code = course.course_to_place(p, x, y)
        assert course.place_to_course(code) == (p, x, y)
        assert code & 7 == PARTNER[p]


# ---------------------------------------------------------------------------
# The rules.


def state_of(state_pat: list) -> course.CourseState:
    return formats.parse_state(state_pat)


THREE = [[[34, 0], "red", "C", 0, 0], [[34, 0], "blue", "E", 2, 0], [[33, 0], "white", "D", 0, 2]]
"""Red faces (1, 0); tile 34 there sends it straight back round (0, 0): a loop."""


def test_state_pat_may_list_one_tile_more_than_once() -> None:
    """Several avatars entering one initial tile, or an intermediate tile listed
    again: the same tile on the same square is one tile."""
    two_avatars = state_of([[[34, 0], "red", "C", 0, 0], [[34, 0], "blue", "E", 0, 0]])
    assert two_avatars.alive() == ("red", "blue")
    assert two_avatars.tile_at(0, 0) == (34, 0)
    assert sum(c is not None for c in two_avatars.cells) == 1
    repeated = state_of([[[34, 0], "red", "C", 0, 0], [[5, 90], 4, 4], [[5, 90], 4, 4]])
    assert repeated.tile_at(4, 4) == (5, 90)
    assert sum(c is not None for c in repeated.cells) == 2
    # The same placed tile written at another rotation that looks the same.
    same = next(q for q in range(1, 4) if course.CONN[0][q] == course.CONN[0][0])
    assert state_of([[[0, 0], 3, 3], [[0, 90 * same], 3, 3]]).tile_at(3, 3) == (0, 0)


@pytest.mark.parametrize(
    "state_pat",
    [
        [[[34, 0], "red", "C", 0, 0], [[33, 0], "blue", "E", 0, 0]],
        [[[34, 0], "red", "C", 0, 0], [[5, 90], 4, 4], [[5, 180], 4, 4]],
        [[[34, 0], "red", "C", 0, 0], [[5, 90], 0, 0]],
    ],
)
def test_state_pat_refuses_two_different_tiles_on_a_square(state_pat: list) -> None:
    with pytest.raises(formats.CourseFormatError, match="two different tiles"):
        state_of(state_pat)
    proc = run_cli("xboard", json.dumps(state_pat))
    assert proc.returncode == 2 and "two different tiles" in proc.stderr and proc.stdout == ""


def test_loop_rule() -> None:
    s = state_of(THREE)
    q34 = 0
    assert course.check_turn(s, "red", 34, q34, [3, 34]) == course.UNFORCED_LOOP
    assert course.check_turn(s, "red", 34, q34, [34, 34]) == course.LEGAL
    assert course.loop_is_forced([course.LOOPS] * 8)
    assert not course.loop_is_forced([course.LOOPS] * 7 + [course.EXITS])
    step = course.apply_action(s, "red", 34, q34)
    assert step.looped == ("red",) and "red" in step.state.out
    assert step.state.place_of("red") is None


def test_forced_exit_rule() -> None:
    s = state_of([*THREE, [[33, 0], 0, 1]])
    # Tile 33 turned 90 sends red off the north edge; 33 at 0 does not.
    assert course.check_turn(s, "red", 33, 1, [33, 33]) == course.UNFORCED_EXIT
    # Red on tile 21 at (0, 0), port E: tile 34 below sends it off the west edge, at every turn.
    alone = state_of([[[21, 0], "red", "E", 0, 0]])
    assert course.check_turn(alone, "red", 34, 0, [34, 34]) == course.LEGAL
    # "Every option exits" is strict: an option that loops instead does not force the exit.
    assert course.exit_is_forced([course.EXITS] * 8)
    assert not course.exit_is_forced([course.EXITS] * 7 + [course.LOOPS])


def test_collision_is_legal_and_both_avatars_stay() -> None:
    s = state_of([[[34, 0], "red", "E", 1, 0], [[34, 0], "white", "C", 0, 1]])
    assert course.check_turn(s, "red", 4, 0, [4, 7]) == course.LEGAL
    step = course.apply_action(s, "red", 4, 0)
    assert step.collided and not step.looped and not step.exited
    assert step.state.place_of("red") == step.state.place_of("white")
    assert formats.course_place_json(step.state, "red") == [[4, 0], "red", "C", 1, 1]
    # Travelling on together afterwards is not a new collision.
    again = course.apply_action(step.state, "white", 9, 0)
    assert not again.collided
    assert again.state.place_of("red") == again.state.place_of("white")


def test_tile_must_be_handed_out() -> None:
    s = state_of([*THREE, [[33, 0], 0, 1]])
    assert course.check_turn(s, "red", 1, 0, [0, 0]) == course.NOT_HANDED_OUT
    assert not course.legal(s, "red", 1, 0, [0, 0])


def test_other_avatars_follow_the_new_tile() -> None:
    # Pass-through: white's path runs over red's old tile; both end elsewhere.
    s = state_of([[[34, 0], "red", "E", 1, 0], [[34, 0], "white", "D", 0, 1]])
    step = course.apply_action(s, "red", 7, 0)
    assert formats.course_place_json(step.state, "red") == [[7, 0], "red", "E", 1, 1]
    white = step.state.place_of("white")
    assert white is not None and course.place_to_course(white) == (port_index("D"), 1, 1)


def test_opening_rules() -> None:
    empty = course.CourseState()
    c = port_index("C")
    assert course.check_initial(empty, "white", 2, 0, c, 1, 0, [0, 1, 2]) == course.LEGAL
    assert course.check_initial(empty, "white", 5, 0, c, 1, 0, [0, 1, 2]) == course.NOT_HANDED_OUT
    assert "periphery" in course.check_initial(empty, "white", 2, 0, c, 4, 4, [0, 1, 2])
    assert "faces the edge" in course.check_initial(
        empty, "white", 2, 0, port_index("A"), 1, 0, [0, 1, 2]
    )
    s = course.place_initial(empty, "white", 2, 0, c, 1, 0)
    assert "next to" in course.check_initial(s, "black", 5, 0, c, 2, 0, [3, 4, 5])
    assert "already" in course.check_initial(s, "white", 5, 0, c, 5, 0, [3, 4, 5])
    assert course.first_s_initial(empty, [1, 2, 3]) == (3, 0, c, 1, 0)
    assert course.first_s_initial(s, [3, 4, 5]) == (5, 0, c, 3, 0)


# ---------------------------------------------------------------------------
# The referee.


def test_deal_wraps_around() -> None:
    assert list(itertools.islice(course.deal(), 37)) == [*list(range(35)), 0, 1]


def first_legal(state: course.CourseState, color: str, handed: list[int]) -> tuple[int, int]:
    for t, q in itertools.product(handed, range(4)):
        if course.legal(state, color, t, q, handed):
            return t, q
    return handed[0], 0


@pytest.mark.parametrize("n", [3, 4, 5])
def test_referee_ranks_everyone_once(n: int) -> None:
    names = [f"p{i}" for i in range(n)]
    result = course.run_referee(names, turn=first_legal)
    ranked = [name for rank in result.get("winners", []) for name in rank]
    assert "cheaters" not in result
    assert sorted(ranked) == names
    assert all(rank == sorted(rank) for rank in result["winners"])


def test_referee_refuses_bad_player_lists() -> None:
    for names in (["a", "b"], ["a", "b", "c", "d", "e", "f"], ["a", "a", "b"]):
        with pytest.raises(ValueError):
            course.run_referee(names)


# ---------------------------------------------------------------------------
# Bad input: exit 2, one line on stderr, nothing on stdout.


@pytest.mark.parametrize(
    "harness,stdin,words",
    [
        ("xboard", '[[[34,0],"red",', "not JSON"),
        ("xtiles", '[0,45,"A"]', "degrees"),
        ("xtiles", '[0,90,"Q"]', "port"),
        ("xtiles", '[35,90,"A"]', "index"),
        ("xboard", "", "no input"),
        ("xboard", '[[[34,0],"pink","C",0,0]]', "colour"),
        ("xboard", '[[[34,0],"red","C",0,0],[[34,0],1,0]]', "does not face an empty square"),
        ("xboard", '[[[34,0],"red","C",0,0]] ["blue",[34,0]]', "no blue avatar"),
        ("xboard", '[[[34,0],"red","C",0,0]] ["red",34]', "tile-pat"),
        ("xrules", '[[[34,0],"red","C",0,0]]', "turn-pat"),
        ("xrules", '[[[34,0],"red","C",0,0]] [["red",[34,0]],34]', "turn-pat"),
        ("xref", '["a","b"]', "player names"),
        ("xref", '["a","b","b"]', "distinct"),
    ],
)
def test_bad_input_exits_2(harness: str, stdin: str, words: str) -> None:
    proc = run_cli(harness, stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0], proc.stderr


def test_unknown_harness_exits_2() -> None:
    err = io.StringIO()
    assert harness.main(["xnope"], io.StringIO(""), io.StringIO(), err) == 2
    assert "usage" in err.getvalue() and len(err.getvalue().splitlines()) == 1
