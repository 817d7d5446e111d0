// A player's name as a room keeps it (docs/rooms.md, "Names"): the same rule as the
// engine's tsuro_core/names.py, so a name the page keeps is one the engine takes.
//
//   1. characters that are not text or that could hide or reorder others are
//      dropped: control characters, lone surrogates, zero-width space, the
//      direction marks and overrides, the line and paragraph separators;
//   2. white space is trimmed at both ends (an explicit list, the same in both);
//   3. the name is cut after MAX_NAME user-perceived characters and never
//      inside one: a character with its combining marks, an emoji with its
//      modifiers and zero-width-joined parts, a flag's two letters stay whole;
//      and at most MAX_NAME_POINTS code points in all (the engine's limit is 40);
//   4. trimmed again.
//
// The clusters are an approximation of Unicode's grapheme clusters (UAX #29) that
// needs no data beyond the general category, which Python's unicodedata and
// JavaScript's \p{M} both have: Hangul jamo sequences and Indic conjuncts may be
// cut between their parts.  tests/data/names.json holds the cases both must agree on.

export const MAX_NAME = 24;
export const MAX_NAME_POINTS = 40;

/** Whether a code point is dropped: a control character, a lone surrogate, a hidden or reordering mark. */
const dropped = (/** @type {number} */ c) => c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) ||
  c === 0x200b || c === 0x200e || c === 0x200f || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
const SPACE = "\t\n\u000b\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\ufeff";
const MARK = /^\p{M}$/u;
const ZWJ = 0x200d;
const isRegional = (c) => c >= 0x1f1e6 && c <= 0x1f1ff;
const isModifier = (c) => c >= 0x1f3fb && c <= 0x1f3ff;
const isTag = (c) => c >= 0xe0020 && c <= 0xe007f;

/** Trim the SPACE characters at both ends. @param {string} s */
function trim(s) {
  const points = Array.from(s);
  let a = 0;
  let b = points.length;
  while (a < b && SPACE.includes(points[a])) a++;
  while (b > a && SPACE.includes(points[b - 1])) b--;
  return points.slice(a, b).join("");
}

/** The name's user-perceived characters (see above), each a list of code points. @param {string} s */
export function clusters(s) {
  /** @type {string[][]} */
  const out = [];
  let joined = false;     // the last code point was a zero-width joiner
  let regional = false;   // the last cluster is one regional indicator waiting for its pair
  for (const ch of s) {
    const c = /** @type {number} */ (ch.codePointAt(0));
    const extend = out.length > 0 && (joined || MARK.test(ch) || c === ZWJ || isModifier(c) || isTag(c) || (regional && isRegional(c)));
    if (extend) out[out.length - 1].push(ch);
    else out.push([ch]);
    regional = isRegional(c) && !(extend && regional);
    joined = c === ZWJ;
  }
  return out;
}

/** A player's name, cleaned and cut by the rule above ("" if nothing is left). @param {unknown} name */
export function cleanName(name) {
  const text = trim(Array.from(String(name)).filter((ch) => !dropped(/** @type {number} */ (ch.codePointAt(0)))).join(""));
  let kept = "";
  let points = 0;
  let count = 0;
  for (const cluster of clusters(text)) {
    if (count === MAX_NAME || points + cluster.length > MAX_NAME_POINTS) break;
    kept += cluster.join("");
    points += cluster.length;
    count++;
  }
  return trim(kept);
}
