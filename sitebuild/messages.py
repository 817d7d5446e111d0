"""The catalogues' messages, compiled at build time: tools/messages.mjs runs under
Node with @messageformat/core (pinned in package.json and its lock, installed by
`npm ci`; the build runs `npm ci` itself when node_modules does not hold the
pinned compiler, so `python3 build.py serve` works on a fresh machine) and
writes js/lib/words/messages/<part>/<code>.js, plain ES modules that ship no
parser.  The ICU sources, js/lib/words/catalogues/, are not shipped."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from . import npm
from .common import BuildError, run_tool, walk

MESSAGES_TOOL = "tools/messages.mjs"
COMPILER = "@messageformat/core"
SOURCES = "js/lib/words/catalogues/"
"""The catalogues (ICU MessageFormat), by their path in web/: compiled, not shipped."""
COMPILED = "js/lib/words/messages"
"""Where the compiled messages go in the assets folder (i18n.js imports them)."""


def is_source(rel: str) -> bool:
    """A web/ file that is a catalogue's source (compiled into COMPILED, not shipped)."""
    return rel.startswith(SOURCES)


def ensure_compiler(root: Path) -> None:
    """node_modules holds the compiler at the version the lock pins, or `npm ci` installs it."""
    npm.ensure(root, COMPILER, "the messages")


def compiled_messages(root: Path) -> dict[str, bytes]:
    """Every catalogue compiled: {"js/lib/words/messages/<part>/<code>.js": module}.
    A message that does not compile stops the build, naming it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("messages: `node` is not installed (Node 20 compiles the catalogues)")
    ensure_compiler(root)
    with tempfile.TemporaryDirectory(prefix="tsuro-messages-") as tmp:
        run_tool(
            [node, str(root / MESSAGES_TOOL), "compile", "--out", tmp], "the catalogues' messages"
        )
        out = {f"{COMPILED}/{rel}": (Path(tmp) / rel).read_bytes() for rel in walk(Path(tmp))}
    if not out:
        raise BuildError(f"{MESSAGES_TOOL} compiled no messages")
    return out
