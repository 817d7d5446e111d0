"""The trimmed, precompiled stdlib the site ships, and the memory snapshot path,
under Pyodide in Node: every op, bot, hint, rule set and error path
(tools/engine_exercise.py) answers exactly as in CPython, so a module missing
from the trimmed set fails here, not in a player's browser."""

from __future__ import annotations

import contextlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from sitebuild import archives

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parent.parent.parent
EXERCISE = (ROOT / "tools" / "engine_exercise.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def in_cpython() -> list:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(EXERCISE, "engine_exercise.py", "exec"), {"__name__": "__main__"})
    return json.loads(out.getvalue())


def test_the_shipped_stdlib_is_trimmed_bytecode(dist_dir, build_info):
    # The snapshot path's (a first visit's): one gzip stream over a zip of stored
    # members (sitebuild/archives.py); the lock path's adds what its loadPackage imports.
    packed = (dist_dir / build_info["stdlib"]["url"]).read_bytes()
    assert build_info["stdlib"]["url"].endswith(".zip.gz") and packed[:2] == b"\x1f\x8b"
    with zipfile.ZipFile(io.BytesIO(archives.inflate(packed))) as z:
        names = z.namelist()
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
    with zipfile.ZipFile(dist_dir / build_info["stdlibLock"]["url"]) as z:
        lock = z.namelist()
    with zipfile.ZipFile(dist_dir / build_info["pyodideDir"] / "python_stdlib.zip") as z:
        full = z.namelist()
    assert names and all(n.endswith(".pyc") for n in names), names[:5]
    assert len(names) == build_info["stdlib"]["modules"] < len(full) / 3
    assert len(lock) == build_info["stdlibLock"]["modules"]
    assert {"json/__init__.pyc", "random.pyc", "_pyodide/__init__.pyc"} <= set(names)
    assert "unittest/__init__.pyc" not in names  # nothing the engine does not import
    # what only the lock path's loadPackage imports stays out of a first visit
    assert "tarfile.pyc" in set(lock) - set(names) and set(names) < set(lock)
    # The site's wheel carries bytecode made by Pyodide's Python instead of its sources.
    with zipfile.ZipFile(dist_dir / build_info["engine"]["wheel"]) as z:
        wheel = set(z.namelist())
    assert "tsuro_core/api.pyc" in wheel and "tsuro_core/bots/planner.pyc" in wheel
    assert not any(n.endswith(".py") for n in wheel), sorted(n for n in wheel if n.endswith(".py"))


def test_every_engine_path_under_the_shipped_stdlib(pyodide_node, in_cpython):
    out = pyodide_node(
        python=EXERCISE + "\nimport sys\nprint(json.dumps(sorted(sys.modules)))\n",
        install="lock",
        stdlib="shipped",
    )
    answers, modules = (json.loads(line) for line in out.strip().splitlines()[-2:])
    assert answers == in_cpython
    assert {"tsuro_core.api", "tsuro_core.bots.planner"} <= set(modules)


def test_snapshot_restores_play_the_same_and_draw_fresh_randomness(pyodide_node, in_cpython):
    source = EXERCISE + (
        "\nimport random\n"
        "from tsuro_core.api import call\n"
        "pile = call('new_game', {'players': 3})['result']['position']['pile']\n"
        "print(json.dumps([random.random(), pile]))\n"
    )
    outputs = pyodide_node(python=source, install="snapshot", stdlib="shipped", restores=2)
    assert len(outputs) == 2
    draws = []
    for out in outputs:
        lines = out.strip().splitlines()
        assert json.loads(lines[-2]) == in_cpython  # seeded games, bots, errors as values
        draws.append(json.loads(lines[-1]))
    # The snapshot froze `random`; each restore reseeds it from real entropy.
    assert draws[0][0] != draws[1][0]
    assert draws[0][1] != draws[1][1]
