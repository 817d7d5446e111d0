// The host's secret of a link game before its deal (docs/linkplay.md, "A deal
// nobody can stack"): the engine draws it and commits to it in the first link;
// it stays on the host's device, never in a link or a saved message, until the
// host reveals it to deal.  Kept under its own prefix, apart from the games
// (store.js), and in this tab's memory too where the browser refuses storage.

import { localStore, readJSON, writeJSON, remove } from "../../lib/base/storage.js";

const PREFIX = "tsuro.linksecret.";
const SECRET = /^[0-9a-f]{32}$/;   // link_new's: 128 bits in hexadecimal
/** @type {Map<string, string>} this tab's copies */
const held = new Map();

/** Keep a game's secret; false if the browser refuses (then this tab alone holds it). */
export function keepSecret(game, secret, storage = localStore()) {
  held.set(game, secret);
  return writeJSON(PREFIX + game, secret, storage) === null;
}

/** A game's secret if this device holds it (a stored value of any other shape is not one), else null. */
export function secretOf(game, storage = localStore()) {
  const stored = readJSON(PREFIX + game, null, storage);
  if (typeof stored === "string" && SECRET.test(stored)) return stored;
  return held.get(game) ?? null;
}

/** Forget a game's secret once it is revealed (the dealt message holds it). */
export function forgetSecret(game, storage = localStore()) {
  held.delete(game);
  remove(PREFIX + game, storage);
}
