"""Run the built wheel in Pyodide under Node (tests/node/run_pyodide.mjs), and the
built site's modules (site_assets: the catalogues are compiled by the build)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parent / "run_pyodide.mjs"


@pytest.fixture(scope="session")
def pyodide_node(dist_dir):
    """pyodide_node(requests) -> answers; pyodide_node(python="...") -> stdout.

    Each call boots Pyodide once (a few seconds), so batch requests.
    `install` is "lock" (default: the worker's path without a snapshot), "micropip" or
    "snapshot" (then the result is a list, one output per restore; `restores` of them);
    `stdlib` is "shipped" (the site's trimmed one; default but for micropip) or "full";
    `parts="none"` (snapshot) leaves the engine's parts uninstalled after a restore.
    """
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")

    def run(
        requests=None,
        *,
        python=None,
        install="lock",
        stdlib=None,
        restores=1,
        parts=None,
        timeout=240,
    ):
        cmd = [node, str(RUNNER), "--dist", str(dist_dir), "--install", install]
        if stdlib:
            cmd += ["--stdlib", stdlib]
        if install == "snapshot":
            cmd += ["--restores", str(restores)]
        if parts:
            cmd += ["--parts", parts]
        if python is not None:
            cmd.append("--python")
            stdin = python
        else:
            stdin = json.dumps(requests)
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise AssertionError(
                f"run_pyodide.mjs failed ({proc.returncode}):\n{proc.stderr[-4000:]}"
            )
        if install == "snapshot":
            return json.loads(proc.stdout)
        return proc.stdout if python is not None else json.loads(proc.stdout)

    return run


@pytest.fixture(scope="session")
def site_assets(dist_dir, build_info) -> Path:
    """The built site's assets/<sha>/ folder: the front end's modules as shipped, with
    the catalogues compiled into js/lib/words/messages/ (tools/messages.mjs), which the
    Node runners (words.mjs, review_page.mjs, turn_controller.mjs) import."""
    return dist_dir / build_info["assets"].rstrip("/")
