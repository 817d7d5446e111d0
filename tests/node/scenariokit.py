"""Node-tier scripts that run many scenarios in one Node process (Pyodide or a relay
booted once) and print {"results": {name: {ok, error?}}, "figures": {...}} as JSON:
run one, and check each scenario as a test of its own."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest


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
