#!/usr/bin/env node
// Run the built engine wheel in Pyodide under Node.
//
//   node tests/node/run_pyodide.mjs [--dist DIR] [--install lock|micropip|snapshot]
//                                   [--stdlib shipped|full] [--restores N] [--python]
//
// --stdlib shipped (the default except for micropip) boots from the trimmed,
// precompiled stdlib the site ships (build.json's stdlib.url), as the worker
// does; full from Pyodide's own python_stdlib.zip.
// --install lock (the default) installs the wheel as the worker's lock path does.
// --install snapshot does what the worker's snapshot path does: boot with
// _makeSnapshot, unpack the wheel, import every engine module the worker does
// (tsuro_core._preload.import_all()), make the memory snapshot,
// then restore it N times (--restores), reseeding `random` each time, and
// run stdin in each restored interpreter: stdout is then a JSON list of the
// N outputs.
//
// stdin, by default: a JSON list of API requests [{"op": ..., "args": {...}}, ...];
//   stdout: the JSON list of answers, each exactly what tsuro_core.api.handle_json
//   returned ({"ok": true, "result": ...} or {"ok": false, "error": ...}).
// stdin with --python: Python source, run after the engine is installed;
//   stdout: whatever it prints.
// Diagnostics go to stderr; the exit code is 0 unless something failed to load.

import { readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { bootEngine, buildOf, lockOf, pyodideLoader, pyodideOptions } from "./engine_kit.mjs";

function parseArgs(argv) {
  const out = { dist: "dist", install: "lock", python: false, stdlib: null, restores: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dist") out.dist = argv[++i];
    else if (a === "--install") out.install = argv[++i];
    else if (a === "--stdlib") out.stdlib = argv[++i];
    else if (a === "--restores") out.restores = parseInt(argv[++i], 10);
    else if (a === "--python") out.python = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!["lock", "micropip", "snapshot"].includes(out.install)) throw new Error(`bad --install ${out.install}`);
  out.stdlib ??= out.install === "micropip" ? "full" : "shipped";
  if (!["shipped", "full"].includes(out.stdlib)) throw new Error(`bad --stdlib ${out.stdlib}`);
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = resolve(args.dist);
  const build = buildOf(dist);
  const input = readFileSync(0, "utf8");

  const loadPyodide = await pyodideLoader(dist);
  const options = pyodideOptions(dist, args.stdlib);
  const wheel = join(dist, build.engine.wheel);
  const lock = (withEngine) => lockOf(build, withEngine);

  if (args.install === "snapshot") {
    const maker = await loadPyodide({ ...options, lockFileContents: lock(false), _makeSnapshot: true });
    maker.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
    maker.runPython("import tsuro_core._preload as _preload\n_preload.import_all()\ndel _preload");
    maker.runPython("from tsuro_core.api import handle_json");
    const snapshot = maker.makeMemorySnapshot();
    const outputs = [];
    for (let i = 0; i < args.restores; i++) {
      const py = await loadPyodide({ ...options, lockFileContents: lock(false), _loadSnapshot: snapshot });
      // As the worker does: fresh entropy for `random` after every restore.
      const words = crypto.getRandomValues(new Uint32Array(8));
      const hex = Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
      py.runPython(`import random as _r\n_r.seed(int("${hex}", 16))\ndel _r`);
      outputs.push(await runInput(py, args, input));
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

/** Run stdin in an interpreter: Python source (its printed text) or a list of requests (the answers). */
async function runInput(pyodide, args, input) {
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
  return requests.map((r) => JSON.parse(handle(JSON.stringify(r))));
}

main().then(
  () => process.stdout.write("", () => process.exit(0)),  // once stdout is flushed (a pipe may lag)
  (e) => { process.stderr.write(`run_pyodide: ${e.stack || e}\n`); process.exit(1); },
);
