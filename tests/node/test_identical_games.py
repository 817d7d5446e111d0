"""The same wheel in Pyodide and in CPython: seeded games give identical records."""

import contextlib
import io
import json

import pytest

from tsuro_core import notation

pytestmark = pytest.mark.node

# Seeds x player counts x rule sets: deals, reshuffles, dragons, exchanges, scoring.
CASES = [
    (seed, players, rules)
    for seed, players, rules in [
        (1, 2, "classic"),
        (2, 3, "classic"),
        (3, 4, "classic"),
        (4, 8, "classic"),
        (5, 5, "elimination-bonus"),
        (6, 6, "longest-path"),
        (7, 7, "most-crossings"),
        (8, 1, "solo"),
    ]
]

PLAY = """
import json, random
from tsuro_core import notation
from tsuro_core.game import Game
from tsuro_core.rules import parse_rules

def play(seed, players, rules):
    game = Game.new(parse_rules(rules), players, seed)
    rng = random.Random(seed * 7919)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    return notation.to_record(game), notation.result(game)

print(json.dumps([play(*case) for case in CASES]))
"""


def _run_in_cpython(source: str) -> str:
    """Run the same snippet in this interpreter, returning what it prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, {})
    return out.getvalue()


def test_seeded_games_are_identical_in_cpython_and_pyodide(pyodide_node):
    source = f"CASES = {json.dumps(CASES)}\n" + PLAY
    in_pyodide = json.loads(pyodide_node(python=source).strip().splitlines()[-1])
    in_cpython = json.loads(_run_in_cpython(source).strip().splitlines()[-1])
    assert len(in_pyodide) == len(CASES)
    for case, a, b in zip(CASES, in_pyodide, in_cpython):
        assert a == b, f"records differ for {case}"
    # The records are real games: they replay in CPython to the same result.
    for record, result in in_pyodide:
        assert notation.result(notation.replay(record)) == result


def test_benchmark_game_is_the_same_in_both(pyodide_node):
    source = (
        "import json\nfrom tsuro_core.bench import random_game\n"
        "from tsuro_core import notation\n"
        "print(json.dumps(notation.to_record(random_game(42))))\n"
    )
    # The benchmark module (statistics) is not part of the site: Pyodide's full stdlib.
    assert (
        pyodide_node(python=source, stdlib="full").strip().splitlines()[-1]
        == _run_in_cpython(source).strip()
    )
