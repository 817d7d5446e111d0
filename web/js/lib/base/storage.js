// localStorage behind the try/catch every use needs: a browser may refuse
// storage altogether (private mode, blocked cookies), refuse one write (full),
// or hand back text that is not JSON (an old or damaged entry). Reads never
// throw; writes say why they failed, as a code the caller can put in words
// (saves.js's failure messages).  An entry the page cannot use is put aside,
// never dropped (below), and a change is made to what is stored now, not to
// a copy read when the page loaded (updateChecked): another tab may have
// written since.

import { noteRefusal } from "./refusals.js";

/**
 * Why a write failed: "none" (no storage at all), "full" (over quota) or
 * "refused" (any other refusal; `detail` names it).
 * @typedef {{reason: "none" | "full" | "refused", detail?: string}} StorageFailure
 */

/**
 * localStorage, or null where the browser refuses it (storage blocked).
 * @returns {Storage | null}
 */
export function localStore() {
  try { return globalThis.localStorage ?? null; } catch { return null; }
}

/**
 * sessionStorage (this tab's), or null where the browser refuses it.
 * @returns {Storage | null}
 */
export function tabStore() {
  try { return globalThis.sessionStorage ?? null; } catch { return null; }
}

/**
 * The text stored under `key`, or null (nothing there, or storage refused).
 * @param {string} key
 * @param {Storage | null} [storage]
 * @returns {string | null}
 */
export function readText(key, storage = localStore()) {
  try { return storage ? storage.getItem(key) : null; } catch { return null; }
}

/**
 * The JSON value stored under `key`, or `fallback` when there is none, storage
 * is refused, or the text is not JSON (damaged: left as it is).
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @param {Storage | null} [storage]
 * @returns {any}
 */
export function readJSON(key, fallback, storage = localStore()) {
  const text = readText(key, storage);
  if (text === null) return fallback;
  try { return JSON.parse(text) ?? fallback; } catch { return fallback; }
}

/**
 * Store `text` under `key`.
 * @param {string} key
 * @param {string} text
 * @param {Storage | null} [storage]
 * @returns {StorageFailure | null} null when stored, else why not
 */
export function writeText(key, text, storage = localStore()) {
  if (!storage) return { reason: "none" };
  try {
    storage.setItem(key, text);
    return null;
  } catch (e) {
    const name = e && typeof e === "object" && "name" in e ? String(e.name) : String(e);
    return name === "QuotaExceededError" ? { reason: "full" } : { reason: "refused", detail: name };
  }
}

/**
 * Store `value` as JSON under `key`.
 * @param {string} key
 * @param {unknown} value
 * @param {Storage | null} [storage]
 * @returns {StorageFailure | null} null when stored, else why not
 */
export function writeJSON(key, value, storage = localStore()) {
  return writeText(key, JSON.stringify(value), storage);
}

/**
 * Remove `key`; false if storage refused (the entry may stay).
 * @param {string} key
 * @param {Storage | null} [storage]
 * @returns {boolean}
 */
export function remove(key, storage = localStore()) {
  try { storage?.removeItem(key); return true; } catch { return false; }
}

/**
 * Every stored key that starts with `prefix` (none if storage is refused).
 * @param {string} prefix
 * @param {Storage | null} [storage]
 * @returns {string[]}
 */
export function keysWith(prefix, storage = localStore()) {
  const out = [];
  if (!storage) return out;
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k && k.startsWith(prefix)) out.push(k);
    }
  } catch { /* storage went away */ }
  return out;
}

// ------------------------------------------------------------------ entries kept aside

// A stored entry the page cannot use as it is is never dropped: its text is
// put aside under a key of its own, listed (with Download and Forget) in the
// game page's New game dialog, whatever page kept it, and what was still good
// in it is used.  One list, one format, written here only:
//
//   tsuro.kept.<id>   {format: "tsuro-kept/1", id, keptAt, reason, text, key?}
//                     text: the entry as it was stored; key: where it was (a saved
//                     game's has none: saves.js); reason: why, in words or a code
//                     (KEPT_REASONS, said in the reader's language by the list)
//
// Older versions kept some aside elsewhere; they are listed (and forgotten) with the
// others, and nothing is written there any more:
//   tsuro.kept-review.<source>  a game review (the same format, without key)
//   tsuro.lessonDraft.kept      a lesson draft, its text as it was

export const KEPT_PREFIX = "tsuro.kept.";
export const KEPT_FORMAT = "tsuro-kept/1";
const OLD_KEPT_REVIEW = "tsuro.kept-review.";   // + <source>: the review tsuro.review.<source>
const OLD_KEPT_LESSON = "tsuro.lessonDraft.kept";   // the lesson draft tsuro.lessonDraft
/** The reasons kept entries give as codes (the list says them in words). */
export const KEPT_REASONS = ["unreadable", "otherTab", "replaced", "gameKept"];

/**
 * An entry kept aside, as the list shows it.
 * @typedef {{id: string, keptAt: string, reason: string, text: string, key?: string, storeKey: string}} KeptEntry
 *   storeKey: the localStorage key it is under (what forgetKept takes)
 */

/**
 * Store `text` aside under tsuro.kept.<id>, as it was, with why.
 * @param {string} id @param {string} text @param {string} reason
 * @param {{key?: string, storage?: Storage | null}} [where]  the key it was stored under
 * @returns {StorageFailure | null} null when kept, else why not
 */
export function keepText(id, text, reason, { key, storage = localStore() } = {}) {
  const entry = { format: KEPT_FORMAT, id, keptAt: new Date().toISOString(), reason: String(reason), text };
  return writeJSON(KEPT_PREFIX + id, key === undefined ? entry : { ...entry, key }, storage);
}

/** A fresh id for an entry kept aside from `key`. @param {string} key */
function keptId(key) {
  const rnd = Math.random().toString(36).slice(2, 6);
  return `${key.replace(/^tsuro\./, "").replace(/[^\w.-]/g, "_").slice(0, 40)}-${Date.now().toString(36)}${rnd}`;
}

/**
 * Keep a copy of `text`, stored under `key`, aside under a fresh id (the entry itself is
 * left as it is).  Returns the key it is kept under, or null if storage refused the copy.
 * @param {string} key @param {string} text @param {string} [reason]
 * @param {Storage | null} [storage]
 * @returns {string | null}
 */
export function keepCopy(key, text, reason = "", storage = localStore()) {
  const id = keptId(key);
  return keepText(id, text, reason, { key, storage }) === null ? KEPT_PREFIX + id : null;
}

/**
 * Put the entry under `key` aside (its text as it was), then remove it, or write
 * `rest` (what was good in it) in its place.  Noted for the page to say (refusals.js),
 * unless the page says it in its own words (`said`).  Returns the key it was kept
 * under, or null: if storage refuses the copy, the entry stays as it is.
 * @param {string} key @param {string} text
 * @param {{rest?: unknown, reason?: string, said?: boolean, storage?: Storage | null}} [options]
 * @returns {string | null}
 */
export function putAside(key, text, { rest = undefined, reason = "", said = false, storage = localStore() } = {}) {
  const kept = keepCopy(key, text, reason, storage);
  if (kept) {
    if (rest === undefined) remove(key, storage);
    else writeJSON(key, rest, storage);
  }
  if (!said) noteRefusal({ kind: "stored", key, kept: !!kept });
  return kept;
}

/**
 * Every entry kept aside, whatever page kept it (the older places too), newest first.
 * An entry that is not one as written here is listed as its text.
 * @param {Storage | null} [storage]
 * @returns {KeptEntry[]}
 */
export function keptEntries(storage = localStore()) {
  /** @type {KeptEntry[]} */
  const out = [];
  /** @param {string} storeKey @param {string} id @param {string | undefined} key */
  const add = (storeKey, id, key) => {
    const text = readText(storeKey, storage);
    if (text === null) return;
    let e = null;
    try { e = JSON.parse(text); } catch { /* listed as it is */ }
    if (isObject(e) && typeof e.text === "string" && (key !== "tsuro.lessonDraft" || e.format === KEPT_FORMAT)) {
      const where = typeof e.key === "string" ? e.key : key;
      out.push({ id, keptAt: String(e.keptAt ?? ""), reason: String(e.reason ?? ""), text: e.text, storeKey, ...(where === undefined ? {} : { key: where }) });
    } else {
      out.push({ id, keptAt: "", reason: "", text, storeKey, ...(key === undefined ? {} : { key }) });
    }
  };
  for (const k of keysWith(KEPT_PREFIX, storage)) add(k, k.slice(KEPT_PREFIX.length), undefined);
  for (const k of keysWith(OLD_KEPT_REVIEW, storage)) add(k, k, `tsuro.review.${k.slice(OLD_KEPT_REVIEW.length)}`);
  add(OLD_KEPT_LESSON, OLD_KEPT_LESSON, "tsuro.lessonDraft");
  return out.sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

/**
 * Forget an entry kept aside (the reader asked to, after downloading it): `storeKey` as
 * keptEntries lists it (nothing else is removed).
 * @param {string} storeKey @param {Storage | null} [storage]
 */
export function forgetKept(storeKey, storage = localStore()) {
  if ([KEPT_PREFIX, OLD_KEPT_REVIEW].some((p) => storeKey.startsWith(p)) || storeKey === OLD_KEPT_LESSON) remove(storeKey, storage);
}

// ------------------------------------------------------------------ checked entries, changed in place

/** A plain object (not null, not a list): what stored maps and records are. @param {unknown} v
 *  @returns {v is Record<string, any>} */
export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Copy into `into` the entries of a stored map `from` that `ok(key, value)` takes.  Returns
 * whether it took them all (nothing to take, `undefined`, is whole; not a map is not).
 * @param {unknown} from @param {Record<string, any>} into @param {(key: string, value: any) => boolean} ok
 */
export function copyEntries(from, into, ok) {
  if (from === undefined) return true;
  if (!isObject(from)) return false;
  let whole = true;
  for (const [key, value] of Object.entries(from)) {
    if (ok(key, value)) into[key] = value;
    else whole = false;
  }
  return whole;
}

/**
 * What a check makes of a stored value: the value to use and whether all of the
 * stored one went into it (false: something was refused, the entry is put aside).
 * @template T
 * @typedef {{value: T, whole: boolean}} Checked
 */

/**
 * The JSON value under `key`, checked: `check(value)` answers what to use of it.  An
 * entry that is not JSON, that check throws on, or that it could not use whole, is put
 * aside (putAside) and what it kept is written back.  Nothing stored: `fallback`.
 * @template T
 * @param {string} key
 * @param {(value: unknown) => Checked<T>} check
 * @param {() => T} fallback  a fresh default (the caller may change it)
 * @param {Storage | null} [storage]
 * @returns {T}
 */
export function readChecked(key, check, fallback, storage = localStore()) {
  const text = readText(key, storage);
  if (text === null) return fallback();
  /** @type {Checked<T> | null} */
  let r;
  try { r = check(JSON.parse(text)); } catch { r = null; }
  if (r && r.whole) return r.value;
  putAside(key, text, { rest: r ? r.value : undefined, storage });
  return r ? r.value : fallback();
}

/**
 * The text setting under `key` if `ok(text)`; one it does not know is put aside.
 * @param {string} key @param {(text: string) => boolean} ok
 * @param {Storage | null} [storage]
 * @returns {string | null}
 */
export function readSetting(key, ok, storage = localStore()) {
  const text = readText(key, storage);
  if (text === null || ok(text)) return text;
  putAside(key, text, { storage });
  return null;
}

/**
 * Change the JSON value under `key` where it is stored now: read (checked, as
 * readChecked), changed by `change` (in place, or it returns the new value), written.
 * Never writes back a copy read earlier, so another tab's changes stay.
 * @template T
 * @param {string} key
 * @param {(value: unknown) => Checked<T>} check
 * @param {() => T} fallback
 * @param {(value: T) => (T | void)} change
 * @param {Storage | null} [storage]
 * @returns {{value: T, failed: StorageFailure | null}} what is stored now, and why the write failed
 */
export function updateChecked(key, check, fallback, change, storage = localStore()) {
  const value = readChecked(key, check, fallback, storage);
  const next = /** @type {T} */ (change(value) ?? value);
  return { value: next, failed: writeJSON(key, next, storage) };
}

/**
 * A check for readChecked that takes a stored value whole or not at all: `ok(value)`
 * (a shape test) or the entry is put aside and `fallback` used.
 * @param {(value: unknown) => boolean} ok
 * @returns {(value: unknown) => Checked<any>}
 */
export function wholeOnly(ok) {
  return (value) => {
    if (!ok(value)) throw new TypeError("not an entry this page keeps");
    return { value, whole: true };
  };
}
