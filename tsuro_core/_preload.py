"""What the browser's worker imports before it makes a memory snapshot (a restored
engine has only what was in memory): the core, import_core(); the feature modules
are imported on their first call (features.py), from the engine's files, which the
worker installs again after a restore.  And every module a request may import,
import_all(), which the build's precompile step runs, so the shipped stdlib
covers them."""

from __future__ import annotations

import importlib
import os

SKIPPED = ("__main__", "__init__", "bench", "selfplay", "neu")  # command lines, benchmarks


def modules() -> list[str]:
    """The dotted names of the package's modules a request may import, sorted."""
    root = os.path.dirname(os.path.abspath(__file__))
    package = __name__.rpartition(".")[0]
    names = set()
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        for name in files:
            stem, ext = os.path.splitext(name)
            rel = os.path.relpath(os.path.join(folder, stem), root).replace(os.sep, ".")
            # .pyc: the site's wheel ships its modules as bytecode alone
            if ext in (".py", ".pyc") and stem not in SKIPPED:
                names.add(f"{package}.{rel}")
    return sorted(names)


def import_core() -> None:
    """Import the core: the JSON facade and what it imports, and every bot."""
    from . import api  # noqa: F401  (the import is the point)
    from .bots import load_all

    load_all()


def import_all() -> None:
    """Import every module of modules(), and every bot (the registry complete)."""
    from .bots import load_all

    load_all()
    for name in modules():
        importlib.import_module(name)
