#!/usr/bin/env node
/// <reference types="node" />
// Precompile the site's Python inside Pyodide's own Python (3.14), under Node.
//
//   node tools/precompile.mjs --pyodide DIR --wheel WHEEL --exercise PY --out DIR
//
// The build runs it (sitebuild/precompile.py, which caches what it writes in
// .cache/precompiled/<key>/).
// It boots Pyodide from DIR with its full python_stdlib.zip and runs what the
// site's snapshot path runs: the wheel unpacked (unpackArchive), a Python
// exception crossing into JavaScript, the worker's import of the engine's
// modules (tsuro_core._preload, from the wheel) and the exercise script
// (tools/engine_exercise.py: every op, bot, rule set and error path); then what
// only the lock path adds: the wheel installed as a package (loadPackage).
// It writes to --out:
//
//   python_stdlib.zip       the stdlib modules imported on the snapshot path, as
//                           .pyc: what a first visit downloads
//   python_stdlib_lock.zip  the same and what the lock path's loadPackage adds
//                           (tarfile, importlib.metadata, ...): fetched only by
//                           that path (?snapshot=off, or no Cache Storage)
//   wheel_pycs.zip          tsuro_core/__pycache__/<module>.<cache_tag>.pyc for each
//                           module of the wheel (unchecked hash-based: the .py next
//                           to it is not read at import)
//   modules.json            {python, cache_tag, magic, modules, lock_modules, why}:
//                           why says, for each, the step that imported it
//                           first (Pyodide's start-up, the snapshot path's
//                           unpacking, the engine, the lock path's
//                           loadPackage) and the module that asked
//                           (docs/stdlib.md lists them)
//
// The .pyc are made by this Python without debug ranges (the PYTHONNODEBUGRANGES
// environment variable) and without docstrings, and keep one line number per
// function (its first: a traceback still says where), not one per instruction,
// which was a sixth of their bytes (docs/browser-api.md).  The engine's own
// tracebacks in the browser are a developer's, who has CPython for the lines.
//
// Python can only make bytecode for its own version; CPython 3.11 on the build
// machine cannot make Pyodide's.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The command line's four paths, each required, resolved.  @param {string[]} argv
 *  @returns {{pyodide: string, wheel: string, exercise: string, out: string}} */
function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!["pyodide", "wheel", "exercise", "out"].includes(key)) throw new Error(`unknown argument ${argv[i]}`);
    out[key] = resolve(argv[i + 1]);
  }
  for (const k of ["pyodide", "wheel", "exercise", "out"]) if (!out[k]) throw new Error(`--${k} is required`);
  return { pyodide: out.pyodide, wheel: out.wheel, exercise: out.exercise, out: out.out };
}

const USED = `
import sys

STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]

def stdlib_used():
    """The stdlib zip's files of the modules imported so far."""
    used = set()
    for name, mod in list(sys.modules.items()):
        spec = getattr(mod, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if isinstance(origin, str) and origin.startswith(STDLIB + "/"):
            used.add(origin[len(STDLIB) + 1:])
    return sorted(used)

# Why each module is in the shipped stdlib: what Pyodide's start-up imported
# (before this runs), then, for every later import, which module asked and in
# which step (PHASE, set by the tool before each).
STARTUP = set(stdlib_used())
ASKED = {}  # module name -> (the module that imported it, the step)
PHASE = "start-up"

class Witness:
    """A finder that finds nothing: it notes who asked for each module first."""
    def find_spec(self, name, path=None, target=None):
        if name in sys.modules or name in ASKED:
            return None
        f = sys._getframe(1)
        while f is not None and f.f_globals.get("__name__", "").startswith(
                ("importlib", "_frozen_importlib", "encodings")) and f.f_back is not None:
            f = f.f_back
        ASKED[name] = (f.f_globals.get("__name__", "?") if f is not None else "?", PHASE)
        return None

sys.meta_path.insert(0, Witness())

`;

const COMPILE = `
import importlib._bootstrap_external as bx
import ast, importlib.util, json, os, sys, zipfile

def _entry(name, data):
    zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = 0o644 << 16
    return zi, data

# The stdlib works without docstrings (CPython tests it under -OO), and so do
# Pyodide's own modules (_pyodide.docstring reads a missing one as "").  The
# engine reads none of its own (no __doc__ at run time; its docs are the
# sources, which pip's wheel keeps): the site's wheel goes without them too.

def strip_docstrings(tree):
    """The module without its docstrings (15% of the bytecode); asserts stay."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

def function_lines(code):
    """code with a line table that gives every instruction its function's first line:
    tracebacks and warnings still get a line (an int, never None), for an eighth of
    the table's bytes (entries of 8 code units, "no columns", line delta 0)."""
    import types
    consts = tuple(function_lines(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        n = min(8, units)
        units -= n
        table += bytes((0x80 | (13 << 3) | (n - 1), 0))
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def write_stdlib(path, used):
    src = zipfile.ZipFile(STDLIB)
    names = set(src.namelist())
    missing = sorted(u for u in used if u not in names)
    if missing:
        raise RuntimeError("imported from the stdlib zip but not in it: %r" % missing)
    with zipfile.ZipFile(path, "w", compresslevel=9) as z:
        for rel in sorted(used):
            tree = strip_docstrings(ast.parse(src.read(rel), rel))
            code = function_lines(compile(tree, STDLIB + "/" + rel, "exec", dont_inherit=True))
            z.writestr(*_entry(rel[:-3] + ".pyc", bx._code_to_timestamp_pyc(code, 0, 0)))

def module_name(rel):
    name = rel[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name

def startup_importers(startup):
    """For each module of Pyodide's start-up, a start-up module that imports it
    (read from the sources: the start-up ran before anything could watch it), the
    nearest to the modules nothing else imports (Pyodide and Python load those)."""
    src = zipfile.ZipFile(STDLIB)
    names = {module_name(rel): rel for rel in startup}
    imports = {}
    for name, rel in names.items():
        found = set()
        package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(src.read(rel), rel)):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    up = parts[: len(parts) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
        # a module imports its package too
        found.update(name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1))
        imports[name] = {m for m in found if m in names and m != name}
    importers = {}
    for name, deps in imports.items():
        for dep in deps:
            importers.setdefault(dep, set()).add(name)
    roots = sorted(n for n in names if not importers.get(n))
    by, queue = {n: None for n in roots}, list(roots)
    while queue:
        n = queue.pop(0)
        for dep in sorted(imports[n]):
            if dep not in by:
                by[dep] = n
                queue.append(dep)
    return {names[n]: by.get(n) for n in names}

def reasons(used):
    """Each shipped stdlib file: {step, by}: the step that imported it first and the
    module that asked (docs/stdlib.md)."""
    out = {}
    by_startup = startup_importers([r for r in used if r in STARTUP])
    for rel in sorted(used):
        if rel in STARTUP:
            out[rel] = {"step": "start-up", "by": by_startup[rel]}
        else:
            by, step = ASKED.get(module_name(rel), ("?", "?"))
            out[rel] = {"step": step, "by": by}
    return out

def precompile(out_dir, engine_dir, site_packages, snapshot_used):
    snapshot_used = set(snapshot_used)
    used = set(stdlib_used())
    if not snapshot_used <= used:
        raise RuntimeError("modules gone: %r" % sorted(snapshot_used - used))
    write_stdlib(os.path.join(out_dir, "python_stdlib.zip"), snapshot_used)
    write_stdlib(os.path.join(out_dir, "python_stdlib_lock.zip"), used)
    tag = sys.implementation.cache_tag
    pkg_root = os.path.dirname(engine_dir)
    with zipfile.ZipFile(os.path.join(out_dir, "wheel_pycs.zip"), "w", compresslevel=9) as z:
        for dirpath, dirnames, filenames in sorted(os.walk(engine_dir)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for fn in sorted(filenames):
                if not fn.endswith(".py"):
                    continue
                path = os.path.join(dirpath, fn)
                rel = os.path.relpath(path, pkg_root)
                source = open(path, "rb").read()
                tree = strip_docstrings(ast.parse(source, rel))
                code = function_lines(compile(tree, os.path.join(site_packages, rel), "exec",
                                              dont_inherit=True))
                pyc = bx._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
                arc = os.path.join(os.path.dirname(rel), "__pycache__", "%s.%s.pyc" % (fn[:-3], tag))
                z.writestr(*_entry(arc, pyc))
    return json.dumps({"python": "%d.%d.%d" % sys.version_info[:3], "cache_tag": tag,
                       "magic": importlib.util.MAGIC_NUMBER.hex(),
                       "no_debug_ranges": all(p[2] is None for p in compile("x = 1", "f", "exec").co_positions()),
                       "modules": sorted(snapshot_used), "lock_modules": sorted(used),
                       "why": reasons(used)})
`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.out, { recursive: true });
  const indexURL = args.pyodide.replace(/\/?$/, "/");
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: (/** @type {string} */ s) => process.stderr.write(`[python] ${s}\n`),
    stderr: (/** @type {string} */ s) => process.stderr.write(`[python] ${s}\n`),
  });
  pyodide.runPython(USED); // from here on, each stdlib import is noted with who asked
  const step = (/** @type {string} */ name) => pyodide.globals.set("PHASE", name);
  // The snapshot path: the wheel unpacked into site-packages, as the worker does.
  step("the snapshot path's unpacking");
  pyodide.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel");
  // A Python exception crossing into JavaScript (the worker's "internal" path).
  try { pyodide.runPython("raise ValueError('expected')"); } catch { /* expected */ }
  step("the engine");
  pyodide.runPython("import random; random.seed(12345)");
  // What the worker imports before making a memory snapshot.
  pyodide.runPython("import tsuro_core._preload as _preload\n_preload.import_all()\ndel _preload");
  pyodide.FS.mkdirTree("/tmp/exercise");
  pyodide.FS.writeFile("/tmp/exercise/engine_exercise.py", readFileSync(args.exercise));
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp/exercise')\n" +
    "import engine_exercise; engine_exercise.main()\nsys.path.remove('/tmp/exercise')");
  const snapshotUsed = pyodide.globals.get("stdlib_used")().toJs();
  // The lock path: the wheel as a package of the lock file (loadPackage).
  step("the lock path's loadPackage");
  /** @type {string[]} */
  const errors = [];
  const loaded = await pyodide.loadPackage(args.wheel,
    { messageCallback: () => {}, errorCallback: (/** @type {string} */ m) => errors.push(m) });
  if (!loaded.length) throw new Error(`loadPackage(${args.wheel}) failed: ${errors.join("; ")}`);
  step("precompiling");
  pyodide.runPython(COMPILE);
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.FS.mkdirTree("/out");
  const info = pyodide.globals.get("precompile")("/out", site + "/tsuro_core", site, snapshotUsed);
  for (const name of ["python_stdlib.zip", "python_stdlib_lock.zip", "wheel_pycs.zip"]) {
    writeFileSync(join(args.out, name), pyodide.FS.readFile("/out/" + name));
  }
  writeFileSync(join(args.out, "modules.json"), info + "\n");
}

main().then(
  () => process.exit(0),
  (e) => { process.stderr.write(`precompile: ${e.stack || e}\n`); process.exit(1); },
);
