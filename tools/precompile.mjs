#!/usr/bin/env node
/// <reference types="node" />
// Precompile the site's Python inside Pyodide's own Python (3.14), under Node.
//
//   node tools/precompile.mjs --pyodide DIR --wheel WHEEL --exercise PY --out DIR
//
// The build runs it (sitebuild/precompile.py, which caches what it writes in
// .cache/precompiled/<key>/).
// It boots Pyodide from DIR with its full python_stdlib.zip, installs WHEEL
// every way the site's worker does (loadPackage, unpackArchive), runs the
// exercise script (tools/engine_exercise.py: every op, bot, rule set and error
// path), the worker's import of every engine module before a snapshot
// (tsuro_core._preload.import_all(), from the wheel) and a Python exception
// crossing into JavaScript, then writes to --out:
//
//   python_stdlib.zip   only the stdlib modules that were imported, as .pyc
//                       (made by this Python, without debug ranges: the
//                       PYTHONNODEBUGRANGES environment variable; without
//                       docstrings, but for Pyodide's own packages)
//   wheel_pycs.zip      tsuro_core/__pycache__/<module>.<cache_tag>.pyc for each
//                       module of the wheel (unchecked hash-based: the .py next
//                       to it is not read at import)
//   modules.json        {python, cache_tag, magic, modules: [zip entries kept]}
//
// Python can only make bytecode for its own version; CPython 3.11 on the build
// machine cannot make Pyodide's.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!["pyodide", "wheel", "exercise", "out"].includes(key)) throw new Error(`unknown argument ${argv[i]}`);
    out[key] = resolve(argv[i + 1]);
  }
  for (const k of ["pyodide", "wheel", "exercise", "out"]) if (!out[k]) throw new Error(`--${k} is required`);
  return out;
}

const COMPILE = `
import importlib._bootstrap_external as bx
import importlib.util, json, os, sys, zipfile

def _entry(name, data):
    zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = 0o644 << 16
    return zi, data

# The stdlib works without docstrings (CPython tests it under -OO); Pyodide's
# own packages build their JavaScript API's documentation from theirs.  The
# engine reads none of its own (no __doc__ at run time; its docs are the
# sources, which pip's wheel keeps): the site's wheel goes without them too.
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")

def strip_docstrings(tree):
    """The module without its docstrings (15% of the bytecode); asserts stay."""
    import ast
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

def precompile(out_dir, engine_dir, site_packages):
    stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
    used = set()
    for name, mod in list(sys.modules.items()):
        spec = getattr(mod, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if isinstance(origin, str) and origin.startswith(stdlib + "/"):
            used.add(origin[len(stdlib) + 1:])
    src = zipfile.ZipFile(stdlib)
    names = set(src.namelist())
    missing = sorted(u for u in used if u not in names)
    if missing:
        raise RuntimeError("imported from the stdlib zip but not in it: %r" % missing)
    import ast
    with zipfile.ZipFile(os.path.join(out_dir, "python_stdlib.zip"), "w", compresslevel=9) as z:
        for rel in sorted(used):
            source = src.read(rel)
            if not rel.startswith(KEEP_DOCSTRINGS):
                source = strip_docstrings(ast.parse(source, rel))
            code = compile(source, stdlib + "/" + rel, "exec", dont_inherit=True)
            z.writestr(*_entry(rel[:-3] + ".pyc", bx._code_to_timestamp_pyc(code, 0, 0)))
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
                code = compile(tree, os.path.join(site_packages, rel), "exec", dont_inherit=True)
                pyc = bx._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
                arc = os.path.join(os.path.dirname(rel), "__pycache__", "%s.%s.pyc" % (fn[:-3], tag))
                z.writestr(*_entry(arc, pyc))
    return json.dumps({"python": "%d.%d.%d" % sys.version_info[:3], "cache_tag": tag,
                       "magic": importlib.util.MAGIC_NUMBER.hex(),
                       "no_debug_ranges": all(p[2] is None for p in compile("x = 1", "f", "exec").co_positions()),
                       "modules": sorted(used)})
`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.out, { recursive: true });
  const indexURL = args.pyodide.replace(/\/?$/, "/");
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: (s) => process.stderr.write(`[python] ${s}\n`),
    stderr: (s) => process.stderr.write(`[python] ${s}\n`),
  });
  const errors = [];
  const loaded = await pyodide.loadPackage(args.wheel,
    { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  if (!loaded.length) throw new Error(`loadPackage(${args.wheel}) failed: ${errors.join("; ")}`);
  // The snapshot path installs by unpacking the wheel: its imports count too.
  pyodide.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel", { extractDir: "/tmp/unpacked" });
  // A Python exception crossing into JavaScript (the worker's "internal" path).
  try { pyodide.runPython("raise ValueError('expected')"); } catch { /* expected */ }
  pyodide.runPython("import random; random.seed(12345)");
  // What the worker imports before making a memory snapshot.
  pyodide.runPython("import tsuro_core._preload as _preload\n_preload.import_all()\ndel _preload");
  pyodide.FS.mkdirTree("/tmp/exercise");
  pyodide.FS.writeFile("/tmp/exercise/engine_exercise.py", readFileSync(args.exercise));
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp/exercise')\n" +
    "import engine_exercise; engine_exercise.main()\nsys.path.remove('/tmp/exercise')");
  pyodide.runPython(COMPILE);
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.FS.mkdirTree("/out");
  const info = pyodide.globals.get("precompile")("/out", site + "/tsuro_core", site);
  for (const name of ["python_stdlib.zip", "wheel_pycs.zip"]) {
    writeFileSync(join(args.out, name), pyodide.FS.readFile("/out/" + name));
  }
  writeFileSync(join(args.out, "modules.json"), info + "\n");
}

main().then(
  () => process.exit(0),
  (e) => { process.stderr.write(`precompile: ${e.stack || e}\n`); process.exit(1); },
);
