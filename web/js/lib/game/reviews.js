// The kept game reviews (review.html), in localStorage.  A review costs
// seconds of the engine's work and is a pure function of (record, seed,
// iterations), so it is kept beside the game it reviews: reopening it asks the
// engine nothing.  A stored review is read like any stored value: checked, and
// one that fails the checks is kept aside (never trusted, never deleted).
//
//   tsuro.review.<source>       {format: "tsuro-review/1", source, record, seed, iterations,
//                                total, seats, scale, stopped, savedAt, moves: [...]}
//                               (record: a digest of the record reviewed; moves: the engine's
//                               review entries so far, in order)
//   a stored review that failed the checks is kept aside as it was stored (storage.js's
//   putAside: tsuro.kept.<id>, with key tsuro.review.<source>; older versions kept it under
//   tsuro.kept-review.<source>, still listed with the others)
//
// `source` names the game: "game.<id>" (a saved game of the game page; saves.js
// forgets its review with it), "link.<game>" (a game played by link; the newest
// 30 reviews kept), "daily.<date>" (the daily's counted game; "daily.<date>.practice"
// its last practice; the newest 14) or "rec.<digest>" (a record opened from a
// link alone; the newest 12).  Only what other pages need is here (the key, forgetting a
// review, the review page's address); reading and writing it is the review
// page's (pages/review/kept.js), which a first visit does not carry.  A review has a key of its own rather than a field
// in the game's entry: another tab playing the game listens to that entry's key
// and would take a review written there for a change to its game.

import { localStore, readText, remove, putAside } from "../base/storage.js";

/** Where a game's review is kept (pages/review/kept.js reads and writes it). */
export const REVIEW_PREFIX = "tsuro.review.";

/** Forget the review of `source` (its game is gone). @param {string} source @param {Storage | null} [storage] */
export function dropReview(source, storage = localStore()) {
  remove(REVIEW_PREFIX + source, storage);
}

/** Keep the review of `source` aside (its game was kept aside: the review goes with it, listed
 *  with the entries kept, never dropped). @param {string} source @param {Storage | null} [storage] */
export function keepReviewAside(source, storage = localStore()) {
  const text = readText(REVIEW_PREFIX + source, storage);
  if (text !== null) putAside(REVIEW_PREFIX + source, text, { reason: "gameKept", said: true, storage });
}

/**
 * The review page's address for a record's share link (an "r=..." fragment), its review
 * kept with the game `keep` names ({game: id}, {link: game}, {daily: date, practice: true};
 * none: a record from a link alone), opening at step `at` (review.html's fragment,
 * pages/review/source.js).
 * @param {string} fragment
 * @param {Record<string, string | boolean | undefined>} [keep]
 * @param {number | null} [at]
 * @returns {string}
 */
export function reviewHref(fragment, keep = {}, at = null) {
  const opts = Object.entries(keep).filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => `&${k}=${encodeURIComponent(v === true ? "1" : String(v))}`).join("");
  return `review.html#${fragment}${opts}${at === null ? "" : `&at=${at}`}`;
}
