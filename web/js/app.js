// The game page (index.html): setup, play, results, replay.  A controller:
// it asks the engine (through Session) for every rule and tells the views
// (Board, HandView) what to draw.

import { getEngine, installWindowTsuro, siteURL } from "./engine.js";
import { Board, drawMarker } from "./board.js";
import { HandView, miniTiles } from "./hand.js";
import { loadTileSet } from "./tileset.js";
import { seatStyles, COLOR_NAMES, DEFAULT_COLORS, colorOf, inkOn, SHAPES } from "./style.js";
import { Session, EngineRefused, ask, ENGINE_DOWN } from "./session.js";
import { GameKeeper, downloadKept } from "./saves.js";
import { GameList } from "./gamelist.js";
import { winnersText } from "./movelog.js";
import { NeuSession, NeuTurn, NEU_COLORS, NEU_MIN, NEU_MAX, isNeu, neuView } from "./neu.js";

const $ = (id) => document.getElementById(id);
const SETUP_KEY = "tsuro.setup";
const NS = "http://www.w3.org/2000/svg";

// ------------------------------------------------------------------ the board, at once

const board = new Board($("board"), { width: 6, height: 6, label: "Tsuro board, 6 by 6 squares" });
// board-visible is marked by the page's static board; here only if it had none
try { if (!performance.getEntriesByName("board-visible").length) performance.mark("board-visible"); } catch { /* old browsers */ }

const engine = getEngine();
installWindowTsuro(engine);

const hand = new HandView($("hand"), {
  select: (i, fromClick) => turnUI().selectTile(i, fromClick),
  rotate: (i, dir) => turnUI().rotateTile(i, dir),
  hover: (i) => turnUI().hoverTile(i),
  place: (i) => turnUI().place(i),
});

// ------------------------------------------------------------------ engine loading

engine.onProgress((p) => {
  $("engine-progress").value = p.fraction;
  $("engine-label").textContent = `${p.label}… ${Math.round(p.fraction * 100)}%`;
});
engine.ready.then(
  () => {
    $("engine-status").classList.add("done");
    $("engine-label").textContent = "Rules engine ready.";
    setTimeout(() => { $("engine-status").hidden = true; }, 600);
  },
  (e) => {
    $("engine-status").classList.add("failed");
    $("engine-label").textContent = `The rules engine could not start: ${e.message}`;
  },
);

const tilesetReady = loadTileSet(siteURL("tiles.json"), engine).then((ts) => {
  board.setTileSet(ts);
  hand.setTileSet(ts);
  return ts;
});

// ------------------------------------------------------------------ settings

function loadJSON(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}
function saveJSON(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: no autosave */ }
}

function animationSpeed() {
  const params = new URLSearchParams(location.search);
  if (params.has("anim")) return Number(params.get("anim")) || 0;
  const s = loadJSON(SETUP_KEY);
  return s && s.speed !== undefined ? Number(s.speed) : 1;
}

// ------------------------------------------------------------------ saves

// Every game under its own key (saves.js); the player is told when nothing can be kept.
const keeper = new GameKeeper(undefined, { onFailure: (text) => notice(text) });
const gameList = new GameList($("games-panel"), {
  resume: (id) => { $("setup").close(); app.resumeGame(id); },
  download: (kept) => downloadKept(kept),
  forgetKept: (id) => { keeper.store.dropKept(id); app.renderGames(); },
});

// ------------------------------------------------------------------ the app

const app = {
  session: null,
  tileset: null,
  gen: 0,            // bumped whenever the game changes under a pending step
  busy: false,       // a move is being played / animated
  human: null,       // the human turn being played: {seat, phase, legal, tiles, rots, selected, hover}
  revealedTo: null,  // hot-seat: the seat whose hand is showing
  replayAt: null,    // game over: the position shown

  // ---------------------------------------------------------------- boot

  async boot() {
    this.tileset = await tilesetReady.catch(() => null);
    const hash = location.hash.replace(/^#/, "");
    if (/^[rp]=/.test(hash)) {
      history.replaceState(null, "", location.pathname + location.search);
      return this.openLink(hash);
    }
    const unavailable = keeper.unavailable();
    if (unavailable) notice(`Games will not be kept if you close or reload the page: ${unavailable}.`);
    const found = await keeper.resumable();
    if (found) return this.resumeGame(found.id, found.save);
    this.openSetup();
  },

  /**
   * Resume a stored game.  One the engine refuses is put aside (never deleted) and the
   * player told; if the engine itself is down, the save stays where it is.
   */
  async resumeGame(id, save = keeper.saveOf(id)) {
    this.gen++;
    if (!save) return this.openSetup(this.keepAside(id, keeper.store.whyUnreadable(id) || "it is gone"));
    if (save.position) this.showEarly(save.position);
    try {
      const session = await restore(save);
      keeper.begin(id);
      return this.begin(session, { fromSave: true });
    } catch (e) {
      if (engine.failed && e.code !== "timeout") {
        // the engine is down, not the save: keep it for the next visit
        this.setBanner("Your saved game is kept: reload the page to try again.");
        return notice(`The rules engine could not start (${reason(engine.failed)}), so your saved game cannot be resumed now. It is kept: reload to try again.`);
      }
      return this.openSetup(this.keepAside(id, reason(e)));
    }
  },

  /** Put a save that cannot be resumed aside; returns what to tell the player. */
  keepAside(id, why) {
    const kept = keeper.keepAside(why, id);
    return kept
      ? `Your saved game could not be resumed (${why}). It is kept: download it from the list below.`
      : `Your saved game could not be resumed (${why}). It is left as it was.`;
  },

  /** Draw a saved position before the engine has replayed it (drawing only). */
  showEarly(position) {
    try {
      if (isNeu(position)) board.setSize(10, 10);
      board.setSeats(seatStyles(position.players));
      board.setPosition(isNeu(position) ? neuView(position) : position);
      $("turn-banner").textContent = "Resuming your game…";
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
    const failed = (e) => this.backTo(previous, `That share link could not be opened: ${reason(e)}.`);
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
      ? (session.over ? "A shared game: step through it with the replay controls." : "A shared game: every seat is played here, hot-seat. Play on!")
      : "A shared position: play on from here, hot-seat.";
    const mine = previous && keeper.store.get(previous);
    if (mine && !mine.over) {
      notice(`${text} Your own game was kept.`, { label: "Back to my game", run: () => { notice(null); this.resumeGame(previous); } });
    } else notice(text);
    keeper.begin();
    this.linkPrevious = previous;  // where a failure of the link's first step goes back to
    return this.begin(session, { fromLink: true });
  },

  /** Back to a stored game (or the setup if there is none), telling the player why. */
  backTo(id, text) {
    if (id && keeper.store.get(id)) {
      notice(`${text} You are back to your game.`);
      return this.resumeGame(id);
    }
    keeper.forget();
    this.session = null;
    board.setPosition(null);
    return this.openSetup(`${text} Here is a fresh game instead.`);
  },

  /**
   * The engine failed us (a request past its time limit, a dead worker): restart it,
   * tell the player, and go back to the last saved position of the game.
   */
  async recover(e) {
    this.gen++;
    if (engine.failed) engine.restart();   // a dead worker; a time-out has restarted it already
    const text = `The rules engine ${e.code === "timeout" ? "took too long to answer" : "stopped"} and was restarted.`;
    if (this.pendingFirstSave) return this.backTo(this.linkPrevious, text);
    notice(`${text} Your game goes on from its last saved position.`);
    return this.resumeGame(keeper.id);
  },

  begin(session, { fromSave = false, fromLink = false } = {}) {
    this.gen++;
    if (!fromSave && !fromLink) keeper.begin();   // a new game: a key of its own
    this.pendingFirstSave = fromLink;             // a link's game: saved once the engine answered for it
    this.session = session;
    this.human = null;
    this.revealedTo = null;
    this.replayAt = null;
    this.scores = null;
    const size = session.boardSize;
    board.setSize(size.width, size.height);
    board.setSeats(seatStyles(session.players));
    hand.clear();
    this.rebuildLog();
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
    this.human = null;
    neuTurn.stop();
    this.busy = false;
    this.render();
    if (s.over) {
      this.accepted();   // every move of it was replayed by the engine
      return this.showGameOver();
    }
    const seat = s.turn;
    const name = s.players[seat].name;
    if (!s.isHuman(seat)) {
      setPhase("computer");
      this.setBanner(`${name} (computer) is thinking…`, seat);
      this.showHandFor(null);
      const t0 = performance.now();
      let move;
      try {
        move = await s.botMove(s.seats[seat].level === "hard" ? 450 : 250);
      } catch (e) {
        if (gen !== this.gen) return;
        if (ENGINE_DOWN.has(e.code)) return this.recover(e);
        notice(`The computer player could not move: ${reason(e)}`);
        return;
      }
      this.accepted();
      const wait = animationSpeed() ? 450 / animationSpeed() - (performance.now() - t0) : 0;
      if (wait > 0) await sleep(wait);
      if (gen !== this.gen) return;
      return this.playMove(move, gen);
    }
    // a human's turn
    if (this.hidesHands() && this.revealedTo !== seat) {
      this.setBanner(`${name}'s turn`, seat);
      this.showPassScreen(seat);
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
      notice(`The engine could not list the moves: ${reason(e)}`);
      return;
    }
    if (gen !== this.gen) return;
    this.accepted();
    if (s instanceof NeuSession) {
      this.showHandFor(seat);
      neuTurn.start(seat, legal);   // the course variant's controls (neu.js)
    } else this.startHumanTurn(seat, legal);
  },

  hidesHands() {
    const s = this.session;
    return s.humanCount >= 2 && !openHands(s.rules);
  },

  showPassScreen(seat) {
    setPhase("pass");
    $("hand-box").hidden = true;
    $("exchange-panel").hidden = true;
    $("pass-screen").hidden = false;
    $("pass-name").textContent = this.session.players[seat].name;
    $("btn-pass").textContent = `I'm ${this.session.players[seat].name}: show my tiles`;
    $("hand-title").textContent = "Tiles";
    hand.clear();
    board.setStartMarks([]);
    board.setTarget(null);
    board.clearPreview();
    $("btn-pass").focus({ preventScroll: true });
  },

  revealHand() {
    const s = this.session;
    if (!s || s.over) return;
    this.revealedTo = s.turn;
    $("pass-screen").hidden = true;
    this.advance();
  },

  startHumanTurn(seat, legal) {
    const s = this.session;
    const pos = s.position;
    const name = s.players[seat].name;
    const color = colorOf(s.players[seat].color);
    const h = {
      seat, phase: legal.phase, legal: legal.moves, tiles: (pos.hands && pos.hands[seat]) || [],
      rots: [], selected: -1, hover: null, pairs: [],
    };
    h.rots = h.tiles.map(() => 0);
    this.human = h;
    this.showHandFor(seat);
    setPhase(h.phase);
    $("btn-hint").hidden = h.phase === "exchange";
    $("btn-hint").disabled = false;
    if (h.phase === "start") {
      this.setBanner(`${name}: choose a start mark on the edge`, seat);
      board.setStartMarks(legal.moves.map((m) => m.move.start), color);
      board.setTarget(null);
      this.note("Click or tap a glowing mark on the edge of the board. Keyboard: focus the board (Tab), then arrow keys and Enter.");
      $("btn-place").disabled = true;
      $("btn-place").textContent = "Place tile";
      this.renderHand(false);
      focusIfLost(() => board.svg);
    } else if (h.phase === "tile") {
      this.setBanner(`${name}: play a tile`, seat);
      board.setStartMarks([]);
      const m = pos.markers[seat];
      board.setTarget([m[0], m[1]], color);
      // start on the first tile turned to its first placement that keeps the marker on
      const firstSafe = h.legal.find((x) => x.legal && !x.self_eliminating) || h.legal.find((x) => x.legal);
      h.selected = firstSafe ? Math.max(0, h.tiles.indexOf(firstSafe.move.tile)) : 0;
      if (firstSafe) h.rots[h.selected] = firstSafe.move.rot;
      this.refreshHuman();
      focusIfLost(() => document.querySelector(`#hand .hand-tile[data-index="${h.selected}"]`));
    } else if (h.phase === "exchange") {
      this.setBanner(`${name}: exchange tiles?`, seat);
      board.setStartMarks([]);
      board.setTarget(null);
      this.startExchange();
    }
  },

  /** Which panel shows: a hand (seat) or nothing. */
  showHandFor(seat) {
    const s = this.session;
    $("pass-screen").hidden = true;
    $("exchange-panel").hidden = true;
    $("hand-box").hidden = false;
    let show = seat;
    if (show === null) {
      // a computer's turn: with one human, keep that human's hand in view
      const humans = s.seats.map((x, i) => (x.kind !== "computer" && !s.outSeats(s.position).includes(i) ? i : -1)).filter((i) => i >= 0);
      if (humans.length === 1 && !this.hidesHands()) show = humans[0];
      else if (this.hidesHands()) show = null;
    }
    if (show === null || show === undefined) {
      hand.clear();
      $("hand-title").textContent = "Tiles";
      $("btn-place").disabled = true;
      this.note(s.over ? "" : "Waiting for the computer…");
      return;
    }
    const tiles = s.handOf(s.position, show);
    if (!tiles.length) {
      // the course variant hands tiles out only on a player's turn
      hand.clear();
      $("hand-title").textContent = "Tiles";
      $("btn-place").disabled = true;
      this.note(s.over ? "" : "Waiting for the computer…");
      return;
    }
    $("hand-title").textContent = `${possessive(s.players[show].name)} tiles${show === s.turn ? "" : " (waiting for the others)"}`;
    if (show !== s.turn) {
      hand.render({ tiles, rots: tiles.map(() => 0), selected: -1, enabled: false });
      $("btn-place").disabled = true;
      this.note("");
    }
  },

  renderHand(enabled = true) {
    const h = this.human;
    if (!h) return;
    const marks = h.phase === "tile" ? h.tiles.map((t, i) => {
      const o = this.outcome(t, h.rots[i]);
      return o ? { bad: o.self_eliminating, label: this.outcomeText(o, true) } : null;
    }) : [];
    hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks, enabled, owner: this.session.players[h.seat].name });
  },

  /** legal_moves' entry for a tile at a rotation (any rotation: the canonical one is looked up). */
  outcome(tile, rot) {
    const h = this.human;
    if (!h || !this.tileset) return null;
    const canon = this.tileset.canonical(tile, rot);
    return h.legal.find((m) => m.move.tile === tile && m.move.rot === canon) || null;
  },

  outcomeText(o, short = false) {
    const s = this.session;
    const me = this.human.seat;
    const name = (k) => s.players[k].name;
    const mine = o.out.find((x) => x.seat === me);
    const others = o.out.filter((x) => x.seat !== me);
    const parts = [];
    if (mine) {
      if (mine.reason === "collision") {
        const w = o.out.find((x) => x.seat !== me && x.reason === "collision");
        parts.push(w ? `collides with ${name(w.seat)}: both out` : "collides: you are out");
      } else parts.push("sends your marker off the edge: you are out");
    } else parts.push("keeps your marker on the board");
    for (const x of others) {
      if (mine && x.reason === "collision") continue;
      parts.push(x.reason === "collision" ? `${name(x.seat)} collides` : `sends ${name(x.seat)} off the edge`);
    }
    const text = parts.join("; ");
    if (short) return text;
    return text.charAt(0).toUpperCase() + text.slice(1) + ".";
  },

  refreshHuman() {
    const h = this.human;
    if (!h || h.phase !== "tile") return;
    this.renderHand(!this.busy);
    const i = h.hover ?? h.selected;
    const m = this.session.position.markers[h.seat];
    const o = i >= 0 ? this.outcome(h.tiles[i], h.rots[i]) : null;
    if (o) {
      board.setPreview({ square: [m[0], m[1]], tile: h.tiles[i], rot: h.rots[i], paths: o.paths, out: o.out, bad: o.self_eliminating });
    } else board.clearPreview();
    const sel = h.selected >= 0 ? this.outcome(h.tiles[h.selected], h.rots[h.selected]) : null;
    const place = $("btn-place");
    place.textContent = "Place tile";
    if (!sel) {
      place.disabled = true;
      this.note(h.selected < 0 ? "Choose a tile (1–3)." : "");
      return;
    }
    if (sel.legal) {
      place.disabled = this.busy;
      if (sel.self_eliminating) {
        place.textContent = "Place tile (you go out)";
        this.note(`Every placement of every tile you hold puts you out, so you must play one. This one ${this.outcomeText(sel, true)}.`, "warn");
      } else {
        this.note(`${this.outcomeText(sel)} Press Enter, tap the square, or “Place tile”.`);
      }
    } else {
      place.disabled = true;
      this.note(`Not allowed: this ${this.outcomeText(sel, true)}, and another placement keeps you on the board. Turn the tile or choose another.`, "bad");
    }
  },

  note(text, kind = "") {
    const n = $("hand-note");
    n.textContent = text;
    n.className = `hand-note${kind ? ` ${kind}` : ""}`;
  },

  selectTile(i, fromClick) {
    const h = this.human;
    if (!h || h.phase !== "tile" || this.busy || i >= h.tiles.length) return;
    if (fromClick && h.selected === i) h.rots[i] = (h.rots[i] + 90) % 360;
    h.selected = i;
    this.refreshHuman();
  },

  rotateTile(i, dir) {
    const h = this.human;
    if (!h || h.phase !== "tile" || this.busy || i < 0 || i >= h.tiles.length) return;
    h.rots[i] = (h.rots[i] + 90 * dir + 360) % 360;
    h.selected = i;
    this.refreshHuman();
  },

  hoverTile(i) {
    const h = this.human;
    if (!h || h.phase !== "tile") return;
    h.hover = i;
    this.refreshHuman();
  },

  place(i = null) {
    const h = this.human;
    if (!h || h.phase !== "tile" || this.busy) return;
    if (i !== null) h.selected = i;
    if (h.selected < 0) return;
    const tile = h.tiles[h.selected];
    const o = this.outcome(tile, h.rots[h.selected]);
    if (!o) return;
    if (!o.legal) {
      this.refreshHuman();
      $("hand-note").classList.add("shake");
      setTimeout(() => $("hand-note").classList.remove("shake"), 400);
      return;
    }
    this.playMove(o.move, this.gen);
  },

  async hint() {
    const h = this.human;
    if (!h || this.busy) return;
    const gen = this.gen;
    $("btn-hint").disabled = true;
    this.note("Thinking of a good move…");
    let move = null;
    try { move = await this.session.hint(); } catch { move = null; }
    $("btn-hint").disabled = false;
    if (gen !== this.gen || this.human !== h) return;
    if (!move) { this.note("No hint is available."); return; }
    if (move.start) {
      board.setCursorTo(move.start);
      this.note(`Hint: start at mark ${move.start[2]} of square [${move.start[0]}, ${move.start[1]}] (highlighted). Press Enter on the board or click it.`);
    } else if (move.tile !== undefined) {
      const i = h.tiles.indexOf(move.tile);
      if (i < 0) return;
      h.selected = i;
      h.rots[i] = move.rot || 0;
      this.refreshHuman();
      this.note(`Hint: tile ${i + 1}, turned as shown. ${$("hand-note").textContent}`);
    } else if (move.exchange) {
      h.pairs = move.exchange.map((p) => p.slice());
      h.give = null;
      this.renderExchange();
    }
  },

  /** A click on a square of the board: the target square places the chosen tile. */
  clickSquare([x, y]) {
    const h = this.human;
    if (!h || h.phase !== "tile") return;
    const m = this.session.position.markers[h.seat];
    if (m && m[0] === x && m[1] === y) this.place();
  },

  hoverMark(place) {
    if (this.human && this.human.phase === "start" && place) {
      this.note(`Start mark ${place[2]} of square [${place[0]}, ${place[1]}]: press Enter or click to start there.`);
    }
  },

  chooseStart(place) {
    const h = this.human;
    if (!h || h.phase !== "start" || this.busy) return;
    const m = h.legal.find((x) => x.move.start.join() === place.join());
    if (m) this.playMove(m.move, this.gen);
  },

  async playMove(move, gen) {
    if (gen !== this.gen) return;
    this.busy = true;
    setPhase("busy");
    const mover = this.session.turn;
    if (mover !== null && mover !== undefined) this.setBanner(`${this.session.players[mover].name} moves…`, mover);
    this.renderHand(false);
    neuTurn.refresh();
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
      notice(`That move was refused: ${reason(e)}`);
      if (gen === this.gen) this.advance();
      return;
    }
    if (gen !== this.gen) return;
    this.save();
    board.clearPreview();
    board.setTarget(null);
    await board.animate(r.events, { speed: animationSpeed() });
    if (gen !== this.gen) return;
    this.appendLog(this.session.moves.length - 1);
    this.advance();
  },

  // ---------------------------------------------------------------- exchange (elimination bonus)

  startExchange() {
    const h = this.human;
    const s = this.session;
    const pos = s.position;
    h.pairs = [];
    h.give = null;
    $("hand-box").hidden = true;
    $("exchange-panel").hidden = false;
    const pool = (pos.exchange || []).flatMap((k) => pos.hands[k] || []);
    h.pool = pool;
    this.renderExchange();
  },

  renderExchange() {
    const h = this.human;
    const s = this.session;
    const mine = s.position.hands[h.seat];
    const given = new Set(h.pairs.map((p) => p[0]));
    const taken = new Set(h.pairs.map((p) => p[1]));
    const row = (box, tiles, used, onPick, label) => {
      box.replaceChildren();
      for (const t of tiles) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ex-tile";
        b.disabled = used.has(t);
        b.classList.toggle("selected", h.give === t && label === "yours");
        b.setAttribute("aria-label", `${label} tile ${t}${used.has(t) ? " (swapped)" : ""}`);
        b.appendChild(miniTiles(this.tileset, [t]));
        b.addEventListener("click", () => onPick(t));
        box.appendChild(b);
      }
    };
    row($("exchange-mine"), mine, given, (t) => { h.give = t; this.renderExchange(); }, "yours");
    row($("exchange-theirs"), h.pool, taken, (t) => {
      if (h.give === null) { $("exchange-note").textContent = "First choose one of your tiles to give."; return; }
      h.pairs.push([h.give, t]);
      h.give = null;
      this.renderExchange();
    }, "their");
    $("exchange-note").textContent = h.pairs.length
      ? `Swapping: ${h.pairs.map(([g, t]) => `${g} for ${t}`).join(", ")}.`
      : "No swaps chosen: “Done” keeps your tiles.";
  },

  finishExchange() {
    const h = this.human;
    if (!h || h.phase !== "exchange" || this.busy) return;
    const want = JSON.stringify([...h.pairs].sort((a, b) => a[0] - b[0]));
    const m = h.legal.find((x) => JSON.stringify(x.move.exchange) === want);
    if (!m) { $("exchange-note").textContent = "That exchange is not allowed; start over."; return; }
    this.playMove(m.move, this.gen);
  },

  // ---------------------------------------------------------------- undo / redo

  undo() {
    const s = this.session;
    if (!s || !s.canUndo()) return;
    s.undo();
    this.revealedTo = s.isHuman(s.turn) ? s.turn : this.revealedTo;
    $("gameover").hidden = true;
    $("play-panel").hidden = false;
    this.rebuildLog();
    this.save();
    announce("Move taken back.");
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
      notice(`Redo failed: ${reason(e)}`);
    }
    this.revealedTo = s.isHuman(s.turn) ? s.turn : this.revealedTo;
    this.rebuildLog();
    this.save();
    announce("Move played again.");
    this.advance();
  },

  // ---------------------------------------------------------------- drawing the state

  render() {
    const s = this.session;
    if (!s) return;
    if (this.replayAt === null) {
      board.setPosition(s.view(s.position));
      board.setTrails(s.trails());
    }
    board.clearPreview();
    board.setStartMarks([]);
    board.setTarget(null);
    this.renderPlayers();
    $("btn-hint").hidden = true;
    $("btn-undo").disabled = !s.canUndo();
    $("btn-redo").disabled = !s.canRedo();
    $("play-panel").hidden = s.over;
    if (!s.over) $("gameover").hidden = true;
  },

  renderPlayers(position = this.session.position) {
    const s = this.session;
    const ul = $("players");
    ul.replaceChildren();
    const styles = seatStyles(s.players);
    const scores = this.scores;
    s.players.forEach((p, i) => {
      const li = document.createElement("li");
      li.className = "player";
      const out = s.outSeats(position).includes(i);
      const winner = position.turn === null && s.winnersOf(position).includes(i);
      li.classList.toggle("out", out);
      li.classList.toggle("active", position.turn === i);
      li.classList.toggle("winner", winner);
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "-16 -16 32 32");
      svg.setAttribute("class", "player-icon");
      svg.setAttribute("aria-hidden", "true");
      drawMarker(svg, styles[i], 0, 0, 12);
      const nm = document.createElement("span");
      nm.className = "player-name";
      nm.textContent = p.name;
      const info = document.createElement("span");
      info.className = "player-info";
      const bits = [];
      if (!s.isHuman(i)) bits.push(s instanceof NeuSession ? "computer" : `computer, ${s.seats[i].level}`);
      const n = s.handOf(position, i).length;
      if (s.playerNotes) bits.push(...s.playerNotes(i, position));
      else if (!out) bits.push(`${n} tile${n === 1 ? "" : "s"}`);
      const dragon = position.dragon === i && !out;
      if (dragon) bits.push("holds the dragon tile");
      if (out && !s.playerNotes) bits.push("out");
      if (winner) bits.push("winner");
      if (scores && scoringOf(s.rules) && scoringOf(s.rules) !== "tiles_placed") bits.push(`score ${scores[i]}`);
      info.textContent = bits.join(" · ");
      li.append(svg, nm, info);
      if (dragon) {
        const d = document.createElement("span");
        d.className = "dragon-badge";
        d.textContent = "dragon";
        d.title = "Holds the dragon tile: draws first when tiles come back";
        d.setAttribute("aria-hidden", "true");
        li.appendChild(d);
      }
      if (openHands(s.rules) && !out && position.hands && position.hands[i]?.length && this.tileset) {
        li.appendChild(miniTiles(this.tileset, position.hands[i]));
      }
      ul.appendChild(li);
    });
  },

  setBanner(text, seat = null) {
    const b = $("turn-banner");
    b.replaceChildren();
    if (seat !== null && this.session) {
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "-16 -16 32 32");
      svg.setAttribute("class", "player-icon");
      svg.setAttribute("aria-hidden", "true");
      drawMarker(svg, seatStyles(this.session.players)[seat], 0, 0, 12);
      b.appendChild(svg);
    }
    b.appendChild(document.createTextNode(text));
  },

  rebuildLog() {
    const ol = $("log");
    ol.replaceChildren();
    for (let k = 0; k < this.session.moves.length; k++) this.appendLog(k, false);
  },

  appendLog(k, live = true) {
    const s = this.session;
    const ol = $("log");
    const lines = s.describe(s.events[k] || []);
    const li = document.createElement("li");
    li.className = "log-move";
    li.dataset.move = k;
    const seat = s.positions[k].turn;
    if (seat !== null && seat !== undefined && s.players[seat]) {
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "-16 -16 32 32");
      svg.setAttribute("class", "player-icon");
      svg.setAttribute("aria-hidden", "true");
      drawMarker(svg, seatStyles(s.players)[seat], 0, 0, 12);
      li.appendChild(svg);
    }
    const span = document.createElement("span");
    span.textContent = lines.map((l) => l.text).join(" ");
    li.appendChild(span);
    for (const l of lines) if (l.kind === "out" || l.kind === "over" || l.kind === "dragon") li.classList.add(`has-${l.kind}`);
    ol.appendChild(li);
    if (live) ol.scrollTop = ol.scrollHeight;   // the log scrolls, never the page
  },

  // ---------------------------------------------------------------- game over, replay, share

  async showGameOver() {
    setPhase("over");
    const s = this.session;
    const pos = s.position;
    // a course game has a ranking (neu.js) and no share link (links hold classic games)
    const ranked = s instanceof NeuSession ? s.result(pos) : null;
    const headline = ranked ? ranked.headline : winnersText(pos.winners, s.players);
    this.setBanner(`Game over: ${headline}`);
    $("play-panel").hidden = true;
    $("gameover").hidden = false;
    $("winners").textContent = headline;
    $("scores").replaceChildren();
    $("share-box").hidden = !!ranked;
    if (ranked) {
      $("scores").classList.add("ranking");
      for (const line of ranked.lines) {
        const li = document.createElement("li");
        li.textContent = line;
        $("scores").appendChild(li);
      }
    } else try {
      $("scores").classList.remove("ranking");
      const r = await ask(engine, "result", { position: pos });
      const scoring = scoringOf(s.rules);
      if (scoring === "tiles_placed" && r.scores) {
        $("winners").textContent = `${r.scores[0]} tile${r.scores[0] === 1 ? "" : "s"} placed: ${winnersText(pos.winners, s.players)}`;
      } else if (scoring && r.scores) {
        this.scores = r.scores;
        const label = { longest_path: "path length", most_crossings: "crossings", tiles_placed: "tiles placed" }[scoring] || "score";
        s.players.forEach((p, i) => {
          const li = document.createElement("li");
          li.textContent = `${p.name}: ${r.scores[i]} ${label}`;
          $("scores").appendChild(li);
        });
      }
    } catch { /* the result line above says who won */ }
    this.renderPlayers();
    const range = $("rp-range");
    range.max = String(s.moves.length);
    this.showReplay(s.moves.length, false);
    $("share-link").value = "";
    if (ranked) return;
    try {
      const rec = s.toRecord();
      const r = await ask(engine, "encode_link", rec ? { record: rec } : { position: pos });
      $("share-link").value = `${location.origin}${location.pathname}#${r.fragment}`;
    } catch (e) {
      $("share-link").value = `(no link: ${reason(e)})`;
    }
  },

  async showReplay(k, animate = true) {
    const s = this.session;
    k = Math.max(0, Math.min(s.moves.length, k));
    const prev = this.replayAt;
    this.replayAt = k;
    $("rp-range").value = String(k);
    const pos = s.positions[k];
    if (animate && prev !== null && k === prev + 1) {
      board.setPosition(s.view(s.positions[prev]));
      board.setTrails(s.trails(prev));
      await board.animate(s.events[prev], { speed: Math.max(1.5, animationSpeed() * 1.5) });
      if (this.replayAt !== k) return;
    }
    board.setPosition(s.view(pos));
    board.setTrails(s.trails(k));
    this.renderPlayers(pos);
    const text = k === 0 ? (s instanceof NeuSession ? "The empty board, before the opening." : "The deal, before the first move.")
      : `Move ${k} of ${s.moves.length}: ${s.describe(s.events[k - 1]).map((l) => l.text).join(" ")}`;
    $("rp-text").textContent = text;
    for (const li of $("log").children) li.classList.toggle("current", Number(li.dataset.move) === k - 1);
  },

  playAgain() {
    const s = this.session;
    const rules = s.record ? s.record.rules : s.rules;
    this.newGame({ rules, players: s.players, seats: s.seats });
  },

  async newGame({ rules, players, seats, seed }) {
    this.gen++;
    this.setBanner("Dealing…");
    try {
      const kind = rules === "neu" ? NeuSession : Session;
      const session = await kind.create(engine, { rules, players, seats, seed });
      notice(null);
      this.begin(session);
    } catch (e) {
      this.openSetup(`The game could not start: ${reason(e)}`);
    }
  },

  // ---------------------------------------------------------------- setup

  /** The other unfinished games and the kept saves, in the setup dialog. */
  renderGames() {
    const { entries, kept, current } = keeper.listing();
    gameList.render(entries, kept, current);
  },

  openSetup(message = null) {
    this.renderGames();
    setup.open(message, !!(this.session && this.session.positions));
    if (!this.session) setPhase("setup");
    if (!this.session) this.setBanner("Choose the players and rules to start.");
  },
};

// ------------------------------------------------------------------ setup dialog

const setup = {
  seats: [],
  init() {
    const saved = loadJSON(SETUP_KEY) || {};
    const count = $("set-count");
    this.seats = Array.isArray(saved.seats) && saved.seats.length ? saved.seats : [
      { name: "Player 1", color: "red", kind: "human", level: "medium" },
      { name: "Computer", color: "blue", kind: "computer", level: "medium" },
    ];
    $("set-preset").value = saved.preset || "classic";
    $("set-scoring").value = saved.scoring || "survival";
    $("set-bonus").checked = !!saved.elimination_bonus;
    $("set-open").checked = !!saved.open_hands;
    $("set-speed").value = String(saved.speed ?? 1);
    this.fitPreset();
    count.addEventListener("change", () => this.resize(Number(count.value)));
    $("set-preset").addEventListener("change", () => { this.read(); this.fitPreset(true); this.renderSeats(); });
    $("setup-form").addEventListener("submit", (e) => { e.preventDefault(); this.start(); });
    $("btn-cancel-setup").addEventListener("click", () => $("setup").close());
    $("setup").addEventListener("cancel", (e) => { if (!app.session) e.preventDefault(); });
    this.renderSeats();
  },
  resize(n, render = true) {
    if (render) this.read();
    const palette = this.neu() ? NEU_COLORS : DEFAULT_COLORS;
    while (this.seats.length < n) {
      const used = new Set(this.seats.map((s) => s.color));
      const color = palette.find((c) => !used.has(c)) || COLOR_NAMES.find((c) => !used.has(c));
      this.seats.push({ name: `Player ${this.seats.length + 1}`, color, kind: "computer", level: "medium" });
    }
    this.seats.length = n;
    if (render) this.renderSeats();
  },
  solo() { return $("set-preset").value === "solo"; },
  neu() { return $("set-preset").value === "neu"; },
  /** Seat counts and colours the chosen rule set allows: the course variant is
   *  for 3-5 players in the course's colours (white, black, red, green, blue, by age). */
  fitPreset(chosen = false) {
    const neu = this.neu();
    const [lo, hi] = neu ? [NEU_MIN, NEU_MAX] : [2, 8];
    const count = $("set-count");
    count.replaceChildren();
    for (let n = lo; n <= hi; n++) count.add(new Option(`${n} players`, String(n)));
    this.resize(Math.min(hi, Math.max(lo, this.seats.length)), false);
    const fits = this.seats.every((s, i) => NEU_COLORS.includes(s.color) && this.seats.findIndex((t) => t.color === s.color) === i);
    if (neu && (chosen || !fits)) {
      this.seats.forEach((s, i) => { s.color = NEU_COLORS[i]; });
    }
    count.value = String(this.seats.length);
  },
  renderSeats() {
    const solo = this.solo();
    const neu = this.neu();
    $("setup-form").classList.toggle("solo", solo);
    $("setup-form").classList.toggle("neu", neu);
    const list = $("seats");
    list.replaceChildren();
    const shown = solo ? this.seats.slice(0, 1) : this.seats;
    shown.forEach((seat, i) => {
      const li = document.createElement("li");
      li.className = "seat";
      const icon = document.createElementNS(NS, "svg");
      icon.setAttribute("viewBox", "-16 -16 32 32");
      icon.setAttribute("class", "player-icon");
      icon.setAttribute("aria-hidden", "true");
      const color = colorOf(seat.color);
      drawMarker(icon, { color, ink: inkOn(color), shape: SHAPES[i], label: String(i + 1) }, 0, 0, 12);
      const name = document.createElement("input");
      name.className = "seat-name";
      name.value = seat.name;
      name.maxLength = 40;
      name.required = true;
      name.setAttribute("aria-label", `Seat ${i + 1} name`);
      name.dataset.seat = i;
      const col = document.createElement("select");
      col.className = "seat-color";
      col.setAttribute("aria-label", `Seat ${i + 1} colour`);
      for (const c of neu ? NEU_COLORS : COLOR_NAMES) col.add(new Option(c, c));
      col.value = seat.color;
      col.addEventListener("change", () => {
        // keep colours distinct: swap with whoever had it
        this.read();
        const other = this.seats.findIndex((s, k) => k !== i && s.color === col.value);
        if (other >= 0) this.seats[other].color = seat.color;
        this.seats[i].color = col.value;
        this.renderSeats();
      });
      const kind = document.createElement("select");
      kind.className = "seat-kind";
      kind.setAttribute("aria-label", `Seat ${i + 1} player`);
      kind.add(new Option("Human", "human"));
      if (neu) {
        kind.add(new Option("Computer", "computer:medium"));   // the course variant has one computer player
        kind.value = seat.kind === "computer" ? "computer:medium" : "human";
      } else {
        kind.add(new Option("Computer: easy", "computer:easy"));
        kind.add(new Option("Computer: medium", "computer:medium"));
        kind.add(new Option("Computer: hard", "computer:hard"));
        kind.value = seat.kind === "computer" ? `computer:${seat.level || "medium"}` : "human";
      }
      if (solo) kind.disabled = true, kind.value = "human";
      li.append(icon, name, col, kind);
      list.appendChild(li);
    });
  },
  read() {
    const solo = this.solo();
    [...$("seats").children].forEach((li, i) => {
      const name = li.querySelector(".seat-name").value.trim();
      const [kind, level] = li.querySelector(".seat-kind").value.split(":");
      this.seats[i] = {
        name: name || `Player ${i + 1}`,
        color: li.querySelector(".seat-color").value,
        kind: solo ? "human" : kind,
        level: level || this.seats[i]?.level || "medium",
      };
    });
  },
  open(message, canCancel) {
    const m = $("setup-message");
    m.hidden = !message;
    m.textContent = message || "";
    $("btn-cancel-setup").hidden = !canCancel;
    this.renderSeats();
    if (!$("setup").open) $("setup").showModal();
  },
  rules() {
    if (this.solo()) return "solo";
    if (this.neu()) return "neu";
    const opts = {};
    if ($("set-scoring").value !== "survival") opts.scoring = $("set-scoring").value;
    if ($("set-bonus").checked) opts.elimination_bonus = true;
    if ($("set-open").checked) opts.open_hands = true;
    return Object.keys(opts).length ? { preset: "classic", ...opts } : "classic";
  },
  start() {
    this.read();
    const names = new Set();
    for (const s of this.seats) {
      let n = s.name, k = 2;
      while (names.has(n)) n = `${s.name} ${k++}`;
      s.name = n;
      names.add(n);
    }
    const seats = this.solo() ? this.seats.slice(0, 1) : this.seats;
    const seedText = $("set-seed").value.trim();
    const seed = seedText === "" ? undefined : /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
    saveJSON(SETUP_KEY, {
      preset: $("set-preset").value, scoring: $("set-scoring").value,
      elimination_bonus: $("set-bonus").checked, open_hands: $("set-open").checked,
      speed: Number($("set-speed").value), seats: this.seats,
    });
    $("setup").close();
    app.newGame({
      rules: this.rules(),
      players: seats.map((s) => ({ name: s.name, color: s.color })),
      seats: seats.map((s) => ({ kind: s.kind, level: s.level })),
      seed,
    });
  },
};

// ------------------------------------------------------------------ small helpers

/** A saved game, replayed by the engine: a classic one or a course-variant one. */
function restore(save) {
  return isNeu(save) ? NeuSession.fromSave(engine, save) : Session.fromSave(engine, save);
}

function reason(e) {
  return (e && (e.message || e.code)) || String(e);
}
/** What the page is waiting for, as body[data-phase] (for styles and tests). */
function setPhase(phase) { document.body.dataset.phase = phase; }
function possessive(name) { return /s$/i.test(name) ? `${name}’` : `${name}’s`; }
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function scoringOf(rules) {
  if (rules === "solo") return "tiles_placed";
  if (rules && typeof rules === "object") return rules.scoring || (rules.preset === "solo" ? "tiles_placed" : null);
  return null;
}
function openHands(rules) { return !!(rules && typeof rules === "object" && rules.open_hands); }

function notice(text, action = null) {
  const n = $("notice");
  if (!text) { n.hidden = true; return; }
  $("notice-text").textContent = text;
  const b = $("notice-action");
  b.hidden = !action;
  b.textContent = action ? action.label : "";
  b.onclick = action ? () => action.run() : null;
  n.hidden = false;
}

/** Move the keyboard focus to el() if it is nowhere useful (after a move, the pass screen). */
function focusIfLost(el) {
  const a = document.activeElement;
  if (a && a !== document.body && !a.disabled && a.offsetParent !== null && a.isConnected) return;
  if ($("setup").open) return;
  const target = el();
  if (target) target.focus({ preventScroll: true });
}

let announceTimer = null;
function announce(text) {
  const b = $("turn-banner");
  b.dataset.flash = text;
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { delete b.dataset.flash; }, 1500);
}

// ------------------------------------------------------------------ wiring

// A human's turn is played with the classic controls (app) or the course
// variant's (neu.js), whichever game is on.
const neuTurn = new NeuTurn({
  board, hand,
  session: () => app.session,
  busy: () => app.busy,
  play: (move) => app.playMove(move, app.gen),
  note: (text, kind) => app.note(text, kind),
  setBanner: (text, seat) => app.setBanner(text, seat),
  setPhase,
  focus: focusIfLost,
  placeButton: $("btn-place"),
  portPicker: $("port-picker"),
  shake: () => {
    $("hand-note").classList.add("shake");
    setTimeout(() => $("hand-note").classList.remove("shake"), 400);
  },
});
function turnUI() { return app.session instanceof NeuSession ? neuTurn : app; }

board.on("startmark", (place) => turnUI().chooseStart(place));
board.on("square", (square) => turnUI().clickSquare(square));
board.on("markhover", (place) => turnUI().hoverMark(place));
board.on("escape", () => turnUI().back?.());

$("btn-new").addEventListener("click", () => app.openSetup());
$("btn-undo").addEventListener("click", () => app.undo());
$("btn-redo").addEventListener("click", () => app.redo());
$("btn-place").addEventListener("click", () => turnUI().place());
$("btn-pass").addEventListener("click", () => app.revealHand());
$("btn-hint").addEventListener("click", () => app.hint());
$("btn-exchange").addEventListener("click", () => app.finishExchange());
$("btn-exchange-reset").addEventListener("click", () => { if (app.human) { app.human.pairs = []; app.human.give = null; app.renderExchange(); } });
$("btn-again").addEventListener("click", () => app.playAgain());
$("btn-setup").addEventListener("click", () => app.openSetup());
$("notice-close").addEventListener("click", () => notice(null));
$("btn-copy").addEventListener("click", async () => {
  const input = $("share-link");
  input.select();
  try { await navigator.clipboard.writeText(input.value); $("btn-copy").textContent = "Copied"; }
  catch { document.execCommand?.("copy"); $("btn-copy").textContent = "Copied"; }
  setTimeout(() => { $("btn-copy").textContent = "Copy"; }, 1500);
});
$("rp-first").addEventListener("click", () => app.showReplay(0, false));
$("rp-prev").addEventListener("click", () => app.showReplay(app.replayAt - 1, false));
$("rp-next").addEventListener("click", () => app.showReplay(app.replayAt + 1, true));
$("rp-last").addEventListener("click", () => app.showReplay(app.session.moves.length, false));
$("rp-range").addEventListener("input", (e) => app.showReplay(Number(e.target.value), false));

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if ($("setup").open) return;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); e.shiftKey ? app.redo() : app.undo(); }
    return;
  }
  const ui = turnUI();
  const h = ui.human;
  if (e.key === "u" || e.key === "U") { e.shiftKey ? app.redo() : app.undo(); e.preventDefault(); return; }
  if (app.session && app.session.over && app.replayAt !== null && t === document.body) {
    if (e.key === "ArrowRight") { app.showReplay(app.replayAt + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { app.showReplay(app.replayAt - 1, false); e.preventDefault(); }
    return;
  }
  if (!h || !["tile", "opening", "turn"].includes(h.phase)) return;
  if (t && t.closest && t.closest("svg.board")) return; // the board handles its own keys
  if (/^[1-9]$/.test(e.key) && Number(e.key) <= h.tiles.length) {
    ui.selectTile(Number(e.key) - 1, false);
    document.querySelector(`#hand .hand-tile[data-index="${Number(e.key) - 1}"]`)?.focus({ preventScroll: true });
    e.preventDefault();
  } else if (e.key === "r" || e.key === "ArrowRight" || e.key === "ArrowUp") {
    ui.rotateTile(h.selected < 0 ? 0 : h.selected, 1); e.preventDefault();
  } else if (e.key === "R" || e.key === "l" || e.key === "L" || e.key === "ArrowLeft" || e.key === "ArrowDown") {
    ui.rotateTile(h.selected < 0 ? 0 : h.selected, -1); e.preventDefault();
  } else if (e.key === "Enter") {
    const onTile = t && t.classList && t.classList.contains("hand-tile");
    if (t && t.tagName === "BUTTON" && !onTile) return; // let the button do its job
    if (onTile) ui.selectTile(Number(t.dataset.index), false);
    ui.place();
    e.preventDefault();
  }
});

// Another tab wrote the game this tab plays: say so, offer to load it.
keeper.watch((save) => {
  if (!save) return notice("This game was removed in another tab. It stays here until you start another.");
  notice("This game was changed in another tab.", { label: "Load it", run: () => { notice(null); app.resumeGame(keeper.id); } });
});

window.addEventListener("hashchange", () => {
  const hash = location.hash.replace(/^#/, "");
  if (/^[rp]=/.test(hash)) {
    history.replaceState(null, "", location.pathname + location.search);
    if ($("setup").open) $("setup").close();
    app.openLink(hash);
  }
});

setup.init();
// for tests and the curious: the page's state, read-only by convention
window.tsuroApp = app;
app.boot();
