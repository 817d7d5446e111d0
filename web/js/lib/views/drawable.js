// What a page may draw before the engine has checked it: a share link's
// position decoded in the page (the embed shows it before Python is up), a
// saved game's position shown while the engine starts.  Such a value comes
// from outside, so it is drawn only within the sizes of a real position (a
// 12 x 12 board, 8 players, lists of at most a few hundred entries); anything
// bigger waits for the engine, which decides.  No rule here: sizes only.

import { sizeOf } from "./size.js";
/** @import {Position} from "../types.js" */

const LIMITS = { nodes: 5000, depth: 8, list: 200, text: 200, players: 8 };

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether a JSON value stays within the limits: at most `nodes` values in all, nested
 * `depth` deep, lists of `list` entries and texts of `text` characters, finite numbers.
 * Walks at most `nodes` values, whatever it is given.
 * @param {unknown} value
 */
export function withinLimits(value) {
  /** @type {[unknown, number][]} */
  const stack = [[value, 0]];
  let seen = 0;
  while (stack.length) {
    const [v, depth] = /** @type {[unknown, number]} */ (stack.pop());
    if (++seen > LIMITS.nodes || depth > LIMITS.depth) return false;
    if (typeof v === "string") { if (v.length > LIMITS.text) return false; continue; }
    if (typeof v === "number") { if (!Number.isFinite(v)) return false; continue; }
    if (v === null || typeof v === "boolean") continue;
    if (Array.isArray(v)) {
      if (v.length > LIMITS.list) return false;
      for (const x of v) stack.push([x, depth + 1]);
      continue;
    }
    if (!isObject(v)) return false;
    const keys = Object.keys(v);
    if (keys.length > LIMITS.list) return false;
    for (const k of keys) stack.push([v[k], depth + 1]);
  }
  return true;
}

/** Whether `p` looks like a position the board can draw at once (the engine checks the rest
 *  before any rule uses it: typed as a Position for the board's sake).
 *  @param {unknown} p @returns {p is Position} */
export function drawable(p) {
  if (!isObject(p) || !withinLimits(p)) return false;
  const { players, markers, tiles, hands } = p;
  return Array.isArray(players) && Array.isArray(markers) && players.length === markers.length &&
    players.length >= 1 && players.length <= LIMITS.players && players.every(isObject) &&
    (tiles === undefined || Array.isArray(tiles)) && (hands === undefined || Array.isArray(hands)) &&
    sizeOf(p.rules).every((n) => n !== null);
}
