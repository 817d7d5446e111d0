// The turn clock's times (issue 28), one place for the game's clock
// (lib/game/clock.js), its face (lib/shell/clockface.js) and the setups that
// offer it (the game page's, a room's): the times per move, and the warning.

/** The times a game may give each move, in seconds (0: no clock). */
export const CLOCK_PRESETS = Object.freeze([0, 20, 45, 120]);
/** The warning comes this long before the end (ms). */
export const WARN_MS = 10_000;
