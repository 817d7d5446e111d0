// Warm-up: in the first 2-3 s of work after start-up the planner ran 5-20x
// slower than later (V8 runs the interpreter's wasm on its baseline compiler
// until the hot functions are recompiled optimized; first calls in Python fill
// their caches).  So after "ready" (and after a snapshot restore, which keeps
// no compiled code) the worker plays the planner's hot paths itself: one
// engine call per task (one planner round on a 4-player tile turn), so that a
// request, a task too, waits at most one step, until WARM_MS of them have
// run.  The worker starts it; ?warmup=off there turns it off (the bench's
// baseline).

/** @import {Op, ArgsOf, ResultOf} from "../js/lib/types.js" */

const WARM_MS = 3000; // the steps' total time (about 5 s of wall clock with the gaps)
const WARM_ITERATIONS = 1; // planner rounds a step: ~5-50 ms cold, then the next task

/** How the warm-up stands: told to the page. @typedef {{state: string, slices: number, ms: number, error?: string}} WarmState */

/** The warm-up's work, one engine call per step: a 4-player tile turn made by the
 * engine itself (no fixed JSON to go stale), then the planner on it, a round a step.
 * @param {(json: string) => string} handleJson @param {WarmState} warmState
 * @param {(state: WarmState) => void} report */
function* warmWork(handleJson, warmState, report) {
  /** One engine call: its result, or an Error.
   *  @template {Op} K @param {K} op @param {ArgsOf<K>} args @returns {ResultOf<K>} */
  const call = (op, args) => {
    /** @type {{ok: true, result: ResultOf<K>} | {ok: false, error: unknown}} */
    const r = JSON.parse(handleJson(JSON.stringify({ op, args })));
    if (!r.ok) throw new Error(`${op}: ${JSON.stringify(r.error)}`);
    return r.result;
  };
  let position = call("new_game", { players: 4, seed: 1 }).position;
  // Start marks spread round the edge, then placements that put no one out,
  // up to the sixth tile turn.
  for (let k = 0, tiles = 0; ; k++) {
    yield;
    const { phase, moves } = call("legal_moves", { position });
    if (phase === "tile" && ++tiles === 6) break;
    const move = phase === "tile"
      ? (moves.find((m) => m.legal !== false && !(m.out && m.out.length)) || moves[0])
      : moves[Math.floor(moves.length * k / 4) % moves.length];
    if (!move) throw new Error(`no move in phase ${phase}`);
    yield;
    position = call("play", { position, move: move.move }).position;
  }
  warmState.state = "running";
  report({ ...warmState });
  for (let seed = 0; warmState.ms < WARM_MS; seed++) {
    yield;
    call("bot_move", { position, bot: "planner", seed, iterations: WARM_ITERATIONS });
  }
}

/**
 * Run the warm-up a step per task (a request, a task too, runs between two steps).
 * @param {(json: string) => string} handleJson the engine's JSON entry point
 * @param {(state: {state: string, slices: number, ms: number, error?: string}) => void} report
 *   told when it starts running, ends or fails
 */
export function warmUp(handleJson, report) {
  const warmState = { state: "pending", slices: 0, ms: 0 };
  const work = warmWork(handleJson, warmState, report);
  const step = () => {
    const t = performance.now();
    let last;
    try {
      last = work.next().done;
    } catch (e) {
      Object.assign(warmState, { state: "failed", error: e instanceof Error ? e.message || String(e) : String(e) });
      report({ ...warmState });
      return;
    }
    warmState.ms += performance.now() - t;
    warmState.slices++;
    if (!last) { setTimeout(step, 0); return; }
    warmState.state = "done";
    warmState.ms = Math.round(warmState.ms);
    report({ ...warmState });
  };
  setTimeout(step, 0);
}
