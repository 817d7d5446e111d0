#!/usr/bin/env node
// Run the built engine wheel in Pyodide under Node.
//
//   node tests/node/run_pyodide.mjs [--dist DIR] [--install lock|micropip|snapshot]
//                                   [--stdlib shipped|full] [--restores N] [--parts install|none]
//                                   [--python]
//
// --stdlib shipped (the default except for micropip) boots from the trimmed,
// precompiled stdlib the site ships, as the worker does (build.json's
// stdlibLock.url for the lock path, stdlib.url for the snapshot path); full
// from Pyodide's own python_stdlib.zip.
// --install lock (the default) installs the wheel as the worker's lock path does.
// --install snapshot does what the worker's snapshot path does: boot with
// _makeSnapshot, unpack the engine's core part, import the core as the worker
// does (tsuro_core._preload.import_core()), make the memory snapshot,
// then restore it N times (--restores), reseeding `random` each time, and
// run stdin in each restored interpreter: stdout is then a JSON list of the
// N outputs.  A restored engine has no files: as the worker does, a request
// answered "module_missing" (a feature module, tsuro_core/features.py) has the
// engine's parts unpacked again, the core then the later part, and is asked
// again; Python source runs once both are unpacked.  --parts none leaves them
// out (the answer stays "module_missing").
//
// stdin, by default: a JSON list of API requests [{"op": ..., "args": {...}}, ...];
//   stdout: the JSON list of answers, each exactly what tsuro_core.api.handle_json
//   returned ({"ok": true, "result": ...} or {"ok": false, "error": ...}).
// stdin with --python: Python source, run after the engine is installed;
//   stdout: whatever it prints.
// Diagnostics go to stderr; the exit code is 0 unless something failed to load.

import { readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { bootEngine, buildOf, lockOf, pyodideLoader, pyodideOptions } from "./engine_kit.mjs";

function parseArgs(argv) {
  const out = { dist: "dist", install: "lock", python: false, stdlib: null, restores: 1, parts: "install" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dist") out.dist = argv[++i];
    else if (a === "--install") out.install = argv[++i];
    else if (a === "--stdlib") out.stdlib = argv[++i];
    else if (a === "--restores") out.restores = parseInt(argv[++i], 10);
    else if (a === "--parts") out.parts = argv[++i];
    else if (a === "--python") out.python = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!["lock", "micropip", "snapshot"].includes(out.install)) throw new Error(`bad --install ${out.install}`);
  out.stdlib ??= out.install === "micropip" ? "full" : "shipped";
  if (!["shipped", "full"].includes(out.stdlib)) throw new Error(`bad --stdlib ${out.stdlib}`);
  if (!["install", "none"].includes(out.parts)) throw new Error(`bad --parts ${out.parts}`);
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = resolve(args.dist);
  const build = buildOf(dist);
  const input = readFileSync(0, "utf8");

  const loadPyodide = await pyodideLoader(dist);
  const options = pyodideOptions(dist, args.stdlib, args.install);
  const wheel = join(dist, build.engine.wheel);
  const lock = (withEngine) => lockOf(build, withEngine);

  if (args.install === "snapshot") {
    const maker = await loadPyodide({ ...options, lockFileContents: lock(false), _makeSnapshot: true });
    installPart(maker, dist, build, new Set());
    maker.runPython("import tsuro_core._preload as _preload\n_preload.import_core()\ndel _preload");
    maker.runPython("from tsuro_core.api import handle_json");
    const snapshot = maker.makeMemorySnapshot();
    const outputs = [];
    for (let i = 0; i < args.restores; i++) {
      const py = await loadPyodide({ ...options, lockFileContents: lock(false), _loadSnapshot: snapshot });
      // As the worker does: fresh entropy for `random` after every restore.
      const words = crypto.getRandomValues(new Uint32Array(8));
      const hex = Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
      py.runPython(`import random as _r\n_r.seed(int("${hex}", 16))\ndel _r`);
      const installed = new Set();
      const install = () => args.parts === "install" && installPart(py, dist, build, installed);
      if (args.python) while (install()) { /* every part, before the source runs */ }
      outputs.push(await runInput(py, args, input, install));
    }
    process.stdout.write(JSON.stringify(outputs) + "\n");
    return;
  }

  const pyodide = args.install === "lock" ? (await bootEngine(dist, args.stdlib)).pyodide : await loadPyodide(options);
  const errors = [];
  const cb = { messageCallback: () => {}, errorCallback: (m) => errors.push(m) };
  if (args.install !== "lock") {
    const loaded = await pyodide.loadPackage(join(dist, build.micropipWheel), cb);
    if (!loaded.length) throw new Error(`loading micropip failed: ${errors.join("; ")}`);
    const name = build.engine.wheel.split("/").pop();
    pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(wheel));
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(`emfs:/tmp/${name}`);
    micropip.destroy();
  }
  const out = await runInput(pyodide, args, input);
  process.stdout.write(args.python ? out : JSON.stringify(out) + "\n");
}

/** Unpack the engine's next part not in `installed` (the core, then the later part) into
 *  site-packages, as the worker does; false when none is left. */
function installPart(py, dist, build, installed) {
  const part = ["core", "later"].find((p) => !installed.has(p));
  if (!part) return false;
  const site = py.runPython("import site\nsite.getsitepackages()[0]");
  const bytes = new Uint8Array(gunzipSync(readFileSync(join(dist, build.engine.parts[part].url))));
  py.unpackArchive(bytes, "zip", { extractDir: site });
  py.runPython("import sys\nfrom importlib.machinery import FileFinder\n" +
    "for _f in list(sys.path_importer_cache.values()):\n" +
    "    if isinstance(_f, FileFinder):\n        _f.invalidate_caches()");
  installed.add(part);
  return true;
}

/** Run stdin in an interpreter: Python source (its printed text) or a list of requests (the
 *  answers); a request answered "module_missing" is asked again after `install()`. */
async function runInput(pyodide, args, input, install = () => false) {
  if (args.python) {
    let text = "";
    const decoder = new TextDecoder();
    pyodide.setStdout({ write: (buf) => { text += decoder.decode(buf, { stream: true }); return buf.length; } });
    await pyodide.runPythonAsync(input);
    return text;
  }
  const requests = JSON.parse(input);
  if (!Array.isArray(requests)) throw new Error("stdin must be a JSON list of requests");
  const handle = pyodide.runPython("from tsuro_core.api import handle_json\nhandle_json");
  return requests.map((r) => {
    let answer = JSON.parse(handle(JSON.stringify(r)));
    while (answer.ok === false && answer.error.code === "module_missing" && install()) {
      answer = JSON.parse(handle(JSON.stringify(r)));
    }
    return answer;
  });
}

main().then(
  () => process.stdout.write("", () => process.exit(0)),  // once stdout is flushed (a pipe may lag)
  (e) => { process.stderr.write(`run_pyodide: ${e.stack || e}\n`); process.exit(1); },
);
