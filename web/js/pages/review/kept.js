// The kept review of the game on review.html: checked when read (a stored
// value is never trusted: one that fails the checks is kept aside, never
// deleted, and the game reviewed afresh), written after every move judged.
// Where it lives, and why beside its game: lib/game/reviews.js.

import { localStore, readText, writeJSON, remove, keysWith, putAside } from "../../lib/base/storage.js";
import { REVIEW_PREFIX as PREFIX } from "../../lib/game/reviews.js";
/** @import {GameRecord, ReviewedMove} from "../../lib/types.js" */

export const FORMAT = "tsuro-review/1";
// How many reviews of each kind are kept, the newest: a record from a link alone, the daily's
// days, link games.  A saved game's review goes with the game (saves.js).
const KEEP_NEWEST = { rec: 12, daily: 14, link: 30 };
const VERDICTS = new Set(["good", "inaccuracy", "mistake", "blunder", "only"]);
const SCALES = new Set(["win_share", "tiles_placed"]);
const SOURCE = /^(game|link|daily|rec)\.[\w.-]{1,80}$/;

/**
 * A kept review.
 * @typedef {object} KeptReview
 * @property {string} format
 * @property {string} source
 * @property {string} record      recordDigest() of the record reviewed
 * @property {number | string} seed
 * @property {number} iterations
 * @property {number} total       the record's moves
 * @property {number} seats
 * @property {"win_share" | "tiles_placed"} scale
 * @property {boolean} stopped    the player stopped it (else an unfinished one goes on when reopened)
 * @property {string} [savedAt]
 * @property {ReviewedMove[]} moves
 */

/** Whether `source` is a name this store keeps a review under. @param {string} source */
export function validSource(source) { return SOURCE.test(source); }

/**
 * A short digest of a record (cyrb53 of its JSON): which record a kept review is of.
 * Not a secret: it tells a stale review from the game's own.
 * @param {unknown} record
 * @returns {string}
 */
export function recordDigest(record) {
  const text = JSON.stringify(record) ?? "";
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

const isInt = (v) => Number.isInteger(v);
const isPlace = (p) => Array.isArray(p) && p.length === 3 && isInt(p[0]) && isInt(p[1]) && typeof p[2] === "string";
const isPair = (p) => Array.isArray(p) && p.length === 2 && isInt(p[0]) && isInt(p[1]);

/** Whether a stored value has a move's shape: {start}, {tile, rot} or {exchange}. */
function isMove(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return false;
  if ("start" in m) return isPlace(m.start);
  if ("tile" in m) return isInt(m.tile) && isInt(m.rot);
  return Array.isArray(m.exchange) && m.exchange.every(isPair);
}

/** What is wrong with a stored review entry (move i of a game of `seats`), or "". */
function badEntry(m, i, seats) {
  if (!m || typeof m !== "object") return "not an object";
  if (m.index !== i) return "index";
  if (!isInt(m.seat) || m.seat < 0 || m.seat >= seats) return "seat";
  if (typeof m.phase !== "string") return "phase";
  if (!VERDICTS.has(m.verdict)) return "verdict";
  for (const k of ["played", "best", "loss"]) if (!Number.isFinite(m[k])) return k;
  if (!isMove(m.move) || !isMove(m.best_move)) return "move";
  if (!Array.isArray(m.chances) || m.chances.length !== seats ||
    !m.chances.every((c) => Number.isFinite(c) && c >= 0 && c <= 1)) return "chances";
  return "";
}

/**
 * What is wrong with a stored review (its shape, not whether it is of this game), or "".
 * @param {any} v
 * @returns {string}
 */
export function whatIsWrong(v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return "not an object";
  if (v.format !== FORMAT) return "format";
  if (typeof v.source !== "string" || typeof v.record !== "string") return "source";
  if (!isInt(v.total) || v.total < 0 || !isInt(v.seats) || v.seats < 1 || v.seats > 12) return "size";
  if (!isInt(v.iterations) || !(isInt(v.seed) || typeof v.seed === "string")) return "budget";
  if (!SCALES.has(v.scale)) return "scale";
  if (typeof v.stopped !== "boolean") return "stopped";
  if (!Array.isArray(v.moves) || v.moves.length > v.total) return "moves";
  for (let i = 0; i < v.moves.length; i++) {
    const why = badEntry(v.moves[i], i, v.seats);
    if (why) return `moves[${i}]: ${why}`;
  }
  return "";
}

/**
 * The kept review of `source` for this record, seed and budget.
 * `review`: the kept review, or null when there is none (or it is of another version of the
 * game: another move since, another budget); `damaged`: why the stored one failed the checks
 * (it is kept aside, and the caller reviews afresh).
 * @param {string} source
 * @param {{record: GameRecord, seed: number | string, iterations: number}} of
 * @param {Storage | null} [storage]
 * @returns {{review: KeptReview | null, damaged?: string}}
 */
export function readReview(source, { record, seed, iterations }, storage = localStore()) {
  const text = readText(PREFIX + source, storage);
  if (text === null) return { review: null };
  let v;
  try { v = JSON.parse(text); } catch { v = undefined; }
  const why = v === undefined ? "not JSON" : whatIsWrong(v) || (v.source !== source ? "source" : "");
  if (why) {
    keepAside(source, text, why, storage);
    return { review: null, damaged: why };
  }
  const same = v.record === recordDigest(record) && v.seed === seed && v.iterations === iterations &&
    v.total === record.moves.length && v.seats === record.players.length;
  return { review: same ? v : null };
}

/**
 * Keep a review; a new one makes room, the oldest of its kind going (KEEP_NEWEST).
 * @param {KeptReview} review
 * @param {Storage | null} [storage]
 * @returns {boolean} false if the browser refused to store it
 */
export function writeReview(review, storage = localStore()) {
  const fresh = readText(PREFIX + review.source, storage) === null;
  const ok = writeJSON(PREFIX + review.source, { ...review, savedAt: new Date().toISOString() }, storage) === null;
  if (ok && fresh) pruneKind(review.source, storage);
  return ok;
}

/** A stored review that failed the checks, put aside as it was stored with why (storage.js's
 *  one list of entries kept aside, which the game page offers back; the page says so in its
 *  own words: review.keptDamaged), and removed once kept. */
function keepAside(source, text, reason, storage) {
  putAside(PREFIX + source, text, { reason, said: true, storage });
}

/** Keep only the newest reviews of the kind of `keep` (a saved game's goes with the game). */
function pruneKind(keep, storage) {
  const kind = keep.split(".")[0];
  const most = KEEP_NEWEST[kind];
  if (!most) return;
  const found = [];
  for (const key of keysWith(`${PREFIX}${kind}.`, storage)) {
    let at = "";
    try { at = String(JSON.parse(readText(key, storage) ?? "{}").savedAt ?? ""); } catch { /* oldest */ }
    found.push({ key, at });
  }
  found.sort((a, b) => b.at.localeCompare(a.at));
  for (const { key } of found.slice(most)) if (key !== PREFIX + keep) remove(key, storage);
}
