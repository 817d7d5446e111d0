"""Node-tier scripts that run many scenarios in one Node process (Pyodide or a relay
booted once) and print {"results": {name: {ok, error?}}, "figures": {...}} as JSON:
run one, and check each scenario as a test of its own."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

import pytest


def once_a_session(tmp_path_factory, key: str, run: Callable[[], Any]) -> Any:
    """run()'s JSON outcome, computed once for the whole run, whichever test worker asks
    first.  pytest-xdist's worksteal can hand part of a module to another worker, which
    would set the module's fixture up again: a Node process of 20 s and more run twice.
    The first worker to ask runs it and writes the outcome beside the workers' own temp
    folders (the session's); another waits for it there and reads it."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return run()
    root = tmp_path_factory.getbasetemp().parent
    kept = root / f"once-{key}.json"
    with open(root / f"once-{key}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if kept.exists():
            return json.loads(kept.read_text(encoding="utf-8"))
        outcome = run()
        kept.write_text(json.dumps(outcome), encoding="utf-8")
        return outcome


def run_scenarios(args: list[str], timeout: int = 300) -> dict:
    """Run `node *args`; its JSON outcome."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    proc = subprocess.run([node, *args], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


def check_scenario(outcome: dict, expected: list[str], name: str) -> None:
    """The scenario ran (as every one expected did) and passed."""
    assert sorted(outcome["results"]) == sorted(expected)
    result = outcome["results"][name]
    assert result["ok"], result.get("error")
