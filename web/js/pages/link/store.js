// The device's copies of its link games: one localStorage entry per game
// ("tsuro.link.<game>" -> {message, saved}), so a bad entry spoils one game
// only.  Kept apart from the game page's saves (session.js) behind this small
// API, so that it can adopt session.js's save list later.

import { localStore, readJSON, writeJSON, keysWith } from "../../lib/shell/storage.js";

const PREFIX = "tsuro.link.";

/** The saved message of a game, or null. */
export function loadGame(id, storage = localStore()) {
  const v = readJSON(PREFIX + id, null, storage);
  return v && v.message && v.message.game === id ? v.message : null;
}

/** Save a game's latest message; false if the browser refuses (storage off or full). */
export function saveGame(message, storage = localStore()) {
  return writeJSON(PREFIX + message.game, { message, saved: Date.now() }, storage) === null;
}

/** Every saved link game, the most recently saved first: [{message, saved}]. */
export function listGames(storage = localStore()) {
  const games = [];
  for (const key of keysWith(PREFIX, storage)) {
    const v = readJSON(key, null, storage); // a damaged entry is left as it is, and not listed
    if (v && v.message && typeof v.message.game === "string") games.push(v);
  }
  return games.sort((a, b) => b.saved - a.saved);
}

/** A new game's name: 10 random letters and digits. */
export function newGameId() {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => abc[b % abc.length]).join("");
}
