// A saved game of the game page (saves.js's entries) in words: who plays it, how
// far it is, when it was saved.  The game page's "Your games" and the board
// editor's saved games list them so.  Its words are the page's language, made
// when shown (an entry keeps names and counts, not words).

import { t, formatDate, list } from "./i18n.js";

/** @type {Intl.DateTimeFormatOptions} */
export const WHEN = { dateStyle: "medium", timeStyle: "short" };

/** Who plays a saved game, in words: "Ann, Bo, Cy and 2 more"; "" if unknown. */
export function who(entry) {
  const players = entry.position && Array.isArray(entry.position.players) ? entry.position.players : [];
  const names = players.map((p) => p && p.name).filter((n) => typeof n === "string" && n);
  if (names.length > 3) return list([...names.slice(0, 3), t("common.savedGame.more", { count: names.length - 3 })]);
  return list(names);
}

/** How many moves a saved game holds (a record's, or the moves after a start position), or null. */
function movesOf(entry) {
  const g = entry.game || {};
  const moves = g.record ? g.record.moves : g.moves;
  return Array.isArray(moves) ? moves.length : null;
}

/** A saved game's line: who plays, how far it is, when it was saved. */
export function entryText(entry) {
  const name = who(entry) || t("common.savedGame.unnamed");
  const moves = movesOf(entry);
  const parts = [moves === null ? name : t("common.savedGame.label", { who: name, count: moves })];
  const when = entry.savedAt ? formatDate(entry.savedAt, WHEN) : "";
  if (when) parts.push(when);
  return parts.join(" · ");
}
