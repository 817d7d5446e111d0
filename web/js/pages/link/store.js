// The device's copies of its link games: one localStorage entry per game
// ("tsuro.link.<game>" -> {message, saved}), so a bad entry spoils one game
// only, and it is put aside (storage.js), never dropped.  Kept apart from the
// game page's saves (session.js) behind this small API, so that it can adopt
// session.js's save list later.
//
// Two tabs may hold the same game: a tab writes its copy only over the copy
// it read or wrote itself (compare and swap); if another tab has written the
// game since, saveGame answers "moved" and leaves that copy as it is.

import { localStore, readText, writeJSON, keysWith, putAside, isObject } from "../../lib/base/storage.js";

const PREFIX = "tsuro.link.";

/** The text of each game's entry as this page last read or wrote it (game -> text or null). */
const seen = new Map();


/** Whether a stored entry has the shape this module writes (the engine checks the message):
 *  a game's message, dealt (its record) or before the deal (its players). */
function isEntry(v, id) {
  const m = isObject(v) ? v.message : null;
  if (!isObject(m) || m.game !== id || !Array.isArray(m.seats) || !Number.isFinite(v.saved)) return false;
  const players = isObject(m.record) ? m.record.players : m.players;
  return Array.isArray(players) && players.every(isObject) &&
    (!isObject(m.record) || Array.isArray(m.record.moves));
}

/** The entry of game `id` (null if none); one that is not an entry is put aside. */
function entry(id, storage) {
  const text = readText(PREFIX + id, storage);
  if (text === null) return null;
  let v = null;
  try { v = JSON.parse(text); } catch { /* put aside below */ }
  if (isEntry(v, id)) return { v, text };
  putAside(PREFIX + id, text, { storage });
  return null;
}

/** The saved message of a game, or null. */
export function loadGame(id, storage = localStore()) {
  const e = entry(id, storage);
  seen.set(id, e ? e.text : null);
  return e ? e.v.message : null;
}

/**
 * Save a game's latest message over the copy this page last read or wrote.
 * @returns {true | false | "moved"} true: saved; false: the browser refused (storage off or
 *   full); "moved": another tab wrote the game since (its copy is kept as it is)
 */
export function saveGame(message, storage = localStore()) {
  const key = PREFIX + message.game;
  const now = readText(key, storage);
  if (seen.has(message.game) && now !== null && now !== seen.get(message.game)) return "moved";
  const value = { message, saved: Date.now() };
  if (writeJSON(key, value, storage) !== null) return false;
  seen.set(message.game, readText(key, storage));
  return true;
}

/** Every saved link game, the most recently saved first: [{message, saved}]. */
export function listGames(storage = localStore()) {
  const games = [];
  for (const key of keysWith(PREFIX, storage)) {
    const e = entry(key.slice(PREFIX.length), storage);
    if (e) games.push(e.v);
  }
  return games.sort((a, b) => b.saved - a.saved);
}

/** A new game's name: 10 random letters and digits. */
export function newGameId() {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => abc[b % abc.length]).join("");
}
