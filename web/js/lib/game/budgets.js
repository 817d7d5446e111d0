// How long the computer players and the hint think, in ms of wall clock (the
// engine caps budget_ms at 500; the design wants the strongest bot's move in
// under 500 ms).  The planner in the browser (Pyodide) plays about half the
// rounds per second CPython does once warm, so 450 ms here is at least the work
// of the 200 ms budget behind the README's strength figures in CPython
// (README, "Computer players" and "In the browser: measured":
// bench/browser_bench.py --planner-only --browser-budget-ms 450 measured
// 1.0-1.4x CPython's rounds on the first request, 2x warm).  The medium bot
// (survivor) takes ~1 ms whatever its budget.

/** The hard bot's (planner's) budget per move. */
export const HARD_BUDGET_MS = 450;
/** The hint: the hard bot's move for the human's seat, at the same strength. */
export const HINT_BUDGET_MS = 450;
/** The other levels' budget (they finish long before it). */
export const OTHER_BUDGET_MS = 250;

/** The budget of a computer of this level ("easy", "medium", "hard"). @param {string | undefined} level */
export function budgetFor(level) {
  return level === "hard" ? HARD_BUDGET_MS : OTHER_BUDGET_MS;
}
