"""Precompiled Python, made by Pyodide's own Python under Node (tools/precompile.mjs):
the trimmed stdlib (only the modules the engine's paths import, as .pyc) and
the wheel's bytecode.  CPython on the build machine cannot make Pyodide's."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

from .common import CACHE, BuildError, log, run_tool
from .pins import PYODIDE_NPM_SHA256

PRECOMPILE_TOOL = "tools/precompile.mjs"
EXERCISE = "tools/engine_exercise.py"
OUTPUTS = ("python_stdlib.zip", "wheel_pycs.zip", "modules.json")

_IMPORT_ALL_RE = re.compile(r"const IMPORT_ALL = `(.*?)`;", re.S)


def import_all_snippet(root: Path) -> str:
    """The Python the worker runs before a memory snapshot (every engine module)."""
    m = _IMPORT_ALL_RE.search((root / "web" / "engine.worker.js").read_text(encoding="utf-8"))
    if not m or "${" in m.group(1):
        raise BuildError("web/engine.worker.js: no plain `const IMPORT_ALL = `...`;` snippet")
    return m.group(1)


def _key(root: Path, wheel: Path) -> str:
    """The hash of every input of the precompile step."""
    key = hashlib.sha256()
    for part in (
        PYODIDE_NPM_SHA256.encode(),
        wheel.read_bytes(),
        import_all_snippet(root).encode(),
        (root / PRECOMPILE_TOOL).read_bytes(),
        (root / EXERCISE).read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    return key.hexdigest()[:20]


def precompile(root: Path, pyodide_dir: Path, wheel: Path, cache: Path = CACHE) -> Path:
    """The folder holding python_stdlib.zip (only the modules the engine's paths
    import, as .pyc), wheel_pycs.zip and modules.json.  Cached in
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
        (tmp / "import_all.py").write_text(import_all_snippet(root), encoding="utf-8")
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
                "--import-all",
                str(tmp / "import_all.py"),
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
