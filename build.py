#!/usr/bin/env python3
"""Assemble the static site in dist/ from nothing, and serve it for local play.

    python3 build.py                 build dist/ (skipped when its inputs are unchanged)
    python3 build.py --force         build even if dist/ looks fresh
    python3 build.py serve [--port N] [--host H]
                                     build, then serve dist/ on http://localhost:8000/

Standard library only.  What the build does:

1. Fetches the pinned Pyodide core (the npm package, through `npm pack`) and
   the pinned micropip wheel (through `pip download`) into .cache/, and checks
   both against the sha256 pinned below.  A mismatch or a failed download
   stops the build.
2. Builds the tsuro_core wheel from pyproject.toml (a small, deterministic
   pure-Python wheel builder: same input, same bytes, so its hash only moves
   when the engine changes).
3. Lays out dist/:
     pyodide/<version>/      the Pyodide core files + micropip (never change)
     wheels/<sha>/           the engine wheel (the hash lives in the folder so
                             the file name stays a valid wheel name)
     assets/<sha>/           every file of web/ that is not a page, in one
                             content-hashed folder; relative imports between
                             modules keep working unchanged
     *.html                  pages, their src/href rewritten to assets/<sha>/
     sw.js                   the service worker with its precache manifest
     tiles.json              the tile table, for drawing before Python is up
     puzzles.json            the puzzles (data/puzzles.json, shape-checked;
                             tests/test_puzzles.py re-checks every answer)
     build.json              what was built (versions, paths, sizes, manifest)
4. Generates assets/<sha>/js/build-info.js, which tells the page and the
   worker where Pyodide, micropip and the wheel are.

    python3 build.py netlify-toml    write netlify.toml from the headers table

The HTTP serving code (`make_server`, `serve_in_thread`) is importable; its
headers come from SITE_HEADERS, the table netlify.toml is written from, so
local and deployed caching and security headers agree.
"""

from __future__ import annotations

import argparse
import base64
import csv
import fnmatch
import hashlib
import http.server
import importlib.util
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
import urllib.parse
import zipfile
from pathlib import Path

# --------------------------------------------------------------------------
# Pins.  Change a version only together with its sha256.

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

# --------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
BUILD_SCHEMA = 3  # bump when the layout of dist/ changes

# Files of web/ that keep their URL (everything else goes to assets/<sha>/).
STABLE_NAMES = {"sw.js", "favicon.ico", "robots.txt", "_headers", "_redirects"}
STABLE_SUFFIXES = {".html", ".htm"}
TYPES_ONLY = {"js/lib/types.js"}
"""web/ files that only the type checker reads (tsconfig.json): the JSDoc
typedefs, and every *.d.ts (declarations: the generated build-info.js, the
pages' globals); no page loads them, so they are not shipped."""


def types_only(rel: str) -> bool:
    """A web/ file for the type checker alone (TYPES_ONLY)."""
    return rel in TYPES_ONLY or rel.endswith(".d.ts")

SW_PLACEHOLDER = "/*@@PRECACHE_MANIFEST@@*/ null"


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------
# Fetching the pinned downloads


def _verify(path: Path, expected: str, what: str) -> bool:
    got = sha256_file(path)
    if got == expected:
        return True
    log(f"{what}: sha256 mismatch for {path.name}: got {got}, pinned {expected}")
    return False


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise BuildError(f"{what}: `{cmd[0]}` is not installed (needed to fetch {what})") from None
    if proc.returncode != 0:
        raise BuildError(
            f"{what}: `{' '.join(cmd)}` failed (exit {proc.returncode}):\n"
            f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        )


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """The pinned Pyodide npm tarball in the cache, downloaded and verified if needed."""
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if target.exists() and _verify(target, PYODIDE_NPM_SHA256, "pyodide"):
        return target
    target.unlink(missing_ok=True)
    log(f"fetching pyodide@{PYODIDE_VERSION} with npm pack")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        _run(
            ["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"],
            "pyodide",
            cwd=Path(tmp),
        )
        got = sorted(Path(tmp).glob("pyodide-*.tgz"))
        if len(got) != 1:
            raise BuildError(
                f"pyodide: npm pack produced {[p.name for p in got]}, expected one tarball"
            )
        if not _verify(got[0], PYODIDE_NPM_SHA256, "pyodide"):
            raise BuildError(
                f"pyodide: the downloaded pyodide@{PYODIDE_VERSION} tarball does not match the "
                f"sha256 pinned in build.py (PYODIDE_NPM_SHA256). Refusing to build."
            )
        os.replace(got[0], target)
    return target


def fetch_micropip(cache: Path = CACHE) -> Path:
    """The pinned micropip wheel in the cache, downloaded and verified if needed."""
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / MICROPIP_WHEEL
    if target.exists() and _verify(target, MICROPIP_SHA256, "micropip"):
        return target
    target.unlink(missing_ok=True)
    log(f"fetching micropip=={MICROPIP_VERSION} with pip download")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        _run(
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
                f"build.py (MICROPIP_SHA256). Refusing to build."
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
            if m is None:
                raise BuildError(f"pyodide: {name} is missing from {tgz.name}")
            data = tar.extractfile(m).read()
            (dest / name).write_bytes(data)
            sizes[name] = len(data)
    return sizes


# --------------------------------------------------------------------------
# The engine wheel


def _pyproject(root: Path) -> dict:
    with open(root / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def project_version(root: Path = ROOT) -> str:
    meta = _pyproject(root)["project"]
    if "version" in meta:
        return meta["version"]
    init = (root / "tsuro_core" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", init, re.M)
    if not m:
        raise BuildError("cannot find the project's version (pyproject or __version__)")
    return m.group(1)


def _wheel_files(root: Path, conf: dict) -> list[tuple[str, Path]]:
    st = conf.get("tool", {}).get("setuptools", {})
    packages = st.get("packages")
    if not isinstance(packages, list) or not packages:
        raise BuildError("pyproject.toml: [tool.setuptools] packages must list the packages")
    package_data = st.get("package-data", {})
    out = []
    for pkg in packages:
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


def build_wheel(root: Path, out_dir: Path, add_files: dict[str, bytes] | None = None) -> Path:
    """Build the pure-Python wheel described by root/pyproject.toml into out_dir.

    Equivalent to `pip wheel --no-deps .` for this project's setuptools
    configuration (explicit package list, optional package-data), but
    byte-for-byte reproducible and offline.  `add_files` adds files (arcname ->
    bytes): the precompiled __pycache__/*.cpython-314.pyc of precompile().
    """
    conf = _pyproject(root)
    meta = conf["project"]
    name = meta["name"]
    dist_name = re.sub(r"[-_.]+", "_", name).lower()
    version = project_version(root)
    tag = "py3-none-any"
    info = f"{dist_name}-{version}.dist-info"

    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
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
    metadata = "\n".join(lines) + "\n"
    wheel_meta = (
        f"Wheel-Version: 1.0\nGenerator: tsuro-build.py\nRoot-Is-Purelib: true\nTag: {tag}\n"
    )
    entry = ""
    for group, key in (("console_scripts", "scripts"), ("gui_scripts", "gui-scripts")):
        items = meta.get(key, {})
        if items:
            entry += (
                f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(items.items())) + "\n"
            )
    tops = sorted({p.split(".")[0] for p in conf["tool"]["setuptools"]["packages"]})

    files: list[tuple[str, bytes]] = [(arc, p.read_bytes()) for arc, p in _wheel_files(root, conf)]
    files += sorted((add_files or {}).items())
    files.append((f"{info}/METADATA", metadata.encode()))
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


# --------------------------------------------------------------------------
# Precompiled Python: the trimmed stdlib and the wheel's bytecode

PRECOMPILE_TOOL = "tools/precompile.mjs"
EXERCISE = "tools/engine_exercise.py"
APP_ICONS = "tools/app_icons.py"
APP_DESCRIPTION = (
    "Tsuro, the game of the path: play in your browser against friends "
    "or the computer, offline too."
)


def app_files(root: Path, cache: Path = CACHE) -> dict[str, bytes]:
    """The installable app's manifest and icons (tools/app_icons.py), cached in
    .cache/app-icons/<hash of the tool>/ since drawing them takes a second."""
    source = (root / APP_ICONS).read_bytes()
    key = sha256_bytes(source + APP_DESCRIPTION.encode())[:16]
    folder = cache / "app-icons" / key
    index = folder / "files.json"
    if index.is_file():
        names = json.loads(index.read_text(encoding="utf-8"))
        if all((folder / n).is_file() for n in names):
            return {n: (folder / n).read_bytes() for n in names}
    spec = importlib.util.spec_from_file_location("tsuro_app_icons", root / APP_ICONS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files = module.app_files(APP_DESCRIPTION)
    for n, data in files.items():
        (folder / n).parent.mkdir(parents=True, exist_ok=True)
        (folder / n).write_bytes(data)
    index.write_text(json.dumps(sorted(files)), encoding="utf-8")
    return files


_IMPORT_ALL_RE = re.compile(r"const IMPORT_ALL = `(.*?)`;", re.S)


def import_all_snippet(root: Path) -> str:
    """The Python the worker runs before a memory snapshot (every engine module)."""
    m = _IMPORT_ALL_RE.search((root / "web" / "engine.worker.js").read_text(encoding="utf-8"))
    if not m or "${" in m.group(1):
        raise BuildError("web/engine.worker.js: no plain `const IMPORT_ALL = `...`;` snippet")
    return m.group(1)


def precompile(root: Path, pyodide_dir: Path, wheel: Path, cache: Path = CACHE) -> Path:
    """The folder holding python_stdlib.zip (only the modules the engine's paths
    import, as .pyc), wheel_pycs.zip and modules.json, made by Pyodide's own
    Python under Node (tools/precompile.mjs).  Cached in .cache/precompiled/<key>/,
    the key being the hash of every input, so a rebuild with the same engine
    and Pyodide costs nothing and a fresh machine makes it (a few seconds)."""
    key = hashlib.sha256()
    snippet = import_all_snippet(root)
    for part in (
        PYODIDE_NPM_SHA256.encode(),
        wheel.read_bytes(),
        snippet.encode(),
        (root / PRECOMPILE_TOOL).read_bytes(),
        (root / EXERCISE).read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    target = cache / "precompiled" / key.hexdigest()[:20]
    names = ("python_stdlib.zip", "wheel_pycs.zip", "modules.json")
    if all((target / n).is_file() for n in names):
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
        (tmp / "import_all.py").write_text(snippet, encoding="utf-8")
        _run(
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


def answers_from_wheel(wheel: Path, requests: list[dict]) -> list[dict]:
    """tsuro_core.api.handle_json's answers to requests, from the built wheel in a
    fresh interpreter (the same answers Pyodide gives: tests/node checks that)."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from tsuro_core.api import handle_json; "
        "print(json.dumps([json.loads(handle_json(json.dumps(r))) for r in json.load(sys.stdin)]))"
    )
    proc = subprocess.run(
        [sys.executable, "-I", "-c", code, str(wheel)],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    if proc.returncode != 0:
        raise BuildError(f"asking the engine from the wheel failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


_RECORD_EMBED_RE = re.compile(
    r"""(\ssrc\s*=\s*["'][^"'#]*embed\.html#)(r=[A-Za-z0-9_-]+)([^"']*)(["'])"""
)


def precompute_record_embeds(
    pages: dict[str, str], wheel: Path
) -> tuple[dict[str, str], dict[str, bytes]]:
    """Boards that step through a fixed record (embed.html#r=...) in our pages:
    their positions, computed now, so they draw without the engine.  Returns
    the pages with `&pre=<sha>` added to those fragments, and the files
    precomputed/<sha>.json ({link, record, positions, events})."""
    links = sorted({m.group(2) for html in pages.values() for m in _RECORD_EMBED_RE.finditer(html)})
    if not links:
        return pages, {}
    decoded = answers_from_wheel(
        wheel, [{"op": "decode_link", "args": {"fragment": k}} for k in links]
    )
    records = {}
    for link, answer in zip(links, decoded):
        if not answer["ok"] or "record" not in answer["result"]:
            raise BuildError(
                f"a page embeds a record link the engine refuses: {link[:40]}...: {answer}"
            )
        records[link] = answer["result"]["record"]
    stepped = answers_from_wheel(
        wheel, [{"op": "positions", "args": {"record": records[k]}} for k in links]
    )
    files, shas = {}, {}
    for link, answer in zip(links, stepped):
        if not answer["ok"]:
            raise BuildError(f"positions of an embedded record failed: {answer}")
        data = json.dumps(
            {"link": link, "record": records[link], **answer["result"]},
            separators=(",", ":"),
            sort_keys=True,
        ).encode()
        shas[link] = sha256_bytes(data)[:16]
        files[f"precomputed/{shas[link]}.json"] = data

    def add(m: re.Match) -> str:
        rest = re.sub(r"&pre=[^&\"']*", "", m.group(3))
        return f"{m.group(1)}{m.group(2)}{rest}&pre={shas[m.group(2)]}{m.group(4)}"

    return {rel: _RECORD_EMBED_RE.sub(add, html) for rel, html in pages.items()}, files


def tiles_from_wheel(wheel: Path) -> list:
    """tsuro_core.tiles.tile_table_json(), imported from the built wheel in a fresh interpreter."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from tsuro_core.tiles import tile_table_json; "
        "print(json.dumps(tile_table_json()))"
    )
    proc = subprocess.run(
        [sys.executable, "-I", "-c", code, str(wheel)],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    if proc.returncode != 0:
        raise BuildError(
            f"tiles.json: importing tsuro_core.tiles from the wheel failed:\n{proc.stderr}"
        )
    return json.loads(proc.stdout)


# --------------------------------------------------------------------------
# Assets


def _walk(base: Path) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for fn in sorted(filenames):
            if fn.startswith(".") or fn.endswith((".pyc", "~")):
                continue
            out.append(Path(dirpath, fn).relative_to(base).as_posix())
    return out


def is_stable(rel: str) -> bool:
    """A web/ file that keeps its URL (pages and the service worker)."""
    return Path(rel).suffix.lower() in STABLE_SUFFIXES or rel in STABLE_NAMES


_ATTR_RE = re.compile(r"""(\s(?:src|href)\s*=\s*)(["'])([^"']*)\2""", re.I)
_IMPORT_RE = re.compile(r"""((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{0,2}/[^"']*)\2""")


def rewrite_html(html: str, page_rel: str, hashed: set[str], asset_dir: str) -> str:
    """Point a page's references to files that moved into assets/<sha>/."""
    page_dir = posixpath.dirname(page_rel)

    def fix(url: str) -> str:
        if (
            not url
            or url.startswith(("#", "data:", "blob:", "mailto:", "javascript:", "//"))
            or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I)
        ):
            return url
        path, sep, rest = re.match(r"^([^?#]*)([?#]?)(.*)$", url, re.S).groups()
        if path.startswith("/"):
            target = posixpath.normpath(path.lstrip("/"))
            absolute = True
        else:
            target = posixpath.normpath(posixpath.join(page_dir, path))
            absolute = False
        if target not in hashed:
            return url
        moved = f"{asset_dir}/{target}"
        if absolute:
            new = "/" + moved
        else:
            new = posixpath.relpath(moved, page_dir or ".")
            if not new.startswith("../"):
                new = "./" + new  # stays a relative specifier inside `import ... from`
        return new + sep + rest

    html = _ATTR_RE.sub(lambda m: m.group(1) + m.group(2) + fix(m.group(3)) + m.group(2), html)
    # import specifiers in inline module scripts
    html = _IMPORT_RE.sub(lambda m: m.group(1) + m.group(2) + fix(m.group(3)) + m.group(2), html)
    return html


_STATIC_IMPORT_RE = re.compile(
    r"""(?:^|[;}\s])(?:import|export)\b(?:[^'";]*?\bfrom)?\s*["'](\.{1,2}/[^"']+)["']""", re.M
)
_MODULE_SCRIPT_RE = re.compile(
    r"""<script\b(?=[^>]*\btype\s*=\s*["']?module)[^>]*\bsrc\s*=\s*["']([^"']+)["']""", re.I
)

_INLINE_MODULE_RE = re.compile(
    r"""<script\b(?=[^>]*\btype\s*=\s*["']?module)(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>""",
    re.I | re.S,
)


def static_imports(js: str) -> list[str]:
    """The relative specifiers of a module's static imports and re-exports."""
    return _STATIC_IMPORT_RE.findall(js)


def add_modulepreloads(html: str, page_rel: str, contents: dict[str, bytes], asset_dir: str) -> str:
    """Add <link rel=modulepreload> for every module a page's module scripts import
    statically (transitively), so the browser fetches the graph in one round trip."""
    page_dir = posixpath.dirname(page_rel)
    prefix = asset_dir + "/"
    entries = []  # fetched by the page's own <script src>: no need to preload
    seeds = []  # imported by inline module scripts: preload them too
    srcs = [(src, entries) for src in _MODULE_SCRIPT_RE.findall(html)]
    for body in _INLINE_MODULE_RE.findall(html):
        srcs += [(spec, seeds) for spec in static_imports(body)]
    for src, into in srcs:
        if re.match(r"^[a-z][a-z0-9+.-]*:|^//", src, re.I):
            continue
        path = src.split("?")[0].split("#")[0]
        target = posixpath.normpath(
            path.lstrip("/") if path.startswith("/") else posixpath.join(page_dir, path)
        )
        if target.startswith(prefix) and target[len(prefix) :] in contents:
            into.append(target[len(prefix) :])
    seen, todo = set(entries + seeds), entries + seeds
    while todo:
        mod = todo.pop()
        js = contents[mod].decode("utf-8", "replace")
        for spec in static_imports(js):
            dep = posixpath.normpath(posixpath.join(posixpath.dirname(mod), spec.split("?")[0]))
            if dep in contents and dep not in seen:
                seen.add(dep)
                todo.append(dep)
    deps = sorted(seen - set(entries))
    if not deps or "</head>" not in html:
        return html
    links = "".join(
        f'<link rel="modulepreload" href="{posixpath.relpath(prefix + d, page_dir or ".")}">\n'
        for d in deps
    )
    return html.replace("</head>", links + "</head>", 1)


def build_info_js(info: dict) -> str:
    return (
        "// Generated by build.py: where the engine's files are.  Do not edit.\n"
        "// This module lives in assets/<sha>/js/, three levels below the site root.\n"
        'export const siteRoot = new URL("../../../", import.meta.url).href;\n'
        f"export const BUILD = {json.dumps(info, indent=2, sort_keys=True)};\n"
        "export function siteURL(path) { return new URL(path, siteRoot).href; }\n"
    )


# --------------------------------------------------------------------------
# Freshness


PUZZLES = "data/puzzles.json"
"""The puzzles found by tools/find_puzzles.py, shipped as dist/puzzles.json."""


def puzzles_json(root: Path = ROOT) -> str:
    """data/puzzles.json, compact, after checking each entry's shape."""
    try:
        puzzles = json.loads((root / PUZZLES).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BuildError(f"{PUZZLES}: {e}") from None
    if not isinstance(puzzles, list):
        raise BuildError(f"{PUZZLES}: expected a list of puzzles")
    for i, p in enumerate(puzzles):
        if not isinstance(p, dict) or set(p) != {"id", "task", "position", "answer"}:
            raise BuildError(f"{PUZZLES}[{i}]: expected {{id, task, position, answer}}")
    return json.dumps(puzzles, separators=(",", ":"), ensure_ascii=False)


def input_fingerprint(root: Path = ROOT) -> str:
    """A hash of everything that goes into dist/ (sources, pins, this script)."""
    h = hashlib.sha256()
    h.update(
        f"schema {BUILD_SCHEMA} pyodide {PYODIDE_VERSION} {PYODIDE_NPM_SHA256} "
        f"micropip {MICROPIP_VERSION} {MICROPIP_SHA256}\n".encode()
    )
    paths = [
        root / "build.py",
        root / "pyproject.toml",
        root / PRECOMPILE_TOOL,
        root / EXERCISE,
        root / PUZZLES,
        root / APP_ICONS,
    ]
    for sub in ("tsuro_core", "web"):
        paths += [root / sub / rel for rel in _walk(root / sub)]
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def read_build_json(dist: Path = DIST) -> dict | None:
    try:
        return json.loads((dist / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_fresh(dist: Path = DIST, root: Path = ROOT) -> bool:
    info = read_build_json(dist)
    return bool(info) and info.get("fingerprint") == input_fingerprint(root)


# --------------------------------------------------------------------------
# The build


def build(dist: Path = DIST, root: Path = ROOT, cache: Path = CACHE) -> dict:
    """Build dist/ from nothing; returns the build.json record."""
    t0 = time.monotonic()
    web = root / "web"
    for required in ("engine.worker.js", "sw.js", "js/lib/engine/client.js"):
        if not (web / required).is_file():
            raise BuildError(f"web/{required} is missing")
    fingerprint = input_fingerprint(root)
    tgz = fetch_pyodide(cache)
    micropip = fetch_micropip(cache)

    dist.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
    try:
        # Pyodide core + micropip, in a versioned folder.
        pyo_rel = f"pyodide/{PYODIDE_VERSION}"
        sizes = extract_pyodide(tgz, tmp / pyo_rel)
        shutil.copyfile(micropip, tmp / pyo_rel / MICROPIP_WHEEL)
        sizes[MICROPIP_WHEEL] = micropip.stat().st_size
        lock = json.loads((tmp / pyo_rel / "pyodide-lock.json").read_text(encoding="utf-8"))

        # The engine wheel, in a folder named by its hash, with its bytecode
        # precompiled by Pyodide's Python; and the trimmed, precompiled stdlib.
        with tempfile.TemporaryDirectory() as wtmp:
            plain = build_wheel(root, Path(wtmp) / "plain")
            pre = precompile(root, tmp / pyo_rel, plain, cache)
            built = build_wheel(root, Path(wtmp), add_files=wheel_pycs(pre))
            wheel_bytes = built.read_bytes()
            wheel_sha = sha256_bytes(wheel_bytes)
            wheel_rel = f"wheels/{wheel_sha[:16]}/{built.name}"
            (tmp / wheel_rel).parent.mkdir(parents=True)
            (tmp / wheel_rel).write_bytes(wheel_bytes)
        stdlib_bytes = (pre / "python_stdlib.zip").read_bytes()
        stdlib_sha = sha256_bytes(stdlib_bytes)
        stdlib_rel = f"stdlib/{stdlib_sha[:16]}/python_stdlib.zip"
        (tmp / stdlib_rel).parent.mkdir(parents=True)
        (tmp / stdlib_rel).write_bytes(stdlib_bytes)
        stdlib_modules = json.loads((pre / "modules.json").read_text(encoding="utf-8"))
        tiles = tiles_from_wheel(tmp / wheel_rel)
        (tmp / "tiles.json").write_text(json.dumps(tiles, separators=(",", ":")), encoding="utf-8")
        (tmp / "puzzles.json").write_text(puzzles_json(root), encoding="utf-8")
        # The installable app: manifest.webmanifest and its icons, under stable names.
        for rel, data in app_files(root, cache).items():
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_bytes(data)

        # Our assets: one content-hashed folder for every non-page file of web/.
        rels = [r for r in _walk(web) if not types_only(r)]
        hashed = [r for r in rels if not is_stable(r)]
        stable = [r for r in rels if is_stable(r)]
        engine_name = _pyproject(root)["project"]["name"]
        info = {
            "pyodideVersion": PYODIDE_VERSION,
            "pyodideSha256": PYODIDE_NPM_SHA256,
            "pyodideDir": pyo_rel + "/",
            "micropipWheel": f"{pyo_rel}/{MICROPIP_WHEEL}",
            "micropipSha256": MICROPIP_SHA256,
            "engine": {
                "name": engine_name,
                "version": project_version(root),
                "wheel": wheel_rel,
                "sha256": wheel_sha,
                "imports": sorted(
                    {p.split(".")[0] for p in _pyproject(root)["tool"]["setuptools"]["packages"]}
                ),
            },
            "stdlib": {
                "url": stdlib_rel,
                "sha256": stdlib_sha,
                "python": stdlib_modules["python"],
                "modules": len(stdlib_modules["modules"]),
            },
            "lockInfo": lock["info"],
            "sizes": {
                **{f"{pyo_rel}/{k}": v for k, v in sizes.items()},
                wheel_rel: len(wheel_bytes),
                stdlib_rel: len(stdlib_bytes),
            },
        }
        contents = {r: (web / r).read_bytes() for r in hashed}
        contents["js/build-info.js"] = build_info_js(info).encode()
        tree = hashlib.sha256()
        for r in sorted(contents):
            tree.update(r.encode() + b"\0" + hashlib.sha256(contents[r]).digest())
        asset_dir = f"assets/{tree.hexdigest()[:16]}"
        for r, data in contents.items():
            (tmp / asset_dir / r).parent.mkdir(parents=True, exist_ok=True)
            (tmp / asset_dir / r).write_bytes(data)

        hashed_set = set(contents)
        pages = {}
        for r in stable:
            if r == "sw.js":
                continue
            (tmp / r).parent.mkdir(parents=True, exist_ok=True)
            if Path(r).suffix.lower() in STABLE_SUFFIXES:
                html = rewrite_html((web / r).read_text(encoding="utf-8"), r, hashed_set, asset_dir)
                pages[r] = add_modulepreloads(html, r, contents, asset_dir)
            else:
                shutil.copyfile(web / r, tmp / r)
        pages, precomputed = precompute_record_embeds(pages, tmp / wheel_rel)
        for r, html in pages.items():
            (tmp / r).write_text(html, encoding="utf-8")
        for r, data in precomputed.items():
            (tmp / r).parent.mkdir(parents=True, exist_ok=True)
            (tmp / r).write_bytes(data)

        # The precache manifest: every file of the site except the service worker
        # itself and what only the micropip path (another Pyodide page's way
        # in) needs: the full stdlib, the standard lock file and micropip, which
        # the service worker caches when they are first fetched.  Every file's
        # sha256 goes with it: the service worker stores nothing that differs.
        on_demand = sorted(f"{pyo_rel}/{n}" for n in (*ON_DEMAND_FILES, MICROPIP_WHEEL))
        files = [r for r in _walk(tmp) if r not in ("sw.js", "build.json")]
        hashes = {r: sha256_file(tmp / r) for r in files}
        urls = sorted(r for r in files if r not in on_demand)
        version = hashlib.sha256()
        for r in urls:
            version.update(r.encode() + b"\0" + bytes.fromhex(hashes[r]))
        manifest = {
            "version": version.hexdigest()[:16],
            "urls": urls,
            "onDemand": on_demand,
            "immutable": ["assets/", "pyodide/", "wheels/", "stdlib/", "precomputed/"],
            "sha256": dict(sorted(hashes.items())),
        }
        sw = (web / "sw.js").read_text(encoding="utf-8")
        if SW_PLACEHOLDER not in sw:
            raise BuildError(f"web/sw.js must contain the placeholder {SW_PLACEHOLDER!r}")
        (tmp / "sw.js").write_text(
            sw.replace(SW_PLACEHOLDER, json.dumps(manifest)), encoding="utf-8"
        )

        record = {
            "schema": BUILD_SCHEMA,
            "fingerprint": fingerprint,
            "version": manifest["version"],
            "assets": asset_dir + "/",
            "pages": sorted(r for r in stable if Path(r).suffix.lower() in STABLE_SUFFIXES),
            "precache": manifest,
            **info,
        }
        (tmp / "build.json").write_text(
            json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )

        # Swap the new dist/ in.
        old = None
        if dist.exists():
            old = dist.with_name(f".dist-old-{os.getpid()}-{time.time_ns()}")
            os.replace(dist, old)
        os.replace(tmp, dist)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    log(
        f"built {dist.relative_to(root) if dist.is_relative_to(root) else dist} "
        f"(version {record['version']}, {len(urls)} files) in {time.monotonic() - t0:.1f} s"
    )
    return record


class _BuildLock:
    """An exclusive lock on .cache/build.lock: builds in one checkout take turns."""

    def __init__(self, cache: Path = CACHE):
        self.path = cache / "build.lock"

    def __enter__(self):
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        self.f.close()


def ensure_built(dist: Path = DIST, root: Path = ROOT, force: bool = False) -> dict:
    """Build dist/ unless it is fresh (its inputs unchanged); returns build.json."""
    with _BuildLock():
        if not force and is_fresh(dist, root):
            return read_build_json(dist)
        return build(dist, root)


def private_copy(dest: Path, dist: Path = DIST, root: Path = ROOT) -> dict:
    """Make dist/ fresh, then hard-link a copy of it at dest (which must not exist).

    Tests and benchmarks serve the copy: a build started meanwhile in the same
    checkout (someone edited a source) replaces dist/ but not the copy.
    """
    with _BuildLock():
        if not is_fresh(dist, root):
            build(dist, root)
        shutil.copytree(dist, dest, copy_function=os.link)
    return read_build_json(dest)


# --------------------------------------------------------------------------
# Serving


MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}


# --------------------------------------------------------------------------
# The site's HTTP headers: this table is the one source.  The local server
# (`serve`, the tests, the benchmarks) reads it; netlify.toml is written from
# it by `python3 build.py netlify-toml` (tests/test_site_headers.py checks the
# two agree).  No header name is set by two rules matching the same path:
# Netlify's servers and its CLI merge such duplicates differently.

# The pages' one inline script (tools/static_board.py: the board is on screen);
# the policy allows it by its hash and allows no other inline script.
INLINE_SCRIPTS = ('performance.mark("board-visible")',)


def _script_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def content_security_policy(frame_ancestors: str | None) -> str:
    """Only our own origin, plus compiling WebAssembly (Pyodide) and the hashed inline script.

    frame_ancestors None leaves framing open (pages meant to be embedded).
    """
    directives = [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' " + " ".join(_script_hash(s) for s in INLINE_SCRIPTS),
        "style-src 'self'",
        "img-src 'self' data:",  # data: for the favicon
        "connect-src 'self'",
        "worker-src 'self'",
        "frame-src 'self'",  # the tutorial embeds our boards
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
    if frame_ancestors:
        directives.append(f"frame-ancestors {frame_ancestors}")
    return "; ".join(directives)


CSP = "Content-Security-Policy"
PAGE_CSP = content_security_policy("'none'")  # the game, the tutorial: never framed
FRAMEABLE_CSP = content_security_policy(None)  # the embed (and the smoke page): any host may frame
IMMUTABLE = "public, max-age=31536000, immutable"
JS_TYPE = "text/javascript; charset=utf-8"

# The top-level pages and their policy.  Netlify also serves each page without
# its ".html" (/daily for /daily.html) and matches header rules on the path
# asked for, so each page gets its rule under both names.
PAGE_POLICIES = {
    "/index.html": PAGE_CSP,
    "/daily.html": PAGE_CSP,
    "/puzzles.html": PAGE_CSP,
    "/link.html": PAGE_CSP,
    "/embed.html": FRAMEABLE_CSP,
    "/smoke.html": FRAMEABLE_CSP,
}

SITE_HEADERS: list[tuple[str, dict[str, str]]] = [
    # Every response.
    ("/*", {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}),
    # Pyodide, by version: never changes.
    ("/pyodide/*", {"Cache-Control": IMMUTABLE, "Access-Control-Allow-Origin": "*"}),
    # Our JS/CSS, in a folder named by the hash of its contents.  The policy
    # is the engine worker's (a worker's comes with its script).
    ("/assets/*", {"Cache-Control": IMMUTABLE, CSP: PAGE_CSP}),
    # The engine wheel, in a folder named by its sha256.
    ("/wheels/*", {"Cache-Control": IMMUTABLE, "Access-Control-Allow-Origin": "*"}),
    # The trimmed, precompiled stdlib, in a folder named by its sha256.
    ("/stdlib/*", {"Cache-Control": IMMUTABLE}),
    # Positions of the records our pages embed, named by the hash of their content.
    ("/precomputed/*", {"Cache-Control": IMMUTABLE}),
    ("/*.wasm", {"Content-Type": "application/wasm"}),
    ("/*.mjs", {"Content-Type": JS_TYPE}),
    ("/*.whl", {"Content-Type": "application/zip"}),
    # Pages, the service worker and the unhashed data: always revalidate.
    ("/", {"Cache-Control": "no-cache", CSP: PAGE_CSP}),
    ("/*.html", {"Cache-Control": "no-cache"}),
    ("/tutorial/*", {CSP: PAGE_CSP}),
    *[
        (path, {CSP: policy})
        for page, policy in PAGE_POLICIES.items()
        for path in (page, page[:-5])
    ],
    ("/sw.js", {"Cache-Control": "no-cache", "Content-Type": JS_TYPE, CSP: PAGE_CSP}),
    ("/tiles.json", {"Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*"}),
    ("/build.json", {"Cache-Control": "no-cache"}),
]

NETLIFY_TOML_HEAD = """\
# Netlify: build with build.py, publish dist/.
# GENERATED by `python3 build.py netlify-toml` from SITE_HEADERS in build.py,
# which `python3 build.py serve` and the tests serve with too: edit the table
# there, not this file.

[build]
  command = "python3 build.py"
  publish = "dist"

[build.environment]
  PYTHON_VERSION = "3.11"
  NODE_VERSION = "20"
"""


def netlify_toml(rules: list[tuple[str, dict[str, str]]] = SITE_HEADERS) -> str:
    """netlify.toml's text: the build settings and one [[headers]] table per rule."""
    out = [NETLIFY_TOML_HEAD]
    for pattern, values in rules:
        out.append(f"\n[[headers]]\n  for = {json.dumps(pattern)}\n  [headers.values]\n")
        out += [f"    {name} = {json.dumps(value)}\n" for name, value in values.items()]
    return "".join(out)


def netlify_header_rules(root: Path = ROOT) -> list[tuple[str, dict[str, str]]]:
    """The [[headers]] rules of netlify.toml as (pattern, headers)."""
    try:
        with open(root / "netlify.toml", "rb") as f:
            conf = tomllib.load(f)
    except OSError:
        return []
    return [(h["for"], dict(h.get("values", {}))) for h in conf.get("headers", [])]


def _pattern_matches(pattern: str, path: str) -> bool:
    # Netlify-style: '*' matches anything, '/' included.
    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    return re.match(regex, path) is not None


def headers_for(
    path: str, rules: list[tuple[str, dict[str, str]]] = SITE_HEADERS
) -> dict[str, str]:
    """Headers the rules give a URL path (later rules win on the same name)."""
    out: dict[str, str] = {}
    for pattern, values in rules:
        if _pattern_matches(pattern, path):
            out.update(values)
    return out


def with_csp_reporting(headers: dict[str, str], report_only: bool = False) -> dict[str, str]:
    """The headers with the policy reporting its violations to /__csp-report (test servers).

    report_only sends it as Content-Security-Policy-Report-Only: violations are
    reported, nothing is blocked.
    """
    out = dict(headers)
    policy = out.pop(CSP, None)
    if policy:
        out[CSP + ("-Report-Only" if report_only else "")] = policy + "; report-uri /__csp-report"
    return out


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with proper MIME types and the site's headers (SITE_HEADERS)."""

    rules: list[tuple[str, dict[str, str]]] = SITE_HEADERS
    mounts: dict[str, str] = {}  # URL prefix ("/__bench/") -> directory
    stats: list | None = None  # if a list, (path, bytes sent, status) is appended per response
    latency = 0.0  # seconds to wait before each answer (benchmarks: a slow network)
    csp_reports: list | None = None  # if a list, the policy reports violations into it (tests)
    csp_report_only = False  # with csp_reports: report, do not block
    quiet = True

    def send_head(self):
        if self.latency:
            time.sleep(self.latency)
        return super().send_head()

    def translate_path(self, path):
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        for prefix, directory in self.mounts.items():
            if url_path.startswith(prefix):
                rel = url_path[len(prefix) :]
                return str(
                    Path(directory, *[p for p in rel.split("/") if p not in ("", ".", "..")])
                )
        local = super().translate_path(path)
        if (
            not url_path.endswith("/")
            and not Path(local).exists()
            and Path(local + ".html").is_file()
        ):
            return local + ".html"  # /daily serves daily.html, as on Netlify
        return local

    def guess_type(self, path):
        return MIME.get(Path(str(path)).suffix.lower(), "application/octet-stream")

    def end_headers(self):
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        headers = headers_for(url_path, self.rules)
        if url_path.endswith("/"):
            headers.update(headers_for(url_path + "index.html", self.rules))
        if "Cache-Control" not in headers:
            headers["Cache-Control"] = "no-cache"
        if self.csp_reports is not None:
            headers = with_csp_reporting(headers, self.csp_report_only)
        for k, v in headers.items():
            if k.lower() == "content-type":
                continue  # the MIME map already said it
            self.send_header(k, v)
        super().end_headers()

    def do_POST(self):
        """Only the policy's violation reports are posted here (when asked to collect them)."""
        if self.csp_reports is None or urllib.parse.urlsplit(self.path).path != "/__csp-report":
            self.send_error(405)
            return
        body = self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 1 << 16))
        try:
            report = json.loads(body)
        except ValueError:
            report = {"unreadable": body.decode("utf-8", "replace")}
        self.csp_reports.append(
            report.get("csp-report", report) if isinstance(report, dict) else report
        )
        self.send_response(204)
        self.end_headers()

    def copyfile(self, source, outputfile):
        counter = _CountingWriter(outputfile)
        super().copyfile(source, counter)
        if self.stats is not None:
            self.stats.append((urllib.parse.urlsplit(self.path).path, counter.count, 200))

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class _CountingWriter:
    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def write(self, b):
        self.count += len(b)
        return self.raw.write(b)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A browser that hangs up mid-download (a closed page) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    mounts: dict[str, Path] | None = None,
    stats: list | None = None,
    quiet: bool = True,
    latency: float = 0.0,
    csp_reports: list | None = None,
    csp_report_only: bool = False,
    rules: list[tuple[str, dict[str, str]]] | None = None,
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` (port 0 picks a free port).

    csp_reports: a list that receives every Content-Security-Policy violation
    the browser reports (the policy gets a report-uri); csp_report_only sends
    the policy as report-only.  rules: other headers than SITE_HEADERS (tests).
    """
    handler = type(
        "Handler",
        (SiteHandler,),
        {
            "rules": SITE_HEADERS if rules is None else rules,
            "mounts": {k: str(v) for k, v in (mounts or {}).items()},
            "stats": stats,
            "quiet": quiet,
            "latency": latency,
            "csp_reports": csp_reports,
            "csp_report_only": csp_report_only,
        },
    )

    def factory(*args, **kwargs):
        return handler(*args, directory=str(directory), **kwargs)

    return _Server((host, port), factory)


def serve_in_thread(
    directory: Path = DIST, host: str = "127.0.0.1", port: int = 0, **kwargs
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start make_server() in a daemon thread; returns (server, base URL ending in '/').

    Stop it with server.shutdown(); server.server_close().
    """
    server = make_server(directory, host, port, **kwargs)
    threading.Thread(target=server.serve_forever, name="tsuro-serve", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build (and serve) the Tsuro static site.")
    ap.add_argument(
        "command",
        nargs="?",
        default="build",
        choices=["build", "serve", "netlify-toml"],
        help="netlify-toml: write netlify.toml from the headers table (SITE_HEADERS)",
    )
    ap.add_argument("--force", action="store_true", help="rebuild even if dist/ is fresh")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    args = ap.parse_args(argv)
    if args.command == "netlify-toml":
        (ROOT / "netlify.toml").write_text(netlify_toml(), encoding="utf-8")
        log("wrote netlify.toml")
        return 0
    server = None
    if args.command == "serve":  # listen first: a busy port is told before any build
        try:
            server = make_server(DIST, args.host, args.port, quiet=False)
        except (OSError, OverflowError) as e:  # port taken or out of range, unknown host
            why = getattr(e, "strerror", None) or e
            print(
                f"build.py serve: cannot listen on {args.host}:{args.port}: {why} (try --port N)",
                file=sys.stderr,
            )
            return 2
    try:
        if args.command == "build" and not args.force and is_fresh():
            log("dist/ is up to date (use --force to rebuild)")
        else:
            ensure_built(force=args.force)
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        if server is not None:
            server.server_close()
        return 1
    if server is not None:
        shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "localhost") else args.host
        print(
            f"Serving dist/ at http://{shown}:{server.server_address[1]}/  (Ctrl-C to stop)",
            flush=True,
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
