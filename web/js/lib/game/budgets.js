// How long the computer players and the hint think, in ms of wall clock (the
// engine caps budget_ms at 500; the design wants the strongest bot's move in
// under 500 ms).  The planner in the browser (Pyodide) plays about half the
// rounds per second CPython does once warm, so 450 ms here is at least the work
// of the 200 ms budget behind the README's strength figures in CPython
// (README, "Computer players" and "In the browser: measured").  The medium bot
// (survivor) takes ~1 ms whatever its budget.
//
// Not once warm, though: right after the engine starts, V8 runs Python's
// WebAssembly on its baseline compiler, several times slower, until the hot
// functions are compiled again optimized; and a loaded or slow device is slow
// all along.  So the hard bot and the hint also ask for a floor of work,
// counted in the planner's steps (bots/planner.py): past its budget it keeps
// thinking until that much is done, at most 2 s.  A slow instant thinks a
// little longer instead of playing weaker (bench/browser_bench.py
// --planner-only --browser-budget-ms 450 measures both, first visit and
// returning, right at ready and 4 s after).

/** The hard bot's (planner's) budget per move. */
export const HARD_BUDGET_MS = 450;
/** The hint: the hard bot's move for the human's seat, at the same strength. */
export const HINT_BUDGET_MS = 450;
/** The other levels' budget (they finish long before it). */
export const OTHER_BUDGET_MS = 250;
/** The hard bot's and the hint's floor of work: 1.4 times the steps CPython's
 *  planner plays in 200 ms on the README's machine (about 32,000, 6 us each). */
export const HARD_MIN_STEPS = 45_000;

/** The budget of a computer of this level ("easy", "medium", "hard"). @param {string | undefined} level */
export function budgetFor(level) {
  return level === "hard" ? HARD_BUDGET_MS : OTHER_BUDGET_MS;
}
