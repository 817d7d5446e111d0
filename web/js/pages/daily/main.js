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
import { Session } from "../../lib/game/session.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { engineDown } from "../../lib/engine/client.js";
import { t, formatDate } from "../../lib/words/i18n.js";
import { bootPage, show, namedHere } from "../../lib/shell/boot.js";
import { addressParam, calendarDate } from "../../lib/base/address.js";
import * as daily from "./share.js";
import { reviewHref } from "../../lib/game/reviews.js";
import { showFigures } from "../../lib/shell/figures.js";
import * as store from "./store.js";
import { $ } from "../../lib/shell/dom.js";

/** The first date the page opened on; today is asked again whenever it matters (a tab left open). */
const opened = daily.utcDate();
const date = addressParam("date", calendarDate, opened);

/** The day on the board, and whether its game counts (the game itself is the turn loop's). */
const game = { date, practice: true };

const page = bootPage({
  boardLabel: "daily.board",
  position: () => loop.session?.position,
  busy: () => loop.busy,
  play: (move) => { loop.play(move).catch((e) => notice(t("common.refused", { reason: reason(e) }))); },
  keysOn: () => !$("play-panel").hidden && !loop.busy,
  setBanner: (text) => { $("turn-banner").textContent = text; },
});
const { engine, board, turn, tilesReady } = page;

// The turn loop (lib/game/turnloop.js) plays the day's game: one human seat.
const loop = new TurnLoop({
  board,
  human: (seat, legal) => {
    $("daily-result").hidden = true;
    $("play-panel").hidden = false;
    const day = formatDate(date);
    $("daily-kind").textContent = game.practice ? t("daily.kind_practice", { date: day }) : t("daily.kind_counted", { date: day });
    $("hand").hidden = legal.phase === "start";
    turn.start(seat, legal);
  },
  over: () => finish(),
  // "busy" until the next turn starts, as on the game page: the last turn's phase
  // does not linger while the engine is asked for the next one
  freeze: () => { setPhase("busy"); turn.stop(); board.clearTurnAids(); $("btn-place").disabled = true; },
  accepted: () => keep(),
  failed: (e) => { setPhase("failed"); notice(t("daily.failed", { reason: reason(e) })); },
});

/** A record as a game: the solo game draws nothing at random once dealt, so its moves are
 *  played without a seed, as always. */
const sessionOf = (record) => Session.fromRecord(engine, record, null, { playSeed: () => undefined });

/** Put a game on the board (its last position and the marker's trail) and play on; a new
 *  deal is kept at once. */
async function take(session, practice, dealt = false) {
  game.practice = practice;
  if (dealt) keep(session);
  await tilesReady;
  show(board, session.position, session.trails());
  await loop.begin(session);
}

/** A daily record kept by this page, its player named as the page names it now (a game
 *  saved in another language, or by a version that kept the engine's "Player 1"). */
const named = (record) => (record && Array.isArray(record.players)
  ? { ...record, players: namedHere(record.players) } : record);   // (else the engine judges it)

/** The day's deal, from the engine, kept, and played. */
function begin(practice) {
  return loop.deal(async () => sessionOf((await engine.ask("daily", { date, players: namedHere([{}]) })).record),
    (session) => take(session, practice, true));
}

/** Save the game on the board (a counted game and practice alike resume after a reload). */
function keep(session = loop.session) {
  if (!store.keepGame(game.date, { practice: game.practice, record: session.toRecord() })) notice(t("common.no_storage"));
}

/** The game is over: count it (once a day), then the result, share text and replay link;
 *  the page says "over" once they are shown (a test or a script that waits for it reads them). */
async function finish() {
  turn.stop();
  $("play-panel").hidden = true;
  const result = await engine.ask("result", { position: loop.session.position });
  const score = result.scores[0];
  const record = loop.session.toRecord();
  const { fragment } = await engine.ask("encode_link", { record });
  // counted once a day: a game another tab counted first is shown as practice
  const counted = !game.practice && store.countDay(game.date, { score, fragment });
  if ((counted && !counted.ok) || !store.dropGame(game.date, record)) notice(t("common.no_storage"));
  showResult(score, fragment, !(counted && counted.counted));
  showFigures(engine, record, $("figures"));
  showHistory();
  setPhase("over");
}

function showResult(score, fragment, practice) {
  $("result-title").textContent = t("daily.result_title", { date: formatDate(game.date) });
  $("turn-banner").textContent = $("result-title").textContent;
  $("result-line").textContent = t(practice ? "daily.result_practice" : "daily.result_counted", { count: score });
  const url = new URL(`daily.html`, location.href).href;
  const { tiles } = loop.session.position;
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
    let session = null;
    try {
      session = await sessionOf(named(cur.record));
    } catch (e) {
      if (engineDown(e)) throw e;   // the engine failed, not the save: it stays for next time
      notice(t("daily.bad_save", { reason: reason(e) }));   // a damaged save: kept aside, a fresh deal below
      store.putGameAside(date, reason(e));
    }
    if (session) { await take(session, cur.practice); return; }
  }
  const today = daily.utcDate();
  const done = state.days[date];
  if (date === today && done) {
    // today's counted game is over: show it again, practice is one click away
    const { record } = await engine.ask("decode_link", { fragment: done.fragment });
    await take(await sessionOf(named(record)), false);   // the engine says it is over: its result
    return;
  }
  await begin(!store.counts(store.readDaily(), date, today));
}

main().catch((e) => { setPhase("failed"); notice(t("daily.failed", { reason: reason(e) })); });
