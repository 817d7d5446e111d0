"""The whole build: dist/ laid out from nothing in a temporary folder, step by
step, then swapped in; and the freshness check that skips it when no input
changed, under a lock so that builds in one checkout take turns.

    pyodide/<version>/   the Pyodide core files + micropip (never change)
    wheels/<sha>/        the engine wheel (the hash lives in the folder so the
                         file name stays a valid wheel name)
    stdlib/<sha>/        the trimmed, precompiled standard library
    assets/<sha>/        every file of web/ that is not a page, in one
                         content-hashed folder, js/build-info.js and the
                         catalogues compiled (js/lib/words/messages/)
    *.html               pages, their shell put in (web/parts/, parts.py), their
                         src/href rewritten to assets/<sha>/
    precomputed/<sha>    positions of the record boards the pages embed, and the
                         engine's answer for the lessons they frame
    lessons/             the lesson files (data/lessons/*.json, checked by the engine)
    sw.js                the service worker with its precache manifest
    tiles.json           the tile table, for drawing before Python is up
    puzzles.json         the puzzles (data/puzzles.json, shape-checked)
    manifest.webmanifest, icons/   the installable app
    build.json           what was built (versions, paths, sizes, manifest)
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from . import assets, icons, jstypes, messages, parts, pins, precache, rooms
from .archives import engine_parts, gzip_stream
from .common import CACHE, DIST, ROOT, BuildError, log, pyproject, sha256_bytes, walk
from .precache import first_visit_bytes, precache_manifest, service_worker
from .precompile import EXERCISE, PRECOMPILE_TOOL, precompile, wheel_pycs
from .wheel import build_wheel, project_version, tiles_from_wheel, top_level_imports

BUILD_SCHEMA = 3  # bump when the layout of dist/ changes
# The files of web/ the build itself relies on; the rest of web/ may be laid out
# any way (pages keep their URL, everything else moves into assets/<sha>/ as is).
REQUIRED = ("engine.worker.js", "sw.js")


def input_fingerprint(root: Path = ROOT) -> str:
    """A hash of everything that goes into dist/ (sources, pins, the build's own code)."""
    h = hashlib.sha256()
    h.update(f"schema {BUILD_SCHEMA} {pins.PINS} {rooms.PINS}\n".encode())
    paths = [
        root / "build.py",
        root / "pyproject.toml",
        root / PRECOMPILE_TOOL,
        root / EXERCISE,
        root / assets.PUZZLES,
        *sorted((root / assets.LESSONS).glob("*.json")),
        root / icons.APP_ICONS,
        root / messages.MESSAGES_TOOL,
        root / "package-lock.json",  # the messages' compiler
    ]
    for sub in ("sitebuild", "tsuro_core", "web"):
        paths += [root / sub / rel for rel in walk(root / sub)]
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def read_build_json(dist: Path = DIST) -> Any:
    """dist/build.json, or None if there is none (or it is unreadable)."""
    try:
        return json.loads((dist / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_fresh(dist: Path = DIST, root: Path = ROOT) -> bool:
    info = read_build_json(dist)
    return bool(info) and info.get("fingerprint") == input_fingerprint(root)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _pyodide(site: Path, cache: Path) -> tuple[str, dict[str, int]]:
    """Pyodide's core and micropip in pyodide/<version>/; (that folder, file sizes)."""
    tgz, micropip = pins.fetch_pyodide(cache), pins.fetch_micropip(cache)
    pyo_rel = f"pyodide/{pins.PYODIDE_VERSION}"
    sizes = pins.extract_pyodide(tgz, site / pyo_rel)
    shutil.copyfile(micropip, site / pyo_rel / pins.MICROPIP_WHEEL)
    sizes[pins.MICROPIP_WHEEL] = micropip.stat().st_size
    return pyo_rel, sizes


def _engine(root: Path, site: Path, pyo_rel: str, cache: Path) -> tuple[dict[str, Any], Path]:
    """The engine wheel in wheels/<sha>/, as bytecode precompiled by Pyodide's
    Python and no sources (the browser runs only the bytecode, and the sources
    were a third of the wheel's bytes), and the trimmed stdlib in stdlib/<sha>/:
    where they went; and the wheel with its sources (kept in the cache by its
    hash), which the build's own CPython imports."""
    with tempfile.TemporaryDirectory() as wtmp:
        plain = build_wheel(root, Path(wtmp) / "plain")
        kept = cache / "wheels" / sha256_bytes(plain.read_bytes())[:16] / plain.name
        if not kept.is_file():
            _write(kept, plain.read_bytes())
        pre = precompile(root, site / pyo_rel, plain, cache)
        built = build_wheel(root, Path(wtmp), add_files=wheel_pycs(pre), sourceless=True)
        wheel = built.read_bytes()
        wheel_rel = f"wheels/{sha256_bytes(wheel)[:16]}/{built.name}"
    _write(site / wheel_rel, wheel)
    # The snapshot path's engine: the wheel's modules in a core and a later part.
    parts = {}
    package = top_level_imports(root)[0]
    split = engine_parts(wheel, package, precache.LATER_ENGINE, precache.SITE_LEAVES_OUT)
    for part, data in split.items():
        rel = f"engine/{sha256_bytes(data)[:16]}/{part}.zip.gz"
        _write(site / rel, data)
        parts[part] = {"url": rel, "sha256": sha256_bytes(data), "size": len(data)}
    modules = json.loads((pre / "modules.json").read_text(encoding="utf-8"))
    stdlibs = {}
    for key, name, listed, one_stream in (
        ("stdlib", "python_stdlib.zip", "modules", True),  # a first visit's: one gzip stream
        ("stdlibLock", "python_stdlib_lock.zip", "lock_modules", False),
    ):
        data = (pre / name).read_bytes()
        if one_stream:
            data, name = gzip_stream(data), name + ".gz"
        rel = f"stdlib/{sha256_bytes(data)[:16]}/{name}"
        _write(site / rel, data)
        stdlibs[key] = {
            "url": rel,
            "sha256": sha256_bytes(data),
            "size": len(data),
            "python": modules["python"],
            "modules": len(modules[listed]),
        }
    return {
        "wheel": {"url": wheel_rel, "sha256": sha256_bytes(wheel), "size": len(wheel)},
        "parts": parts,
        "stdlibWhy": modules["why"],
        **stdlibs,
    }, kept


def _build_info(
    root: Path, site: Path, pyo_rel: str, sizes: dict[str, int], engine: dict[str, Any]
) -> dict[str, Any]:
    """BUILD of js/build-info.js: where Pyodide, micropip, the wheel and the stdlib are."""
    wheel, stdlib, stdlib_lock = engine["wheel"], engine["stdlib"], engine["stdlibLock"]
    lock = json.loads((site / pyo_rel / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {
        "pyodideVersion": pins.PYODIDE_VERSION,
        "pyodideSha256": pins.PYODIDE_NPM_SHA256,
        "pyodideDir": pyo_rel + "/",
        "micropipWheel": f"{pyo_rel}/{pins.MICROPIP_WHEEL}",
        "micropipSha256": pins.MICROPIP_SHA256,
        "engine": {
            "name": pyproject(root)["project"]["name"],
            "version": project_version(root),
            "wheel": wheel["url"],
            "sha256": wheel["sha256"],
            "imports": top_level_imports(root),
            # the snapshot path's: core (precached), later (the later tier's)
            "parts": {
                k: {"url": v["url"], "sha256": v["sha256"]} for k, v in engine["parts"].items()
            },
        },
        # the snapshot path's (a first visit's) and the lock path's
        "stdlib": {k: stdlib[k] for k in ("url", "sha256", "python", "modules")},
        "stdlibLock": {k: stdlib_lock[k] for k in ("url", "sha256", "python", "modules")},
        "lockInfo": lock["info"],
        "sizes": {
            **{f"{pyo_rel}/{k}": v for k, v in sizes.items()},
            wheel["url"]: wheel["size"],
            stdlib["url"]: stdlib["size"],
            stdlib_lock["url"]: stdlib_lock["size"],
            **{part["url"]: part["size"] for part in engine["parts"].values()},
        },
    }


def _data_files(root: Path, site: Path, wheel: Path, cache: Path) -> None:
    """tiles.json, puzzles.json and the installable app's manifest and icons."""
    tiles = tiles_from_wheel(wheel)
    (site / "tiles.json").write_text(json.dumps(tiles, separators=(",", ":")), encoding="utf-8")
    (site / "puzzles.json").write_text(assets.puzzles_json(root), encoding="utf-8")
    for rel, data in icons.app_files(root, cache).items():
        _write(site / rel, data)


def _assets(
    web: Path, site: Path, info: dict[str, Any], cache: Path
) -> tuple[str, dict[str, bytes]]:
    """Every non-page file of web/ but the catalogues' sources, their compiled
    messages (messages.py), the generated BUILD_INFO and the room page's network
    settings and vendored libraries (rooms.py) in assets/<sha of them all>/."""
    contents = {
        r: (web / r).read_bytes()
        for r in walk(web)
        if not assets.is_stable(r) and not assets.types_only(r) and not messages.is_source(r)
    }
    contents.update(messages.compiled_messages(web.parent))
    contents[assets.BUILD_INFO] = assets.build_info_js(info).encode()
    contents[rooms.NETWORK_JS] = rooms.network_js().encode()
    contents.update(rooms.vendor_files(cache))
    tree = hashlib.sha256()
    for r in sorted(contents):
        tree.update(r.encode() + b"\0" + hashlib.sha256(contents[r]).digest())
    asset_dir = f"assets/{tree.hexdigest()[:16]}"
    for r, data in contents.items():
        _write(site / asset_dir / r, data)
    return asset_dir, contents


def _pages(
    web: Path, site: Path, asset_dir: str, contents: dict[str, bytes], wheel: Path
) -> list[str]:
    """The pages, their shell put in (parts.py), pointed at the assets, and the other
    stable files but sw.js; the lessons (data/lessons) and what the pages' record
    boards and lessons need precomputed; the pages."""
    pages = {}
    shell = parts.load_parts(web)
    for r in walk(web):
        if not assets.is_stable(r) or r == "sw.js" or parts.is_part(r):
            continue
        (site / r).parent.mkdir(parents=True, exist_ok=True)
        if assets.is_page(r):
            html = parts.expand((web / r).read_text(encoding="utf-8"), r, shell)
            html = assets.rewrite_html(html, r, set(contents), asset_dir)
            pages[r] = assets.add_modulepreloads(html, r, contents, asset_dir)
        else:
            shutil.copyfile(web / r, site / r)
    pages, precomputed = assets.precompute_record_embeds(pages, wheel)
    lessons = assets.lesson_files(web.parent, wheel)
    for rel, (data, _answer) in lessons.items():
        _write(site / rel, data)
    pages, more = assets.precompute_lesson_embeds(pages, lessons)
    precomputed.update(more)
    for r, html in pages.items():
        (site / r).write_text(html, encoding="utf-8")
    for r, data in precomputed.items():
        _write(site / r, data)
    return sorted(pages)


def _swap_in(site: Path, dist: Path) -> None:
    """Replace dist/ with the finished site at once."""
    old = None
    if dist.exists():
        old = dist.with_name(f".dist-old-{os.getpid()}-{time.time_ns()}")
        os.replace(dist, old)
    os.replace(site, dist)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build(dist: Path = DIST, root: Path = ROOT, cache: Path = CACHE) -> dict[str, Any]:
    """Build dist/ from nothing; returns the build.json record."""
    t0 = time.monotonic()
    web = root / "web"
    for required in REQUIRED:
        if not (web / required).is_file():
            raise BuildError(f"web/{required} is missing")
    stale = jstypes.check(root)  # the engine's JSON types, generated from tsuro_core/shapes.py
    if stale:
        raise BuildError(stale)
    fingerprint = input_fingerprint(root)
    dist.parent.mkdir(parents=True, exist_ok=True)
    site = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
    try:
        pyo_rel, sizes = _pyodide(site, cache)
        engine, wheel = _engine(root, site, pyo_rel, cache)
        _data_files(root, site, wheel, cache)
        info = _build_info(root, site, pyo_rel, sizes, engine)
        asset_dir, contents = _assets(web, site, info, cache)
        pages = _pages(web, site, asset_dir, contents, wheel)
        manifest = precache_manifest(site, pyo_rel)
        sw = service_worker((web / "sw.js").read_text(encoding="utf-8"), manifest)
        (site / "sw.js").write_text(sw, encoding="utf-8")
        first_visit = first_visit_bytes(site, manifest, pyo_rel)
        record = {
            "schema": BUILD_SCHEMA,
            "fingerprint": fingerprint,
            "version": manifest["version"],
            "assets": asset_dir + "/",
            "pages": pages,
            "precache": manifest,
            "firstVisit": first_visit,  # bytes, gzip, within precache.FIRST_VISIT_BUDGET
            # why each module of the trimmed stdlib is there (docs/stdlib.md)
            "stdlibWhy": engine["stdlibWhy"],
            **info,
        }
        (site / "build.json").write_text(
            json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        _swap_in(site, dist)
    except BaseException:
        shutil.rmtree(site, ignore_errors=True)
        raise
    log(
        f"built {dist.relative_to(root) if dist.is_relative_to(root) else dist} "
        f"(version {record['version']}, {len(manifest['urls'])} files, a first visit "
        f"{first_visit['total']:,} B gzip of {first_visit['budget']:,}) "
        f"in {time.monotonic() - t0:.1f} s"
    )
    return record


class BuildLock:
    """An exclusive lock on .cache/build.lock: builds in one checkout take turns."""

    def __init__(self, cache: Path = CACHE) -> None:
        self.path = cache / "build.lock"

    def __enter__(self) -> BuildLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(self.path, "w")  # held until __exit__
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.f.close()


def ensure_built(dist: Path = DIST, root: Path = ROOT, force: bool = False) -> Any:
    """Build dist/ unless it is fresh (its inputs unchanged); returns build.json."""
    with BuildLock():
        if not force and is_fresh(dist, root):
            return read_build_json(dist)
        return build(dist, root)


def private_copy(dest: Path, dist: Path = DIST, root: Path = ROOT) -> Any:
    """Make dist/ fresh, then hard-link a copy of it at dest (which must not exist).

    Tests and benchmarks serve the copy: a build started meanwhile in the same
    checkout (someone edited a source) replaces dist/ but not the copy.
    """
    with BuildLock():
        if not is_fresh(dist, root):
            build(dist, root)
        shutil.copytree(dist, dest, copy_function=os.link)
    return read_build_json(dest)
