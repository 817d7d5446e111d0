"""The engine's feature modules are imported when first asked for (features.py):
the table of their operations and names matches the modules, importing the JSON
facade loads the core alone, and a feature whose files are missing answers
``module_missing`` (the browser's worker then installs them: tests/node)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import tsuro_core
from tsuro_core import api, features

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_lists_each_feature_modules_operations():
    for module, ops in features.OPERATIONS.items():
        mod = importlib.import_module(f"tsuro_core.{module}")
        assert sorted([*mod.OPS, *getattr(mod, "ALIASES", {})]) == sorted(ops), module
    listed = [op for ops in features.OPERATIONS.values() for op in ops]
    assert len(listed) == len(set(listed))
    assert set(listed) <= set(api.OPS)


def test_the_root_names_from_features_are_public_and_resolve():
    for attribute, module in features.NAMES.items():
        assert attribute in tsuro_core.__all__
        value = getattr(tsuro_core, attribute)
        assert value is getattr(importlib.import_module(f"tsuro_core.{module}"), attribute)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        tsuro_core.nothing_here  # noqa: B018


def _modules_after(source: str) -> list[str]:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            source + "\nimport sys, json\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('tsuro_core'))))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_the_facade_imports_the_core_alone_and_a_feature_on_its_first_call():
    feature_modules = {f"tsuro_core.{m}" for m in features.OPERATIONS} | {
        f"tsuro_core.{m}" for m in features.NAMES.values()
    }
    core = _modules_after("import tsuro_core.api")
    assert "tsuro_core.api" in core and not feature_modules & set(core)
    after = _modules_after(
        "from tsuro_core.api import call\nassert call('daily', {'date': '2024-01-01'})['ok']"
    )
    assert "tsuro_core.daily" in after
    assert not (feature_modules - {"tsuro_core.daily"}) & set(after)
    # what the worker imports before its snapshot: the core and every bot
    preload = _modules_after("from tsuro_core import _preload\n_preload.import_core()")
    assert {"tsuro_core.bots.planner", "tsuro_core.bots.survivor"} <= set(preload)
    assert not feature_modules & set(preload)


def test_a_feature_whose_files_are_missing_answers_module_missing(monkeypatch):
    monkeypatch.setitem(features.OPERATIONS, "no_such_feature", ("nothing",))
    answer = api.call("nothing", {}) if "nothing" in api.OPS else None
    assert answer is None  # the facade's table was made once, from the real features
    call = features.operation("no_such_feature", "nothing")
    with pytest.raises(api.ApiError) as e:
        call({})
    assert e.value.code == "module_missing"
    assert "tsuro_core.no_such_feature" in e.value.message
    # through the facade, as a value
    monkeypatch.setitem(api.OPS, "nothing", call)
    assert api.call("nothing", {})["error"]["code"] == "module_missing"
