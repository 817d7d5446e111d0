// An engine that starts only when something needs a rule: the embedded boards
// (embed.html) and lessons (lesson.html) of a page of boards stay light until
// the reader comes near one, and then share one engine (a SharedWorker), except
// in another site's frame, where the browser starts no shared worker.

import { getEngine, exposeEngine } from "./client.js";
/** @import {Engine} from "./client.js" */
/** @import {Op, ArgsOf, ResultOf} from "../types.js" */

/** In another site's iframe a SharedWorker does not start (Chromium refuses it
 *  in a third-party frame: "the engine worker could not start"), so such a
 *  board runs a worker of its own. */
export function framedByAnotherSite() {
  if (window.parent === window) return false;
  try { return window.parent.location.origin !== location.origin; } catch { return true; }
}

/** The engine a page of boards shares: its SharedWorker, or a worker of its own when
 *  `dedicated` or in another site's frame.  @param {boolean} [dedicated] @returns {Engine} */
export function boardsEngine(dedicated = false) {
  return getEngine({ shared: !dedicated && !framedByAnotherSite() });
}

const NEAR = ["pointerover", "pointerdown", "focusin", "keydown", "touchstart"];

export class LazyEngine {
  /**
   * @param {object} deps
   * @param {boolean} deps.dedicated  a worker of this page's own (&engine=dedicated)
   * @param {HTMLProgressElement} deps.bar  shows the engine's loading while it starts
   * @param {(e: any) => void} deps.failed  the engine could not start
   */
  constructor({ dedicated, bar, failed }) {
    this.dedicated = dedicated;
    this.bar = bar;
    this.failed = failed;
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {Promise<void>} resolved once the reader came near the page (waitForReader) */
    this.wanted = Promise.resolve();
  }

  /** The engine, started now if it was not yet. @returns {Engine} */
  get() {
    if (this.engine) return this.engine;
    const engine = boardsEngine(this.dedicated);
    this.engine = engine;
    this.bar.hidden = false;
    engine.onProgress((p) => { this.bar.value = p.fraction; });
    engine.ready.then(() => { this.bar.hidden = true; }, (e) => this.failed(e));
    return engine;
  }

  /** Whether the engine was started. */
  get started() { return this.engine !== null; }

  /**
   * Ask the engine (Engine#ask), started now if it was not yet: within the time limit; rejects
   * with an EngineError (the engine's refusal, or its failure).
   * @template {Op} K @param {K} op @param {ArgsOf<K>} args @returns {Promise<ResultOf<K>>}
   */
  ask(op, args) { return this.get().ask(op, args); }

  /** Start the engine once the reader points at, touches or tabs into the page, or
   *  the part of it that is `area` (at once when `eager`); `wanted` resolves then.
   *  @param {boolean} eager @param {EventTarget} [area] */
  waitForReader(eager, area = window) {
    this.wanted = new Promise((resolve) => {
      if (eager) { resolve(); return; }
      const go = () => {
        for (const t of NEAR) area.removeEventListener(t, go, true);
        this.get();
        resolve();
      };
      for (const t of NEAR) area.addEventListener(t, go, true);
    });
  }

  /** window.tsuro for the embedding page's tests and tools: starts the engine on first use. */
  installWindowTsuro() { exposeEngine(() => this.get()); }
}
