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
// (The other pages write this address with reviews.js's reviewHref.)  Any other name or
// value is not used and is noted, for the page to say (refusals.js).  No DOM, no rule.

import { recordDigest, validSource } from "./kept.js";
import { noteRefusal } from "../../lib/base/refusals.js";

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
  /** @type {Record<string, string>} */
  const opts = Object.create(null);
  for (const p of parts) {
    if (p === link || !p) continue;
    const i = p.indexOf("=");
    const name = i > 0 ? p.slice(0, i) : p;
    if (Object.hasOwn(OPTIONS, name) && !(name in opts)) opts[name] = decode(i > 0 ? p.slice(i + 1) : "");
    else refuse(name, i > 0 ? p.slice(i + 1) : "");
  }
  let kind = "rec";
  let source = `rec.${recordDigest(link)}`;
  for (const name of ["game", "link", "daily"]) {
    if (opts[name] === undefined) continue;
    const id = opts[name] + (name === "daily" && opts.practice === "1" ? ".practice" : "");
    if (kind === "rec" && validSource(`${name}.${id}`)) { kind = name; source = `${name}.${id}`; } else refuse(name, opts[name]);
  }
  if (opts.practice !== undefined && (opts.practice !== "1" || kind !== "daily")) refuse("practice", opts.practice);
  const at = checked("at", /^\d{1,4}$/.test(opts.at ?? "") ? Number(opts.at) : undefined, null, opts);
  const n = Number(opts.iterations);
  const iterations = checked("iterations", Number.isInteger(n) && n >= 1 && n <= 64 ? n : undefined, DEFAULT_ITERATIONS, opts);
  return { link: link && link.length > 2 ? link : null, source, at, iterations, back: BACK[kind] };
}

/** The names the fragment may carry besides the record's link (a `r=` that is no link is refused). */
const OPTIONS = { game: 1, link: 1, daily: 1, practice: 1, at: 1, iterations: 1 };

/** A fragment option the page does not take: noted, so the page says it ignored it (refusals.js). */
function refuse(name, value) {
  const v = String(value);
  noteRefusal({ kind: "address", name: name.slice(0, 20), value: v.length > 40 ? `${v.slice(0, 40)}…` : v });
}

/** `value` if the option was given and good, else `fallback` (refused when given). */
function checked(name, value, fallback, opts) {
  if (opts[name] === undefined) return fallback;
  if (value === undefined) { refuse(name, opts[name]); return fallback; }
  return value;
}

function decode(text) {
  try { return decodeURIComponent(text); } catch { return ""; }
}
