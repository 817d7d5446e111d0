// What review.html is asked to review: the URL fragment holds the record (a
// share link's "r=..." part, which the engine decodes and checks) and names the
// game it belongs to, so that the review is kept with that game (reviews.js):
//
//   #r=<link>&game=<id>       a saved game of the game page (saves.js)
//   #r=<link>&link=<game>     a game played by link (link.html)
//   #r=<link>&daily=<date>    the daily challenge's counted game (&practice=1: its practice)
//   #r=<link>                 a record from a link alone (an embedded board's)
//   &at=N                     the position to open at (the replay's step)
//   &iterations=N             rounds of sampled games per move (1-64; default the engine's 16)
//
// (The other pages write this address with reviews.js's reviewHref.)  No DOM, no rule.

import { recordDigest, validSource } from "./kept.js";

/** The engine's default work per move (docs/api.md, "Game review"). */
export const DEFAULT_ITERATIONS = 16;

/** Where "back" goes for each kind of game, and its words. */
const BACK = {
  game: { href: "./", key: "review.back.game" },
  link: { href: "link.html", key: "review.back.link" },
  daily: { href: "daily.html", key: "review.back.daily" },
  rec: { href: "./", key: "common.nav.game" },
};

/**
 * The fragment read: the record's link, the key its review is kept under, where to
 * open, the work per move and the way back.
 * @param {string} hash  location.hash
 * @returns {{link: string | null, source: string, at: number | null, iterations: number,
 *   back: {href: string, key: string}}}
 */
export function readSource(hash) {
  const parts = String(hash || "").replace(/^#/, "").split("&");
  const link = parts.find((p) => /^r=[\w-]+$/.test(p)) || null;
  const opts = Object.fromEntries(parts.filter((p) => p !== link && p.includes("="))
    .map((p) => { const i = p.indexOf("="); return [p.slice(0, i), decode(p.slice(i + 1))]; }));
  let kind = "rec";
  let source = `rec.${recordDigest(link)}`;
  for (const name of ["game", "link", "daily"]) {
    const id = opts[name] + (name === "daily" && opts.practice === "1" ? ".practice" : "");
    if (opts[name] && validSource(`${name}.${id}`)) { kind = name; source = `${name}.${id}`; break; }
  }
  const at = /^\d{1,4}$/.test(opts.at || "") ? Number(opts.at) : null;
  const n = Number(opts.iterations);
  const iterations = Number.isInteger(n) && n >= 1 && n <= 64 ? n : DEFAULT_ITERATIONS;
  return { link: link && link.length > 2 ? link : null, source, at, iterations, back: BACK[kind] };
}

function decode(text) {
  try { return decodeURIComponent(text); } catch { return ""; }
}
