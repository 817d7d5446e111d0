"""The engine's modules form layers: each imports alone, and no module imports
one that (directly or not) imports it back, not even inside a function: the
command lines (``__main__``) are in the graph too."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tsuro_core"


def module_names(mains: bool = True) -> list[str]:
    """Every module of the package; ``mains``: the ``__main__`` modules too (which
    run a command line when imported)."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__main__" and not mains:
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def source_of(name: str) -> Path:
    base = ROOT.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def imports_of(name: str, known: set[str], source: str | None = None) -> set[str]:
    """The tsuro_core modules ``name`` imports anywhere in its source (at the top,
    inside a function or a class, under a condition: ast.walk visits every node)."""
    path = source_of(name)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    found.add(sub)
                elif target in known:
                    found.add(target)
    found.discard(name)
    return found


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """The first import circle in ``graph`` (module -> what it imports), or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for dep in sorted(graph[name]):
            found = visit(dep, [*path, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_no_module_imports_itself_back() -> None:
    known = set(module_names())
    graph = {name: imports_of(name, known) for name in known}
    assert graph["tsuro_core.api"] >= {"tsuro_core.bots.api_ops", "tsuro_core.game"}  # it reads
    assert graph.get("tsuro_core.__main__")
    found = circle(graph)
    assert found is None, "import circle: " + " -> ".join(found or [])


def test_an_import_inside_a_function_closes_a_circle() -> None:
    """The check sees what a function imports: a command of bots/review.py that took
    a reader back from the command line's __main__ (the circle there was) is found."""
    known = set(module_names())
    graph = {name: imports_of(name, known) for name in known}
    late = "def cmd(args):\n    from ..__main__ import _read_json\n    return _read_json\n"
    graph["tsuro_core.bots.review"] |= imports_of("tsuro_core.bots.review", known, late)
    found = circle(graph)
    assert found is not None and "tsuro_core.__main__" in found, found


def test_every_module_imports_alone() -> None:
    code = "import importlib, sys\nfor n in sys.argv[1:]:\n    importlib.import_module(n)\n"
    for name in module_names(mains=False):
        proc = subprocess.run(
            [sys.executable, "-c", code, name], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 0, f"{name}: {proc.stderr[-500:]}"
