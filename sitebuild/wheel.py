"""The engine wheel, built from pyproject.toml by a small pure-Python wheel
builder (same input, same bytes, so its hash only moves when the engine
changes), and the engine asked questions from the built wheel."""

from __future__ import annotations

import base64
import csv
import fnmatch
import hashlib
import io
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .common import BuildError, pyproject


def project_version(root: Path) -> str:
    meta = pyproject(root)["project"]
    if "version" in meta:
        return str(meta["version"])
    init = (root / "tsuro_core" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", init, re.M)
    if not m:
        raise BuildError("cannot find the project's version (pyproject or __version__)")
    return m.group(1)


def packages(conf: dict[str, Any]) -> list[str]:
    """The packages pyproject.toml's [tool.setuptools] lists."""
    listed = conf.get("tool", {}).get("setuptools", {}).get("packages")
    if not isinstance(listed, list) or not listed:
        raise BuildError("pyproject.toml: [tool.setuptools] packages must list the packages")
    return [str(p) for p in listed]


def top_level_imports(root: Path) -> list[str]:
    """The names the wheel's packages are imported by (["tsuro_core"])."""
    return sorted({p.split(".")[0] for p in packages(pyproject(root))})


def _wheel_files(root: Path, conf: dict[str, Any]) -> list[tuple[str, Path]]:
    package_data = conf.get("tool", {}).get("setuptools", {}).get("package-data", {})
    out = []
    for pkg in packages(conf):
        d = root / pkg.replace(".", "/")
        if not d.is_dir():
            raise BuildError(f"pyproject.toml lists package {pkg!r} but {d} does not exist")
        patterns = list(package_data.get(pkg, [])) + list(package_data.get("*", []))
        for f in sorted(d.iterdir()):
            if not f.is_file() or f.name.startswith("."):
                continue
            if f.suffix == ".py" or any(fnmatch.fnmatch(f.name, p) for p in patterns):
                out.append((f"{pkg.replace('.', '/')}/{f.name}", f))
    return out


def _metadata(meta: dict[str, Any], version: str) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {version}"]
    if meta.get("description"):
        lines.append(f"Summary: {meta['description']}")
    lic = meta.get("license")
    if isinstance(lic, dict) and lic.get("text"):
        lines.append(f"License: {lic['text']}")
    elif isinstance(lic, str):
        lines.append(f"License-Expression: {lic}")
    if meta.get("requires-python"):
        lines.append(f"Requires-Python: {meta['requires-python']}")
    for dep in meta.get("dependencies", []):
        lines.append(f"Requires-Dist: {dep}")
    for extra, deps in sorted(meta.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        for dep in deps:
            sep = " and " if ";" in dep else "; "
            lines.append(f'Requires-Dist: {dep}{sep}extra == "{extra}"')
    return "\n".join(lines) + "\n"


def _entry_points(meta: dict[str, Any]) -> str:
    entry = ""
    for group, key in (("console_scripts", "scripts"), ("gui_scripts", "gui-scripts")):
        items = meta.get(key, {})
        if items:
            entry += (
                f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(items.items())) + "\n"
            )
    return entry


def build_wheel(root: Path, out_dir: Path, add_files: dict[str, bytes] | None = None) -> Path:
    """Build the pure-Python wheel described by root/pyproject.toml into out_dir.

    Equivalent to `pip wheel --no-deps .` for this project's setuptools
    configuration (explicit package list, optional package-data), but
    byte-for-byte reproducible and offline.  `add_files` adds files (arcname ->
    bytes): the precompiled __pycache__/*.cpython-314.pyc of precompile().
    """
    conf = pyproject(root)
    meta = conf["project"]
    dist_name = re.sub(r"[-_.]+", "_", meta["name"]).lower()
    version = project_version(root)
    tag = "py3-none-any"
    info = f"{dist_name}-{version}.dist-info"
    wheel_meta = (
        f"Wheel-Version: 1.0\nGenerator: tsuro-build.py\nRoot-Is-Purelib: true\nTag: {tag}\n"
    )
    entry = _entry_points(meta)
    tops = sorted({p.split(".")[0] for p in packages(conf)})

    files: list[tuple[str, bytes]] = [(arc, p.read_bytes()) for arc, p in _wheel_files(root, conf)]
    files += sorted((add_files or {}).items())
    files.append((f"{info}/METADATA", _metadata(meta, version).encode()))
    files.append((f"{info}/WHEEL", wheel_meta.encode()))
    if entry:
        files.append((f"{info}/entry_points.txt", entry.encode()))
    files.append((f"{info}/top_level.txt", ("\n".join(tops) + "\n").encode()))

    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arc, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files.append((f"{info}/RECORD", record.getvalue().encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{dist_name}-{version}-{tag}.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for arc, data in files:
            zi = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zf.writestr(zi, data)
    return path


def _from_wheel(wheel: Path, code: str, what: str, stdin: str | None = None) -> Any:
    """What `code` prints as JSON, run by a fresh interpreter importing from the wheel."""
    prelude = "import json, sys; sys.path.insert(0, sys.argv[1]); "
    proc = subprocess.run(
        [sys.executable, "-I", "-c", prelude + code, str(wheel)],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    if proc.returncode != 0:
        raise BuildError(f"{what} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def answers_from_wheel(wheel: Path, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """tsuro_core.api.handle_json's answers to requests, from the built wheel in a
    fresh interpreter (the same answers Pyodide gives: tests/node checks that)."""
    code = (
        "from tsuro_core.api import handle_json; "
        "print(json.dumps([json.loads(handle_json(json.dumps(r))) for r in json.load(sys.stdin)]))"
    )
    answers: list[dict[str, Any]] = _from_wheel(
        wheel, code, "asking the engine from the wheel", json.dumps(requests)
    )
    return answers


def tiles_from_wheel(wheel: Path) -> Any:
    """tsuro_core.tiles.tile_table_json(), imported from the built wheel in a fresh interpreter."""
    code = "from tsuro_core.tiles import tile_table_json; print(json.dumps(tile_table_json()))"
    return _from_wheel(wheel, code, "tiles.json: importing tsuro_core.tiles from the wheel")
