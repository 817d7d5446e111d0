// The engine worker: boots Pyodide from the site's own pyodide/<version>/
// folder, installs the tsuro_core wheel and answers requests.
//
// Module worker.  Messages:
//   page -> worker  {id, op, args}
//   worker -> page  {id, ok: true, result} | {id, ok: false, error: {code, message}}
//                   {type: "progress", stage, label, fraction, loaded, total, stages}
//                   {type: "ready", engine, pyodide, install, timings}
//                   {type: "cached"}  (after "ready": first-visit downloads are stored)
//                   {type: "failed", error: {code, message}}
// Requests sent before the engine is ready are answered once it is.
//
// How the wheel gets installed is the worker's `install` option (engine.js
// passes it on from the page's ?install=):
//   lock         the wheel is an entry of a minimal lock file handed to
//                loadPyodide({lockFileContents, packages}), so it downloads
//                while Pyodide boots.                          (the default)
//   loadpackage  pyodide.loadPackage(wheelURL) once Pyodide is up.
//   micropip     as any other Pyodide page would: loadPyodide() with the
//                standard lock file, micropip from its local wheel through
//                loadPackage(url), then micropip.install(wheelURL).
// docs/browser-api.md has the measurements behind the default.

import { BUILD, siteRoot, siteURL } from "./js/build-info.js";

const DEFAULT_INSTALL = "lock";
const INSTALLS = ["lock", "loadpackage", "micropip"];

// Options come in the worker's name ("tsuro-engine#install=micropip"): a
// worker served by the service worker sees its cached URL, without a query.
const params = new URLSearchParams((self.name || "").split("#")[1] || self.location.search);
const INSTALL = INSTALLS.includes(params.get("install")) ? params.get("install") : DEFAULT_INSTALL;

const PYODIDE_DIR = siteURL(BUILD.pyodideDir);
const WHEEL_URL = siteURL(BUILD.engine.wheel);
const MICROPIP_URL = siteURL(BUILD.micropipWheel);
const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round((performance.now() - t0) * 10) / 10; };

// ---------------------------------------------------------------------------
// Progress: bytes of the files each stage fetches, counted as they arrive,
// then the start-up steps that only take time.

const STAGES = [
  { name: "runtime", label: "Fetching the Python runtime",
    files: [BUILD.pyodideDir + "pyodide.asm.wasm", BUILD.pyodideDir + "pyodide.asm.mjs"] },
  { name: "stdlib", label: "Fetching the standard library",
    files: [BUILD.pyodideDir + "python_stdlib.zip"] },
  ...(INSTALL === "micropip" ? [{ name: "micropip", label: "Fetching micropip",
    files: [BUILD.pyodideDir + "pyodide-lock.json", BUILD.micropipWheel] }] : []),
  { name: "engine", label: "Fetching the rules engine", files: [BUILD.engine.wheel] },
];
const DOWNLOAD_SHARE = 0.85; // of the bar; the rest is starting Python and the engine
const fileState = new Map(); // absolute URL -> {stage, loaded, total, done}
for (const stage of STAGES) {
  for (const rel of stage.files) {
    fileState.set(siteURL(rel), { stage: stage.name, loaded: 0, total: BUILD.sizes[rel] || 0, done: false });
  }
}
let startupShare = 0; // 0..1 of the part after the downloads
let phase = null;     // a start-up step's label once downloads no longer say it
let lastPost = 0;

function progressMessage() {
  let loaded = 0, total = 0;
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
  self.postMessage(progressMessage());
}

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
const cacheWrites = [];
const realFetch = self.fetch.bind(self);
self.fetch = async function fetch(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url,
    self.location.href).href;
  const resp = await realFetch(input, init);
  const f = fileState.get(url);
  if (f && resp.ok && resp.body) {
    const copy = resp.clone();
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
};

// pyodide.asm.mjs arrives through import(), not fetch(): learn of it from
// resource timing.
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (fileState.has(e.name)) fileDone(e.name);
  }).observe({ type: "resource", buffered: true });
} catch { /* progress only */ }

function startupStep(share, stage, label) {
  startupShare = share;
  phase = stage ? { stage, label } : null;
  postProgress(true);
}

// ---------------------------------------------------------------------------
// Boot

class EngineError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// Package names as lock files and loadedPackages spell them (PEP 503).
const canonical = (name) => name.toLowerCase().replace(/[-_.]+/g, "-");
const ENGINE_PACKAGE = canonical(BUILD.engine.name);
const isLoaded = (list, name) => list.some((p) => canonical(p.name) === canonical(name));

function lockFile(withEngine) {
  const e = BUILD.engine;
  const packages = {};
  if (withEngine) {
    packages[ENGINE_PACKAGE] = {
      name: ENGINE_PACKAGE, version: e.version, file_name: e.wheel, install_dir: "site",
      sha256: e.sha256, package_type: "package", imports: e.imports, depends: [],
    };
  }
  return { info: BUILD.lockInfo, packages };
}

// Pyodide reports package load failures through callbacks, not rejections.
function collector() {
  const errors = [];
  return { errors, options: { messageCallback: () => {}, errorCallback: (m) => errors.push(String(m)) } };
}

let pyodide = null;
let handleJson = null;

async function boot() {
  postProgress(true);
  const { loadPyodide } = await import(PYODIDE_DIR + "pyodide.mjs");
  mark("pyodide.mjs");
  const stderr = [];
  const options = {
    indexURL: PYODIDE_DIR,
    stdout: (s) => console.log("[python]", s),
    stderr: (s) => { stderr.push(s); console.warn("[python]", s); },
  };
  if (INSTALL === "lock") {
    options.lockFileContents = lockFile(true);
    options.packageBaseUrl = siteRoot;
    options.packages = [ENGINE_PACKAGE];
  } else if (INSTALL === "loadpackage") {
    options.lockFileContents = lockFile(false);
    options.packageBaseUrl = siteRoot;
  } // micropip: the standard pyodide-lock.json, like any Pyodide page

  // Boot-time package loads log failures to the console only; keep them.
  const consoleErrors = [];
  const realError = console.error;
  console.error = (...a) => { consoleErrors.push(a.map(String).join(" ")); realError.apply(console, a); };
  try {
    pyodide = await loadPyodide(options);
  } finally {
    console.error = realError;
  }
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
  } else if (INSTALL === "loadpackage") {
    const c = collector();
    const loaded = await pyodide.loadPackage(WHEEL_URL, c.options);
    if (!isLoaded(loaded, ENGINE_PACKAGE)) {
      throw new EngineError("install_failed", `loading ${WHEEL_URL} failed: ${c.errors.join("; ") || "no reason given"}`);
    }
  } else {
    const c = collector();
    const loaded = await pyodide.loadPackage(MICROPIP_URL, c.options);
    if (!isLoaded(loaded, "micropip")) {
      throw new EngineError("install_failed", `loading micropip failed: ${c.errors.join("; ") || "no reason given"}`);
    }
    mark("micropip");
    const micropip = pyodide.pyimport("micropip");
    try {
      await micropip.install(WHEEL_URL);
    } catch (e) {
      throw new EngineError("install_failed", `micropip.install(${WHEEL_URL}) failed: ${e.message || e}`);
    } finally {
      micropip.destroy();
    }
  }
  fileDone(WHEEL_URL);
  mark("wheel");

  startupStep(0.8, "engine", "Starting the rules engine");
  handleJson = pyodide.runPython(`from ${BUILD.engine.imports[0]}.api import handle_json\nhandle_json`);
  const answer = JSON.parse(handleJson(JSON.stringify({ op: "version", args: {} })));
  if (!answer.ok) throw new EngineError("engine_broken", `the engine does not answer: ${JSON.stringify(answer)}`);
  mark("ready");
  startupStep(1, "ready", "Ready");
  return {
    engine: answer.result,
    pyodide: pyodide.version,
    install: INSTALL,
    timings,
  };
}

const booted = boot();
booted.then(
  (info) => {
    self.postMessage({ type: "ready", ...info });
    // Then tell the page the downloads are stored, so that the service
    // worker, registered after this, finds them instead of fetching again.
    Promise.allSettled(cacheWrites).then(() => self.postMessage({ type: "cached" }));
  },
  (e) => {
    console.error("engine failed to start:", e);
    self.postMessage({ type: "failed", error: { code: e.code || "boot_failed", message: String(e.message || e) } });
  },
);

// ---------------------------------------------------------------------------
// Requests

function answer(id, text) {
  // handle_json answers JSON text {ok, result|error}; add the id without re-encoding twice.
  const reply = JSON.parse(text);
  reply.id = id;
  self.postMessage(reply);
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (!msg || typeof msg !== "object" || msg.id === undefined) return;
  const { id, op, args } = msg;
  try {
    await booted;
  } catch (e) {
    self.postMessage({ id, ok: false, error: { code: "engine_unavailable", message: String(e.message || e) } });
    return;
  }
  let text;
  try {
    text = handleJson(JSON.stringify({ op, args: args === undefined ? {} : args }));
  } catch (e) {
    self.postMessage({ id, ok: false, error: { code: "internal", message: String(e.message || e) } });
    return;
  }
  answer(id, text);
};
