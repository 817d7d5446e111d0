// The values a page refused from outside: an address parameter it does not
// know, a stored entry it could not read as it is (kept aside: storage.js).
// They are met where they are read, often before the page can speak, so they
// are noted here and said by the page once it can (page.js's tellRefusals).

/**
 * One refused value: an address parameter (name=value, the default used instead)
 * or a stored entry (its key, put aside or left where it is).
 * @typedef {{kind: "address", name: string, value: string}
 *         | {kind: "stored", key: string, kept: boolean}} Refusal
 */

/** @type {Refusal[]} */
const noted = [];
/** @type {Set<(r: Refusal) => void>} */
const listeners = new Set();

/** Note a refused value (each once). @param {Refusal} r */
export function noteRefusal(r) {
  const same = (x) => JSON.stringify(x) === JSON.stringify(r);
  if (noted.some(same)) return;
  noted.push(r);
  for (const cb of listeners) {
    try { cb(r); } catch (e) { console.error(e); }
  }
}

/** Call cb(refusal) for every refusal noted so far and every one to come. @param {(r: Refusal) => void} cb */
export function onRefusal(cb) {
  for (const r of noted) cb(r);
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The refusals noted so far (for tests and the curious). @returns {Refusal[]} */
export function refusals() { return noted.slice(); }
