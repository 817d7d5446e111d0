// review.html: the game review ("where did I go wrong?").  The fragment holds
// the record and names the game it belongs to (source.js); the engine replays
// it (a Session), judges it move by move in the worker (run.js: the `review`
// op, one move a call), and the page shows each move's verdict in the log
// (movelist.js), every seat's chances in a chart linked to the replay
// (chart.js, the one Stepper), a summary line per player (words.js) and, on
// request, the better move as a ghost tile with the path the engine traces for
// it.  The review is kept with its game after every move (lib/game/reviews.js),
// so a reload goes on where it was and a finished review asks the engine nothing.

import { getEngine, installWindowTsuro, siteURL } from "../../lib/engine/client.js";
import { Board } from "../../lib/views/board.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles, colorOf } from "../../lib/views/style.js";
import { Stepper } from "../../lib/views/stepper.js";
import { playerIcon, drawIcons } from "../../lib/views/icon.js";
import { Session } from "../../lib/game/session.js";
import { FORMAT, readReview, recordDigest, writeReview } from "./kept.js";
import { showEngineStatus, notice, reason, setPhase, say, tellRefusals } from "../../lib/shell/page.js";
import { t, applyTo, isolate, sentences } from "../../lib/words/i18n.js";
import { winnersText } from "../../lib/words/movelog.js";
import { $ } from "../../lib/shell/dom.js";
import { readSource } from "./source.js";
import { ReviewRun } from "./run.js";
import { ChancesChart } from "./chart.js";
import { ReviewLog } from "./movelist.js";
import { FLAGGED, judgedText, moveText, summaries, summaryText } from "./words.js";
/** @import {GameRecord, ReviewedMove, ErrorValue} from "../../lib/types.js" */
/** @import {KeptReview} from "./kept.js" */
/** @import {RunState} from "./run.js" */

const SEED = 0;   // the review's seed: the engine's default, so the command line gives the same review

applyTo(document);
drawIcons();
setPhase("loading");
const src = readSource(location.hash);
$("back-link").setAttribute("href", src.back.href);
$("back-link").textContent = t(src.back.key);

const board = new Board($("board"), { width: 6, height: 6, label: t("review.board") });
const engine = getEngine();
installWindowTsuro(engine);
showEngineStatus(engine);
$("notice-close").addEventListener("click", () => notice(null));
const tilesReady = loadTileSet(siteURL("tiles.json"), engine).then((ts) => board.setTileSet(ts), () => {});

/**
 * The review on the page: the game, the moves judged so far, the run in the worker, the
 * better move on show (the index of the move it is better than), the values' scale.
 * (window.tsuroReview, for tests and the curious: read-only by convention.)
 */
const view = {
  /** @type {any} */ session: null,
  /** @type {GameRecord | null} */ record: null,
  /** @type {ReviewedMove[]} */ moves: [],
  /** @type {ReviewRun | null} */ run: null,
  /** @type {number | null} */ better: null,
  scale: "win_share",
  stopped: false,
  told: false,   // the player was told once that the review could not be kept
};
window.tsuroReview = view;

const total = () => view.session.moves.length;

// ------------------------------------------------------------------ the replay, the chart, the log

const stepper = new Stepper({
  board,
  events: (k) => view.session.events[k],
  draw: (k) => {
    view.better = null;
    board.clearTurnAids();
    board.setPosition(view.session.positions[k]);
    board.setTrails(view.session.trails(k));
  },
  told: () => told(),
});
const step = (k, animate = false) => stepper.step(k, animate);
const chart = new ChancesChart($("chart"), /** @type {HTMLTableElement} */ ($("chart-table")), { onPick: (k) => step(k) });
const log = new ReviewLog(/** @type {HTMLOListElement} */ ($("review-log")), {
  onStep: (k) => step(k),
  onBetter: (i) => toggleBetter(i),
});

/** The words, buttons and marks for the position on show (and the better move, if shown). */
function told() {
  const s = view.session, k = stepper.at ?? 0, n = total();
  const shown = view.better;
  $("rp-range").value = String(k);
  if (shown !== null) {
    const entry = view.moves[shown];
    $("rp-text").textContent = t(entry.best_move.tile !== undefined ? "review.ghostTile" : "review.ghost",
      { k: shown + 1, name: s.players[entry.seat].name, better: moveText(entry.best_move, s.positions[shown], entry.seat) });
  } else {
    $("rp-text").textContent = k === 0 ? t("replay.startClassic")
      : t("replay.step", { k, n, text: sentences(s.describe(s.events[k - 1]).map((l) => l.text)) });
  }
  const i = shown ?? k - 1;   // the move the words are about
  const entry = i >= 0 ? view.moves[i] : undefined;
  $("step-verdict").textContent = i < 0 ? "" : entry
    ? judgedText(entry, s.positions[i], s.players[entry.seat].name, view.scale) : t("review.notYet");
  $("step-verdict").className = `step-verdict ${entry ? entry.verdict : ""}`;
  const flagged = !!entry && FLAGGED.includes(entry.verdict);
  $("btn-better").hidden = !flagged;
  $("btn-better").setAttribute("aria-pressed", String(shown !== null));
  $("btn-better").textContent = t(shown !== null ? "review.hide" : "review.show");
  // a better move shown stands for the move it improves on: that move's line, its point on the chart
  log.markCurrent(shown === null ? k : shown + 1);
  log.setBetterShown(shown);
  chart.setAt(shown === null ? k : shown + 1);
}

/** Show the better move than move i on the position before it (the engine traces its path), or hide it. */
async function toggleBetter(i) {
  if (view.better === i) { await step(i + 1); return; }
  const entry = view.moves[i];
  const before = view.session.positions[i];
  await step(i);
  view.better = i;
  const best = entry.best_move;
  if (best.tile !== undefined && best.rot !== undefined) {
    const { tile, rot } = best;
    const m = before.markers[entry.seat];
    try {
      const o = await engine.ask("preview", { position: before, tile, rot });
      if (view.better === i && m) board.setPreview({ square: [m[0], m[1]], tile, rot, paths: o.paths, out: o.out, bad: !!o.self_eliminating });
    } catch (e) {
      notice(t("review.ghostFailed", { reason: reason(e) }));
    }
  } else if (best.start) {
    board.setStartMarks([best.start], colorOf(view.session.players[entry.seat].color));
  }
  if (view.better === i) told();
}

// ------------------------------------------------------------------ the review's progress

/** Each player's line: their marker, name and what the review says of their game. */
function showSummaries() {
  const s = view.session;
  const complete = view.moves.length >= total();
  const styles = seatStyles(s.players);
  $("summary").replaceChildren(...summaries(view.moves, s.players.length, view.scale, complete).map((sum, seat) => {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = isolate(s.players[seat].name);
    const words = document.createElement("span");
    words.textContent = summaryText(sum, view.scale, complete);
    li.append(playerIcon(styles[seat]), name, words);
    return li;
  }));
}

/** @param {RunState} state @param {ErrorValue} [error] */
function showState(state, error) {
  const done = view.moves.length, n = total();
  setPhase({ running: "reviewing", stopped: "stopped", done: "done", failed: "failed" }[state]);
  $("review-progress").max = Math.max(1, n);
  $("review-progress").value = done;
  $("review-state").textContent = state === "done" ? t("review.state.done", { count: n })
    : t(state === "running" ? "review.state.running" : "review.state.stopped", { done, count: n });
  $("btn-stop").hidden = state !== "running";
  $("btn-resume").hidden = state === "running" || state === "done";
  $("btn-resume").textContent = t(state === "failed" ? "review.retry" : "review.resume");
  if (state === "failed") notice(t("review.failed", { reason: reason(error) }));
}

/** Write the review as it stands, with its game (reviews.js). */
function keep() {
  const r = view.record;
  if (!r) return;
  /** @type {KeptReview} */
  const kept = {
    format: FORMAT, source: src.source, record: recordDigest(r), seed: SEED, iterations: src.iterations,
    total: total(), seats: r.players.length, scale: /** @type {KeptReview["scale"]} */ (view.scale),
    stopped: view.stopped, moves: view.moves,
  };
  if (!writeReview(kept) && !view.told) {
    view.told = true;
    notice(t("review.notKept"));
  }
}

/** @param {ReviewedMove} entry @param {{scale: string}} answer */
function judged(entry, answer) {
  const { index, seat, phase, move, verdict, played, best, best_move, loss, chances } = entry;
  view.moves[index] = { index, seat, phase, move, verdict, played, best, best_move, loss, chances };
  if (answer.scale !== view.scale) {
    view.scale = answer.scale;
    setUpViews();
  }
  keep();
  log.setEntry(view.moves[index]);
  chart.setMoves(view.moves);
  showSummaries();
  showState(view.stopped ? "stopped" : "running");
  if (stepper.at === index + 1 || view.better === index) told();
}

/** The run in the worker: from the first move not judged yet. */
function review() {
  view.stopped = false;
  if (document.body.dataset.phase === "failed") notice(null);   // tried again: the failure is past
  if (!view.run) {
    view.run = new ReviewRun({
      engine, record: /** @type {GameRecord} */ (view.record), seed: SEED, iterations: src.iterations,
      onMove: judged,
      onState: (state, error) => {
        view.stopped = state === "stopped";
        if (state !== "running") keep();
        showState(state, error);
        if (state === "done") { showSummaries(); say(t("review.state.done", { count: total() })); }
      },
    });
  }
  view.run.start(view.moves.length);
}

// ------------------------------------------------------------------ opening the game

/** The board, log, chart and summaries for the game (again when the scale is known). */
function setUpViews() {
  const s = view.session;
  const styles = seatStyles(s.players);
  board.setSize(s.boardSize.width, s.boardSize.height);
  board.setSeats(styles);
  $("chart-title").textContent = t(view.scale === "tiles_placed" ? "review.chart.titleSolo" : "review.chart.title");
  $("chart-legend").replaceChildren(...s.players.map((p, seat) => {
    const li = document.createElement("li");
    li.append(playerIcon(styles[seat]), isolate(p.name));
    return li;
  }));
  chart.setGame({ styles, names: s.players.map((p) => p.name), movers: s.moves.map((_, i) => s.moverOf(i)), total: total(), scale: view.scale });
  chart.setMoves(view.moves);
  log.setGame(s, view.scale);
  for (const m of view.moves) log.setEntry(m);
  showSummaries();
}

async function open() {
  if (!src.link) {
    setPhase("none");
    notice(t("review.nothing"));
    return;
  }
  let record;
  try {
    const decoded = await engine.ask("decode_link", { fragment: src.link });
    if (!decoded.record) { setPhase("none"); notice(t("review.notAGame")); return; }
    record = decoded.record;
    view.session = await Session.fromRecord(engine, record);
  } catch (e) {
    setPhase("failed");
    notice(t("review.bad", { reason: reason(e) }));
    return;
  }
  view.record = record;
  const { review: kept, damaged } = readReview(src.source, { record, seed: SEED, iterations: src.iterations });
  if (damaged) notice(t("review.keptDamaged"));
  view.moves = kept ? kept.moves.slice() : [];
  view.scale = kept ? kept.scale : "win_share";
  view.stopped = !!kept?.stopped;
  const over = await view.session.isOver();
  $("turn-banner").textContent = over ? winnersText(view.session.position.winners, view.session.players)
    : t("review.unfinished", { count: total() });
  await tilesReady;
  $("rp-range").max = String(total());
  stepper.bounds(0, total());
  setUpViews();
  await step(src.at === null ? total() : src.at);
  if (view.moves.length >= total()) showState("done");
  else if (view.stopped) showState("stopped");
  else review();
}

// ------------------------------------------------------------------ controls

stepper.wire({ first: $("rp-first"), prev: $("rp-prev"), next: $("rp-next"), last: $("rp-last") });
$("rp-range").addEventListener("input", (e) => step(Number(/** @type {HTMLInputElement} */ (e.target).value)));
$("btn-better").addEventListener("click", () => {
  const i = view.better ?? (stepper.at ?? 0) - 1;
  if (i >= 0) toggleBetter(i);
});
$("btn-stop").addEventListener("click", () => view.run?.stop());
$("btn-resume").addEventListener("click", () => review());
document.addEventListener("keydown", (e) => {
  if (!view.session || e.target !== document.body || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = stepper.at ?? 0;
  if (e.key === "ArrowRight") { step(k + 1, true); e.preventDefault(); }
  if (e.key === "ArrowLeft") { step(k - 1); e.preventDefault(); }
});

window.addEventListener("hashchange", () => location.reload());   // another game: open it afresh
open().catch((e) => { setPhase("failed"); notice(t("review.bad", { reason: reason(e) })); })
  .finally(() => tellRefusals());   // what the page ignored in its fragment or put aside, after what it said
