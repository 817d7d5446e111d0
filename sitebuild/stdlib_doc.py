"""docs/stdlib.md, written from a build's record of why each module of the trimmed
stdlib is there (build.json stdlibWhy, which the precompile step notes as it runs
what the site runs: tools/precompile.mjs).  `python3 build.py stdlib-doc` writes
it; tests/test_build_dist.py fails when the doc and the build disagree."""

from __future__ import annotations

from typing import Any

STEPS = (
    (
        "start-up",
        "Pyodide's start-up",
        "Imported by Pyodide itself before the engine exists: its Python half "
        "(`_pyodide`, `pyodide`: the JavaScript bridge, the event loop for `async` "
        "code, the package loader) and what they import. Nothing here can be left "
        'out: the interpreter does not start without it. "Pyodide" in the second '
        "column: its JavaScript or C code imports the module by name; a module name: "
        "that module imports it (read from the sources).",
    ),
    (
        "the snapshot path's unpacking",
        "The snapshot path's unpacking",
        "What unpacking the engine's parts into site-packages adds (the worker's "
        "`unpackArchive`, a first visit).",
    ),
    (
        "the engine",
        "The engine",
        "What the engine imports that Pyodide had not: every operation, bot, rule "
        "set and error path (tools/engine_exercise.py) and every module.",
    ),
    (
        "the lock path's loadPackage",
        "The lock path only",
        "What Pyodide's `loadPackage` of the wheel adds: not a first visit's "
        "(`python_stdlib.zip.gz`), only the lock path's stdlib "
        "(`python_stdlib_lock.zip`, fetched by that path: `?snapshot=off`, or a "
        "browser without Cache Storage).",
    ),
)


def stdlib_doc(record: dict[str, Any]) -> str:
    """The doc's text for a build's record (build.json)."""
    why = record["stdlibWhy"]
    core, lock = record["stdlib"], record["stdlibLock"]
    lines = [
        "# The trimmed standard library",
        "",
        "Written by `python3 build.py stdlib-doc` from the build (do not edit by hand;",
        "tests/test_build_dist.py fails when it and the build disagree).",
        "",
        "Pyodide's own `python_stdlib.zip` has over 600 modules; the site ships only those the",
        "engine's paths import, found by running them (`tools/precompile.mjs`: Pyodide's",
        "start-up, the worker's unpacking, every operation of the engine, the lock path's",
        "install), as bytecode made by Pyodide's own Python: no docstrings, one line number",
        "per function. A first visit downloads the snapshot path's",
        f"({core['modules']} modules, one gzip stream); the lock path's adds what its",
        f"`loadPackage` imports ({lock['modules']} modules). A module left out is proved",
        "unneeded by the tests that run every engine path under exactly these files",
        "(tests/node/test_shipped_stdlib.py, test_lazy_features.py): a missing one fails",
        "there, not in a player's browser. What each module is there for:",
        "",
    ]
    for key, title, text in STEPS:
        rows = sorted((rel, w["by"]) for rel, w in why.items() if w["step"] == key)
        if not rows:
            continue
        lines += [f"## {title} ({len(rows)})", "", text, ""]
        lines += ["| module | imported by |", "| --- | --- |"]
        for rel, by in rows:
            name = rel[:-3].replace("/", ".").removesuffix(".__init__")
            lines.append(f"| `{name}` | {f'`{by}`' if by else 'Pyodide'} |")
        lines.append("")
    others = sorted({w["step"] for w in why.values()} - {k for k, _, _ in STEPS})
    if others:
        raise ValueError(f"stdlibWhy has steps this doc does not describe: {others}")
    return "\n".join(lines)
