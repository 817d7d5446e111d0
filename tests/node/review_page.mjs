// The review page's bookkeeping in Node, no DOM (web/js/pages/review/kept.js and words.js):
// reads {record, moves, scale} on stdin (moves: the engine's review of the record) and prints
// what the kept review's store and the players' summaries make of them, as JSON.
//
//   node review_page.mjs ASSETS < case.json
//
// ASSETS: the built site's assets/<sha>/ folder (the modules as shipped, with the
// catalogues compiled: tools/messages.mjs).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const assets = pathToFileURL(`${process.argv[2]}/`);
const { FORMAT, readReview, recordDigest, writeReview } = await import(new URL("js/pages/review/kept.js", assets).href);
const { summaries, summaryText } = await import(new URL("js/pages/review/words.js", assets).href);
const { setLang, useParts } = await import(new URL("js/lib/words/i18n.js", assets).href);
const { keptEntries } = await import(new URL("js/lib/base/storage.js", assets).href);
await useParts("review");

/** localStorage's interface over a Map. */
class MemoryStorage {
  constructor() { this.map = new Map(); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

const { record, moves, scale } = JSON.parse(readFileSync(0, "utf-8"));
const seats = record.players.length;
const budget = { record, seed: 0, iterations: 4 };
const review = (source, over = {}) => ({
  format: FORMAT, source, record: recordDigest(record), seed: 0, iterations: 4,
  total: record.moves.length, seats, scale, stopped: false, moves, ...over,
});
const out = {};

// a review written, read back; read for another budget or another version of the game: none
const store = new MemoryStorage();
out.written = writeReview(review("game.a"), store);
out.readBack = readReview("game.a", budget, store).review?.moves.length ?? null;
out.otherBudget = readReview("game.a", { ...budget, iterations: 16 }, store).review;
out.otherGame = readReview("game.a", { ...budget, record: { ...record, moves: record.moves.slice(0, -1) } }, store).review;

// damaged ones: kept aside as they were stored, never trusted
const damaged = {
  notJson: "{oops",
  badVerdict: JSON.stringify(review("game.b", { moves: [{ ...moves[0], verdict: "brilliant" }] })),
  badChance: JSON.stringify(review("game.b", { moves: [{ ...moves[0], chances: moves[0].chances.map(() => 1.5) }] })),
  badIndex: JSON.stringify(review("game.b", { moves: moves.slice(1) })),
  badMove: JSON.stringify(review("game.b", { moves: [{ ...moves[0], best_move: { tile: "7" } }] })),
  tooMany: JSON.stringify(review("game.b", { total: 1 })),
  otherSource: JSON.stringify(review("game.c")),
};
out.damaged = {};
for (const [name, text] of Object.entries(damaged)) {
  const s = new MemoryStorage();
  s.setItem("tsuro.review.game.b", text);
  const r = readReview("game.b", budget, s);
  // kept aside in the one list of entries kept (storage.js), with where it was and why
  const kept = keptEntries(s).find((e) => e.key === "tsuro.review.game.b");
  out.damaged[name] = { review: r.review, damaged: r.damaged ?? null, keptText: kept?.text ?? null,
    keptReason: kept?.reason ?? null, left: s.getItem("tsuro.review.game.b") };
}

// the newest of a kind are kept: 14 records from links alone, 12 left
const many = new MemoryStorage();
for (let i = 0; i < 14; i++) writeReview(review(`rec.r${i}`), many);
out.recordsKept = [...many.map.keys()].filter((k) => k.startsWith("tsuro.review.rec.")).length;
out.lastKept = many.getItem("tsuro.review.rec.r13") !== null;

await setLang("en", false);
out.summaries = summaries(moves, seats, scale, true);
out.lines = out.summaries.map((s) => summaryText(s, scale, true));
out.soFar = summaryText(summaries(moves.slice(0, 3), seats, scale, false)[0], scale, false);
process.stdout.write(JSON.stringify(out));
