"""The suite's order (tools/test_timings.py): the modules longest first, each whole and in
its order, from the seconds a run's JUnit XML gives each."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from tools.test_timings import longest_first, module_seconds


def test_modules_run_longest_first_each_whole_and_in_order(tmp_path):
    timings = tmp_path / "timings.json"
    timings.write_text(json.dumps({"t/a.py": 1.0, "t/b.py": 30.0, "t/c.py": 5.0}))
    names = ["t/a.py::1", "t/b.py::1", "t/a.py::2", "t/new.py::1", "t/c.py::1", "t/b.py::2"]
    items = [SimpleNamespace(path=tmp_path / n.split("::")[0], name=n) for n in names]
    order = [i.name for i in longest_first(items, tmp_path, timings)]
    # b (30 s); then the unlisted module (the median: 5 s) and c (5 s), as first seen; a
    assert order == ["t/b.py::1", "t/b.py::2", "t/new.py::1", "t/c.py::1", "t/a.py::1", "t/a.py::2"]
    assert [i.name for i in longest_first(items, tmp_path, tmp_path / "none.json")] == [
        "t/a.py::1",
        "t/a.py::2",
        "t/b.py::1",
        "t/b.py::2",
        "t/new.py::1",
        "t/c.py::1",
    ]


def test_a_runs_seconds_per_module(tmp_path: Path):
    junit = tmp_path / "run.xml"
    junit.write_text(
        "<testsuites><testsuite>"
        "<testcase classname='tests.browser.test_x' name='a' time='1.25'/>"
        "<testcase classname='tests.browser.test_x' name='b' time='2.5'/>"
        "<testcase classname='tests.test_y' name='c' time='0.04'/>"
        "</testsuite></testsuites>"
    )
    assert module_seconds(junit) == {"tests/browser/test_x.py": 3.8, "tests/test_y.py": 0.0}
