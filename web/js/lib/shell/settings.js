// The game page's remembered setup (localStorage["tsuro.setup"]): the rule set,
// the seats, the time per move and the animation speed chosen in its setup dialog.  Read checked
// (a field the page does not know, or a value it cannot use, is refused: the
// entry is put aside, what was good in it kept: storage.js) and changed where
// it is stored, so that a tab writing its form does not undo another tab's.

import { COLOR_NAMES } from "../views/style.js";
import { readChecked, updateChecked, isObject } from "../base/storage.js";
import { SETUP_KEY, SPEEDS, CLOCK_PRESETS } from "../base/motion.js";

export { SETUP_KEY, SPEEDS };

const PRESETS = ["classic", "solo", "neu"];
const SCORINGS = ["survival", "longest_path", "most_crossings"];
const KINDS = ["human", "computer"];
const LEVELS = ["easy", "medium", "hard"];
const MAX_NAME = 40;

/**
 * @typedef {{name: string, color: string, kind: string, level: string}} SeatChoice
 * @typedef {{preset?: string, scoring?: string, elimination_bonus?: boolean, open_hands?: boolean,
 *            speed?: string | number, seats?: SeatChoice[], clock?: number}} Setup  clock: seconds a move (0: none)
 */


/** A stored seat, if it is one the form can show. @param {unknown} v @returns {SeatChoice | null} */
function seatOf(v) {
  if (!isObject(v)) return null;
  const { name, color, kind, level } = v;
  const ok = typeof name === "string" && name.length <= MAX_NAME && isOneOf(COLOR_NAMES, color) &&
    isOneOf(KINDS, kind) && (level === undefined || isOneOf(LEVELS, level));
  return ok ? { name, color, kind, level: level ?? "medium" } : null;
}

/** Whether `v` is one of `values`. @template T @param {readonly T[]} values @param {unknown} v @returns {v is T} */
function isOneOf(values, v) {
  return values.some((x) => x === v);
}

/** What of a stored setup the page can use (storage.js's check). @param {unknown} v */
export function checkSetup(v) {
  /** @type {Setup} */
  const out = {};
  if (!isObject(v)) return { value: out, whole: false };
  let whole = true;
  /** Take field `name` if `ok` says it is one the form can show.
   *  @template {keyof Setup} K @param {K} name @param {(x: unknown) => x is Setup[K]} ok */
  const field = (name, ok) => {
    if (!Object.hasOwn(v, name)) return;
    const value = v[name];
    if (ok(value)) out[name] = value;
    else whole = false;
  };
  field("preset", (x) => isOneOf(PRESETS, x));
  field("scoring", (x) => isOneOf(SCORINGS, x));
  field("elimination_bonus", (x) => typeof x === "boolean");
  field("open_hands", (x) => typeof x === "boolean");
  field("speed", (x) => isOneOf(SPEEDS, x));
  field("clock", (x) => isOneOf(CLOCK_PRESETS, x));
  if (Object.hasOwn(v, "seats")) {
    const seats = Array.isArray(v.seats) ? v.seats.slice(0, 8).map(seatOf) : [null];
    if (seats.some((s) => !s) || !Array.isArray(v.seats) || v.seats.length > 8 || !seats.length) whole = false;
    const good = seats.filter((s) => s !== null);
    if (good.length) out.seats = good;
  }
  for (const k of Object.keys(v)) if (!["preset", "scoring", "elimination_bonus", "open_hands", "speed", "seats", "clock"].includes(k)) whole = false;
  return { value: out, whole };
}

/** The remembered setup, checked ({} when there is none). @returns {Setup} */
export function readSetup() {
  return readChecked(SETUP_KEY, checkSetup, () => ({}));
}

/**
 * Remember these choices over what is stored now (another tab's other choices stay).
 * @param {Setup} choices @returns {boolean} whether it is stored
 */
export function rememberSetup(choices) {
  return updateChecked(SETUP_KEY, checkSetup, () => ({}), (stored) => ({ ...stored, ...choices })).failed === null;
}
