"""Our JavaScript as it ships: tools/shipjs.mjs reprints every one of our modules
(web/'s, the compiled messages, the generated ones) and the service worker with
esbuild (pinned in package.json and its lock; `npm ci` if it is missing), in one
Node process, without their comments: the JSDoc types and the header comments are
for the type checker and the reader, not the player.  Names, strings (import
specifiers included) and syntax stay as written.  The room page's vendored
libraries (rooms.py) ship as published, and Pyodide's files are not ours."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from . import npm
from .common import BuildError, run_tool, walk
from .precache import SW_PLACEHOLDER
from .rooms import VENDOR_DIR

SHIPJS_TOOL = "tools/shipjs.mjs"
PRINTER = "esbuild"
SERVICE_WORKER = "sw.js"
"""The service worker: a classic script, not a module (client.js registers it so)."""
_SW_MARK = '"@@PRECACHE_MANIFEST@@"'
"""The manifest's placeholder while sw.js is reprinted: a string survives, a comment not."""


def is_ours(rel: str) -> bool:
    """An assets file that is one of our scripts (the vendored libraries are not)."""
    return rel.endswith(".js") and not rel.startswith(VENDOR_DIR + "/")


def shipped(
    root: Path, contents: dict[str, bytes], service_worker: str
) -> tuple[dict[str, bytes], str]:
    """`contents` (the assets folder's files) with our scripts reprinted without
    comments, and the service worker's source likewise, its manifest placeholder
    kept.  A script that does not parse stops the build, naming it."""
    if SW_PLACEHOLDER not in service_worker:
        raise BuildError(f"web/sw.js must contain the placeholder {SW_PLACEHOLDER!r}")
    node = shutil.which("node")
    if node is None:
        raise BuildError("shipjs: `node` is not installed (Node 20 reprints our JavaScript)")
    npm.ensure(root, PRINTER, "shipping our JavaScript")
    ours = {r: data for r, data in contents.items() if is_ours(r)}
    if SERVICE_WORKER in ours:
        raise BuildError(f"the assets folder may not hold a {SERVICE_WORKER}")
    ours[SERVICE_WORKER] = service_worker.replace(SW_PLACEHOLDER, _SW_MARK).encode()
    with tempfile.TemporaryDirectory(prefix="tsuro-shipjs-") as tmp:
        src, out = Path(tmp, "in"), Path(tmp, "out")
        for rel, data in ours.items():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_bytes(data)
        run_tool(
            [node, str(root / SHIPJS_TOOL), "strip", str(src), str(out)],
            "our JavaScript without comments",
        )
        printed = {rel: (out / rel).read_bytes() for rel in walk(out)}
    if set(printed) != set(ours):
        raise BuildError(f"{SHIPJS_TOOL} printed {len(printed)} of {len(ours)} scripts")
    sw = printed.pop(SERVICE_WORKER).decode()
    if sw.count(_SW_MARK) != 1:
        raise BuildError(f"web/sw.js: its manifest's placeholder did not survive {SHIPJS_TOOL}")
    return {**contents, **printed}, sw.replace(_SW_MARK, SW_PLACEHOLDER)
