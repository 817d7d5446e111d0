// The engine client: starts the engine worker and talks to it.
//
//   import { getEngine, installWindowTsuro } from "./client.js";
//   const engine = getEngine();              // one engine (worker) per page
//   getEngine({shared: true})                // or one SharedWorker for every board of the origin
//   engine.onProgress((p) => bar.value = p.fraction);
//   await engine.ready;                      // {engine: {version}, pyodide, install, timings}
//   const r = await engine.ask("legal_moves", {...});     // once ready, within its time limit;
//                                                         // rejects with EngineError (.code)
//   engine.request("version", {}, {timeoutMs})            // the bare request (no waiting, no limit)
//   installWindowTsuro(engine);              // window.tsuro = {ready, request}: answers as values
//
// docs/browser-api.md describes all of it.

import { BUILD, siteRoot, siteURL } from "../../build-info.js";
import { addressParam, oneOf, wholeNumber } from "../base/address.js";
import { ownedSharedWorker, stuckWorkers } from "./owner.js";
/** @import {Op, ArgsOf, ResultOf, ErrorValue, Version} from "../types.js" */

// The worker's messages to the page (engine.worker.js lists them).
/**
 * How far the start-up got: a stage's name (engine.stage.* in the catalogues) and
 * label, the fraction done, the bytes downloaded of the total, and each stage's.
 * @typedef {{type: "progress", stage: string, label: string, fraction: number, loaded: number,
 *   total: number, stages: Record<string, {loaded: number, total: number, done: boolean}>}} Progress
 */
/**
 * The engine is up: its version, Pyodide's, how the wheel was installed, the start-up's timings.
 * @typedef {{type: "ready", engine: Version, pyodide: string, install: string, snapshot?: string,
 *   timings: Record<string, number>}} ReadyInfo
 */
/** What became of the memory snapshot. @typedef {{type: "snapshot", state: string, bytes?: number, ms?: number, error?: string}} SnapshotInfo */
/** The planner's warm-up began, ended or failed. @typedef {{type: "warmup", state: string, slices: number, ms: number, error?: string}} WarmupInfo */
/**
 * @typedef {Progress | ReadyInfo | SnapshotInfo | WarmupInfo | {type: "cached"} | {type: "given-up"}
 *   | {type: "failed", error: ErrorValue} | Answer} WorkerMessage
 */
/** A request's answer (no `type`). @typedef {{id: number, ok: true, result: unknown} | {id: number, ok: false, error: ErrorValue}} Answer */
/** A request waiting for its answer. @typedef {{resolve: (result: any) => void, reject: (e: EngineError) => void, timer: ReturnType<typeof setTimeout> | undefined, message: object}} Pending */

export { BUILD, siteRoot, siteURL };

/**
 * The one error of the engine client: `.code` is the API's stable error code
 * (docs/api.md), or the client's own when the engine failed (`timeout`,
 * `restarted`, `worker_error`, `terminated`), or the game's when it refused a
 * change itself (`stale`, `sketch`, `bad_save`...: lib/game).
 */
export class EngineError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

// Every request a page asks has a time limit, counted once the engine is ready:
// past it the client restarts the worker and the request fails with the code
// "timeout" (the page then goes back to its last saved position).
export const TIME_LIMIT_MS = 10_000;

/** The codes that say the engine, not the input, failed: the page recovers from them. */
export const ENGINE_DOWN = new Set(["timeout", "restarted", "worker_error", "terminated"]);

/** What was thrown, in words: an error's message (its name if it has none), else the value itself. @param {unknown} e */
export function errorMessage(e) {
  return e instanceof Error ? e.message || String(e) : String(e);
}

/** A failed request as the API's error value: an EngineError's code ("internal" for anything else thrown) and its words.
 *  @param {unknown} e @returns {ErrorValue} */
export function errorValue(e) {
  return { code: (e instanceof EngineError && e.code) || "internal", message: errorMessage(e) };
}

/** Whether an error says the engine failed (it restarts), rather than refused the input. @param {unknown} e */
export function engineDown(e) {
  return !!e && typeof e === "object" && "code" in e && typeof e.code === "string" && ENGINE_DOWN.has(e.code);
}

/** A request's time limit: the ordinary one (`base`: TIME_LIMIT_MS unless the page's
 *  ?timelimit= says otherwise), plus the search budget of bot ops.
 *  @param {object} [args] @param {number} [base] */
export function timeLimit(args, base = TIME_LIMIT_MS) {
  const budget = Number(args && "budget_ms" in args && args.budget_ms);
  return base + (Number.isFinite(budget) && budget > 0 ? budget : 0);
}

const INSTALLS = ["snapshot", "lock", "micropip"];

// The page's address parameters for the engine (docs/browser-api.md), each
// checked: one the engine client does not know is ignored, and the page says so.
const ON_OFF = ["on", "off"];
const PARAMS = {
  install: oneOf(INSTALLS),
  snapshot: oneOf(ON_OFF),
  engine: oneOf(["shared", "dedicated"]),
  bootstall: wholeNumber(3000, 600_000),   // ms (tests: 3 s at least); past setTimeout's range it would fire at once
  warmup: oneOf(ON_OFF),
  sw: oneOf(["on", "off", "0", "1", "false", "true"]),
  slow: wholeNumber(0, 5000),              // ms (tests: every answer this late)
  timelimit: wholeNumber(3000, 600_000),   // ms (tests: a request given up on sooner; 3 s at least)
};

/**
 * A page URL parameter (?install=, ?snapshot=, ?engine=...), checked, if any.
 * @param {keyof PARAMS} name @returns {any}
 */
function pageParam(name) {
  return addressParam(name, /** @type {(text: string) => any} */ (PARAMS[name]), undefined);
}

// A start-up that stops moving (a stalled download, a worker that hangs while
// booting) fails after this long without a progress message, rather than
// showing the loading bar forever. Downloads report every few kilobytes and each
// start-up step reports, so only a real stall stays this quiet.
const BOOT_STALL_MS = 60_000;

/**
 * What the game layer needs of an engine: `ask` (an Engine's, or a LazyEngine's that
 * starts its engine when first asked).
 * @typedef {Pick<Engine, "ask">} EngineClient
 */

/**
 * An engine's options.
 * @typedef {object} EngineOptions
 * @property {string} [install] "snapshot" | "lock" | "micropip" (default:
 *   the page's ?install= parameter, else the worker's default: snapshot where it can)
 * @property {boolean} [snapshot] false: no memory snapshot (default: the page's
 *   ?snapshot=off turns it off)
 * @property {boolean} [shared] one SharedWorker for every page of the origin that asks
 *   for one with the same options (falls back to a dedicated worker where there is none;
 *   default: the page's ?engine=shared|dedicated, else false)
 * @property {boolean} [serviceWorker] register the service worker once the engine is
 *   ready (default true; the page's ?sw=off turns it off)
 * @property {number} [bootStallMs] fail the start-up after this long without progress
 *   (default 60 s; the page's ?bootstall=ms sets it)
 */

export class Engine {
  /** @param {EngineOptions} [options] */
  constructor(options = {}) {
    /** @type {SharedWorker | Worker} (set by _start) */ this.worker;
    /** @type {MessagePort | Worker} the worker's end of the conversation (set by _start) */ this.port;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this._bootTimer = undefined;
    /** @type {Map<number, Pending>} */
    this._pending = new Map();
    // What _start() sets (declarations for the type checker):
    /** @type {Promise<ReadyInfo>} resolves to the "ready" message; a new one after restart() */ this.ready;
    /** @type {(info: ReadyInfo) => void} */ this._resolveReady;
    /** @type {(e: EngineError) => void} */ this._rejectReady;
    /** @type {Promise<void>} */ this._cached;
    /** @type {() => void} */ this._resolveCached;
    /** @type {Promise<SnapshotInfo>} resolves to the "snapshot" message */ this.snapshotDone;
    /** @type {(info: SnapshotInfo) => void} */ this._resolveSnapshot;
    /** @type {Promise<WarmupInfo>} resolves to the "warmup" message that ends the warm-up */ this.warmupDone;
    /** @type {(info: WarmupInfo) => void} */ this._resolveWarmup;
    /** @type {EngineError | null} why the engine failed (set by _start, _fail) */ this.failed;
    /** @type {ReadyInfo | null} the "ready" message (set by _start, _onMessage) */ this.info;
    /** @type {SnapshotInfo | null} */ this.snapshotInfo;
    /** @type {WarmupInfo | null} the worker's last "warmup" message */ this.warmup;
    /** @type {(stuck?: boolean) => void} tells a shared worker this page is gone (and whether it gave up on it) */
    this._closePort = () => {};
    /** @type {() => void} the pagehide listener that tells it */ this._onPagehide = () => {};
    const install = options.install || pageParam("install");
    this.install = install && INSTALLS.includes(install) ? install : undefined;
    this.snapshot = options.snapshot ?? pageParam("snapshot") !== "off";
    const sharedParam = pageParam("engine");
    this.shared = (options.shared ?? (sharedParam ? sharedParam === "shared" : true)) &&
      typeof SharedWorker === "function";
    this.bootStallMs = options.bootStallMs ?? pageParam("bootstall") ?? BOOT_STALL_MS;
    this.slowMs = pageParam("slow") ?? 0;
    this.timeLimitMs = pageParam("timelimit") ?? TIME_LIMIT_MS;
    /** @type {Progress | null} */
    this.progress = null;
    this.generation = 0;
    /** @type {Set<(progress: Progress) => void>} */
    this._listeners = new Set();
    this._nextId = 1;
    /** @type {string} the worker's name (its options and generation: pages with the same one share it) */
    this.workerName = "";
    /** @type {() => void} lets a shared worker go (its owning frame removed: owner.js) */
    this._dropOwner = () => {};
    // Another page gave up on the shared worker this one uses: it is stopped once no page
    // holds it, so move to the next generation, with every request still waiting.
    this._stuck = this.shared ? stuckWorkers((name, generation) => {
      if (name === this.workerName && generation > this.generation) this._rejoin(generation);
    }) : null;
    this._start();
    const sw = options.serviceWorker ?? !["off", "0", "false"].includes(pageParam("sw"));
    // After the engine is up and its downloads are stored, so that the
    // service worker's precache does not compete with the engine's start-up
    // nor download the runtime a second time.
    if (sw) this.ready.then(() => this._cached).then(() => registerServiceWorker(), () => {});
  }

  /** Start a worker (the constructor, and restart()). */
  _start() {
    try { performance.mark("tsuro-engine-start"); } catch { /* old browsers */ }
    const url = new URL("../../../engine.worker.js", import.meta.url);
    const opts = [];
    if (this.install) opts.push(`install=${this.install}`);
    if (!this.snapshot) opts.push("snapshot=off");
    if (pageParam("warmup") === "off") opts.push("warmup=off"); // the bench's baseline
    if (this.slowMs) opts.push(`slow=${this.slowMs}`);           // tests: an engine slowed on purpose
    const name = "tsuro-engine" + (opts.length ? `#${opts.join("&")}` : "") +
      (this.generation ? `${opts.length ? "&" : "#"}generation=${this.generation}` : "");
    this.workerName = name;
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
    const onError = (/** @type {Event | ErrorEvent} */ event) => {
      event.preventDefault?.();
      this._fail("worker_error", ("message" in event && event.message) || "the engine worker could not start");
    };
    if (this.shared) {
      const { worker, drop } = ownedSharedWorker(url, { type: "module", name });
      this._dropOwner = drop;
      const port = worker.port;
      this.worker = worker;
      this.port = port;
      port.onmessage = (event) => this._onMessage(event.data);
      worker.onerror = onError;
      this._closePort = (stuck = false) => { try { port.postMessage({ type: "close", stuck }); } catch { /* gone */ } };
      this._onPagehide = () => this._closePort();
      self.addEventListener("pagehide", this._onPagehide);
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
      this._stop(true);   // a shared worker whose start stalled: given up on, it ends once its pages have left
      this._fail("boot_timeout", `the engine made no progress starting for ${Math.round(this.bootStallMs / 1000)} s`);
    }, this.bootStallMs);
  }

  /** @param {WorkerMessage} msg */
  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (!("type" in msg)) { this._answer(msg); return; }
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
    if (msg.type === "given-up") { this._rejoin(this.generation + 1); return; }
    if (msg.type === "failed") this._fail(msg.error.code, msg.error.message);
  }

  /** @param {Answer} msg */
  _answer(msg) {
    const pending = this._pending.get(msg.id);
    if (!pending) return;
    this._pending.delete(msg.id);
    clearTimeout(pending.timer);
    if (msg.ok === false) pending.reject(new EngineError(msg.error.code, msg.error.message));
    else pending.resolve(msg.result);
  }

  /** @param {string} code @param {string} message */
  _fail(code, message) {
    if (this.failed) return;
    clearTimeout(this._bootTimer);
    this.failed = new EngineError(code, message);
    this._rejectReady(this.failed);
    this._rejectAll(this.failed);
  }

  /** @param {EngineError} error */
  _rejectAll(error) {
    for (const p of this._pending.values()) { clearTimeout(p.timer); p.reject(error); }
    this._pending.clear();
  }

  /** Call cb(progress) on every progress message (and at once with the latest). @param {(progress: Progress) => void} cb */
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
      /** @type {Pending} */
      const pending = { resolve, reject, timer: undefined, message: { id, op, args } };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this._pending.delete(id);
          reject(new EngineError("timeout", `${op}: no answer within ${timeoutMs} ms; the engine was restarted`));
          this.restart({ stuck: true });
        }, timeoutMs);
      }
      this._pending.set(id, pending);
      this.port.postMessage(pending.message);
    });
  }

  /**
   * Ask the engine: the way every page and game asks.  Once the engine is ready (a
   * failed start rejects with its EngineError), within the request's time limit
   * (timeLimit(args): 10 s or the page's ?timelimit=, plus the search budget of bot ops); resolves to the result,
   * rejects with an EngineError.
   * @template {Op} K
   * @param {K} op
   * @param {ArgsOf<K>} [args]
   * @returns {Promise<ResultOf<K>>}
   */
  async ask(op, args = /** @type {ArgsOf<K>} */ ({})) {
    await this.ready;
    return this.request(op, args, { timeoutMs: timeLimit(args, this.timeLimitMs) });
  }

  /** Leave the worker: a dedicated one is terminated; a shared one is told this page
   *  left (`stuck`: gave up on it) and ends itself once every page has (engine.worker.js).
   *  @param {boolean} [stuck] */
  _stop(stuck = false) {
    if (this.shared) {   // a SharedWorker's port (made in the owning frame's realm)
      this._closePort(stuck);
      self.removeEventListener("pagehide", this._onPagehide);
      /** @type {MessagePort} */ (this.port).close();
      this._dropOwner();
    } else {
      /** @type {Worker} */ (this.worker).terminate();
    }
  }

  /**
   * Stop the worker and start a fresh one (a stuck request, a broken engine):
   * pending requests reject with code "restarted"; `ready` is a new promise.
   * A shared engine moves to the next generation; with `stuck` (a request past its
   * time limit), the other pages that share the worker are told to leave it too, and
   * the worker, told it was given up on, ends once they have (engine.worker.js).
   * @param {{stuck?: boolean}} [options]
   */
  restart({ stuck = false } = {}) {
    clearTimeout(this._bootTimer);
    const name = this.workerName;
    this._stop(stuck);
    this._rejectAll(new EngineError("restarted", "the engine was restarted"));
    this.generation++;
    if (stuck) this._stuck?.tell(name, this.generation);
    this._start();
    return this.ready;
  }

  /** Another page gave up on our shared worker: leave it for `generation`'s, and send the
   *  requests still waiting (each keeps its time limit) to the new one. @param {number} generation */
  _rejoin(generation) {
    clearTimeout(this._bootTimer);
    this._stop();
    this.generation = generation;
    this._start();
    for (const p of this._pending.values()) this.port.postMessage(p.message);
  }

  terminate() {
    this._stop();
    this._stuck?.close();
    this._fail("terminated", "the engine was stopped");
  }
}

/** @type {Engine | null} */
let shared = null;

/** The page's engine (created on first use; options count only then). @param {EngineOptions} [options] */
export function getEngine(options) {
  if (!shared) shared = new Engine(options);
  return shared;
}

/** Create a new engine (its own worker). @param {EngineOptions} [options] */
export function createEngine(options) {
  return new Engine(options);
}

/**
 * Set window.tsuro = {ready, request, engine}: `ready` resolves when the
 * engine is loaded; `request(op, args)` resolves to the result, or to
 * {error: {code, message}} where the command line would exit 2.
 * @param {Engine} [engine]
 */
export function installWindowTsuro(engine = getEngine()) {
  return exposeEngine(() => engine);
}

/**
 * window.tsuro over the engine `get()` answers (started by it on first use: lazy.js).
 * @param {() => Engine} get
 */
export function exposeEngine(get) {
  const tsuro = {
    get ready() { return get().ready; },  // a new promise after engine.restart()
    /**
     * Any op by name (another page's tools send what they like: the engine answers unknown_op).
     * @param {string} op @param {object} [args] @returns {Promise<ResultOf<Op> | {error: ErrorValue}>}
     */
    request: (op, args = {}) => get().request(/** @type {Op} */ (op), /** @type {ArgsOf<Op>} */ (args)).then(
      (result) => result,
      (e) => ({ error: { code: e.code || "internal", message: String(e.message || e) } }),
    ),
    get engine() { return get(); },
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
 * The page's language, once its words are in (i18n.js's applyTo marks <html
 * data-words-in>): an engine already up (shared, from the page before) is ready
 * before the page's catalogue has loaded, while <html lang> still says the
 * markup's English.  A page without words: its <html lang>, once it has loaded.
 * @returns {Promise<string>}
 */
function wordsLanguage() {
  const root = document.documentElement;
  return new Promise((resolve) => {
    const settle = () => {
      if (!root.dataset.wordsIn) return false;
      resolve(root.dataset.wordsIn);
      return true;
    };
    if (settle()) return;
    const watch = new MutationObserver(() => { if (settle()) watch.disconnect(); });
    watch.observe(root, { attributes: true, attributeFilter: ["data-words-in"] });
    const loaded = () => setTimeout(() => { watch.disconnect(); resolve(root.dataset.wordsIn || root.lang); }, 5000);
    if (document.readyState === "complete") loaded(); else addEventListener("load", loaded, { once: true });
  });
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
    const reg = await navigator.serviceWorker.register(siteURL("sw.js"), { scope: siteRoot });
    // Not a first visit: the service worker fetches the pages a first visit
    // leaves out (the later tier, sw.js), and their words in the page's
    // language, now that the engine is up.
    if (CONTROLLED_AT_LOAD) {
      Promise.all([navigator.serviceWorker.ready, wordsLanguage()])
        .then(([r, lang]) => r.active?.postMessage({ tsuro: "fill-in", lang }));
    }
    return reg;
  } catch (e) {
    console.warn("service worker not registered:", e);
    return null;
  }
}
