// The real engine behind the site's own engine client, in Node.
//
// bootEngine(dist) loads the built wheel in Pyodide once, as the worker's lock
// path does (run_pyodide.mjs uses it too).  installWorker(engine) then puts a
// stand-in for the browser's Worker on globalThis that speaks
// engine.worker.js's protocol ("ready", then {id, op, args} answered
// {id, ok, result | error}) with that interpreter's answers, so that a test
// runs the real lib/engine/client.js, lib/game/session.js and the turn loop
// against the engine's real answers.  The stand-in can hold an op's answers
// (to race them: an undo while a computer's move is on its way) and says what
// was asked; a restarted engine gets a new worker on the same interpreter (the
// engine keeps no state between requests).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

/** The build's description of itself (dist/build.json). @param {string} dist */
export function buildOf(dist) {
  return JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
}

/**
 * Pyodide's options for the built site: its runtime, and the shipped (or full) stdlib,
 * as the worker takes it for `install`: the lock path's (stdlibLock: what its
 * loadPackage imports too), or the snapshot path's, one gzip stream
 * (sitebuild/archives.py) which the worker inflates as it arrives, and so does this.
 */
export function pyodideOptions(dist, stdlib = "shipped", install = "lock") {
  const build = buildOf(dist);
  const indexURL = join(dist, build.pyodideDir) + "/";
  const shipped = join(dist, (install === "lock" ? build.stdlibLock : build.stdlib).url);
  return {
    indexURL,
    stdLibURL: stdlib === "shipped" ? inflatedFile(shipped) : join(indexURL, "python_stdlib.zip"),
    stdout: (s) => process.stderr.write(`[python] ${s}\n`),
    stderr: (s) => process.stderr.write(`[python] ${s}\n`),
  };
}

/** A zip's path, inflated into a temporary file first if it is one gzip stream. */
function inflatedFile(path) {
  if (!path.endsWith(".gz")) return path;
  const dir = mkdtempSync(join(tmpdir(), "tsuro-stdlib-"));
  const zip = join(dir, "python_stdlib.zip");
  writeFileSync(zip, gunzipSync(readFileSync(path)));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return zip;
}

/** The lock file the worker loads: Pyodide's, with the engine's wheel in it when `withEngine`. */
export function lockOf(build, withEngine) {
  return { info: build.lockInfo, packages: withEngine ? { "tsuro-core": {
    name: "tsuro-core", version: build.engine.version, file_name: build.engine.wheel, install_dir: "site",
    sha256: build.engine.sha256, package_type: "package", imports: build.engine.imports, depends: [] } } : {} };
}

/** Pyodide's loadPyodide, from the build's runtime. */
export async function pyodideLoader(dist) {
  const { indexURL } = pyodideOptions(dist);
  return (await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href)).loadPyodide;
}

/**
 * The engine wheel installed from the lock file, as the worker's lock path does.
 * @param {string} dist @param {string} [stdlib]
 * @returns {Promise<{pyodide: any, handle: (json: string) => string, version: string}>}
 */
export async function bootEngine(dist, stdlib = "shipped") {
  const build = buildOf(dist);
  const loadPyodide = await pyodideLoader(dist);
  const pyodide = await loadPyodide({
    ...pyodideOptions(dist, stdlib), lockFileContents: lockOf(build, true), packageBaseUrl: dist + "/", packages: ["tsuro-core"],
  });
  if (!pyodide.loadedPackages["tsuro-core"]) throw new Error("the engine wheel did not load from the lock file");
  const handle = pyodide.runPython("from tsuro_core.api import handle_json\nhandle_json");
  return { pyodide, handle, version: build.engine.version };
}

/** Where the built site's modules are (assets/<sha>/js/), as a file URL. @param {string} dist */
export function modulesOf(dist) {
  return pathToFileURL(join(dist, buildOf(dist).assets, "js") + "/");
}

/**
 * Put a Worker on globalThis that answers with `engine` (bootEngine's).  Returns the desk
 * a test drives it with:
 *   asked              every request, in order: {op, args}
 *   hold(op)           answers to `op` wait (each is computed when released)
 *   release(op)        let the held answers of `op` go, in order; stop holding it
 *   when(op)           a promise of the next request of `op` (its {op, args})
 *   workers            every worker made (a restart makes a new one)
 */
export function installWorker(engine) {
  const desk = {
    /** @type {{op: string, args: any}[]} */ asked: [],
    /** @type {Map<string, (() => void)[]>} */ held: new Map(),
    /** @type {Map<string, ((r: any) => void)[]>} */ waiting: new Map(),
    /** @type {any[]} */ workers: [],
    hold(op) { if (!this.held.has(op)) this.held.set(op, []); },
    release(op) {
      const answers = this.held.get(op) || [];
      this.held.delete(op);
      for (const answer of answers) setTimeout(answer, 0);
      return answers.length;
    },
    when(op) {
      return new Promise((resolve) => {
        if (!this.waiting.has(op)) this.waiting.set(op, []);
        this.waiting.get(op).push(resolve);
      });
    },
    count(op) { return this.asked.filter((r) => r.op === op).length; },
  };

  class EngineWorker {
    constructor(url, options) {
      this.name = options?.name || "";
      this.alive = true;
      this.onmessage = null;
      this.onerror = null;
      desk.workers.push(this);
      setTimeout(() => this._post({ type: "ready", engine: { version: engine.version }, pyodide: "node", install: "lock", timings: {} }), 0);
    }

    postMessage(msg) {
      if (!this.alive || !msg || typeof msg !== "object" || msg.id === undefined) return;
      const request = { op: msg.op, args: msg.args };
      desk.asked.push(request);
      const waiters = desk.waiting.get(msg.op);
      if (waiters) { desk.waiting.delete(msg.op); for (const w of waiters) w(request); }
      const answer = () => {
        if (!this.alive) return;
        let reply;
        try {
          reply = JSON.parse(engine.handle(JSON.stringify({ op: msg.op, args: msg.args === undefined ? {} : msg.args })));
        } catch (e) {
          reply = { ok: false, error: { code: "internal", message: String(e.message || e) } };
        }
        this._post({ ...reply, id: msg.id });
      };
      const held = desk.held.get(msg.op);
      if (held) held.push(answer);
      else setTimeout(answer, 0);
    }

    _post(data) { if (this.alive) this.onmessage?.({ data }); }

    terminate() { this.alive = false; }
  }

  globalThis.Worker = /** @type {any} */ (EngineWorker);
  return desk;
}
