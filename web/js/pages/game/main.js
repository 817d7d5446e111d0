// The game page (index.html): the wiring.  It keeps the game on (a Session,
// through the engine), runs the turn loop (a computer's move, the hot-seat
// screen, a human's turn handed to the variant's turn controller), plays and
// animates each move, and connects the page's buttons and keys.  Every rule
// comes from the engine; every piece of the page is its own module:
//
//   turn.js / neu-turn.js  a human's turn (ClassicTurn, NeuTurn), chosen by variants.js
//   exchange.js            the elimination bonus's exchange panel
//   setup.js               the setup dialog
//   panels.js              the players panel, the move log, the banner
//   gameover.js            the game-over panel, the replay, the share link
//   page.js                the engine's loading status, notices, focus, the phase
//   session.js / neu.js    the game kept by the page (requests within their time limits)
//   saves.js / gamelist.js every game under its own key, and the list of them

import { getEngine, installWindowTsuro, siteURL } from "../../lib/engine/client.js";
import { Board } from "../../lib/views/board.js";
import { HandView } from "../../lib/views/hand.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { Session, ask, ENGINE_DOWN } from "../../lib/game/session.js";
import { GameKeeper, downloadKept } from "../../lib/game/saves.js";
import { GameList } from "./gamelist.js";
import { VARIANTS, variantOf } from "./variants.js";
import { ExchangeChooser } from "../../lib/turns/exchange.js";
import { SetupDialog, animationSpeed } from "./setup.js";
import { renderPlayers, setBanner, MoveLog, PlayPanel } from "./panels.js";
import { showEngineStatus, reason, setPhase, notice, note, shakeNote, announce, say, focusIfLost, wireCopyButton } from "../../lib/shell/page.js";
import { describeBoard } from "../../lib/words/describe.js";
import { GameOver } from "./gameover.js";
import { handToTurn } from "../../lib/turns/classic.js";
import { PortPicker } from "../../lib/turns/neu.js";
import { t, applyTo } from "../../lib/words/i18n.js";
import { drawIcons } from "../../lib/views/icon.js";
import { wireLanguagePicker } from "../../lib/shell/langpick.js";
import { keysHelp } from "../../lib/shell/keys.js";
import { applyTheme, wireThemeButton } from "../../lib/shell/theme.js";
import { Sound } from "../../lib/shell/sound.js";
import { watchForUpdates } from "../../lib/shell/update.js";
import { EmbedCode } from "./embedcode.js";

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ the board, at once

applyTheme();
applyTo(document);
drawIcons();
wireLanguagePicker($("lang-select"));
wireThemeButton($("btn-theme"));
const sound = new Sound();
sound.wire($("btn-sound"));
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

/** A saved game, replayed by the engine into the session of its variant. */
function restore(save) {
  return variantOf(save).Session.fromSave(engine, save);
}

// Every game under its own key (saves.js); the player is told when nothing can be kept.
const keeper = new GameKeeper(undefined, { onFailure: (text) => notice(text) });
const gameList = new GameList($("games-panel"), {
  resume: (id) => { setup.close(); app.resumeGame(id); },
  download: (kept) => downloadKept(kept),
  forgetKept: (id) => { keeper.store.dropKept(id); app.renderGames(); },
});

// ------------------------------------------------------------------ the app

const app = {
  session: null,
  tileset: null,
  turn: null,        // the variant's turn controller (variants.js), chosen when a game begins
  gen: 0,            // bumped whenever the game changes under a pending step
  busy: false,       // a move is being played / animated
  revealedTo: null,  // hot-seat: the seat whose hand is showing

  // ---------------------------------------------------------------- boot

  async boot() {
    this.tileset = await tilesetReady.catch(() => null);
    const hash = location.hash.replace(/^#/, "");
    if (/^[rp]=/.test(hash)) {
      history.replaceState(null, "", location.pathname + location.search);
      return this.openLink(hash);
    }
    const found = await keeper.resumable();
    if (found) await this.resumeGame(found.id, found.save);
    else this.openSetup();
    const unavailable = keeper.unavailable();
    if (unavailable) notice(t("game.noKeep", { reason: unavailable }));
  },

  /**
   * Resume a stored game.  One the engine refuses (or that makes it work past its time
   * limit) is put aside, never deleted, and the player told; if the engine itself is
   * down, the save stays where it is.
   */
  async resumeGame(id, save = keeper.saveOf(id)) {
    this.gen++;
    if (!save) return this.openSetup(this.keepAside(id, keeper.store.whyUnreadable(id) || t("saves.gone")));
    if (save.position) this.showEarly(save);
    try {
      const session = await restore(save);
      keeper.begin(id);
      return this.begin(session, { fromSave: true });
    } catch (e) {
      if (engine.failed && e.code !== "timeout") {
        // the engine is down, not the save: keep it for the next visit
        this.setBanner(t("game.saveKept"));
        return notice(t("game.engineDownSave", { reason: reason(engine.failed) }));
      }
      return this.openSetup(this.keepAside(id, reason(e)));
    }
  },

  /** Put a save that cannot be resumed aside; returns what to tell the player. */
  keepAside(id, why) {
    const kept = keeper.keepAside(why, id);
    return kept
      ? t("game.asideDownload", { why })
      : t("game.asideLeft", { why });
  },

  /** Draw a saved position before the engine has replayed it (drawing only). */
  showEarly(save) {
    try {
      const variant = variantOf(save);
      const position = save.position;
      if (variant.name !== "classic") board.setSize(10, 10);
      board.setSeats(seatStyles(position.players));
      board.setPosition(variant.view(position));
      $("turn-banner").textContent = t("game.resuming");
    } catch { /* the engine will judge it */ }
  },

  /**
   * Open a share link as a game of its own.  It is saved (under a new key) only once the
   * engine has answered for it; until then, and if it fails, the player's game is untouched.
   */
  async openLink(fragment) {
    this.gen++;
    setPhase("busy");
    const previous = keeper.id || (await keeper.resumable())?.id || null;
    const failed = (e) => this.backTo(previous, t("game.linkFailed", { reason: reason(e) }));
    let value, session;
    try {
      value = await ask(engine, "decode_link", { fragment });
      session = value.record
        ? await Session.fromRecord(engine, value.record)
        : await Session.fromPosition(engine, value.position);
    } catch (e) {
      return failed(e);
    }
    const text = value.record
      ? t(session.over ? "game.sharedOver" : "game.sharedGame")
      : t("game.sharedPosition");
    const mine = previous && keeper.store.get(previous);
    if (mine && !mine.over) {
      notice(t("game.ownKept", { text }), { label: t("game.backToMine"), run: () => { notice(null); this.resumeGame(previous); } });
    } else notice(text);
    keeper.begin();
    this.linkPrevious = previous;  // where a failure of the link's first step goes back to
    return this.begin(session, { fromLink: true });
  },

  /** Back to a stored game (or the setup if there is none), telling the player why. */
  async backTo(id, text) {
    if (id && keeper.store.get(id)) {
      await this.resumeGame(id);
      return notice(t("game.backToGame", { text }));
    }
    keeper.forget();
    this.session = null;
    board.setPosition(null);
    return this.openSetup(t("game.freshInstead", { text }));
  },

  /**
   * The engine failed us (a request past its time limit, a dead worker): restart it,
   * tell the player, and go back to the last saved position of the game.
   */
  async recover(e) {
    this.gen++;
    if (engine.failed) engine.restart();   // a dead worker; a time-out has restarted it already
    const text = t(e.code === "timeout" ? "game.restartedTimeout" : "game.restartedStopped");
    if (this.pendingFirstSave) return this.backTo(this.linkPrevious, text);
    await this.resumeGame(keeper.id);
    notice(t("game.fromLastSave", { text }));
  },

  begin(session, { fromSave = false, fromLink = false } = {}) {
    this.gen++;
    this.turn?.stop();
    if (!fromSave && !fromLink) keeper.begin();   // a new game: a key of its own
    this.pendingFirstSave = fromLink;             // a link's game: saved once the engine answered for it
    this.session = session;
    this.variant = variantOf(session);
    this.turn = turns[this.variant.name];
    this.revealedTo = null;
    gameOver.reset();
    const size = session.boardSize;
    board.setSize(size.width, size.height);
    board.setSeats(seatStyles(session.players));
    hand.clear();
    log.rebuild(session);
    this.save();
    this.advance();
    if (fromSave && !session.over) notice(null);
  },

  save() {
    if (!this.session || this.pendingFirstSave) return;
    keeper.save(this.session);
  },

  /** A link's game waiting at the hot-seat screen: have the engine answer for it now. */
  async checkFirst(gen) {
    try {
      await this.session.legalMoves();
    } catch (e) {
      if (gen === this.gen && ENGINE_DOWN.has(e.code)) this.recover(e);
      return;   // a refusal shows when the player takes the turn
    }
    if (gen === this.gen) this.accepted();
  },

  /** The engine has answered for the game on: a link's game may now be saved. */
  accepted() {
    if (!this.pendingFirstSave) return;
    this.pendingFirstSave = false;
    this.save();
  },

  // ---------------------------------------------------------------- the turn loop

  async advance() {
    const gen = ++this.gen;
    setPhase("busy");
    const s = this.session;
    this.turn.stop();
    this.busy = false;
    this.render();
    if (s.over) {
      this.accepted();   // every move of it was replayed by the engine
      setPhase("over");
      return gameOver.show(s);
    }
    const seat = s.turn;
    const name = s.players[seat].name;
    if (!s.isHuman(seat)) {
      setPhase("computer");
      this.setBanner(t("game.thinking", { name }), seat);
      playPanel.showHand(s, null);
      const t0 = performance.now();
      let move;
      try {
        move = await s.botMove(s.seats[seat].level === "hard" ? 450 : 250);
      } catch (e) {
        if (gen !== this.gen) return;
        if (ENGINE_DOWN.has(e.code)) return this.recover(e);
        notice(t("game.botFailed", { reason: reason(e) }));
        return;
      }
      this.accepted();
      const wait = animationSpeed() ? 450 / animationSpeed() - (performance.now() - t0) : 0;
      if (wait > 0) await sleep(wait);
      if (gen !== this.gen) return;
      return this.playMove(move, gen);
    }
    // a human's turn
    if (playPanel.hidesHands(s) && this.revealedTo !== seat) {
      this.setBanner(t("game.turnOf", { name }), seat);
      setPhase("pass");
      playPanel.showPass(s, seat);
      if (this.pendingFirstSave) this.checkFirst(gen);
      return;
    }
    this.revealedTo = seat;
    let legal;
    try {
      legal = await s.legalMoves();
    } catch (e) {
      if (gen !== this.gen) return;
      if (ENGINE_DOWN.has(e.code)) return this.recover(e);
      notice(t("game.legalFailed", { reason: reason(e) }));
      return;
    }
    if (gen !== this.gen) return;
    this.accepted();
    playPanel.showHand(s, seat);
    this.turn.start(seat, legal);
  },

  revealHand() {
    const s = this.session;
    if (!s || s.over) return;
    this.revealedTo = s.turn;
    $("pass-screen").hidden = true;
    this.advance();
  },

  async playMove(move, gen = this.gen) {
    if (gen !== this.gen) return;
    this.busy = true;
    setPhase("busy");
    const mover = this.session.turn;
    if (mover !== null && mover !== undefined) this.setBanner(t("game.moves", { name: this.session.players[mover].name }), mover, { quiet: true });
    this.turn.refresh();   // the hand, frozen while the move is played
    $("btn-place").disabled = true;
    board.setStartMarks([]);
    board.setChoices([]);
    let r;
    try {
      r = await this.session.play(move);
    } catch (e) {
      this.busy = false;
      if (gen !== this.gen) return;
      if (ENGINE_DOWN.has(e.code)) return this.recover(e);
      notice(t("common.moveRefused", { reason: reason(e) }));
      if (gen === this.gen) this.advance();
      return;
    }
    if (gen !== this.gen) return;
    this.save();
    board.clearPreview();
    board.setTarget(null);
    sound.forEvents(r.events);
    await board.animate(r.events, { speed: animationSpeed() });
    if (gen !== this.gen) return;
    log.append(this.session, this.session.moves.length - 1);
    for (const line of this.session.describe(r.events)) say(line.text);
    this.advance();
  },

  // ---------------------------------------------------------------- undo / redo

  undo() {
    const s = this.session;
    if (!s || !s.canUndo()) return;
    s.undo();
    this.revealedTo = s.isHuman(s.turn) ? s.turn : this.revealedTo;
    gameOver.reset();
    $("gameover").hidden = true;
    $("play-panel").hidden = false;
    log.rebuild(s);
    this.save();
    announce(t("game.undone"));
    this.advance();
  },

  async redo() {
    const s = this.session;
    if (!s || !s.canRedo() || this.busy) return;
    this.gen++;
    this.busy = true;
    try {
      await s.redo();
    } catch (e) {
      notice(t("game.redoFailed", { reason: reason(e) }));
    }
    this.revealedTo = s.isHuman(s.turn) ? s.turn : this.revealedTo;
    log.rebuild(s);
    this.save();
    announce(t("game.redone"));
    this.advance();
  },

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
    $("play-panel").hidden = s.over;
    if (!s.over) $("gameover").hidden = true;
  },

  showPlayers(position = this.session.position, scores = null) {
    const { levels, playerNotes } = this.variant;
    renderPlayers($("players"), this.session, position, { levels, notes: playerNotes, scores, tileset: this.tileset });
  },

  /** The banner over the board; said too (whose turn it is), unless `quiet`. */
  setBanner(text, seat = null, { quiet = false } = {}) {
    const style = seat !== null && this.session ? seatStyles(this.session.players)[seat] : null;
    setBanner($("turn-banner"), text, style);
    if (!quiet) say(text);
  },

  /** The board in words (the D key): shown under the board and focused, so it is read. */
  describeBoard() {
    const s = this.session;
    if (!s) return;
    const pos = gameOver.replaying ? s.positions[gameOver.at] : s.position;
    const size = s.boardSize;
    const lines = describeBoard(s.view(pos), s.players, size);
    const advice = !s.over && this.turn?.advice?.text;
    if (advice && this.turn.human) lines.push(t("describe.chosen", { advice }));
    const list = $("board-text-list");
    list.replaceChildren(...lines.map((l) => Object.assign(document.createElement("li"), { textContent: l })));
    $("board-text").hidden = false;
    $("board-text").focus();
  },

  // ---------------------------------------------------------------- new games

  playAgain() {
    const s = this.session;
    const rules = s.record ? s.record.rules : s.rules;
    this.newGame({ rules, players: s.players, seats: s.seats });
  },

  async newGame({ rules, players, seats, seed }, retried = false) {
    const gen = ++this.gen;
    this.setBanner(t("game.dealing"), null, { quiet: true });
    try {
      const session = await variantOf(rules).Session.create(engine, { rules, players, seats, seed });
      if (gen !== this.gen) return;
      notice(null);
      this.begin(session);
    } catch (e) {
      if (gen !== this.gen) return;
      // queued behind a request that was stopped at its time limit: once more, on the new engine
      if (e.code === "restarted" && !retried) return this.newGame({ rules, players, seats, seed }, true);
      this.openSetup(t("game.startFailed", { reason: reason(e) }));
    }
  },

  /** The other unfinished games and the kept saves, in the setup dialog. */
  renderGames() {
    const { entries, kept, current } = keeper.listing();
    gameList.render(entries, kept, current);
  },

  openSetup(message = null) {
    this.renderGames();
    setup.open(message, !!(this.session && this.session.positions));
    if (!this.session) setPhase("setup");
    if (!this.session) this.setBanner(t("game.chooseSetup"), null, { quiet: true });
  },
};

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// ------------------------------------------------------------------ the pieces

const log = new MoveLog($("log"));
const playPanel = new PlayPanel({ hand, board, note });

const embedCode = new EmbedCode({
  engine,
  at: () => (gameOver.session && gameOver.replaying ? { session: gameOver.session, k: gameOver.at } : null),
});
const gameOver = new GameOver({
  engine, board, embedCode,
  speed: animationSpeed,
  showPlayers: (position, scores) => app.showPlayers(position, scores),
  markLog: (k) => log.markCurrent(k),
  setBanner: (text) => app.setBanner(text, null, { quiet: true }),   // the log's last line says it
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
  play: (move) => app.playMove(move),
});

// One turn controller per variant (variants.js), built once with what it may
// touch (each uses what its game needs: the classic one the exchange panel and
// the hint, the course's the port picker); begin() picks the one for the game on.
const turnDeps = {
  board, hand,
  game: () => app.session,
  busy: () => app.busy,
  play: (move) => app.playMove(move),
  note,
  setBanner: (text, seat) => app.setBanner(text, seat),
  setPhase,
  focus: focusIfLost,
  tileset: () => app.tileset,
  placeButton: $("btn-place"),
  shake: shakeNote,
  exchange,
  hintButton: $("btn-hint"),
  hintMove: () => app.session.hint(),
  portPicker: new PortPicker($("port-picker")),
};
const turns = Object.fromEntries(Object.entries(VARIANTS).map(([name, v]) => [name, new v.Turn(turnDeps)]));

// ------------------------------------------------------------------ wiring

board.on("startmark", (place) => app.turn?.chooseStart(place));
board.on("square", (square) => app.turn?.clickSquare(square));
board.on("markhover", (place) => app.turn?.hoverMark(place));
board.on("escape", () => app.turn?.back());

const openHelp = keysHelp($("help"), $("help-keys"), $("help-close"));
$("btn-help").addEventListener("click", openHelp);
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
$("rp-prev").addEventListener("click", () => gameOver.replay(gameOver.at - 1, false));
$("rp-next").addEventListener("click", () => gameOver.replay(gameOver.at + 1, true));
$("rp-last").addEventListener("click", () => gameOver.replay(app.session.moves.length, false));
$("rp-range").addEventListener("input", (e) => gameOver.replay(Number(e.target.value), false));

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (setup.isOpen) return;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); e.shiftKey ? app.redo() : app.undo(); }
    return;
  }
  if (e.key === "u" || e.key === "U") { e.shiftKey ? app.redo() : app.undo(); e.preventDefault(); return; }
  if ($("help").open) return;
  if (e.key === "?") { openHelp(); e.preventDefault(); return; }
  if (e.key === "n" || e.key === "N") { app.openSetup(); e.preventDefault(); return; }
  if ((e.key === "h" || e.key === "H") && !$("btn-hint").hidden) { app.turn?.hint?.(); e.preventDefault(); return; }
  if (e.key === "d" || e.key === "D") { app.describeBoard(); e.preventDefault(); return; }
  if (app.session && app.session.over && gameOver.replaying && t === document.body) {
    if (e.key === "ArrowRight") { gameOver.replay(gameOver.at + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { gameOver.replay(gameOver.at - 1, false); e.preventDefault(); }
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
app.sound = sound;
app.boot();
// a new version of the site: offered, never forced (the game is saved and resumes)
watchForUpdates((apply) => notice(t("update.ready"), { label: t("update.reload"), run: apply }));
