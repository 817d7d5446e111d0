// The engine client: starts the engine worker and talks to it.
//
//   import { getEngine, installWindowTsuro } from "./engine.js";
//   const engine = getEngine();              // one shared worker per page
//   engine.onProgress((p) => bar.value = p.fraction);
//   await engine.ready;                      // {engine: {version}, pyodide, install, timings}
//   const r = await engine.request("version");            // rejects with EngineError
//   const v = await engine.requestValue("replay", {...}); // result or {error: {code, message}}
//   installWindowTsuro(engine);              // window.tsuro = {ready, request}
//
// docs/browser-api.md describes all of it.

import { BUILD, siteRoot, siteURL } from "./build-info.js";

export { BUILD, siteRoot, siteURL };

/** An engine error: `.code` is the API's stable error code. */
export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

const INSTALLS = ["lock", "loadpackage", "micropip"];

/** The install method asked for by the page's URL (?install=...), if any. */
function installFromPage() {
  try {
    const v = new URLSearchParams(self.location.search).get("install");
    return INSTALLS.includes(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export class Engine {
  /**
   * @param {object} [options]
   * @param {string} [options.install] "lock" | "loadpackage" | "micropip" (default: the page's
   *   ?install= parameter, else the worker's default)
   * @param {boolean} [options.serviceWorker] register the service worker once the engine is
   *   ready (default true; the page's ?sw=off turns it off)
   */
  constructor(options = {}) {
    this.install = options.install || installFromPage();
    this.progress = null;
    this._listeners = new Set();
    this._pending = new Map();
    this._nextId = 1;
    this._start();
    const sw = options.serviceWorker ?? !/[?&]sw=(off|0|false)\b/.test(self.location.search);
    // After the engine is up and its downloads are stored, so that the
    // service worker's precache does not compete with the engine's start-up
    // nor download the runtime a second time.
    if (sw) this.ready.then(() => this._cached).then(() => registerServiceWorker(), () => {});
  }

  /** Start a worker (the constructor, and restart()). */
  _start() {
    const url = new URL("../engine.worker.js", import.meta.url);
    const name = "tsuro-engine" + (this.install ? `#install=${this.install}` : "");
    this.failed = null;
    this.info = null;
    this.worker = new Worker(url, { type: "module", name });
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failed boot is reported through request() too
    this._cached = new Promise((resolve) => { this._resolveCached = resolve; });
    this.worker.onmessage = (event) => this._onMessage(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this._fail("worker_error", event.message || "the engine worker could not start");
    };
  }

  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "progress") {
      this.progress = msg;
      for (const cb of this._listeners) {
        try { cb(msg); } catch (e) { console.error(e); }
      }
      return;
    }
    if (msg.type === "ready") {
      this.info = msg;
      try { performance.mark("tsuro-engine-ready"); } catch { /* old browsers */ }
      this._resolveReady(msg);
      return;
    }
    if (msg.type === "cached") {
      this._resolveCached();
      return;
    }
    if (msg.type === "failed") {
      this._fail(msg.error.code, msg.error.message);
      return;
    }
    const pending = this._pending.get(msg.id);
    if (!pending) return;
    this._pending.delete(msg.id);
    clearTimeout(pending.timer);
    if (msg.ok) pending.resolve(msg.result);
    else pending.reject(new EngineError(msg.error.code, msg.error.message));
  }

  _fail(code, message) {
    if (this.failed) return;
    this.failed = new EngineError(code, message);
    this._rejectReady(this.failed);
    this._rejectAll(this.failed);
  }

  _rejectAll(error) {
    for (const p of this._pending.values()) { clearTimeout(p.timer); p.reject(error); }
    this._pending.clear();
  }

  /** Call cb(progress) on every progress message (and at once with the latest). */
  onProgress(cb) {
    this._listeners.add(cb);
    if (this.progress) cb(this.progress);
    return () => this._listeners.delete(cb);
  }

  /**
   * Ask the engine; resolves to the result, rejects with an EngineError.
   * `timeoutMs`: past it, reject with code "timeout" and restart the worker
   * (a Python call cannot be interrupted; the new worker is ready for the next request).
   */
  request(op, args = {}, { timeoutMs } = {}) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      const pending = { resolve, reject, timer: null };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this._pending.delete(id);
          reject(new EngineError("timeout", `${op}: no answer within ${timeoutMs} ms; the engine was restarted`));
          this.restart();
        }, timeoutMs);
      }
      this._pending.set(id, pending);
      this.worker.postMessage({ id, op, args });
    });
  }

  /** Like request(), but an engine error resolves to {error: {code, message}}. */
  requestValue(op, args = {}, options = {}) {
    return this.request(op, args, options).then(
      (result) => result,
      (e) => ({ error: { code: e.code || "internal", message: String(e.message || e) } }),
    );
  }

  /**
   * Stop the worker and start a fresh one (a stuck request, a dead worker):
   * pending requests reject with code "restarted"; `ready` is a new promise.
   */
  restart() {
    this.worker.terminate();
    this._rejectAll(new EngineError("restarted", "the engine was restarted"));
    this._start();
    return this.ready;
  }

  terminate() {
    this.worker.terminate();
    this._fail("terminated", "the engine was stopped");
  }
}

let shared = null;

/** The page's engine (created on first use). */
export function getEngine(options) {
  if (!shared) shared = new Engine(options);
  return shared;
}

/** Create a new engine (its own worker). */
export function createEngine(options) {
  return new Engine(options);
}

/**
 * Set window.tsuro = {ready, request, engine}: `ready` resolves when the
 * engine is loaded; `request(op, args)` resolves to the result, or to
 * {error: {code, message}} where the command line would exit 2.
 */
export function installWindowTsuro(engine = getEngine()) {
  const tsuro = {
    get ready() { return engine.ready; },  // a new promise after engine.restart()
    request: (op, args = {}) => engine.requestValue(op, args),
    engine,
  };
  self.tsuro = tsuro;
  return tsuro;
}

/** The tile table (tiles.json), available before the engine is. */
export async function loadTiles() {
  const resp = await fetch(siteURL("tiles.json"));
  if (!resp.ok) throw new Error(`tiles.json: HTTP ${resp.status}`);
  return resp.json();
}

/**
 * Register sw.js (scope: the site root) when the page is served over http(s)
 * from a real origin.  Resolves to the registration, or null where there is
 * none to have.
 */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  if (!/^https?:$/.test(self.location.protocol) || self.origin === "null") return null;
  try {
    return await navigator.serviceWorker.register(siteURL("sw.js"), { scope: siteRoot });
  } catch (e) {
    console.warn("service worker not registered:", e);
    return null;
  }
}
