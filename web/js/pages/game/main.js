// The game page (index.html): the wiring.  It builds the views and the pieces
// of the page, holds the game on in `app` (a Session, through the engine), runs
// the turn loop (a computer's move, the hot-seat screen, a human's turn handed
// to the variant's turn controller), plays each move through the one play path
// (lib/game/play.js), and connects the page's buttons and keys.  The page's state
// is `app`, a GamePage (below).  Every rule comes from the engine.  The page's
// own modules beside this one:
//
//   keeping.js    boot, resume, share links, recovery, the saves (GamePage's base class)
//   variants.js   what differs between the games the page plays (turn controller, session)
//   setup.js      the setup dialog          panels.js   players, move log, banner, play panel
//   gameover.js   result, replay, share     gamelist.js the saved games in the setup dialog
//   embedcode.js  "Embed this game / position"

import { getEngine, installWindowTsuro, siteURL, engineDown } from "../../lib/engine/client.js";
import { Board } from "../../lib/views/board.js";
import { HandView } from "../../lib/views/hand.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { GameKeeper, downloadKept } from "../../lib/game/saves.js";
import { GameList } from "./gamelist.js";
import { VARIANTS, variantOf } from "./variants.js";
import { Session, hasCode } from "../../lib/game/session.js";
import { ExchangeChooser } from "../../lib/turns/exchange.js";
import { SetupDialog } from "./setup.js";
import { animationSpeed } from "../../lib/base/motion.js";
import { renderPlayers, setBanner, MoveLog, PlayPanel } from "./panels.js";
import { showEngineStatus, reason, setPhase, notice, note, shakeNote, announce, say, focusIfLost, wireCopyButton, tellRefusals, tellInNotice } from "../../lib/shell/page.js";
import { describeBoard } from "../../lib/words/describe.js";
import { GameOver } from "./gameover.js";
import { GameKeeping } from "./keeping.js";
import { handToTurn } from "../../lib/turns/classic.js";
import { PortPicker } from "../../lib/turns/course.js";
import { t, applyTo } from "../../lib/words/i18n.js";
import { drawIcons } from "../../lib/views/icon.js";
import { KEYS } from "../../lib/shell/keys.js";
import { showKeys } from "../../lib/shell/bar.js";
import { sound } from "../../lib/shell/sound.js";
import { watchForUpdates } from "../../lib/shell/update.js";
import { EmbedCode } from "./embedcode.js";
import { addressParam, oneOf } from "../../lib/base/address.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {AnyKind, AnyPosition, AnySession, AnyTurn, AnyTurnKind, NewGame, Variant} from "./variants.js" */
/** @import {TurnDeps} from "../../lib/turns/classic.js" */


// ------------------------------------------------------------------ the board, at once

applyTo(document);
drawIcons();
showKeys(KEYS);
const board = new Board($("board"), { width: 6, height: 6, label: t("board.label", { w: 6, h: 6 }) });
// board-visible is marked by the page's static board; here only if it had none
try { if (!performance.getEntriesByName("board-visible").length) performance.mark("board-visible"); } catch { /* old browsers */ }

const engine = getEngine();
installWindowTsuro(engine);

const hand = new HandView($("hand"), handToTurn(() => app.turn));

showEngineStatus(engine);

const tilesetReady = loadTileSet(siteURL("tiles.json"), engine).then((ts) => {
  board.setTileSet(ts);
  hand.setTileSet(ts);
  return ts;
});

// ------------------------------------------------------------------ saves

// Every game under its own key (saves.js); the player is told when nothing can be kept.
const keeper = new GameKeeper(undefined, {
  onFailure: (text) => notice(text),
  onFork: () => notice(t("game.forked")),   // another tab wrote the game this one played: both kept
});
const gameList = new GameList($("games-panel"), {
  resume: (id) => { setup.close(); app.resumeGame(id); },
  download: (kept) => downloadKept(kept),
  forgetKept: (id) => { keeper.store.dropKept(id); app.renderGames(); },
});

// ------------------------------------------------------------------ the app

// The turn loop (lib/game/turnloop.js) holds the game on and runs its turns; the
// page draws each of them (the hooks below) and keeps the game (keeping.js).
/** @type {Record<"turn" | "computer" | "redo", string>} */
const FAILED = { turn: "game.legalFailed", computer: "game.botFailed", redo: "game.redoFailed" };

/** @type {TurnLoop<AnyKind>} */
const loop = new TurnLoop({
  board,
  // a seat the turn clock gave to a computer (away) until they are back
  player: (seat) => (app.away.has(seat) || !app.session?.isHuman(seat) ? "computer" : "human"),
  hidesHand: () => playPanel.hidesHands(loop.game),
  stop: () => app.turn?.stop(),
  waiting: () => {
    setPhase("busy");
    app.render();
  },
  answered: () => app.accepted(),   // the engine answered for it: a link's game may be saved
  computer: (seat) => {
    const s = loop.game;
    setPhase("computer");
    app.setBanner(t("game.thinking", { name: s.players[seat].name }), seat);
    playPanel.showHand(s, null);
  },
  computerPause: () => (animationSpeed() ? 450 / animationSpeed() : 0),
  pass: (seat) => {
    const s = loop.game;
    app.setBanner(t("game.turnOf", { name: s.players[seat].name }), seat);
    setPhase("pass");
    playPanel.showPass(s, seat);
  },
  human: (seat, legal) => {
    playPanel.showHand(loop.game, seat);
    app.turn?.start(seat, legal);
  },
  over: (s) => {
    app.save();   // with the engine's word that it is over
    setPhase("over");
    return gameOver.show(s);
  },
  freeze: () => {
    const s = loop.game;
    const seat = s.turn;
    setPhase("busy");
    if (seat !== null) app.setBanner(t("game.moves", { name: s.players[seat].name }), seat, { quiet: true });
    app.turn?.refresh();   // the hand, frozen while the move is played
    $("btn-place").disabled = true;
    board.setStartMarks([]);
    board.setChoices([]);
  },
  accepted: (r) => {
    app.save();
    board.clearPreview();
    board.setTarget(null);
    sound.forEvents(r.events);
  },
  shown: (r) => {
    const s = loop.game;
    log.append(s, s.moves.length - 1);
    for (const line of s.describe(r.events)) say(line.text);
  },
  changed: ({ kind, count, failed }) => {
    const s = loop.game;
    if (kind === "undo") {
      gameOver.reset();
      $("gameover").hidden = true;
      $("play-panel").hidden = false;
    }
    log.rebuild(s);
    app.save();
    if (count && !failed) announce(t(kind === "undo" ? "game.undone" : "game.redone"));
  },
  failed: (e, { during }) => {
    if (engineDown(e)) app.recover(e);
    else notice(t(FAILED[during], { reason: reason(e) }));
  },
});

// the turn clock (./clock.js), with the first game that has one
/** @type {Promise<void> | null} */
let clocked = null;
/** @param {AnySession} session */
function attachClock(session) {
  if (!(session.clock > 0)) return;
  clocked = clocked || import("./clock.js").then((m) => m.attach({ loop, app, sound }), (e) => { clocked = null; notice(reason(e)); });
  clocked.then(() => {
    const turn = loop.turn;
    if (loop.session === session && turn && turn.turn !== null && !loop.over && !loop.clock?.timing) loop.clock?.start(turn.turn, loop.playerOf(turn.turn));
  });
}

/**
 * The page's state: the game on (the turn loop's), its variant and turn controller, the
 * seats the clock gave to a computer; and what the page does with it (begin a game, draw
 * it, new games, the setup).  Keeping it (boot, resume, links, recovery, saves) is
 * GameKeeping's (keeping.js).
 */
class GamePage extends GameKeeping {
  /** @param {ConstructorParameters<typeof GameKeeping>[0]} deps */
  constructor(deps) {
    super(deps);
    /** @type {Set<number>} seats the clock gave to a computer */
    this.away = new Set();
    /** @type {AnyTurn | null} the variant's turn controller (variants.js), chosen when a game begins */
    this.turn = null;
    /** @type {Variant | null} the game on's variant (variants.js), chosen when a game begins */
    this.variant = null;
    /** the page's sounds (for tests: what was played) */
    this.sound = sound;
  }

  /** Whether a move is being played or animated. */
  get busy() { return this.loop.busy; }

  /** @param {AnySession} session @param {{fromSave?: boolean, fromLink?: boolean}} [how] */
  begin(session, { fromSave = false, fromLink = false } = {}) {
    loop.stop();
    if (!fromSave && !fromLink) keeper.begin();   // a new game: a key of its own
    this.pendingFirstSave = fromLink;             // a link's game: saved once the engine answered for it
    this.variant = variantOf(session);
    this.turn = turns[this.variant.name];
    gameOver.reset();
    this.away = new Set();
    loop.clock?.reset();
    const size = session.boardSize;
    board.setSize(size.width, size.height);
    board.setSeats(seatStyles(session.players));
    hand.clear();
    log.rebuild(session);
    if (fromSave) notice(null);
    loop.begin(session);
    attachClock(session);
    this.save();
  }

  revealHand() {
    $("pass-screen").hidden = true;
    loop.reveal();
  }

  /** A move chosen on the human's turn (the turn controller, the exchange panel). @param {AnyKind["move"]} move */
  play(move) {
    loop.play(move).catch((e) => {
      if (engineDown(e)) this.recover(e);
      else notice(t("common.moveRefused", { reason: reason(e) }));
    });
  }

  undo() { loop.undo(); }
  redo() { loop.redo(); }

  // ---------------------------------------------------------------- drawing the state

  render() {
    const s = this.session;
    if (!s) return;
    if (!gameOver.replaying) {
      board.setPosition(s.view(s.position));
      board.setTrails(s.trails());
    }
    board.clearTurnAids();
    this.showPlayers();
    $("btn-hint").hidden = true;
    $("btn-undo").disabled = !s.canUndo();
    $("btn-redo").disabled = !s.canRedo();
    $("play-panel").hidden = false;   // until the engine says the game is over (the loop's `over`)
    $("gameover").hidden = true;
  }

  /** @param {AnyPosition} [position] @param {number[] | null} [scores] */
  showPlayers(position, scores = null) {
    const s = loop.game;
    if (position === undefined) position = s.position;
    const { levels, playerNotes } = variantOf(s);
    renderPlayers($("players"), s, position, { levels, notes: playerNotes, scores, tileset: this.tileset });
  }

  /** The banner over the board; said too (whose turn it is), unless `quiet`.
   *  @param {string} text @param {number | null} [seat] @param {{quiet?: boolean}} [opts] */
  setBanner(text, seat = null, { quiet = false } = {}) {
    const style = seat !== null && this.session ? seatStyles(this.session.players)[seat] : null;
    setBanner($("turn-banner"), text, style);
    if (!quiet) say(text);
  }

  /** The board in words (the D key): shown under the board and focused, so it is read. */
  describeBoard() {
    const s = this.session;
    if (!s) return;
    const pos = gameOver.replaying && gameOver.at !== null ? s.positions[gameOver.at] : s.position;
    const size = s.boardSize;
    const lines = describeBoard(s.view(pos), s.players, size);
    const advice = !loop.over && this.turn?.advice?.text;
    if (advice && this.turn?.human) lines.push(t("describe.chosen", { advice }));
    const list = $("board-text-list");
    list.replaceChildren(...lines.map((l) => Object.assign(document.createElement("li"), { textContent: l })));
    $("board-text").hidden = false;
    $("board-text").focus();
  }

  // ---------------------------------------------------------------- new games

  playAgain() {
    const s = loop.game;
    const rules = s instanceof Session && s.record ? s.record.rules : s.rules;
    this.newGame({ rules, players: s.players, seats: s.seats, clock: s.clock });
  }

  /** Deal a new game and begin it (the setup's, or the same again).
   *  @param {NewGame} game @param {boolean} [retried] @returns {Promise<AnySession | null | undefined>} */
  async newGame({ rules, players, seats, seed, clock = 0 }, retried = false) {
    this.setBanner(t("game.dealing"), null, { quiet: true });
    let session;
    try {
      session = await loop.deal(() => variantOf(rules).Session.create(engine, { rules, players, seats, seed }), (dealt) => {
        notice(null);
        dealt.clock = clock;
        this.begin(dealt);
      });
    } catch (e) {
      // queued behind a request that was stopped at its time limit: once more, on the new engine
      if (hasCode(e, "restarted") && !retried) return this.newGame({ rules, players, seats, seed, clock }, true);
      this.openSetup(t("game.startFailed", { reason: reason(e) }));
    }
    return session;
  }

  /** The other unfinished games and the kept saves, in the setup dialog. */
  renderGames() {
    const { entries, kept, current } = keeper.listing();
    gameList.render(entries, kept, current);
  }

  /** @param {string | null} [message] */
  openSetup(message = null) {
    this.renderGames();
    setup.open(message, !!(this.session && this.session.positions));
    if (!this.session) setPhase("setup");
    if (!this.session) this.setBanner(t("game.chooseSetup"), null, { quiet: true });
  }
}

const app = new GamePage({ engine, board, keeper, tilesetReady, loop });

// ------------------------------------------------------------------ the pieces

const log = new MoveLog($("log"));
const playPanel = new PlayPanel({ hand, board, note });

/** @type {EmbedCode} */
const embedCode = new EmbedCode({
  engine,
  // a classic game's (the course's are not embedded: variants.js's `shares`)
  at: () => (gameOver.session instanceof Session && gameOver.at !== null ? { session: gameOver.session, k: gameOver.at } : null),
});
/** @type {GameOver} */
const gameOver = new GameOver({
  engine, board, embedCode,
  speed: animationSpeed,
  showPlayers: (position, scores) => app.showPlayers(position, scores),
  markLog: (k) => log.markCurrent(k),
  setBanner: (text) => app.setBanner(text, null, { quiet: true }),   // the log's last line says it
  savedId: () => keeper.id,
});

const setup = new SetupDialog({
  onStart: (game) => app.newGame(game),
  canCancel: () => !!app.session,
});

const exchange = new ExchangeChooser({
  els: {
    panel: $("exchange-panel"), handBox: $("hand-box"),
    mine: $("exchange-mine"), theirs: $("exchange-theirs"), note: $("exchange-note"),
  },
  tileset: () => app.tileset,
  busy: () => app.busy,
  play: (move) => app.play(move),
});

// One turn controller per variant (variants.js), built once with what it may
// touch (each uses what its game needs: the classic one the exchange panel and
// the hint, the course's the port picker); begin() picks the one for the game on.
/** @type {TurnDeps<AnyTurnKind>} */
const turnDeps = {
  board, hand,
  game: () => loop.game,
  busy: () => app.busy,
  play: (move) => app.play(move),
  note,
  say,
  setBanner: (text, seat) => app.setBanner(text, seat),
  setPhase,
  focus: focusIfLost,
  tileset: () => app.tileset,
  placeButton: $("btn-place"),
  shake: shakeNote,
  exchange,
  hintButton: $("btn-hint"),
  portPicker: new PortPicker($("port-picker")),
};
const turns = Object.fromEntries(Object.entries(VARIANTS).map(([name, v]) => [name, v.turn(turnDeps)]));

// ------------------------------------------------------------------ wiring

board.on("startmark", (place) => app.turn?.chooseStart(place));
board.on("markselect", (place) => app.turn?.selectStart(place));
board.on("square", (square) => app.turn?.clickSquare(square));
board.on("markhover", (place) => app.turn?.hoverMark(place));
board.on("escape", () => app.turn?.back());

$("btn-describe").addEventListener("click", () => app.describeBoard());
$("btn-new").addEventListener("click", () => app.openSetup());
$("btn-undo").addEventListener("click", () => app.undo());
$("btn-redo").addEventListener("click", () => app.redo());
$("btn-place").addEventListener("click", () => app.turn?.place());
$("btn-pass").addEventListener("click", () => app.revealHand());
$("btn-hint").addEventListener("click", () => app.turn?.hint?.());
$("btn-exchange").addEventListener("click", () => exchange.finish());
$("btn-exchange-reset").addEventListener("click", () => exchange.reset());
$("btn-again").addEventListener("click", () => app.playAgain());
$("btn-setup").addEventListener("click", () => app.openSetup());
$("notice-close").addEventListener("click", () => notice(null));
wireCopyButton();
$("rp-first").addEventListener("click", () => gameOver.replay(0, false));
$("rp-prev").addEventListener("click", () => gameOver.replayBy(-1, false));
$("rp-next").addEventListener("click", () => gameOver.replayBy(1, true));
$("rp-last").addEventListener("click", () => gameOver.replay(loop.game.moves.length, false));
$("rp-range").addEventListener("input", () => gameOver.replay(Number($("rp-range").value), false));

document.addEventListener("keydown", (e) => {
  const t = /** @type {HTMLElement | null} */ (e.target);
  if (setup.isOpen) return;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); e.shiftKey ? app.redo() : app.undo(); }
    return;
  }
  if (e.key === "u" || e.key === "U") { e.shiftKey ? app.redo() : app.undo(); e.preventDefault(); return; }
  if ($("help").open) return;   // ? opens it (bar.js)
  if (e.key === "n" || e.key === "N") { app.openSetup(); e.preventDefault(); return; }
  if ((e.key === "h" || e.key === "H") && !$("btn-hint").hidden) { app.turn?.hint?.(); e.preventDefault(); return; }
  if (e.key === "d" || e.key === "D") { app.describeBoard(); e.preventDefault(); return; }
  if (app.session && loop.over && gameOver.replaying && t === document.body) {
    if (e.key === "ArrowRight") { gameOver.replayBy(1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { gameOver.replayBy(-1, false); e.preventDefault(); }
    return;
  }
  app.turn?.handleKey(e);
});

// Another tab wrote the game this tab plays: say so, offer to load it.
keeper.watch((save) => {
  if (!save) return notice(t("game.removedElsewhere"));
  notice(t("game.changedElsewhere"), { label: t("game.loadIt"), run: () => { notice(null); app.resumeGame(keeper.id); } });
});

window.addEventListener("hashchange", () => {
  const hash = location.hash.replace(/^#/, "");
  if (/^[rp]=/.test(hash)) {
    history.replaceState(null, "", location.pathname + location.search);
    setup.close();
    app.openLink(hash);
  }
});

// for tests and the curious: the page's state, read-only by convention
window.tsuroApp = app;
// sw.js sends a page of the later tier, opened offline before this device stored it, here.
const offlineLater = addressParam("offline", oneOf(["later"]), null) === "later";
if (offlineLater) history.replaceState(null, "", location.pathname + location.hash);
app.boot().then(() => { if (offlineLater) notice(t("game.offlineLater")); })
  // what the page ignored in its address or put aside from its storage: said once the game is
  // on, in the setup dialog when it is open (a notice would wait behind it, then be cleared)
  .finally(() => tellRefusals((text, before) => (setup.isOpen ? setup.note(text, before) : tellInNotice(text, before))));
// a new version of the site: offered, never forced (the game is saved and resumes)
watchForUpdates((apply) => notice(t("update.ready"), { label: t("update.reload"), run: apply }));
