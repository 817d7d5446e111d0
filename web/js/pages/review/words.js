// The review in words: verdicts, values (a chance to win, or tiles in solo),
// the better move, and each player's one-line summary (their inaccuracies,
// mistakes and blunders, and the move that decided the game for them).  No DOM,
// no rule: every number comes from the engine's review.

import { t, lang, list as listOf } from "../../lib/words/i18n.js";
import { squareName, startName } from "../../lib/words/coords.js";
/** @import {Move, Position, ReviewedMove} from "../../lib/types.js" */

/** The verdicts that flag a move, and say what would have been better. */
export const FLAGGED = ["inaccuracy", "mistake", "blunder"];
const TILES = 35;   // solo values are tiles placed / 35 (docs/api.md)
// A swing smaller than this (a share of the win; in solo, of 35 tiles) decided nothing.
const DECISIVE = { win_share: 0.15, tiles_placed: 0.1 };

/** A verdict in words ("Mistake"). @param {string} verdict */
export function verdictWord(verdict) { return t(`review.verdict.${verdict}`); }

/** A value on the review's scale in words: "45 %" (a chance to win) or "24" (tiles, in solo). */
export function valueText(x, scale) {
  if (scale === "tiles_placed") return new Intl.NumberFormat(lang(), { maximumFractionDigits: 0 }).format(x * TILES);
  return new Intl.NumberFormat(lang(), { style: "percent", maximumFractionDigits: 0 }).format(x);
}

/**
 * A move in words, for the better move: "tile 7, turned 90°, on C4", "starting on the top
 * edge at B1 (left point)", "keeping the hand".
 * @param {Move} move @param {Position} before  the position it would be played in
 * @param {number} seat
 */
export function moveText(move, before, seat) {
  if (move.start) return t("review.better.start", { place: startName(move.start) });
  if (move.tile !== undefined) {
    const m = before.markers[seat];
    const square = m ? squareName([m[0], m[1]]) : "";
    return t(move.rot ? "review.better.tileTurned" : "review.better.tile", { tile: move.tile, rot: move.rot, square });
  }
  const pairs = move.exchange || [];
  return pairs.length ? t("review.better.exchange", { count: pairs.length }) : t("review.better.keep");
}

/**
 * What the review says of one move: its verdict and, for a flagged move, the better one.
 * @param {ReviewedMove} entry @param {Position} before @param {string} name  the mover's
 * @param {string} scale
 */
export function judgedText(entry, before, name, scale) {
  const solo = scale === "tiles_placed";
  const values = { verdict: verdictWord(entry.verdict), name, played: valueText(entry.played, scale), best: valueText(entry.best, scale) };
  if (!FLAGGED.includes(entry.verdict)) return t(solo ? "review.fine.solo" : "review.fine.win", values);
  const better = moveText(entry.best_move, before, entry.seat);
  return t(solo ? "review.judged.solo" : "review.judged.win", { ...values, better });
}

/**
 * Each seat's chances through the game: series[seat][k] after k moves (k = 0: the deal,
 * an equal share each; in solo, from the first move on).
 * @param {ReviewedMove[]} moves @param {number} seats @param {string} scale
 * @returns {(number | null)[][]}
 */
export function chanceSeries(moves, seats, scale) {
  return Array.from({ length: seats }, (_, s) => [
    scale === "tiles_placed" ? null : 1 / seats,
    ...moves.map((m) => m.chances[s]),
  ]);
}

/**
 * Per seat: how many inaccuracies, mistakes and blunders, and (a whole review) the move
 * that decided the game for them: the biggest swing of their chances in the direction
 * they ended (in solo, the biggest fall), if it is big enough to have decided anything.
 * @param {ReviewedMove[]} moves @param {number} seats @param {string} scale
 * @param {boolean} complete
 * @returns {{counts: Record<string, number>, decided: {k: number, from: number, to: number} | null}[]}
 */
export function summaries(moves, seats, scale, complete) {
  const series = chanceSeries(moves, seats, scale);
  return series.map((c, seat) => {
    const counts = Object.fromEntries(FLAGGED.map((v) => [v, 0]));
    for (const m of moves) if (m.seat === seat && FLAGGED.includes(m.verdict)) counts[m.verdict] += 1;
    let decided = null;
    if (complete && moves.length) {
      const last = c[c.length - 1] ?? 0;
      const first = c[0] ?? c[1] ?? 0;
      const sign = scale === "tiles_placed" || last < first ? -1 : 1;
      let top = null;   // the biggest swing (the first, if two are as big)
      for (let k = 1; k < c.length; k++) {
        const a = c[k - 1], b = c[k];
        if (a === null || b === null) continue;
        if (!top || (b - a) * sign > top.swing) top = { swing: (b - a) * sign, k, from: a, to: b };
      }
      if (top && top.swing >= (DECISIVE[scale] ?? DECISIVE.win_share)) decided = { k: top.k, from: top.from, to: top.to };
    }
    return { counts, decided };
  });
}

/** A seat's summary in one line ("1 mistake, 2 blunders; decided at move 24 (48 % → 9 %)."). */
export function summaryText({ counts, decided }, scale, complete) {
  const parts = FLAGGED.filter((k) => counts[k]).map((k) => t(`review.count.${k}`, { count: counts[k] }));
  const list = parts.length ? listOf(parts) : t("review.count.none");
  if (!complete) return t("review.summary.soFar", { counts: list });
  if (!decided) return t("review.summary.undecided", { counts: list });
  const key = scale === "tiles_placed" ? "review.summary.decidedSolo" : "review.summary.decided";
  return t(key, { counts: list, k: decided.k, from: valueText(decided.from, scale), to: valueText(decided.to, scale) });
}
