// The engine client: starts the engine worker and talks to it.
//
//   import { getEngine, installWindowTsuro } from "./client.js";
//   const engine = getEngine();              // one engine (worker) per page
//   getEngine({shared: true})                // or one SharedWorker for every board of the origin
//   engine.onProgress((p) => bar.value = p.fraction);
//   await engine.ready;                      // {engine: {version}, pyodide, install, timings}
//   const r = await engine.request("version");            // rejects with EngineError
//   const v = await engine.requestValue("replay", {...}); // result or {error: {code, message}}
//   installWindowTsuro(engine);              // window.tsuro = {ready, request}
//
// docs/browser-api.md describes all of it.

import { BUILD, siteRoot, siteURL } from "../../build-info.js";
/** @import {Op, ArgsOf, ResultOf, Answer} from "../types.js" */

export { BUILD, siteRoot, siteURL };

/** An engine error: `.code` is the API's stable error code. */
export class EngineError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

const INSTALLS = ["snapshot", "lock", "micropip"];

/** A page URL parameter (?install=, ?snapshot=, ?engine=), if any. */
function pageParam(name) {
  try {
    return new URLSearchParams(self.location.search).get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

// A start-up that stops moving (a stalled download, a worker that hangs while
// booting) fails after this long without a progress message, rather than
// showing the loading bar forever. Downloads report every few kilobytes and each
// start-up step reports, so only a real stall stays this quiet.
const BOOT_STALL_MS = 60_000;

export class Engine {
  /**
   * @param {object} [options]
   * @param {string} [options.install] "snapshot" | "lock" | "micropip" (default:
   *   the page's ?install= parameter, else the worker's default: snapshot where it can)
   * @param {boolean} [options.snapshot] false: no memory snapshot (default: the page's
   *   ?snapshot=off turns it off)
   * @param {boolean} [options.shared] one SharedWorker for every page of the origin that asks
   *   for one with the same options (falls back to a dedicated worker where there is none;
   *   default: the page's ?engine=shared|dedicated, else false)
   * @param {boolean} [options.serviceWorker] register the service worker once the engine is
   *   ready (default true; the page's ?sw=off turns it off)
   * @param {number} [options.bootStallMs] fail the start-up after this long without progress
   *   (default 60 s; the page's ?bootstall=ms sets it)
   */
  constructor(options = {}) {
    /** @type {SharedWorker | Worker} (set by _start) */ this.worker;
    /** @type {MessagePort | Worker} the worker's end of the conversation (set by _start) */ this.port;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this._bootTimer = undefined;
    /** @type {Map<number, {resolve: (result: any) => void, reject: (e: EngineError) => void, timer: ReturnType<typeof setTimeout> | undefined}>} */
    this._pending = new Map();
    // What _start() sets (declarations for the type checker):
    /** @type {Promise<any>} resolves to the "ready" message; a new one after restart() */ this.ready;
    /** @type {(info: any) => void} */ this._resolveReady;
    /** @type {(e: EngineError) => void} */ this._rejectReady;
    /** @type {Promise<void>} */ this._cached;
    /** @type {() => void} */ this._resolveCached;
    /** @type {Promise<any>} resolves to the "snapshot" message */ this.snapshotDone;
    /** @type {(info: any) => void} */ this._resolveSnapshot;
    /** @type {Promise<any>} resolves to the "warmup" message that ends the warm-up */ this.warmupDone;
    /** @type {(info: any) => void} */ this._resolveWarmup;
    /** @type {() => void} tells a shared worker this page is gone */ this._closePort = () => {};
    const install = options.install || pageParam("install");
    this.install = install && INSTALLS.includes(install) ? install : undefined;
    this.snapshot = options.snapshot ?? pageParam("snapshot") !== "off";
    const sharedParam = pageParam("engine");
    this.shared = (options.shared ?? (sharedParam ? sharedParam === "shared" : false)) &&
      typeof SharedWorker === "function";
    this.bootStallMs = options.bootStallMs ?? (Number(pageParam("bootstall")) || BOOT_STALL_MS);
    this.progress = null;
    this.generation = 0;
    this._listeners = new Set();
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
    const url = new URL("../../../engine.worker.js", import.meta.url);
    const opts = [];
    if (this.install) opts.push(`install=${this.install}`);
    if (!this.snapshot) opts.push("snapshot=off");
    if (pageParam("warmup") === "off") opts.push("warmup=off"); // the bench's baseline
    const name = "tsuro-engine" + (opts.length ? `#${opts.join("&")}` : "") +
      (this.generation ? `${opts.length ? "&" : "#"}generation=${this.generation}` : "");
    this.failed = null;
    this.info = null;
    this.snapshotInfo = null;
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failed boot is reported through request() too
    this._cached = new Promise((resolve) => { this._resolveCached = resolve; });
    this.snapshotDone = new Promise((resolve) => { this._resolveSnapshot = resolve; });
    this.warmup = null; // the worker's last "warmup" message (its planner warm-up)
    this.warmupDone = new Promise((resolve) => { this._resolveWarmup = resolve; });
    const onError = (event) => {
      event.preventDefault?.();
      this._fail("worker_error", event.message || "the engine worker could not start");
    };
    if (this.shared) {
      const worker = new SharedWorker(url, { type: "module", name });
      const port = worker.port;
      this.worker = worker;
      this.port = port;
      port.onmessage = (event) => this._onMessage(event.data);
      worker.onerror = onError;
      this._closePort = () => { try { port.postMessage({ type: "close" }); } catch { /* gone */ } };
      self.addEventListener("pagehide", this._closePort);
    } else {
      const worker = new Worker(url, { type: "module", name });
      this.worker = worker;
      this.port = worker;
      worker.onmessage = (event) => this._onMessage(event.data);
      worker.onerror = onError;
    }
    this._watchBoot();
  }

  /** (Re)arm the start-up watchdog: no progress for bootStallMs fails the boot. */
  _watchBoot() {
    clearTimeout(this._bootTimer);
    this._bootTimer = setTimeout(() => {
      this._stop();
      this._fail("boot_timeout", `the engine made no progress starting for ${Math.round(this.bootStallMs / 1000)} s`);
    }, this.bootStallMs);
  }

  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "progress") {
      if (!this.info && !this.failed) this._watchBoot();
      this.progress = msg;
      for (const cb of this._listeners) {
        try { cb(msg); } catch (e) { console.error(e); }
      }
      return;
    }
    if (msg.type === "ready") {
      clearTimeout(this._bootTimer);
      this.info = msg;
      try { performance.mark("tsuro-engine-ready"); } catch { /* old browsers */ }
      this._resolveReady(msg);
      return;
    }
    if (msg.type === "cached") {
      this._resolveCached();
      return;
    }
    if (msg.type === "snapshot") {
      this.snapshotInfo = msg;
      this._resolveSnapshot(msg);
      return;
    }
    if (msg.type === "warmup") {
      this.warmup = msg;
      if (msg.state !== "running") this._resolveWarmup(msg);
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
    clearTimeout(this._bootTimer);
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
   * @template {Op} K
   * @param {K} op
   * @param {ArgsOf<K>} [args]
   * @param {{timeoutMs?: number}} [options]
   * @returns {Promise<ResultOf<K>>}
   */
  request(op, args = /** @type {ArgsOf<K>} */ ({}), { timeoutMs = 0 } = {}) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      /** @type {{resolve: (result: any) => void, reject: (e: EngineError) => void, timer: ReturnType<typeof setTimeout> | undefined}} */
      const pending = { resolve, reject, timer: undefined };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this._pending.delete(id);
          reject(new EngineError("timeout", `${op}: no answer within ${timeoutMs} ms; the engine was restarted`));
          this.restart();
        }, timeoutMs);
      }
      this._pending.set(id, pending);
      this.port.postMessage({ id, op, args });
    });
  }

  /**
   * Like request(), but an engine error resolves to {error: {code, message}}.
   * @template {Op} K
   * @param {K} op
   * @param {ArgsOf<K>} [args]
   * @param {{timeoutMs?: number}} [options]
   * @returns {Promise<Answer<ResultOf<K>>>}
   */
  requestValue(op, args = /** @type {ArgsOf<K>} */ ({}), options = {}) {
    return this.request(op, args, options).then(
      (result) => /** @type {Answer<ResultOf<K>>} */ (result),
      (e) => /** @type {Answer<ResultOf<K>>} */ ({ error: { code: e.code || "internal", message: String(e.message || e) } }),
    );
  }

  _stop() {
    if (this.port instanceof MessagePort) {  // a SharedWorker's: it stays for other pages
      this._closePort();
      self.removeEventListener("pagehide", this._closePort);
      this.port.close();
    } else if (this.worker instanceof Worker) {
      this.worker.terminate();
    }
  }

  /**
   * Stop the worker and start a fresh one (a stuck request, a broken engine):
   * pending requests reject with code "restarted"; `ready` is a new promise.
   * A shared engine gets a worker of its own generation, so other pages keep theirs.
   */
  restart() {
    clearTimeout(this._bootTimer);
    this._stop();
    this._rejectAll(new EngineError("restarted", "the engine was restarted"));
    this.generation++;
    this._start();
    return this.ready;
  }

  terminate() {
    this._stop();
    this._fail("terminated", "the engine was stopped");
  }
}

let shared = null;

/** The page's engine (created on first use; options count only then). */
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
  window.tsuro = tsuro;
  return tsuro;
}

/** The tile table (tiles.json), available before the engine is. */
export async function loadTiles() {
  const resp = await fetch(siteURL("tiles.json"));
  if (!resp.ok) throw new Error(`tiles.json: HTTP ${resp.status}`);
  return resp.json();
}

/** Whether a service worker served this page: a visit after the first. */
const CONTROLLED_AT_LOAD = typeof navigator !== "undefined" && "serviceWorker" in navigator &&
  !!navigator.serviceWorker.controller;

/**
 * Register sw.js (scope: the site root) when the page is served over http(s)
 * from a real origin.  Resolves to the registration, or null where there is
 * none to have.
 */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  if (!/^https?:$/.test(self.location.protocol) || self.origin === "null") return null;
  try {
    const reg = await navigator.serviceWorker.register(siteURL("sw.js"), { scope: siteRoot });
    // Not a first visit: the service worker fetches the pages a first visit
    // leaves out (the later tier, sw.js), now that the engine is up.
    if (CONTROLLED_AT_LOAD) navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ tsuro: "fill-in" }));
    return reg;
  } catch (e) {
    console.warn("service worker not registered:", e);
    return null;
  }
}
