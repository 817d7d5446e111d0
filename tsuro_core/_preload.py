"""Every engine module a request may import, imported at once: by the browser's
worker before it makes a memory snapshot (a restored engine has only what was in
memory), and by the build's precompile step, so the shipped stdlib covers them."""

from __future__ import annotations

import importlib
import os

SKIPPED = ("__main__", "__init__", "bench", "selfplay")  # command lines, benchmarks


def modules() -> list[str]:
    """The dotted names of the package's modules a request may import, sorted."""
    root = os.path.dirname(os.path.abspath(__file__))
    package = __name__.rpartition(".")[0]
    names = []
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        for name in files:
            rel = os.path.relpath(os.path.join(folder, name[:-3]), root).replace(os.sep, ".")
            if name.endswith(".py") and rel.split(".")[-1] not in SKIPPED:
                names.append(f"{package}.{rel}")
    return sorted(names)


def import_all() -> None:
    """Import every module of modules(), and every bot (the registry complete)."""
    from .bots import load_all

    load_all()
    for name in modules():
        importlib.import_module(name)
