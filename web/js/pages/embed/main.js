// embed.html: one board for another page's iframe, configured by the URL
// fragment (docs/browser.md):
//
//   #p=<link>            a position (drawn at once, no Python needed)
//   #r=<link>            a game record, with a step-through
//   &at=N                records: start at position N (0 = the deal; "end")
//   &from=K&to=M         records: step only between positions K and M
//   &try=1               positions: the reader plays the active player's move
//   &caption=text        a line under the board
//   &controls=0          records: no step buttons
//   &eager=1             positions with try=1: start the engine at once (by
//                        default it starts when the reader points at the board)
//   &pre=<sha>           records: build.py's precomputed positions
//                        (precomputed/<sha>.json), drawn without the engine
//   &engine=dedicated    a worker of this board's own (default: the SharedWorker
//                        every board of the site shares, where the browser has one)
//
// The rules engine starts only when something needs a rule (a move to try, a
// record the build did not precompute), so a page of static boards stays
// light, and the boards that do need it share one engine.

import { siteURL } from "../../lib/engine/client.js";
import { LazyEngine } from "../../lib/engine/lazy.js";
import { Board } from "../../lib/views/board.js";
import { showOpenHands } from "../../lib/views/openhands.js";
import { HandView } from "../../lib/views/hand.js";
import { handToTurn } from "../../lib/turns/classic.js";
import { ReaderTurn } from "../../lib/turns/reader.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { describe } from "../../lib/words/movelog.js";
import { t, applyTo, setLang, matchLang, sentences } from "../../lib/words/i18n.js";
import { errorText } from "../../lib/words/errors.js";
import { applyTheme } from "../../lib/shell/theme.js";
import { noteRefusal } from "../../lib/base/refusals.js";
import { tellRefusals } from "../../lib/shell/page.js";
import { drawIcons } from "../../lib/views/icon.js";

applyTheme();
import { connectHost, HostError } from "../../lib/shell/host.js";
import { Session, trailsOf } from "../../lib/game/session.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { $ } from "../../lib/shell/dom.js";
import { Stepper } from "../../lib/views/stepper.js";
import { quickDecode } from "./fragment.js";
import { drawable } from "../../lib/views/drawable.js";
import { sizeOf } from "../../lib/views/size.js";
import { parseFragment } from "../../lib/shell/linkfragment.js";
import { reviewHref } from "../../lib/game/reviews.js";

// the language: ?lang= (i18n.js) or &lang= in the fragment, with the other options
{
  const asked = parseFragment(location.hash).opts.lang;
  const inFragment = matchLang(asked);
  if (asked && !inFragment) noteRefusal({ kind: "address", name: "lang", value: asked });
  if (inFragment) await setLang(inFragment, false);
  else applyTo(document);
}
drawIcons();
// what the board ignored in its address (or put aside from storage), said on the board
tellRefusals((text) => message(text));
const board = new Board($("board"), { width: 6, height: 6, label: t("embed.board") });
// board-visible is marked by the page's static board; here only if it had none
try { if (!performance.getEntriesByName("board-visible").length) performance.mark("board-visible"); } catch { /* old browsers */ }

let tileset = null;
const tilesReady = loadTileSet(siteURL("tiles.json")).then((ts) => {
  tileset = ts;
  board.setTileSet(ts);
  hand.setTileSet(ts);
}, () => message(t("embed.noTiles")));

// ------------------------------------------------------------------ the engine, when needed

const lazy = new LazyEngine({
  dedicated: parseFragment(location.hash).opts.engine === "dedicated",
  bar: $("progress"),
  failed: (e) => message(t("engine.failed", { reason: errorText(e) })),
});
lazy.installWindowTsuro();

function message(text) {
  $("msg").textContent = text;
  $("msg").hidden = !text;
}
function caption(text) { $("caption").textContent = text || ""; }

function show(position, trails = []) {
  board.setSize(...sizeOf(position.rules));
  board.setSeats(seatStyles(position.players));
  board.setPosition(position);
  board.setTrails(trails);
  showOpenHands($("open-hands"), position, tileset);
}

// ------------------------------------------------------------------ records: step through

const rec = { positions: [], events: [], link: null };

function trailsUpTo(k) {
  return trailsOf(rec.events.slice(0, k), rec.positions[0].players.length);
}

const stepper = new Stepper({
  board,
  events: (k) => rec.events[k],
  draw: (k) => show(rec.positions[k], trailsUpTo(k)),
  told: (k) => {
    $("step").textContent = t("embed.step", { k, n: rec.positions.length - 1 });
    caption(k === 0 ? t("replay.startClassic") : sentences(describe(rec.events[k - 1], rec.positions[0].players).map((l) => l.text)));
    $("first").disabled = $("prev").disabled = k <= stepper.from;
    $("next").disabled = $("last").disabled = k >= stepper.to;
    // this step in the board editor (a record from the page's own link: a host's has none)
    $("edit").hidden = !rec.link;
    if (rec.link) $("edit").href = siteURL(`editor.html#${rec.link}&at=${k}`);
    // the review, in a tab of its own (this board lives in another page), at this step
    $("review-link").hidden = !rec.link;
    if (rec.link) $("review-link").setAttribute("href", siteURL(reviewHref(rec.link, {}, k)));
  },
});
const step = (k, animate) => stepper.step(k, animate);

/** The build's answer to `positions` for this link, or null (then the engine is asked). */
async function precomputed(sha, link) {
  try {
    const resp = await fetch(siteURL(`precomputed/${encodeURIComponent(sha)}.json`));
    const pre = resp.ok ? await resp.json() : null;
    return pre && pre.link === link ? pre : null;
  } catch {
    return null;
  }
}

async function openRecord(record, opts, pre = null, link = null) {
  const r = pre || await lazy.ask("positions", { record });
  rec.positions = r.positions;
  rec.events = r.events;
  rec.link = link;
  const last = r.positions.length - 1;
  const num = (v, d) => (v === undefined ? d : v === "end" ? last : Math.max(0, Math.min(last, parseInt(v, 10) || 0)));
  const from = num(opts.from, 0);
  stepper.bounds(from, Math.max(from, num(opts.to, last)));
  $("bar").hidden = opts.controls === "0";
  await step(num(opts.at, from), false);
  if (opts.caption) caption(opts.caption);
}

stepper.wire({ first: $("first"), prev: $("prev"), next: $("next"), last: $("last") });
document.addEventListener("keydown", (e) => {
  if ($("bar").hidden) return;
  if (e.key === "ArrowRight") { step(stepper.at + 1, true); e.preventDefault(); }
  if (e.key === "ArrowLeft") { step(stepper.at - 1, false); e.preventDefault(); }
});

// ------------------------------------------------------------------ positions: try a move

// The reader plays the active player's move with the game page's turn
// controller (turn.js): the same hand, previews, marks and keys.  Only the
// words differ: a reader of an embedded board is told about the named player.
// The position played on is the turn loop's game (lib/game/turnloop.js), on the
// lazily started engine.  start: the position the reader began from ("Start
// over"); interactive: the reader may play; keepPlaying: go on turn after turn
// (a host-driven board) rather than stop after one move.
const tryState = { start: null, interactive: false, keepPlaying: false };

const hand = new HandView($("hand"), handToTurn(() => turn));
const turn = new ReaderTurn({
  board, hand, caption,
  game: () => ({ players: loop.session.position.players, position: loop.session.position }),
  busy: () => loop.busy,
  play: (move) => playTry(move),
  note: (text) => caption(text),
  placeButton: $("place"),
  tileset: () => tileset,
});

/** Whether the turn on is the reader's: the first of an interactive board, every one of a host's that plays on. */
const readersTurn = () => tryState.interactive && (tryState.keepPlaying || loop.session.moves.length === 0);

const loop = new TurnLoop({
  board,
  player: () => (readersTurn() ? "human" : "remote"),   // else the host page sends the moves
  stop: () => turn.stop(),
  waiting: async () => {
    if (!readersTurn()) return;
    $("try-bar").hidden = false;
    $("hand").hidden = false;
    $("place").hidden = false;
    // the hand, before the engine is up: drawn, not yet playable
    turn.drawWaiting(loop.session.position, lazy.started);
    await lazy.wanted;   // the reader came near the board: the engine starts
    turn.drawWaiting(loop.session.position, lazy.started);
    await tilesReady;
  },
  human: (seat, legal) => {
    if (legal.phase === "start") {
      $("hand").hidden = true;
      $("place").hidden = true;
    }
    turn.start(seat, legal);
  },
  over: (session) => {
    if (!session.moves.length) { if (tryState.interactive) caption(t("embed.over")); }   // nothing to try here
    else host.post({ tsuro: "over", winners: session.winnersOf(session.position) });
  },
  freeze: () => { board.clearTurnAids(); $("place").disabled = true; },
  shown: (r) => {
    show(r.position, loop.session.trails());
    caption(sentences(describe(r.events, r.position.players).map((l) => l.text)));
    hand.clear();
    $("hand").hidden = true;
    host.post({ tsuro: "moved", move: r.move, position: r.position, events: r.events });
  },
  failed: (e) => message(errorText(e)),
});

async function playTry(move) {
  try {
    await applyMove(move);
  } catch (e) {
    message(t("common.moveRefused", { reason: errorText(e) }));
  }
}

/** The position on show and its trails: the one being played, else the record's step. */
function shown() {
  if (loop.session) return { position: loop.session.position, trails: loop.session.trails() };
  if (rec.positions.length) return { position: rec.positions[stepper.at], trails: trailsUpTo(stepper.at) };
  return null;
}

/** A game on a position, on the engine started when needed, its trails carried on. */
const gameAt = (position, trails = []) => Session.at(lazy, position, { playSeed: () => 0, startTrails: trails });

/** Play a move on the position on show, the reader's or the host's: the
 *  engine plays it, the board animates it, the host is told ("moved", and
 *  "over" at the end).  A host-driven board then waits for the next move. */
async function applyMove(move) {
  const now = shown();
  if (!now) throw new HostError("not_loaded", "no position is shown: send load first");
  if (!loop.session) {   // a record's step becomes a position to play on
    tryState.start = now.position;
    $("bar").hidden = true;
    await loop.begin(gameAt(now.position, now.trails));
  }
  await loop.play(move);   // refused: thrown, and the reader's turn offered again
}

// A board to try waits for the reader to come near it (pointer, touch, keys)
// before it starts the engine (lazy.waitForReader): a tutorial page of boards stays light.

async function openTry(position) {
  Object.assign(tryState, { start: position, interactive: true });
  await resetTry();
}

/** Back to the position the reader began from, and its turn. */
async function resetTry() {
  const p = tryState.start;
  loop.stop();
  show(p);
  board.clearPreview();
  await loop.begin(gameAt(p));
}

// ------------------------------------------------------------------ the host page's messages (embed-api.js)

let hostLoaded = false;   // once the host has loaded something, the URL fragment's board gives way

async function hostLoad(m) {
  hostLoaded = true;
  lazy.wanted = Promise.resolve();   // the host asked: no waiting for the reader to point at the board
  if (m.position) {   // the engine checks it first
    await lazy.ask("validate", { position: m.position }).catch((e) => {
      throw new HostError(e.code === "invalid" ? "bad_position" : e.code, `not a position: ${e.message}`);
    });
  }
  await tilesReady;
  loop.leave();
  board.setHighlight(null);
  message("");
  caption("");
  Object.assign(tryState, { start: null, keepPlaying: true, interactive: m.try ?? parseFragment(location.hash).opts.try === "1" });
  $("hand").hidden = true;
  $("try-bar").hidden = true;
  if (m.record) {
    const r = await lazy.ask("positions", { record: m.record });
    const last = r.positions.length - 1;
    if (m.at !== undefined && m.at !== "end" && m.at > last) {
      throw new HostError("out_of_range", `"at" is ${m.at}, but this record has positions 0 to ${last}`);
    }
    rec.positions = []; rec.events = []; rec.link = null;
    await openRecord(m.record, { at: m.at === undefined ? 0 : m.at }, r);
    if (m.caption) caption(m.caption);
    host.post({ tsuro: "loaded", position: rec.positions[stepper.at], at: stepper.at, last });
    return;
  }
  rec.positions = []; rec.events = [];
  $("bar").hidden = true;
  tryState.start = m.position;
  await resetTry();
  if (m.caption) caption(m.caption);
  host.post({ tsuro: "loaded", position: m.position });
}

async function hostStep(m) {
  if (!rec.positions.length || loop.session) throw new HostError("not_loaded", "step needs a record: send load with a record first");
  const last = rec.positions.length - 1;
  const at = m.at === "end" ? stepper.to : m.at;
  if (at < stepper.from || at > stepper.to) throw new HostError("out_of_range", `"at" is ${m.at}, but this board steps between ${stepper.from} and ${stepper.to}`);
  await step(at, at === stepper.at + 1);
  host.post({ tsuro: "loaded", position: rec.positions[stepper.at], at: stepper.at, last });
}

async function hostHighlight(m) {
  board.setHighlight({ squares: m.squares || [], seat: m.seat ?? null });
  if (m.caption !== undefined) caption(m.caption);
}

board.on("startmark", (place) => turn.chooseStart(place));
board.on("markselect", (place) => turn.selectStart(place));
board.on("square", (square) => turn.clickSquare(square));
$("place").addEventListener("click", () => turn.place());
$("reset").addEventListener("click", () => resetTry().then(() => {
  if (tryState.keepPlaying) host.post({ tsuro: "loaded", position: tryState.start });
}).catch((e) => message(errorText(e))));
document.addEventListener("keydown", (e) => {
  if ($("hand").hidden || loop.busy) return;
  turn.handleKey(e);
});

// ------------------------------------------------------------------ start

const host = connectHost({ load: hostLoad, play: (m) => applyMove(m.move), step: hostStep, highlight: hostHighlight });

async function main() {
  const { link, opts } = parseFragment(location.hash);
  if (!link) {
    if (host.active) caption(t("embed.waitingHost"));
    else message(t("embed.noLink"));
    return;
  }
  if (opts.caption) caption(opts.caption);
  const pre = link[0] === "r" && opts.pre ? await precomputed(opts.pre, link) : null;
  // A precomputed record needs no engine at all.
  if (!pre) lazy.waitForReader(opts.eager === "1" || link[0] === "r");
  try {
    if (pre) {
      await tilesReady;
      if (hostLoaded) return;
      await openRecord(pre.record, opts, pre, link);
      if (opts.caption) caption(opts.caption);
      return;
    }
    let value = null;
    if (link[0] === "p") {
      try { value = await quickDecode(link); } catch { value = null; }
      if (drawable(value)) {   // bounded: a bigger one waits for the engine
        await tilesReady;
        if (hostLoaded) return;
        show(value);
        if (opts.try === "1") await openTry(value);
        return;
      }
    }
    const decoded = await lazy.ask("decode_link", { fragment: link });
    if (hostLoaded) return;
    if (decoded.record) await openRecord(decoded.record, opts, null, link);
    else {
      await tilesReady;
      show(decoded.position);
      if (opts.try === "1") await openTry(decoded.position);
    }
    if (opts.caption && !opts.try) caption(opts.caption);
  } catch (e) {
    message(t("embed.badLink", { reason: errorText(e) }));
  }
}

window.addEventListener("hashchange", () => location.reload());
main();
