"""The service worker's precache manifest: every file of the site with its
sha256 (the service worker stores nothing that differs), written into sw.js."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .common import BuildError, sha256_file, walk
from .pins import MICROPIP_WHEEL, ON_DEMAND_FILES

SW_PLACEHOLDER = "/*@@PRECACHE_MANIFEST@@*/ null"
IMMUTABLE_FOLDERS = ["assets/", "pyodide/", "wheels/", "stdlib/", "engine/", "precomputed/"]

# Files served content-hashed but not precached: the compiled messages of the
# languages other than English (js/lib/words/messages/<part>/<code>.js,
# sitebuild/messages.py), fetched (and then kept by the service worker) only
# when their language is chosen, so a first visit does not carry six.
ON_DEMAND_ASSETS = re.compile(r"assets/[^/]+/js/lib/words/messages/[^/]+/(?!en\.js$)[^/]+\.js")
# The lock path's stdlib (the snapshot path's and what that path's loadPackage
# adds): only pages started with ?snapshot=off, or without Cache Storage (and so
# without this service worker), use it.
ON_DEMAND_STDLIB = re.compile(r"stdlib/[^/]+/python_stdlib_lock\.zip")
# The installable app's icons: the browser fetches them when it offers to install
# the site (the service worker keeps them then), and the system keeps its own copy
# of an installed app's; a first visit does not need them.
ON_DEMAND_ICONS = re.compile(r"icons/[^/]+\.png")
# The lesson files (data/lessons/): our pages show them from their precomputed
# answers, so only a lesson opened by its file's address (#src=) fetches one.
ON_DEMAND_LESSONS = re.compile(r"lessons/[^/]+\.json")

# Pages a first visit does not carry (the "later" tier): `<name>.html`, the
# page's own modules and stylesheet (`js/pages/<name>/`, `css/<name>.css`) and
# its English words (`js/lib/words/messages/<name>/en.js`: web/js/lib/words/parts.js;
# its words in other languages are fetched on demand, as the first visit's are).
# They are cached when first opened, and the service worker fills them in on
# a later visit (a page that was already controlled when it loaded asks it to:
# lib/engine/client.js), so the first visit stays within its byte budget and
# the whole site works offline from the second visit on.  A page's vendored
# libraries belong under its own js/pages/<name>/ folder, so they are here too.
LATER_PAGES: tuple[str, ...] = ("editor", "lesson-edit", "link", "review", "room")
# Folders of js/lib/ that only later pages import (no other layer of lib/ may:
# eslint.config.js): later too when every page that uses them is.
LATER_LIBS: dict[str, tuple[str, ...]] = {"authoring": ("editor", "lesson-edit")}


# The engine in two parts for the snapshot path (sitebuild/archives.py
# engine_parts): the core, precached, and the modules only the later tier's pages
# use (the review, the editor, rooms and their names, play by link), the turn clock's
# rule (asked only when a game has a clock, and a room's host), lessons (whose checks our
# own pages have precomputed: only a lesson from a link or another site asks
# lesson_check) and the course variant (a rare choice on the game page), which
# the worker fetches when one of their operations is first asked for
# (tsuro_core/features.py) and this service worker keeps with the later tier.
# Module paths under the package; a folder ends with "/".
LATER_ENGINE: tuple[str, ...] = (
    "bots/review",
    "editor",
    "rooms",
    "names",
    "clock",
    "linkplay",
    "lessons",
    "course/",
)
# The engine's modules the site never runs: the command lines and the benchmark
# (neu: the course's harnesses by their first name).
SITE_LEAVES_OUT: tuple[str, ...] = ("__main__", "bench", "selfplay", "course/__main__", "neu")
LATER_ENGINE_PART = re.compile(r"engine/[^/]+/later\.zip\.gz")
# The engine as a wheel: the lock and micropip paths' (and other sites'), not a
# first visit's (the snapshot path unpacks the parts above).
ON_DEMAND_WHEEL = re.compile(r"wheels/[^/]+/[^/]+\.whl")


def later_files(files: Iterable[str], pages: Iterable[str]) -> list[str]:
    """The files of `files` (site-relative paths) that belong to the later tier: its
    `pages`' and the engine's later part."""
    files = list(files)
    names = sorted(pages)
    engine = [r for r in files if LATER_ENGINE_PART.fullmatch(r)]
    if not names:
        return engine
    alt = "|".join(re.escape(n) for n in names)
    libs = [re.escape(lib) for lib, users in LATER_LIBS.items() if set(users) <= set(names)]
    shared = rf"|js/lib/(?:{'|'.join(libs)})/.+" if libs else ""
    own = (
        rf"assets/[^/]+/(?:js/pages/(?:{alt})/.+|css/(?:{alt})\.css"
        rf"|js/lib/words/messages/(?:{alt})/en\.js{shared})"
    )
    pattern = re.compile(rf"(?:{alt})\.html|{own}")
    return sorted([r for r in files if pattern.fullmatch(r)] + engine)


def precache_manifest(
    site: Path, pyodide_rel: str, later_pages: Iterable[str] = LATER_PAGES
) -> dict[str, Any]:
    """The manifest of the laid-out site: every file but the service worker itself
    and build.json, less what only the micropip path (another Pyodide page's way
    in) needs (the full stdlib, the standard lock file and micropip), the lock
    path's stdlib (ON_DEMAND_STDLIB) and the wheel (ON_DEMAND_WHEEL: the snapshot
    path installs the engine's parts), the app's icons (ON_DEMAND_ICONS), the
    catalogues of languages other than English (ON_DEMAND_ASSETS), the lesson
    files (ON_DEMAND_LESSONS) and the later
    tier's pages ("later", LATER_PAGES), which the service worker caches when
    they are first fetched ("onDemand", a superset of "later")."""
    files = [r for r in walk(site) if r not in ("sw.js", "build.json")]
    later = later_files(files, later_pages)
    on_demand = sorted(
        [f"{pyodide_rel}/{n}" for n in (*ON_DEMAND_FILES, MICROPIP_WHEEL)]
        + [
            r
            for r in files
            if ON_DEMAND_ASSETS.fullmatch(r)
            or ON_DEMAND_LESSONS.fullmatch(r)
            or ON_DEMAND_STDLIB.fullmatch(r)
            or ON_DEMAND_WHEEL.fullmatch(r)
            or ON_DEMAND_ICONS.fullmatch(r)
        ]
        + later
    )
    hashes = {r: sha256_file(site / r) for r in files}
    urls = sorted(r for r in files if r not in on_demand)
    version = hashlib.sha256()
    for r in urls:
        version.update(r.encode() + b"\0" + bytes.fromhex(hashes[r]))
    return {
        "version": version.hexdigest()[:16],
        "urls": urls,
        "onDemand": on_demand,
        "later": later,
        "immutable": IMMUTABLE_FOLDERS,
        "sha256": dict(sorted(hashes.items())),
    }


FIRST_VISIT_BUDGET = 4_800_000
"""Every byte of a first visit, gzip, the precache included (DESIGN.md's budget):
Pyodide's runtime is 3.80 MB of it, ours the rest."""


def first_visit_bytes(site: Path, manifest: dict[str, Any], pyodide_rel: str) -> dict[str, int]:
    """What a first visit downloads, gzip -9 (as a static host would compress them;
    the archives the worker inflates itself are gzip already): the precache, which
    holds every file the page itself loads, and the service worker; split into
    Pyodide's runtime and ours.  bench/browser_bench.py --bytes-only counts the
    same by what the server sent."""
    out = {"pyodide": 0, "ours": 0}
    for rel in [*manifest["urls"], "sw.js"]:
        size = len(gzip.compress((site / rel).read_bytes(), compresslevel=9, mtime=0))
        out["pyodide" if rel.startswith(pyodide_rel + "/") else "ours"] += size
    return {**out, "total": out["pyodide"] + out["ours"], "budget": FIRST_VISIT_BUDGET}


def service_worker(source: str, manifest: dict[str, Any]) -> str:
    """web/sw.js with its manifest filled in."""
    if SW_PLACEHOLDER not in source:
        raise BuildError(f"web/sw.js must contain the placeholder {SW_PLACEHOLDER!r}")
    return source.replace(SW_PLACEHOLDER, json.dumps(manifest))
