// The puzzles' progress (localStorage["tsuro.puzzles"]): which puzzles are
// solved, and which were solved with a hint: {solved: {id: true}, hinted: {id: true}}.
// Read checked (an entry the page cannot use is put aside, the good rest kept),
// and each mark added to what is stored at that moment, so that a puzzle
// solved in another tab stays solved.

import { readChecked, updateChecked, isObject, copyEntries } from "../../lib/base/storage.js";

export const KEY = "tsuro.puzzles";
const MAX_ID = 100;

/** @typedef {{solved: Record<string, true>, hinted: Record<string, true>}} Progress */


/** @returns {Progress} */
function empty() {
  return { solved: Object.create(null), hinted: Object.create(null) };
}

/** What of stored progress the page can use (storage.js's check). @param {unknown} v */
export function checkProgress(v) {
  const out = empty();
  if (!isObject(v)) return { value: out, whole: false };
  const marked = (id, mark) => mark === true && id.length <= MAX_ID;
  let whole = copyEntries(v.solved, out.solved, marked);
  whole = copyEntries(v.hinted, out.hinted, marked) && whole;
  for (const k of Object.keys(v)) if (k !== "solved" && k !== "hinted") whole = false;
  return { value: out, whole };
}

/** The progress as stored now. @returns {Progress} */
export function readProgress() {
  return readChecked(KEY, checkProgress, empty);
}

/**
 * Mark puzzle `id` solved (or hinted) where the progress is stored now.
 * @param {"solved" | "hinted"} part @param {string} id
 * @returns {{value: Progress, ok: boolean}} the progress stored now
 */
export function mark(part, id) {
  const { value, failed } = updateChecked(KEY, checkProgress, empty, (p) => { p[part][id] = true; });
  return { value, ok: failed === null };
}
