// A review running in the engine's worker: the record's moves judged one
// engine call each (the `review` op, moves k to k + 1), the next asked only
// once the last is answered.  So the page shows each move as it comes, Stop
// takes effect after the move in hand, and any other request (a move, a hint,
// the better move's path) waits in the worker's queue behind one move's review
// at most, never the whole game's.

import { errorValue } from "../../lib/engine/client.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {GameRecord, Review, ReviewedMove, ErrorValue} from "../../lib/types.js" */

/** @typedef {"running" | "stopped" | "done" | "failed"} RunState */

export class ReviewRun {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine
   * @param {GameRecord} deps.record
   * @param {number | string} deps.seed
   * @param {number} deps.iterations  rounds of sampled games per move
   * @param {(entry: ReviewedMove, answer: Review) => void} deps.onMove  a move judged
   * @param {(state: RunState, error?: ErrorValue) => void} deps.onState
   */
  constructor({ engine, record, seed, iterations, onMove, onState }) {
    this.engine = engine;
    this.record = record;
    this.seed = seed;
    this.iterations = iterations;
    this.onMove = onMove;
    this.onState = onState;
    this.total = record.moves.length;
    this.next = 0;        // the first move not judged yet
    this.wanted = false;  // go on after the move in hand
    /** @type {Promise<void> | null} the loop, while it runs */
    this.loop = null;
    this.calls = 0;       // review calls answered (for tests and the bench)
  }

  /** Judge the moves from `from` on (those before are judged already), until the end or stop(). */
  start(from = this.next) {
    this.wanted = true;
    if (this.loop) return this.loop;   // already asking: it goes on
    this.next = from;
    this.loop = this._run().finally(() => { this.loop = null; });
    return this.loop;
  }

  /** Stop after the move in hand (whose answer is still taken). */
  stop() {
    if (!this.wanted) return;
    this.wanted = false;
    this.onState(this.next >= this.total ? "done" : "stopped");
  }

  async _run() {
    performance.mark("tsuro-review-run");   // bench/browser_bench.py --review-only times from here
    this.onState("running");
    while (this.wanted && this.next < this.total) {
      const k = this.next;
      /** @type {Review} */
      let answer;
      try {
        answer = await this.engine.ask("review", {
          record: this.record, seed: this.seed, iterations: this.iterations, from: k, to: k + 1,
        });
      } catch (e) {
        this.wanted = false;
        this.onState("failed", errorValue(e));
        return;
      }
      this.calls += 1;
      this.next = k + 1;
      this.onMove(answer.moves[0], answer);
    }
    if (this.next >= this.total) {
      performance.mark("tsuro-review-done");
      this.onState("done");
    } else if (!this.wanted) this.onState("stopped");
  }
}
