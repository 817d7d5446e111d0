"""The engine's snapshot path in Pyodide under Node, as the browser's worker runs
it: the snapshot holds the core alone (tsuro_core/_preload.import_core), and a
feature module (tsuro_core/features.py) is imported on its operation's first
call after a restore, from the engine's parts unpacked again: the core part
(precached), then the later part (the later tier's modules and the course
variant).  Each answer is CPython's."""

from __future__ import annotations

import gzip
import io
import zipfile

import pytest

from tsuro_core import features
from tsuro_core.api import call

pytestmark = pytest.mark.node

# one operation of every feature module, each a real call (a seeded deal, a link, ...)
REQUESTS = [
    {"op": "daily", "args": {"date": "2024-01-01"}},
    {"op": "course_new_game", "args": {"players": 3, "seed": 5}},
    {"op": "neu_legal_moves", "args": {}},  # the course's by its first name
    {"op": "check_position", "args": {"position": None}},
    {"op": "lesson_check", "args": {"lesson": {}}},
    {"op": "link_new", "args": {"players": 2, "seed": 3}},
    {"op": "puzzle_check", "args": {}},
    {"op": "room_view", "args": {}},
    {"op": "clean_name", "args": {"name": " Zoe\u0301\u200b\U0001f44d\U0001f3fd "}},
    {"op": "review", "args": {}},
    {"op": "clock_move", "args": {}},
    {"op": "version", "args": {}},
]


def test_the_requests_reach_every_feature_module():
    ops = {r["op"] for r in REQUESTS}
    assert all(set(module_ops) & ops for module_ops in features.OPERATIONS.values())


def test_feature_modules_are_imported_on_first_use_after_a_restore(pyodide_node):
    (answers,) = pyodide_node(REQUESTS, install="snapshot")
    assert answers == [call(r["op"], r["args"]) for r in REQUESTS]


def test_without_the_parts_a_restored_engine_answers_module_missing(pyodide_node):
    (answers,) = pyodide_node(REQUESTS, install="snapshot", parts="none")
    for request, answer in zip(REQUESTS[:-1], answers):
        assert answer["ok"] is False and answer["error"]["code"] == "module_missing", request
        assert "is not installed here" in answer["error"]["message"]
    assert answers[-1] == call("version", {})  # the core is in the snapshot itself


def test_the_parts_split_the_site_wheel(dist_dir, build_info):
    """core + later = the site wheel's modules less the command lines; the later part
    holds the later tier's modules and the course variant."""

    def names(rel):
        data = (dist_dir / rel).read_bytes()
        if rel.endswith(".gz"):
            data = gzip.decompress(data)
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return set(z.namelist())

    parts = build_info["engine"]["parts"]
    core, later = names(parts["core"]["url"]), names(parts["later"]["url"])
    wheel = {n for n in names(build_info["engine"]["wheel"]) if n.startswith("tsuro_core/")}
    cli = {"tsuro_core/__main__.pyc", "tsuro_core/bench.pyc", "tsuro_core/selfplay.pyc"}
    cli |= {"tsuro_core/course/__main__.pyc", "tsuro_core/neu.pyc"}
    assert not core & later and core | later == wheel - cli
    assert {"tsuro_core/api.pyc", "tsuro_core/bots/planner.pyc", "tsuro_core/puzzles.pyc"} <= core
    assert "tsuro_core/figures.pyc" in core  # every game-over screen, and replay
    assert {
        "tsuro_core/bots/review.pyc",
        "tsuro_core/rooms.pyc",
        "tsuro_core/names.pyc",
        "tsuro_core/course/ops.pyc",
        "tsuro_core/linkplay.pyc",
        "tsuro_core/lessons.pyc",
    } <= later
