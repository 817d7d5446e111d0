"""The service worker's precache manifest: every file of the site with its
sha256 (the service worker stores nothing that differs), written into sw.js."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .common import BuildError, sha256_file, walk
from .pins import MICROPIP_WHEEL, ON_DEMAND_FILES

SW_PLACEHOLDER = "/*@@PRECACHE_MANIFEST@@*/ null"
IMMUTABLE_FOLDERS = ["assets/", "pyodide/", "wheels/", "stdlib/", "precomputed/"]


def precache_manifest(site: Path, pyodide_rel: str) -> dict[str, Any]:
    """The manifest of the laid-out site: every file but the service worker itself
    and build.json, less what only the micropip path (another Pyodide page's way
    in) needs: the full stdlib, the standard lock file and micropip, which the
    service worker caches when they are first fetched ("onDemand")."""
    on_demand = sorted(f"{pyodide_rel}/{n}" for n in (*ON_DEMAND_FILES, MICROPIP_WHEEL))
    files = [r for r in walk(site) if r not in ("sw.js", "build.json")]
    hashes = {r: sha256_file(site / r) for r in files}
    urls = sorted(r for r in files if r not in on_demand)
    version = hashlib.sha256()
    for r in urls:
        version.update(r.encode() + b"\0" + bytes.fromhex(hashes[r]))
    return {
        "version": version.hexdigest()[:16],
        "urls": urls,
        "onDemand": on_demand,
        "immutable": IMMUTABLE_FOLDERS,
        "sha256": dict(sorted(hashes.items())),
    }


def service_worker(source: str, manifest: dict[str, Any]) -> str:
    """web/sw.js with its manifest filled in."""
    if SW_PLACEHOLDER not in source:
        raise BuildError(f"web/sw.js must contain the placeholder {SW_PLACEHOLDER!r}")
    return source.replace(SW_PLACEHOLDER, json.dumps(manifest))
