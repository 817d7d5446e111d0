// The device's copies of its link games: one localStorage entry per game
// ("tsuro.link.<game>" -> {message, saved}), so a bad entry spoils one game
// only.  Kept apart from the game page's saves (session.js) behind this small
// API, so that it can adopt session.js's save list later.

const PREFIX = "tsuro.link.";

/** The saved message of a game, or null. */
export function loadGame(id, storage = localStorage) {
  try {
    const v = JSON.parse(storage.getItem(PREFIX + id) || "null");
    return v && v.message && v.message.game === id ? v.message : null;
  } catch { return null; }
}

/** Save a game's latest message; false if the browser refuses (storage off or full). */
export function saveGame(message, storage = localStorage) {
  try {
    storage.setItem(PREFIX + message.game, JSON.stringify({ message, saved: Date.now() }));
    return true;
  } catch { return false; }
}

/** Every saved link game, the most recently saved first: [{message, saved}]. */
export function listGames(storage = localStorage) {
  const games = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    try {
      const v = JSON.parse(storage.getItem(key));
      if (v && v.message && typeof v.message.game === "string") games.push(v);
    } catch { /* a damaged entry is left as it is, and not listed */ }
  }
  return games.sort((a, b) => b.saved - a.saved);
}

/** A new game's name: 10 random letters and digits. */
export function newGameId() {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => abc[b % abc.length]).join("");
}
