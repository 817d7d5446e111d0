"""Tiles and paths: the 35 tiles, rotation, symmetry, following a path."""

import json
import random
from pathlib import Path

from tsuro_core.board import LOOP, follow, geometry, trace
from tsuro_core.tiles import (
    BASE,
    CANONICAL,
    CONN,
    DISTINCT,
    PARTNER,
    all_matchings,
    identify,
    rotate,
    tile_spec,
    tiles_up_to_rotation,
)

DATA = Path(__file__).parent / "data" / "neu-f19"


def test_there_are_exactly_35_tiles_up_to_rotation():
    assert len(all_matchings()) == 105
    assert len(tiles_up_to_rotation()) == 35
    assert {frozenset(CONN[t]) for t in range(35)} == tiles_up_to_rotation()


def test_every_tile_is_a_perfect_matching():
    for t in range(35):
        for q in range(4):
            conn = CONN[t][q]
            assert sorted(conn) == list(range(8))
            assert all(conn[conn[p]] == p and conn[p] != p for p in range(8))


def test_symmetry_classes():
    by_count = {k: sorted(t for t in range(35) if len(DISTINCT[t]) == k) for k in (1, 2, 4)}
    assert by_count[1] == [1, 2, 4, 7, 34]
    assert by_count[2] == [0, 3, 5, 8, 11, 12, 16, 21, 22, 25]
    assert len(by_count[4]) == 20


def test_canonical_rotation_is_the_smallest_with_the_same_paths():
    assert CANONICAL[0] == (0, 1, 0, 1)
    assert CANONICAL[34] == (0, 0, 0, 0)
    assert identify(CONN[0][2]) == (0, 0)
    assert identify(rotate(BASE[17], 3)) == (17, 3)


def test_rotation_moves_ports_two_steps_clockwise():
    # tile 0 is AE BF CH DG; a quarter turn makes it CG DH EB FA.
    assert tile_spec(0, 1) == "AF BE CG DH"
    assert PARTNER == (5, 4, 7, 6, 1, 0, 3, 2)


def test_table_matches_the_course_index_file():
    lines = (DATA / "tsuro-tiles-index.json").read_text().split("\n")
    rows = [json.loads(line) for line in lines if line.strip()]
    assert len(rows) == 35
    for row in rows:
        assert tile_spec(row["tile#"]) == " ".join(a + b for a, b in row["edges"])


def test_start_marks_on_a_classic_board():
    g = geometry(6, 6)
    assert len(g.start_marks) == 48
    assert g.code(0, 2, 7) in g.start_marks  # [0, 2, H]: west edge
    assert g.code(1, 2, 7) not in g.start_marks  # an inner port


def test_following_a_path_across_tiles_to_the_edge():
    g = geometry(6, 6)
    cells = g.new_cells()
    for x in range(6):
        cells[g.cell(x, 2)] = CONN[2][0]  # straight across: H -> C
    steps, end = trace(cells, g.next, g.code(0, 2, 7))
    assert len(steps) == 6
    assert g.xyp(end) == (6, 2, 7)  # beyond the east edge, port H facing back
    assert not g.is_on_board(end)


def test_a_path_stops_in_front_of_an_empty_square():
    g = geometry(6, 6)
    cells = g.new_cells()
    cells[g.cell(0, 2)] = CONN[2][0]
    end = follow(cells, g.next, g.code(0, 2, 7))
    assert g.xyp(end) == (1, 2, 7) and g.is_on_board(end)


def test_a_loop_is_reported_not_followed_forever():
    g = geometry(2, 2)
    cells = g.new_cells()
    # Four corner tiles whose inner paths form a closed ring.
    ring = {(0, 0): "DE", (1, 0): "FG", (1, 1): "HA", (0, 1): "BC"}
    for (x, y), pair in ring.items():
        a, b = "ABCDEFGH".index(pair[0]), "ABCDEFGH".index(pair[1])
        t, q = next((t, q) for t in range(35) for q in range(4) if CONN[t][q][a] == b)
        cells[g.cell(x, y)] = CONN[t][q]
    assert follow(cells, g.next, g.code(0, 0, 3)) == LOOP


def _walk_with_a_budget(cells, nxt, code, budget):
    """A naive path follower for comparison: gives up (a loop) after ``budget`` steps."""
    steps = []
    while cells[code >> 3] is not None:
        if len(steps) == budget:
            return steps, LOOP
        cell, entry = code >> 3, code & 7
        steps.append((cell, entry, cells[cell][entry]))
        code = nxt[(cell << 3) | cells[cell][entry]]
    return steps, code


def test_the_one_loop_rule_agrees_with_a_step_budget():
    """board.follow calls a path a loop when it comes back to its start; a walker
    that gives up only after more steps than the board has tile paths agrees,
    on random boards of several sizes (loops included), and trace ends where
    follow does, going round a loop exactly once."""
    rng = random.Random(16)
    loops = ends = 0
    for width, height in ((2, 2), (3, 5), (6, 6), (10, 10)):
        g = geometry(width, height)
        budget = 4 * width * height + 1
        for _ in range(60):
            cells = g.new_cells()
            for y in range(height):
                for x in range(width):
                    if rng.random() < 0.9:
                        cells[g.cell(x, y)] = CONN[rng.randrange(35)][rng.randrange(4)]
            for code in range(len(g.next)):
                if not g.is_on_board(code):
                    continue
                want_steps, want = _walk_with_a_budget(cells, g.next, code, budget)
                assert follow(cells, g.next, code) == want
                steps, end = trace(cells, g.next, code)
                assert end == want
                if want == LOOP:
                    loops += 1
                    # round once: the step after the last one comes back to the start
                    assert len(set(steps)) == len(steps)
                    assert steps == want_steps[: len(steps)]
                    c, _, exit_port = steps[-1]
                    assert g.next[(c << 3) | exit_port] == code
                else:
                    ends += 1
                    assert steps == want_steps
    assert loops > 100 and ends > 1000
