#!/usr/bin/env node
// Run the built engine wheel in Pyodide under Node.
//
//   node tests/node/run_pyodide.mjs [--dist DIR] [--install loadpackage|micropip] [--python]
//
// stdin, by default: a JSON list of API requests [{"op": ..., "args": {...}}, ...];
//   stdout: the JSON list of answers, each exactly what tsuro_core.api.handle_json
//   returned ({"ok": true, "result": ...} or {"ok": false, "error": ...}).
// stdin with --python: Python source, run after the engine is installed;
//   stdout: whatever it prints.
// Diagnostics go to stderr; the exit code is 0 unless something failed to load.

import { readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const out = { dist: "dist", install: "loadpackage", python: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dist") out.dist = argv[++i];
    else if (a === "--install") out.install = argv[++i];
    else if (a === "--python") out.python = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!["loadpackage", "micropip"].includes(out.install)) throw new Error(`bad --install ${out.install}`);
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = resolve(args.dist);
  const build = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
  const indexURL = join(dist, build.pyodideDir) + "/";
  const input = readFileSync(0, "utf8");

  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    stdout: (s) => process.stderr.write(`[python] ${s}\n`),
    stderr: (s) => process.stderr.write(`[python] ${s}\n`),
  });

  const errors = [];
  const cb = { messageCallback: () => {}, errorCallback: (m) => errors.push(m) };
  const wheel = join(dist, build.engine.wheel);
  if (args.install === "loadpackage") {
    const loaded = await pyodide.loadPackage(wheel, cb);
    if (!loaded.length) throw new Error(`loadPackage(${wheel}) failed: ${errors.join("; ")}`);
  } else {
    const loaded = await pyodide.loadPackage(join(dist, build.micropipWheel), cb);
    if (!loaded.length) throw new Error(`loading micropip failed: ${errors.join("; ")}`);
    const name = build.engine.wheel.split("/").pop();
    pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(wheel));
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(`emfs:/tmp/${name}`);
    micropip.destroy();
  }

  if (args.python) {
    pyodide.setStdout({ batched: (s) => process.stdout.write(s + "\n") });
    await pyodide.runPythonAsync(input);
    return;
  }
  const requests = JSON.parse(input);
  if (!Array.isArray(requests)) throw new Error("stdin must be a JSON list of requests");
  const handle = pyodide.runPython("from tsuro_core.api import handle_json\nhandle_json");
  const answers = requests.map((r) => JSON.parse(handle(JSON.stringify(r))));
  process.stdout.write(JSON.stringify(answers) + "\n");
}

main().then(
  () => process.exit(0),
  (e) => { process.stderr.write(`run_pyodide: ${e.stack || e}\n`); process.exit(1); },
);
