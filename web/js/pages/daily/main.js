// daily.html: the daily challenge.  The engine deals the day's solo game
// (`daily` op, the same deal everywhere for a UTC date), the game page's turn
// controller plays it, and daily-share.js keeps the history and writes the
// share text.  The first game of today counts; any other is practice.
//
//   daily.html               today's challenge (resumed after a reload)
//   daily.html?date=Y-M-D    another day's deal, always practice (a date that is not
//                            in the calendar is ignored, and the page says so)
//
// What is kept (store.js) is read where it is needed and changed where it is
// stored, so a second tab, or this one left open past midnight, loses nothing.

import { notice, reason, setPhase } from "../../lib/shell/page.js";
import { Session, ask, ENGINE_DOWN } from "../../lib/game/session.js";
import { playMove } from "../../lib/game/play.js";
import { t, formatDate } from "../../lib/words/i18n.js";
import { bootPage, show, namedHere } from "../../lib/shell/boot.js";
import { addressParam, calendarDate } from "../../lib/shell/address.js";
import * as daily from "./share.js";
import { reviewHref } from "../../lib/game/reviews.js";
import { showFigures } from "../../lib/shell/figures.js";
import * as store from "./store.js";
import { $ } from "../../lib/shell/dom.js";

/** The first date the page opened on; today is asked again whenever it matters (a tab left open). */
const opened = daily.utcDate();
const date = addressParam("date", calendarDate, opened);

/** The game on the board: its session (record, positions, trails), whether it counts, busy. */
const game = { date, practice: true, session: null, busy: false };

const page = bootPage({
  boardLabel: "daily.board",
  position: () => game.session?.position,
  busy: () => game.busy,
  play: (move) => play(move).catch((e) => notice(t("common.refused", { reason: reason(e) }))),
  keysOn: () => !$("play-panel").hidden && !game.busy,
  setBanner: (text) => { $("turn-banner").textContent = text; },
});
const { engine, board, turn, tilesReady } = page;

function draw() { show(board, game.session.position, game.session.trails()); }

const over = (position) => Array.isArray(position.winners);

/** Put a record on the board (its last position and the marker's trail). The solo game
 *  draws nothing at random once dealt: its moves are played without a seed, as always. */
async function open(record, practice) {
  const session = await Session.fromRecord(engine, record, null, { playSeed: () => undefined });
  Object.assign(game, { session, practice, busy: false });
  draw();
}

/** A daily record kept by this page, its player named as the page names it now (a game
 *  saved in another language, or by a version that kept the engine's "Player 1"). */
const named = (record) => (record && Array.isArray(record.players)
  ? { ...record, players: namedHere(record.players) } : record);   // (else the engine judges it)

async function begin(practice) {
  const dealt = await ask(engine, "daily", { date, players: namedHere([{}]) });
  await open(dealt.record, practice);
  keep();
  await advance();
}

/** Save the game on the board (a counted game and practice alike resume after a reload). */
function keep() {
  if (!store.keepGame(game.date, { practice: game.practice, record: game.session.toRecord() })) notice(t("common.no_storage"));
}

async function advance() {
  if (over(game.session.position)) { await finish(); return; }
  $("daily-result").hidden = true;
  $("play-panel").hidden = false;
  const day = formatDate(date);
  $("daily-kind").textContent = game.practice ? t("daily.kind_practice", { date: day }) : t("daily.kind_counted", { date: day });
  const legal = await game.session.legalMoves();
  await tilesReady;
  $("hand").hidden = legal.phase === "start";
  turn.start(0, legal);
}

async function play(move) {
  game.busy = true;
  try {
    await playMove(game.session, move, {
      board,
      // "busy" until the next turn starts, as on the game page: the last turn's phase
      // does not linger while the engine is asked for the next one
      freeze: () => { setPhase("busy"); turn.stop(); board.clearTurnAids(); $("btn-place").disabled = true; },
      accepted: () => keep(),
    });
  } finally {
    game.busy = false;
  }
  await advance();
}

/** The game is over: count it (once a day), then the result, share text and replay link. */
async function finish() {
  setPhase("over");
  turn.stop();
  $("play-panel").hidden = true;
  const result = await ask(engine, "result", { position: game.session.position });
  const score = result.scores[0];
  const record = game.session.toRecord();
  const { fragment } = await ask(engine, "encode_link", { record });
  // counted once a day: a game another tab counted first is shown as practice
  const counted = !game.practice && store.countDay(game.date, { score, fragment });
  if ((counted && !counted.ok) || !store.dropGame(game.date, record)) notice(t("common.no_storage"));
  showResult(score, fragment, !(counted && counted.counted));
  showFigures(engine, record, $("figures"));
  showHistory();
}

function showResult(score, fragment, practice) {
  $("result-title").textContent = t("daily.result_title", { date: formatDate(game.date) });
  $("turn-banner").textContent = $("result-title").textContent;
  $("result-line").textContent = t(practice ? "daily.result_practice" : "daily.result_counted", { count: score });
  const url = new URL(`daily.html`, location.href).href;
  const { tiles } = game.session.position;
  const text = daily.shareText({ date: game.date, score, practice, tiles, url });
  $("share-text").value = text;
  showShareCard(text.split("\n"), daily.pathStages(tiles));
  $("replay-link").href = new URL(`embed.html#${fragment}`, location.href).href;
  $("review-link").setAttribute("href", reviewHref(fragment, { daily: game.date, practice }));
  $("btn-share").hidden = typeof navigator.share !== "function";
  $("daily-result").hidden = false;
}

/** The share text as the player sees it: its lines, with the picture drawn as
 *  coloured squares (the text's emoji need an emoji font the device may lack). */
function showShareCard(lines, stages) {
  const line = (text) => Object.assign(document.createElement("p"), { textContent: text });
  const grid = document.createElement("div");
  grid.className = "share-grid";
  for (const row of stages) for (const stage of row) grid.appendChild(Object.assign(document.createElement("span"), { className: stage }));
  const head = lines.slice(0, lines.length - stages.length - 1);
  $("share-card").replaceChildren(...head.map(line), grid, line(lines[lines.length - 1]));
}

/** The streak and the counted days, as stored now (another tab may have added one). */
function showHistory() {
  const days = store.readDaily().days;
  $("streak").textContent = t("daily.streak", { count: daily.streak(days, daily.utcDate()) });
  const list = $("history");
  list.replaceChildren(...daily.history(days).slice(0, 14).map(({ date: d, score }) => {
    const li = document.createElement("li");
    li.textContent = t("daily.history_line", { date: formatDate(d), count: score });
    return li;
  }));
}

$("btn-copy").addEventListener("click", async () => {
  const text = $("share-text").value;
  try { await navigator.clipboard.writeText(text); } catch { $("share-text").select(); document.execCommand?.("copy"); }
  $("btn-copy").textContent = t("common.copied");
  setTimeout(() => { $("btn-copy").textContent = t("common.copy"); }, 1500);
});
$("btn-share").addEventListener("click", () => {
  navigator.share({ text: $("share-text").value }).catch(() => { /* the player closed the sheet */ });
});
$("btn-practice").addEventListener("click", () => {
  setPhase("loading");
  begin(true).catch((e) => notice(t("daily.failed", { reason: reason(e) })));
});

window.addEventListener("storage", (e) => { if (e.key === store.KEY || e.key === null) showHistory(); });

async function main() {
  showHistory();
  await engine.ready;
  const state = store.readDaily();
  const cur = state.games[date];
  if (cur) {
    try {
      await open(named(cur.record), cur.practice);
      await advance();
      return;
    } catch (e) {
      if (ENGINE_DOWN.has(e.code)) throw e;   // the engine failed, not the save: it stays for next time
      notice(t("daily.bad_save", { reason: reason(e) }));   // a damaged save: kept aside, a fresh deal below
      store.putGameAside(date, reason(e));
    }
  }
  const today = daily.utcDate();
  const done = state.days[date];
  if (date === today && done) {
    // today's counted game is over: show it again, practice is one click away
    const { record } = await ask(engine, "decode_link", { fragment: done.fragment });
    await open(named(record), false);
    await finish();
    return;
  }
  await begin(!store.counts(store.readDaily(), date, today));
}

main().catch((e) => { setPhase("failed"); notice(t("daily.failed", { reason: reason(e) })); });
