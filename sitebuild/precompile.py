"""Precompiled Python, made by Pyodide's own Python under Node (tools/precompile.mjs):
the trimmed stdlib (only the modules the engine's paths import, as .pyc: one
zip for the snapshot path, a first visit's, and one with what the lock path
adds) and the wheel's bytecode.  CPython on the build machine cannot make Pyodide's.

The engine's paths: tools/engine_exercise.py (every op, bot, rule set, error)
and tsuro_core._preload.import_all(), which the worker runs before making a
memory snapshot; both run from the wheel, so the wheel's bytes key the cache."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import zipfile
from pathlib import Path

from .common import CACHE, BuildError, log, run_tool
from .pins import PYODIDE_NPM_SHA256

PRECOMPILE_TOOL = "tools/precompile.mjs"
EXERCISE = "tools/engine_exercise.py"
OUTPUTS = ("python_stdlib.zip", "python_stdlib_lock.zip", "wheel_pycs.zip", "modules.json")


def _key(root: Path, wheel: Path) -> str:
    """The hash of every input of the precompile step."""
    key = hashlib.sha256()
    for part in (
        PYODIDE_NPM_SHA256.encode(),
        wheel.read_bytes(),  # with tsuro_core/_preload.py, what the worker imports
        (root / PRECOMPILE_TOOL).read_bytes(),
        (root / EXERCISE).read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    return key.hexdigest()[:20]


def precompile(root: Path, pyodide_dir: Path, wheel: Path, cache: Path = CACHE) -> Path:
    """The folder holding python_stdlib.zip (only the modules the snapshot path
    imports, as .pyc), python_stdlib_lock.zip (and those the lock path's
    loadPackage adds), wheel_pycs.zip and modules.json.  Cached in
    .cache/precompiled/<key>/, the key being the hash of every input, so a
    rebuild with the same engine and Pyodide costs nothing and a fresh machine
    makes it (a few seconds)."""
    target = cache / "precompiled" / _key(root, wheel)
    if all((target / n).is_file() for n in OUTPUTS):
        return target
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "precompile: `node` is not installed (Node 20 compiles the Python "
            "bytecode inside Pyodide)"
        )
    log("precompiling the stdlib and the wheel inside Pyodide (Node)")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".precompile-", dir=target.parent))
    try:
        run_tool(
            [
                node,
                str(root / PRECOMPILE_TOOL),
                "--pyodide",
                str(pyodide_dir),
                "--wheel",
                str(wheel),
                "--exercise",
                str(root / EXERCISE),
                "--out",
                str(tmp),
            ],
            "precompile",
        )
        info = json.loads((tmp / "modules.json").read_text(encoding="utf-8"))
        if not info.get("no_debug_ranges") or not info.get("modules"):
            raise BuildError(f"precompile: unexpected result {info}")
        tmp.chmod(0o755)
        try:
            os.replace(tmp, target)
        except OSError:  # another build made it meanwhile
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def wheel_pycs(folder: Path) -> dict[str, bytes]:
    """arcname -> bytes of the precompiled wheel bytecode."""
    with zipfile.ZipFile(folder / "wheel_pycs.zip") as z:
        return {n: z.read(n) for n in z.namelist()}
