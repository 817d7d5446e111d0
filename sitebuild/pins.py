"""The pinned downloads: Pyodide's npm package and micropip's wheel, fetched into
.cache/ and checked against the sha256 pinned here.  A mismatch or a failed
download stops the build.  Change a version only together with its sha256."""

from __future__ import annotations

import os
import sys
import tarfile
import tempfile
from pathlib import Path

from .common import CACHE, BuildError, log, run_tool, sha256_file

PYODIDE_VERSION = "314.0.7"
PYODIDE_NPM_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# The files of the npm package the browser (and Node) need to boot.
PYODIDE_FILES = (
    "pyodide.mjs",  # loadPyodide
    "pyodide.asm.mjs",  # the emscripten glue, imported by pyodide.mjs
    "pyodide.asm.wasm",  # CPython compiled to WebAssembly
    "python_stdlib.zip",  # the standard library
    "pyodide-lock.json",  # the package index (used by micropip and plain Pyodide pages)
)

# Served, but fetched only by the micropip path (the game boots from the
# trimmed stdlib and a lock file of its own), so not precached.
ON_DEMAND_FILES = ("python_stdlib.zip", "pyodide-lock.json")

MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

PINS = (
    f"pyodide {PYODIDE_VERSION} {PYODIDE_NPM_SHA256} micropip {MICROPIP_VERSION} {MICROPIP_SHA256}"
)
"""Every pin in one line, for the build's input fingerprint."""


def _verify(path: Path, expected: str, what: str) -> bool:
    got = sha256_file(path)
    if got == expected:
        return True
    log(f"{what}: sha256 mismatch for {path.name}: got {got}, pinned {expected}")
    return False


def fetch_npm(name: str, version: str, sha256: str, cache: Path = CACHE) -> Path:
    """The tarball of npm package name@version in the cache, fetched with `npm pack`
    if needed and checked against its pinned sha256 (a mismatch stops the build)."""
    cache.mkdir(parents=True, exist_ok=True)
    stem = name.lstrip("@").replace("/", "-")
    target = cache / f"{stem}-{version}.tgz"
    if target.exists() and _verify(target, sha256, name):
        return target
    target.unlink(missing_ok=True)
    log(f"fetching {name}@{version} with npm pack")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        run_tool(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", tmp, "--silent"],
            name,
            cwd=Path(tmp),
        )
        got = sorted(Path(tmp).glob("*.tgz"))
        if len(got) != 1:
            raise BuildError(
                f"{name}: npm pack produced {[p.name for p in got]}, expected one tarball"
            )
        if not _verify(got[0], sha256, name):
            raise BuildError(
                f"{name}: the downloaded {name}@{version} tarball does not match the "
                f"sha256 pinned in the build (sitebuild/). Refusing to build."
            )
        os.replace(got[0], target)
    return target


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """The pinned Pyodide npm tarball in the cache, downloaded and verified if needed."""
    return fetch_npm("pyodide", PYODIDE_VERSION, PYODIDE_NPM_SHA256, cache)


def fetch_micropip(cache: Path = CACHE) -> Path:
    """The pinned micropip wheel in the cache, downloaded and verified if needed."""
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / MICROPIP_WHEEL
    if target.exists() and _verify(target, MICROPIP_SHA256, "micropip"):
        return target
    target.unlink(missing_ok=True)
    log(f"fetching micropip=={MICROPIP_VERSION} with pip download")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        run_tool(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--disable-pip-version-check",
                "--python-version",
                "3.14",
                "--only-binary=:all:",
                "-q",
                "-d",
                tmp,
                f"micropip=={MICROPIP_VERSION}",
            ],
            "micropip",
        )
        got = Path(tmp) / MICROPIP_WHEEL
        if not got.exists():
            raise BuildError(f"micropip: pip download did not produce {MICROPIP_WHEEL}")
        if not _verify(got, MICROPIP_SHA256, "micropip"):
            raise BuildError(
                f"micropip: the downloaded {MICROPIP_WHEEL} does not match the sha256 pinned in "
                f"sitebuild/pins.py (MICROPIP_SHA256). Refusing to build."
            )
        os.replace(got, target)
    return target


def extract_pyodide(tgz: Path, dest: Path) -> dict[str, int]:
    """Copy PYODIDE_FILES out of the npm tarball into dest; returns their sizes."""
    dest.mkdir(parents=True, exist_ok=True)
    sizes = {}
    with tarfile.open(tgz, "r:gz") as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        for name in PYODIDE_FILES:
            m = members.get(f"package/{name}")
            f = tar.extractfile(m) if m is not None else None
            if f is None:
                raise BuildError(f"pyodide: {name} is missing from {tgz.name}")
            data = f.read()
            (dest / name).write_bytes(data)
            sizes[name] = len(data)
    return sizes
