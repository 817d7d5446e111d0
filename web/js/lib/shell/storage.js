// localStorage behind the try/catch every use needs: a browser may refuse
// storage altogether (private mode, blocked cookies), refuse one write (full),
// or hand back text that is not JSON (an old or damaged entry). Reads never
// throw; writes say why they failed, as a code the caller can put in words
// (saves.js's failure messages).

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
