// Who is at this device for the game on the page, kept for this tab
// (sessionStorage) with the step of the game it was said at, so that a reload
// goes on as before the reload: the person who just played is still the one
// here, and the next person is sent the link.  A link sent here from elsewhere
// (a step this tab has not seen) is for the person to move.  (Not kept with
// the address: a reload that races the page rewriting its address loses
// history.state.)

import { readJSON, tabStore, writeJSON } from "../../lib/base/storage.js";
/** @import {LinkMessage} from "../../lib/types.js" */

const KEY = "tsuro.linkhere";   // not tsuro.link.*: those are the saved games (store.js)

/**
 * "mover" (the person to move), a seat (that person), or null (nobody: the page gives the link).
 * @typedef {"mover" | number | null} Here
 */

/** How far a message has gone: its shares, the host's reveal, its moves. @param {LinkMessage} m */
export function stepsOf(m) {
  return (m.shares?.length || 0) + (m.secret ? 1 : 0) + (m.record?.moves?.length || 0);
}

/** Keep who is here, said at this message. @param {LinkMessage} m @param {Here} here */
export function keepHere(m, here) {
  writeJSON(KEY, { game: m.game, steps: stepsOf(m), here }, tabStore());
}

/**
 * Who this tab said is here at this very message, or undefined (not said: another
 * tab's or device's step, or a stored value of any other shape).
 * @param {LinkMessage} m @returns {Here | undefined}
 */
export function hereAt(m) {
  const v = readJSON(KEY, null, tabStore());
  if (!v || typeof v !== "object" || v.game !== m.game || v.steps !== stepsOf(m)) return undefined;
  const h = v.here;
  return h === "mover" || h === null || (Number.isInteger(h) && h >= 0 && h < m.seats.length) ? h : undefined;
}
