// The daily challenge's bookkeeping, no DOM and no rule: the UTC date, the
// share text (score and a picture of the path, never the tiles), reading a
// share text back, and the history and the streak (kept by store.js).  The game
// itself is the engine's (the `daily` op deals it, `play` plays it).

import { t } from "../../lib/words/i18n.js";

/** @import {PlacedTile} from "../../lib/types.js" */

/** Today's date in UTC, YYYY-MM-DD: the same challenge everywhere on Earth. */
export function utcDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** The day before `date` (YYYY-MM-DD, UTC). @param {string} date */
export function dayBefore(date) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return utcDate(d);
}

// The picture's squares: coloured emoji, for the chat apps a share text is
// pasted into (the page draws the same grid itself: daily.js).
const SQUARES = { empty: "⬜", early: "🟩", middle: "🟨", late: "🟧", last: "🟥" };
/** A square of the picture. @typedef {keyof typeof SQUARES} Stage */
/** @type {Stage[]} */
const STAGES = ["early", "middle", "late"];   // when in the game a tile of the path went down

/**
 * The path as a grid of stages, rows top to bottom: "empty", or for a square
 * with a tile when it went down ("early", "middle", "late", or "last": the tile
 * the marker left the board from).  Solo tiles are always laid in front of the
 * marker, so this is its route.
 * @param {readonly PlacedTile[]} tiles the position's tiles [[x, y, tile, rot], ...] in the order placed
 */
export function pathStages(tiles, width = 6, height = 6) {
  /** @type {Stage[][]} */
  const grid = Array.from({ length: height }, () => Array(width).fill("empty"));
  tiles.forEach(([x, y], k) => {
    grid[y][x] = k === tiles.length - 1 ? "last" : STAGES[Math.min(2, Math.floor((3 * k) / tiles.length))];
  });
  return grid;
}

/** The path as a picture: one coloured square a square (pathStages). @param {readonly PlacedTile[]} tiles */
export function pathPicture(tiles, width = 6, height = 6) {
  return pathStages(tiles, width, height).map((row) => row.map((s) => SQUARES[s]).join("")).join("\n");
}

/**
 * The text a player shares: the day, the score, the picture and the page's address.
 * @param {{date: string, score: number, practice?: boolean, tiles: readonly PlacedTile[], url: string}} share
 */
export function shareText({ date, score, practice = false, tiles, url }) {
  const head = t("daily.share", { date, count: score });
  return [practice ? `${head} ${t("daily.share_practice")}` : head, pathPicture(tiles), url]
    .filter(Boolean).join("\n");
}

/** A share text read back (in any language): {date, score, practice, picture}, or null. @param {string} text */
export function parseShare(text) {
  const m = /(\d{4}-\d{2}-\d{2})\D*?(\d{1,2})\/35/.exec(String(text));
  if (!m) return null;
  const picture = String(text).split("\n").filter((line) => PICTURE_LINE.test(line)).join("\n");
  const practice = Object.values(PRACTICE_WORDS).some((w) => text.includes(w));
  return { date: m[1], score: Number(m[2]), practice, picture };
}
const PICTURE_LINE = new RegExp(`^[${Object.values(SQUARES).join("")}]+$`, "u");
const PRACTICE_WORDS = { en: "(practice)", fr: "(entraînement)" };

// ------------------------------------------------------------------ the history

/** Days in a row with a counted game, ending today (or yesterday, if today is not played yet).
 *  @param {Record<string, unknown>} days @param {string} today */
export function streak(days, today) {
  let d = today in days ? today : dayBefore(today);
  let n = 0;
  while (d in days) { n += 1; d = dayBefore(d); }
  return n;
}

/** The counted days, newest first: [{date, score}]. @param {Record<string, {score: number}>} days */
export function history(days) {
  return Object.keys(days).sort().reverse().map((date) => ({ date, score: days[date].score }));
}
