// The board a position's rules ask for, as the pages draw it before the engine
// has looked at the rules (a crafted size draws nothing: null).

/** The largest board side a page draws by itself (the rule sets' own limit). */
export const BOARD_SIDE = 12;

/** A board side the page will draw: a whole number within the rule sets' range, else null.
 *  @param {unknown} v @returns {number | null} */
function side(v) {
  return v === undefined ? 6 : typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= BOARD_SIDE ? v : null;
}

/**
 * [width, height] of the board of `rules` (a preset's name: 6 x 6).
 * @param {unknown} rules @returns {[number | null, number | null]}
 */
export function sizeOf(rules) {
  if (!rules || typeof rules !== "object") return [6, 6];
  return [side("width" in rules ? rules.width : undefined), side("height" in rules ? rules.height : undefined)];
}

/**
 * [width, height] of a position the engine checked, or drawable() passed (its size is one a page draws).
 * @param {unknown} rules @returns {[number, number]}
 */
export function checkedSize(rules) {
  const [width, height] = sizeOf(rules);
  if (width === null || height === null) throw new Error("a checked position's board has a size the page draws");
  return [width, height];
}
