"""The engine wheel under Pyodide in Node answers like CPython does."""

import json

import pytest

from tsuro_core import __version__
from tsuro_core.api import handle_json

pytestmark = pytest.mark.node


def test_engine_answers_in_pyodide(pyodide_node):
    requests = [
        {"op": "version"},
        {"op": "tiles"},
        {"op": "no-such-op"},
        {"op": "version", "args": 3},
    ]
    answers = pyodide_node(requests)
    assert answers[0] == {"ok": True, "result": {"version": __version__}}
    # Same answers as the engine in CPython, byte for byte after parsing.
    assert answers == [json.loads(handle_json(json.dumps(r))) for r in requests]
    assert answers[2]["error"]["code"] == "unknown_op"


def test_python_snippet_and_micropip_install(pyodide_node):
    out = pyodide_node(
        python=(
            "import sys, json, tsuro_core\n"
            "from tsuro_core.tiles import tile_table_json\n"
            "print(json.dumps([sys.platform, tsuro_core.__version__, len(tile_table_json())]))\n"
        ),
        install="micropip",
    )
    assert json.loads(out.strip().splitlines()[-1]) == ["emscripten", __version__, 35]
