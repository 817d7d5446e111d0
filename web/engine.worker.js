// The engine worker: boots Pyodide from the site's own pyodide/<version>/
// folder, installs the tsuro_core wheel and answers requests.  A dedicated
// module worker, or a SharedWorker that every page (board) of the origin
// shares: then every message below goes to each connected page's port.
//
// Messages:
//   page -> worker  {id, op, args}
//   worker -> page  {id, ok: true, result} | {id, ok: false, error: {code, message}}
//                   {type: "progress", stage, label, fraction, loaded, total, stages}
//                   {type: "ready", engine, pyodide, install, timings}
//                   {type: "cached"}  (after "ready": first-visit downloads are stored)
//                   {type: "snapshot", state, bytes, ms, error?}  (after "ready", on the
//                                     snapshot path: what became of the memory snapshot)
//                   {type: "warmup", state, slices, ms}  (after "ready" and the
//                                     snapshot: the planner's warm-up began, ended or failed)
//                   {type: "failed", error: {code, message}}
// Requests sent before the engine is ready are answered once it is.
//
// How the wheel gets installed is the worker's `install` option (engine.js
// passes it on from the page's ?install=):
//   snapshot     (the default) restore a memory snapshot of a started engine
//                from Cache Storage; without one (first visit, or it is
//                unusable): boot with _makeSnapshot, unpack the wheel into
//                site-packages, import every module, answer, then make the
//                snapshot and store it (its zero pages left out: worker/snapshot.js)
//                for the next start.  ?snapshot=off makes the default `lock`.
//   lock         the wheel is an entry of a minimal lock file handed to
//                loadPyodide({lockFileContents, packages}), so it downloads
//                while Pyodide boots (where Cache Storage is missing, or
//                ?snapshot=off).
//   micropip     as any other Pyodide page would: loadPyodide() with the
//                standard lock file and full stdlib, micropip's wheel
//                unpacked, then micropip.install() of the engine wheel; both
//                wheels are fetched here and refused unless their sha256 is
//                the build's.
// Both of the site's paths boot from the trimmed, precompiled stdlib (BUILD.stdlib);
// micropip, Pyodide's own way, shows that the wheel also installs like any other.
// docs/browser-api.md has the measurements behind the default.

import { BUILD, siteRoot, siteURL } from "./js/build-info.js";
import { dropSnapshot, findSnapshot, release, reseed, snapshotKey, storeSnapshot } from "./worker/snapshot.js";
import { warmUp } from "./worker/warmup.js";
import { compileEarly } from "./worker/wasm.js";
import { inflateBytes, inflated } from "./worker/inflate.js";

/**
 * What this worker uses of a Pyodide instance (pyodide.mjs's PyodideAPI).
 * @typedef {object} Pyodide
 * @property {string} version
 * @property {(code: string) => unknown} runPython  the value of the code's last line
 * @property {(bytes: Uint8Array, format: string, options?: {extractDir?: string}) => void} unpackArchive
 * @property {() => Uint8Array} makeMemorySnapshot
 * @property {Record<string, string>} loadedPackages
 * @property {{writeFile(path: string, data: Uint8Array): void}} FS
 * @property {(name: "micropip") => {install(spec: string): Promise<unknown>, destroy(): void}} pyimport
 */
/**
 * loadPyodide's options as this worker gives them.
 * @typedef {object} PyodideOptions
 * @property {string} indexURL
 * @property {string} stdLibURL
 * @property {(s: string) => void} stdout
 * @property {(s: string) => void} stderr
 * @property {object} [lockFileContents]
 * @property {string} [packageBaseUrl]
 * @property {string[]} [packages]
 * @property {{then(resolve: (bytes: Uint8Array) => unknown, reject: (e: unknown) => unknown): unknown}} [_loadSnapshot]
 *   the snapshot to restore (a thenable: handOnce)
 * @property {boolean} [_makeSnapshot]
 */
/** pyodide.mjs's loadPyodide. @typedef {(options: PyodideOptions) => Promise<Pyodide>} LoadPyodide */
/** Where a message goes: the dedicated worker's page, or a SharedWorker's port. @typedef {{postMessage(message: unknown): void}} Port */

const INSTALLS = ["snapshot", "lock", "micropip"];

// Options come in the worker's name ("tsuro-engine#install=micropip"): a
// worker served by the service worker sees its cached URL, without a query.
const params = new URLSearchParams((self.name || "").split("#")[1] || self.location.search);
const SNAPSHOT_OK = params.get("snapshot") !== "off" && !!self.caches;
const DEFAULT_INSTALL = SNAPSHOT_OK ? "snapshot" : "lock";
const ASKED = params.get("install");
const INSTALL = ASKED !== null && INSTALLS.includes(ASKED) && (ASKED !== "snapshot" || SNAPSHOT_OK) ? ASKED : DEFAULT_INSTALL;
// Pyodide's own for micropip; the trimmed one otherwise, with the modules the lock
// path's loadPackage adds for that path.
const STDLIB = INSTALL === "micropip" ? BUILD.pyodideDir + "python_stdlib.zip"
  : INSTALL === "lock" ? BUILD.stdlibLock.url : BUILD.stdlib.url;

// ---------------------------------------------------------------------------
// Pages: the dedicated worker's one page, or every port of a SharedWorker.
// A page that connects late gets the latest progress and the ready (or
// failed) message at once.

const IS_SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
/** @type {Set<Port>} */
const ports = IS_SHARED ? new Set() : new Set([self]);
const sticky = new Map(); // message type -> the last broadcast of it ("progress", "ready", ...)

/** Tell every page. @param {{type: string, [key: string]: unknown}} msg */
function broadcast(msg) {
  if (msg.type) sticky.set(msg.type, msg);
  for (const port of ports) port.postMessage(msg);
}

const PYODIDE_DIR = siteURL(BUILD.pyodideDir);
const WHEEL_URL = siteURL(BUILD.engine.wheel);
// The snapshot path's engine: its core part, and the later part (the later tier's
// modules and the course variant) fetched when first asked for (sitebuild/archives.py).
const PARTS = BUILD.engine.parts;
const CORE_URL = siteURL(PARTS.core.url);
const MICROPIP_URL = siteURL(BUILD.micropipWheel);
const t0 = performance.now();
/** @type {{[name: string]: number | Record<string, [number, number]>}} ms since the worker began, by step */
const timings = {};
const mark = (/** @type {string} */ name) => { timings[name] = Math.round((performance.now() - t0) * 10) / 10; };
// The worker's clock against the page's (performance.timeOrigin, ms since the epoch),
// and when its tracked downloads began and ended: the bench lays the start-up out.
timings.origin = Math.round(performance.timeOrigin + t0);
function resourceTimings() {
  /** @type {Record<string, [number, number]>} */
  const out = {};
  for (const e of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))) {
    if (fileState.has(e.name)) {
      out[e.name.slice(e.name.lastIndexOf("/") + 1)] = [Math.round(e.startTime - t0), Math.round(e.responseEnd - t0)];
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Progress: bytes of the files each stage fetches, counted as they arrive,
// then the start-up steps that only take time.

const STAGES = [
  { name: "runtime", label: "Fetching the Python runtime",
    files: [BUILD.pyodideDir + "pyodide.asm.wasm", BUILD.pyodideDir + "pyodide.asm.mjs"] },
  { name: "stdlib", label: "Fetching the standard library", files: [STDLIB] },
  ...(INSTALL === "micropip" ? [{ name: "micropip", label: "Fetching micropip",
    files: [BUILD.pyodideDir + "pyodide-lock.json", BUILD.micropipWheel] }] : []),
  { name: "engine", label: "Fetching the rules engine",
    files: [INSTALL === "snapshot" ? PARTS.core.url : BUILD.engine.wheel] },
];
const DOWNLOAD_SHARE = 0.85; // of the bar; the rest is starting Python and the engine
/** @type {Map<string, {stage: string, loaded: number, total: number, done: boolean}>} absolute URL -> its download */
const fileState = new Map();
for (const stage of STAGES) {
  for (const rel of stage.files) {
    fileState.set(siteURL(rel), { stage: stage.name, loaded: 0, total: BUILD.sizes[rel] || 0, done: false });
  }
}
let startupShare = 0; // 0..1 of the part after the downloads
/** @type {{stage: string, label: string} | null} a start-up step's label once downloads no longer say it */
let phase = null;
let lastPost = 0;

function progressMessage() {
  let loaded = 0, total = 0;
  /** @type {Record<string, {loaded: number, total: number, done: boolean}>} */
  const stages = {};
  for (const stage of STAGES) stages[stage.name] = { loaded: 0, total: 0, done: true };
  for (const f of fileState.values()) {
    const s = stages[f.stage];
    const got = f.done ? f.total : Math.min(f.loaded, f.total);
    s.loaded += got; s.total += f.total; s.done = s.done && f.done;
    loaded += got; total += f.total;
  }
  const current = STAGES.find((s) => !stages[s.name].done);
  const fraction = (total ? DOWNLOAD_SHARE * loaded / total : DOWNLOAD_SHARE) +
    (1 - DOWNLOAD_SHARE) * startupShare;
  return {
    type: "progress",
    stage: phase ? phase.stage : current ? current.name : "starting",
    label: phase ? phase.label : current ? current.label : "Starting Python",
    fraction: Math.min(1, Math.round(fraction * 1000) / 1000),
    loaded, total, stages,
  };
}

function postProgress(force = false) {
  const now = performance.now();
  if (!force && now - lastPost < 50) return;
  lastPost = now;
  broadcast(progressMessage());
}

/** A tracked download is complete. @param {string} url */
function fileDone(url) {
  const f = fileState.get(url);
  if (f && !f.done) { f.done = true; postProgress(true); }
}

// Count the bytes of tracked downloads on a clone of the response, so the
// response Pyodide gets is the network's own (streaming compilation and the
// browser's compiled-code cache keep working).
//
// On a first visit the clone also goes into the Cache API ("tsuro-boot"),
// where the service worker's precache finds it: the 10 MB runtime is not
// downloaded a second time when the browser's HTTP cache would not keep it.
const BOOT_CACHE = "tsuro-boot";
/** @type {Promise<void>[]} */
const cacheWrites = [];
const realFetch = self.fetch.bind(self);
/** @param {RequestInfo | URL} input @param {RequestInit} [init] */
async function countedFetch(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url,
    self.location.href).href;
  const resp = await realFetch(input, init);
  const f = fileState.get(url);
  const copy = f && resp.ok && resp.body ? resp.clone() : null;
  if (f && copy && copy.body) {
    const counted = copy.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        f.loaded += chunk.byteLength;
        postProgress();
        controller.enqueue(chunk);
      },
    }));
    cacheWrites.push((async () => {
      try {
        if (self.caches && !(await caches.match(url))) {
          const cache = await caches.open(BOOT_CACHE);
          await cache.put(url, new Response(counted, { status: copy.status, headers: copy.headers }));
        } else {
          const reader = counted.getReader();
          while (!(await reader.read()).done) { /* count */ }
        }
      } catch { /* the consumer's side reports errors; caching is a bonus */ }
      fileDone(url);
    })());
  }
  return resp;
}

// Pyodide's wasm, fetched and compiled from the start (worker/wasm.js): on the
// snapshot path it compiles while the snapshot is read.  Pyodide's fetch of it
// gets that same response.
const WASM_URL = PYODIDE_DIR + "pyodide.asm.wasm";
const handOut = INSTALL === "micropip" ? () => null : compileEarly(WASM_URL, countedFetch);
// The trimmed stdlib, one gzip stream (worker/inflate.js), reaches Pyodide inflated.
const STDLIB_URL = siteURL(STDLIB);
self.fetch = function fetch(input, init) {
  const url = typeof input === "string" || input instanceof URL ? new URL(input, self.location.href).href : "";
  const plain = !(init && Object.keys(init).length);
  const handed = plain && handOut(url);
  if (handed) return handed;
  const resp = countedFetch(input, init);
  return url === STDLIB_URL && STDLIB.endsWith(".gz") ? resp.then(inflated) : resp;
};

// pyodide.asm.mjs arrives through import(), not fetch(): learn of it from
// resource timing.
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (fileState.has(e.name)) fileDone(e.name);
  }).observe({ type: "resource", buffered: true });
} catch { /* progress only */ }

/** A start-up step after the downloads: its share of that part of the bar, and its words.
 *  @param {number} share @param {string} stage @param {string} label */
function startupStep(share, stage, label) {
  startupShare = share;
  phase = stage ? { stage, label } : null;
  postProgress(true);
}

// ---------------------------------------------------------------------------
// Boot

class EngineError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) { super(message); this.code = code; }
}

/** What was thrown, in words: an error's message (its name if it has none), else the value itself.
 *  @param {unknown} e */
const messageOf = (e) => (e instanceof Error ? e.message || String(e) : String(e));

// Package names as lock files and loadedPackages spell them (PEP 503).
const canonical = (/** @type {string} */ name) => name.toLowerCase().replace(/[-_.]+/g, "-");
const ENGINE_PACKAGE = canonical(BUILD.engine.name);

/** A lock file of the build's packages, with the engine's wheel or not. @param {boolean} withEngine */
function lockFile(withEngine) {
  const e = BUILD.engine;
  /** @type {Record<string, object>} */
  const packages = {};
  if (withEngine) {
    packages[ENGINE_PACKAGE] = {
      name: ENGINE_PACKAGE, version: e.version, file_name: e.wheel, install_dir: "site",
      sha256: e.sha256, package_type: "package", imports: e.imports, depends: [],
    };
  }
  return { info: BUILD.lockInfo, packages };
}

// The engine's core, imported before a snapshot is made (tsuro_core/_preload.py):
// what every page needs, the JSON facade, the game, the bots.  A feature module
// is imported on its operation's first call (tsuro_core/features.py), from the
// engine's files; after a restore site-packages is empty (the files lived in
// the JavaScript side of the file system, which a snapshot does not keep), so
// the engine answers "module_missing" and the worker installs the parts again
// (installPart), then asks again.
const IMPORT_CORE = `import ${BUILD.engine.imports[0]}._preload as _preload
_preload.import_core()
del _preload`;

/** A file's bytes, refused unless their sha256 is the one the build recorded.
 *  @param {string} url @param {string} sha256 */
async function fetchVerified(url, sha256) {
  let resp;
  try {
    resp = await fetch(url);
  } catch (e) {
    throw new EngineError("install_failed", `${url}: ${messageOf(e)}`);
  }
  if (!resp.ok) throw new EngineError("install_failed", `${url}: HTTP ${resp.status}`);
  const bytes = new Uint8Array(await resp.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const got = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (got !== sha256) {
    throw new EngineError("install_failed", `${url}: sha256 ${got} is not the build's ${sha256}`);
  }
  return bytes;
}

/** @type {Pyodide | null} the engine's Pyodide, once booted */
let pyodide = null;
/** @type {((json: string) => string) | null} the engine's JSON entry point, once started */
let handleJson = null;
/** @type {{state: string, error?: string, rawBytes?: number, bytes?: number, makeMs?: number, ms?: number}} */
const snapshotState = { state: INSTALL === "snapshot" ? "pending" : "off" };

/** The engine, started (requests are answered after the boot). */
function started() {
  if (!pyodide || !handleJson) throw new EngineError("engine_unavailable", "the engine has not started");
  return { py: pyodide, handle: handleJson };
}

/** @returns {PyodideOptions} */
function pyodideOptions() {
  return {
    indexURL: PYODIDE_DIR,
    stdLibURL: siteURL(STDLIB),
    stdout: (s) => console.log("[python]", s),
    stderr: (s) => console.warn("[python]", s),
  };
}

// ---- the memory snapshot, in Cache Storage (worker/snapshot.js)

const SNAPSHOT_URL = siteURL(`__engine-snapshot/${snapshotKey(BUILD)}.bin`);

/** The engine's JSON entry point, asked for its version. @param {Pyodide} py */
async function startEngine(py) {
  startupStep(0.8, "engine", "Starting the rules engine");
  // the code's value: tsuro_core.api.handle_json, JSON text in and out
  const handle = /** @type {(json: string) => string} */ (py.runPython(`from ${BUILD.engine.imports[0]}.api import handle_json\nhandle_json`));
  const answer = JSON.parse(handle(JSON.stringify({ op: "version", args: {} })));
  if (!answer.ok) throw new EngineError("engine_broken", `the engine does not answer: ${JSON.stringify(answer)}`);
  return { handle, version: answer.result };
}

/**
 * `promise` as loadPyodide's _loadSnapshot: a thenable that hands the snapshot over
 * once and then lets go of it.  loadPyodide keeps its options for the engine's
 * life; a promise there would keep the 30 MB snapshot reachable all along.
 * @param {Promise<Uint8Array>} promise
 */
function handOnce(promise) {
  /** @type {Promise<Uint8Array> | null} */
  let held = promise;
  return {
    /** @param {(bytes: Uint8Array) => unknown} resolve @param {(e: unknown) => unknown} reject */
    then(resolve, reject) {
      const p = held || Promise.reject(new Error("the snapshot was handed over already"));
      held = null;
      return p.then(resolve, reject);
    },
  };
}

/** After a restore: the snapshot's bytes, copied into the engine's memory, go now (release).
 *  @param {Promise<Uint8Array>} promise */
async function releaseSnapshot(promise) {
  try { release(await promise); } catch { /* nothing was read */ }
}

/** The snapshot path: restore, else boot fresh and prepare the snapshot. @param {LoadPyodide} loadPyodide */
async function bootSnapshot(loadPyodide) {
  let snapshot = null;
  try {
    snapshot = await snapshotFound;
    snapshotFound = null; // the snapshot's memory goes once it is restored
    mark("snapshot-found");
    snapshot?.bytes.then(() => mark("snapshot-read"), () => {});
  } catch (e) {
    snapshotState.error = `read: ${messageOf(e)}`;
  }
  if (snapshot) {
    try {
      startupStep(0.5, "engine", "Restoring the rules engine");
      const py = await loadPyodide({ ...pyodideOptions(), lockFileContents: lockFile(false),
        packageBaseUrl: siteRoot, _loadSnapshot: handOnce(snapshot.bytes) });
      releaseSnapshot(snapshot.bytes);
      snapshot = null;
      mark("pyodide");
      reseed(py);
      const started = await startEngine(py);
      snapshotState.state = "restored";
      for (const f of fileState.values()) f.done = true;
      return { py, ...started };
    } catch (e) {
      // Never worse than without: boot afresh and replace the entry.
      console.warn("engine snapshot unusable, booting afresh:", e);
      snapshotState.error = `restore: ${messageOf(e)}`;
      // eslint-disable-next-line no-useless-assignment -- lets the unusable snapshot's memory go before booting afresh
      snapshot = null;
      await dropSnapshot(SNAPSHOT_URL);
    }
  }
  const core = fetchVerified(CORE_URL, PARTS.core.sha256).then(inflateBytes);
  core.catch(() => {});
  const py = await loadPyodide({ ...pyodideOptions(), lockFileContents: lockFile(false),
    packageBaseUrl: siteRoot, _makeSnapshot: true });
  mark("pyodide");
  startupStep(0.5, "engine", "Installing the rules engine");
  unpackPart(py, "core", await core);
  try {
    py.runPython(IMPORT_CORE);
  } catch (e) {
    throw new EngineError("install_failed", `importing the engine failed: ${messageOf(e)}`);
  }
  fileDone(CORE_URL);
  mark("wheel");
  const started = await startEngine(py);
  snapshotState.state = "to-make";
  return { py, ...started };
}

// ---- the engine's parts on the snapshot path (the lock and micropip paths install
// the whole wheel): the core unpacked at a fresh boot; after a restore none; the
// later part when first asked for.
const installed = new Set(INSTALL === "snapshot" ? [] : ["core", "later"]);
const installing = new Map(); // part -> promise of its installation

// The import system's listings of folders, which may predate the files just
// unpacked (importlib.invalidate_caches() would import importlib.metadata too).
const FORGET_LISTINGS = `import sys
from importlib.machinery import FileFinder
for _f in list(sys.path_importer_cache.values()):
    if isinstance(_f, FileFinder):
        _f.invalidate_caches()
del _f`;

/** @param {Pyodide} py @param {string} part @param {Uint8Array} bytes */
function unpackPart(py, part, bytes) {
  try {
    const site = String(py.runPython("import site\nsite.getsitepackages()[0]"));   // a path
    py.unpackArchive(bytes, "zip", { extractDir: site });
    py.runPython(FORGET_LISTINGS);
  } catch (e) {
    throw new EngineError("install_failed", `unpacking the engine's ${part} part failed: ${messageOf(e)}`);
  }
  installed.add(part);
}

/** Install the next part not installed yet (the core, then the later part): false when
 *  every part is installed; throws EngineError when a part cannot be fetched. */
async function installPart() {
  const part = /** @type {const} */ (["core", "later"]).find((p) => !installed.has(p));
  if (!part) return false;
  if (!installing.has(part)) {
    const { py } = started();
    const done = fetchVerified(siteURL(PARTS[part].url), PARTS[part].sha256).then(inflateBytes)
      .then((bytes) => unpackPart(py, part, bytes));
    installing.set(part, done);
    done.catch(() => installing.delete(part)); // fetched again when next asked for
  }
  await installing.get(part);
  return true;
}

/** After "ready": make the snapshot and store it, between requests. */
async function makeSnapshot() {
  const t = performance.now();
  try {
    const bytes = started().py.makeMemorySnapshot();
    const made = performance.now() - t;
    const stored = await storeSnapshot(SNAPSHOT_URL, bytes);
    const rawBytes = bytes.length;
    release(bytes);
    Object.assign(snapshotState, { state: "stored", rawBytes, bytes: stored,
      makeMs: Math.round(made), ms: Math.round(performance.now() - t) });
  } catch (e) {
    console.warn("engine snapshot not made:", e);
    Object.assign(snapshotState, { state: "failed", error: messageOf(e) });
    await dropSnapshot(SNAPSHOT_URL);
  }
  broadcast({ type: "snapshot", ...snapshotState });
}

// Started at once, side by side: Pyodide's loader and its runtime's JavaScript
// (loadPyodide imports the same URL, so it finds it loaded), and the snapshot's read.
/** @type {Promise<{loadPyodide: LoadPyodide}>} */
const loaderImport = import(PYODIDE_DIR + "pyodide.mjs");
import(PYODIDE_DIR + "pyodide.asm.mjs").catch(() => {}); // loadPyodide reports a failure
let snapshotFound = INSTALL === "snapshot" ? findSnapshot(SNAPSHOT_URL) : null;
snapshotFound?.catch(() => {}); // bootSnapshot reads the outcome

async function boot() {
  postProgress(true);
  const { loadPyodide } = await loaderImport;
  mark("pyodide.mjs");
  if (INSTALL === "snapshot") {
    const r = await bootSnapshot(loadPyodide);
    pyodide = r.py;
    handleJson = r.handle;
    mark("ready");
    timings.resources = resourceTimings();
    startupStep(1, "ready", "Ready");
    return { engine: r.version, pyodide: r.py.version, install: INSTALL,
      snapshot: snapshotState.state, timings };
  }
  const options = pyodideOptions();
  if (INSTALL === "lock") {
    options.lockFileContents = lockFile(true);
    options.packageBaseUrl = siteRoot;
    options.packages = [ENGINE_PACKAGE];
  } // micropip: the standard pyodide-lock.json and the full stdlib, like any Pyodide page

  // Boot-time package loads log failures to the console only; keep them.
  /** @type {string[]} */
  const consoleErrors = [];
  const realError = console.error;
  console.error = (...a) => { consoleErrors.push(a.map(String).join(" ")); realError.apply(console, a); };
  /** @type {Pyodide} */
  let py;
  try {
    py = await loadPyodide(options);
  } finally {
    console.error = realError;
  }
  pyodide = py;
  mark("pyodide");
  for (const f of fileState.values()) {
    if (f.stage === "runtime" || f.stage === "stdlib") f.done = true;
  }
  startupStep(0.5, "engine", "Installing the rules engine");

  if (INSTALL === "lock") {
    if (!pyodide.loadedPackages[ENGINE_PACKAGE]) {
      throw new EngineError("install_failed",
        `the engine wheel did not load at start-up: ${consoleErrors.join("; ") || "no reason given"}`);
    }
  } else {
    // micropip and the engine wheel, each checked against the build's sha256,
    // then installed as any Pyodide page would: micropip.install().
    const [micropipWheel, engineWheel] = await Promise.all([
      fetchVerified(MICROPIP_URL, BUILD.micropipSha256), fetchVerified(WHEEL_URL, BUILD.engine.sha256)]);
    try {
      pyodide.unpackArchive(micropipWheel, "wheel");
    } catch (e) {
      throw new EngineError("install_failed", `unpacking micropip failed: ${messageOf(e)}`);
    }
    mark("micropip");
    const local = `/tmp/${WHEEL_URL.split("/").pop()}`;
    pyodide.FS.writeFile(local, engineWheel);
    const micropip = pyodide.pyimport("micropip");
    try {
      await micropip.install(`emfs:${local}`);
    } catch (e) {
      throw new EngineError("install_failed", `micropip.install(${WHEEL_URL}) failed: ${messageOf(e)}`);
    } finally {
      micropip.destroy();
    }
  }
  fileDone(WHEEL_URL);
  mark("wheel");
  const r = await startEngine(pyodide);
  handleJson = r.handle;
  mark("ready");
  startupStep(1, "ready", "Ready");
  return { engine: r.version, pyodide: pyodide.version, install: INSTALL, snapshot: "off", timings };
}

// The planner's warm-up after start-up (worker/warmup.js); ?warmup=off turns
// it off (the bench's baseline).
const WARM_UP = params.get("warmup") !== "off";
const warm = () => warmUp((json) => started().handle(json), (state) => broadcast({ type: "warmup", ...state }));

const booted = boot();
booted.then(
  (info) => {
    broadcast({ type: "ready", ...info });
    // Then tell the page the downloads are stored, so that the service
    // worker, registered after this, finds them instead of fetching again.
    Promise.allSettled(cacheWrites).then(() => broadcast({ type: "cached" }));
    // The snapshot first (it should hold the engine as started, and be stored
    // soon), then the warm-up.
    if (snapshotState.state === "to-make") {
      setTimeout(() => makeSnapshot().finally(() => { if (WARM_UP) setTimeout(warm, 0); }), 0);
    } else {
      if (INSTALL === "snapshot") broadcast({ type: "snapshot", ...snapshotState });
      if (WARM_UP) setTimeout(warm, 0);
    }
  },
  (e) => {
    console.error("engine failed to start:", e);
    broadcast({ type: "failed", error: { code: e.code || "boot_failed", message: messageOf(e) } });
    // A shared worker outlives its pages: ended now, so that the page's "Try again" (a
    // reload) starts a new one rather than hearing this failure again.
    if (IS_SHARED) setTimeout(() => self.close(), 0);
  },
);

// ---------------------------------------------------------------------------
// Requests

// ?slow=ms (tests only): every answer is posted this long after it is ready, an
// engine slowed on purpose, so that a test can race the page's keys against an
// answer on its way (the page passes the checked value on in the worker's name).
const SLOW_MS = Math.min(5000, Math.max(0, Number(params.get("slow")) || 0));
const later = (/** @type {number} */ ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Answer a page's request {id, op, args}.
 *  @param {Port} port @param {{id?: unknown, op?: unknown, args?: unknown} | null | undefined} msg */
async function onRequest(port, msg) {
  if (!msg || typeof msg !== "object" || msg.id === undefined) return;
  const { id, op, args } = msg;
  try {
    await booted;
  } catch (e) {
    port.postMessage({ id, ok: false, error: { code: "engine_unavailable", message: messageOf(e) } });
    return;
  }
  const request = JSON.stringify({ op, args: args === undefined ? {} : args });
  let reply;
  try {
    const { handle } = started();
    // handle_json answers JSON text {ok, result|error}
    reply = JSON.parse(handle(request));
    // a feature whose files are not installed: install them, ask again
    while (reply.ok === false && reply.error.code === "module_missing" && await installPart()) {
      reply = JSON.parse(handle(request));
    }
  } catch (e) {
    const code = e instanceof EngineError ? "engine_unavailable" : "internal";
    port.postMessage({ id, ok: false, error: { code, message: messageOf(e) } });
    return;
  }
  reply.id = id;
  if (SLOW_MS) await later(SLOW_MS);
  port.postMessage(reply);
}

// A shared engine outlives its pages' navigations (extendedLifetime: lib/engine/owner.js),
// so the browser no longer stops it when the last page leaves: the worker does what is
// left to do itself.  Its requests wait in one queue, taken one a task, so that a page's
// "close" (it left, or gave up on this worker) is read between two answers: that page's
// requests still waiting are dropped, and once every page has left a worker one of them
// gave up on ("stuck"), it ends.  (A call already running is answered first: Python
// cannot be interrupted from here.)
/** @type {{port: Port, msg: any}[]} */
const queue = [];
let givenUp = false;
const tick = new MessageChannel();
let ticking = false;
/** Take the next request in a task of its own, once the start has settled (before it, each
 *  request would wait inside onRequest, and all would then be answered in one task). */
const nextTick = () => { booted.then(() => tick.port2.postMessage(0), () => tick.port2.postMessage(0)); };
tick.port1.onmessage = () => {
  ticking = false;
  const next = queue.shift();
  if (next) onRequest(next.port, next.msg);
  if (queue.length) { ticking = true; nextTick(); }
};

/** A page leaves: its waiting requests go; a worker given up on ends once no page is left.
 *  @param {Port} port @param {boolean} stuck */
function leave(port, stuck) {
  ports.delete(port);
  for (let k = queue.length - 1; k >= 0; k--) if (queue[k].port === port) queue.splice(k, 1);
  givenUp ||= stuck;
  if (givenUp && !ports.size) self.close();
}

if (IS_SHARED) {
  /** @type {SharedWorkerGlobalScope} */ (/** @type {unknown} */ (self)).onconnect = (event) => {
    const port = event.ports[0];
    // given up on (its pages moved to the next generation): a page arriving now (a reload,
    // the next page, starting at generation 0) is told to move on too
    if (givenUp) { port.postMessage({ type: "given-up" }); return; }
    ports.add(port);
    port.onmessage = (e) => {
      if (e.data && e.data.type === "close") { leave(port, e.data.stuck === true); return; }
      queue.push({ port, msg: e.data });
      if (!ticking) { ticking = true; nextTick(); }
    };
    for (const type of ["progress", "ready", "failed", "cached", "snapshot", "warmup"]) {
      if (sticky.has(type)) port.postMessage(sticky.get(type));
    }
  };
} else {
  self.onmessage = (event) => onRequest(self, event.data);
}
