"""The room page's names.js keeps every name of tests/data/names/cases.json as the
engine's tsuro_core/names.py does (tests/test_names.py checks the engine)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tsuro_core.names import clean_name

HERE = Path(__file__).resolve().parent
CASES = json.loads((HERE.parent / "data/names/cases.json").read_text())["cases"]

pytestmark = pytest.mark.node


def test_javascript_keeps_names_as_the_engine_does():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    out = subprocess.run(
        [node, str(HERE / "names_js.mjs")], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    got = json.loads(out)
    assert len(got) == len(CASES)
    for (name, kept, why), js in zip(CASES, got, strict=True):
        assert js == kept == clean_name(name), why
