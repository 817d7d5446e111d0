// The course variant (`neu`: Northeastern CS4500, Fall 2019) on the game page.
// Everything here asks the engine's neu_* operations (tsuro_core/neu/game.py)
// for the rules; it only turns their answers into what the views draw.
//
//   NeuSession  a course game kept by the page (positions, undo/redo, save), like Session
//   NeuTurn     a human's turn: the opening (square, port, tile) and the turns (tile, rotation)
//   describeNeu the engine's events in words, for the move log and the replay

import { Session, EngineRefused, ask } from "./session.js";
import { listNames } from "./movelog.js";
import { colorOf } from "./style.js";

/** The course's avatar colours, oldest player first. */
export const NEU_COLORS = ["white", "black", "red", "green", "blue"];
export const NEU_MIN = 3;
export const NEU_MAX = 5;

/** Whether a saved game or a position belongs to the course variant. */
export function isNeu(value) {
  return !!value && (value.variant === "neu" || value.rules === "neu");
}

/** What board.js draws for a course-variant position (drawing data only). */
export function neuView(position) {
  return {
    tiles: position.tiles,
    markers: position.avatars,
    out: position.out.map((o) => o.seat),
    turn: position.turn,
  };
}

// ------------------------------------------------------------------ the session

export class NeuSession extends Session {
  constructor(engine, opts) {
    super(engine, opts);
    this.seed = Number.isInteger(opts.seed) ? opts.seed : null;
  }

  get variant() { return "neu"; }
  get rules() { return "neu"; }
  get boardSize() { return { width: 10, height: 10 }; }

  /** A new course game (the referee's deal is always 0, 1, 2, ...: the seed only steers the computers). */
  static async create(engine, { players, seats, seed }) {
    const r = await ask(engine, "neu_new_game", { players });
    return new NeuSession(engine, { start: r.position, seats, positions: [r.position], events: [], moves: [], seed });
  }

  /** A saved course game: the start position checked and every move played again by the engine. */
  static async fromSave(engine, save) {
    if (!save || save.format !== "tsuro-save/1" || !isNeu(save) || !save.start) {
      throw new EngineRefused({ code: "bad_save", message: "it holds no course-variant game" });
    }
    await ask(engine, "neu_legal_moves", { position: save.start });
    const s = new NeuSession(engine, {
      start: save.start, seats: save.seats, positions: [save.start], events: [], moves: [], seed: save.seed,
    });
    for (const m of save.moves || []) await s._apply(m);
    return s;
  }

  toRecord() { return null; }

  toSave() {
    return {
      format: "tsuro-save/1", variant: "neu", start: this.start, moves: this.moves.slice(),
      seats: this.seats, seed: this.seed, savedAt: new Date().toISOString(),
    };
  }

  legalMoves() { return ask(this.engine, "neu_legal_moves", { position: this.position }); }

  async _apply(move) {
    const r = await ask(this.engine, "neu_play", { position: this.position, move });
    this.positions.push(r.position);
    this.events.push(r.events);
    this.moves.push(r.move);
    return r;
  }

  _botSeed() {
    return this.seed !== null ? this.seed * 1000 + this.moves.length : Math.floor(Math.random() * 2 ** 31);
  }

  async botMove() {
    const r = await ask(this.engine, "neu_bot_move", { position: this.position, seed: this._botSeed() });
    return r.move;
  }

  async hint() { return null; }

  view(position) { return neuView(position); }
  outSeats(position) { return position.out.map((o) => o.seat); }
  handOf(position, seat) { return position.turn === seat ? position.handed : []; }
  winnersOf(position) { return (position.ranking && position.ranking[0]) || []; }
  describe(events) { return describeNeu(events, this.players); }

  /** A player's line in the players panel. */
  playerNotes(seat, position) {
    const o = position.out.find((x) => x.seat === seat);
    if (o) return [`out in round ${o.round} (${o.reason === "loop" ? "a loop" : "the edge"})`];
    if (position.phase === "opening" && !position.avatars[seat]) return ["not placed yet"];
    return position.phase === "over" ? [] : ["on the board"];
  }

  /** The game-over headline and the ranking, in words. */
  result(position) {
    const ranking = position.ranking || [];
    const names = (rank) => listNames(rank.map((s) => this.players[s].name));
    return {
      headline: rankingHeadline(ranking, this.players),
      lines: ranking.map((rank, i) => `${i + 1}. ${names(rank)}${rank.length > 1 ? " (shared)" : ""}`),
    };
  }
}

function rankingHeadline(ranking, players) {
  const first = (ranking[0] || []).map((s) => players[s].name);
  if (!first.length) return "nobody wins.";
  if (first.length === 1) return `${first[0]} wins!`;
  return `${listNames(first)} share the win.`;
}

// ------------------------------------------------------------------ the move log

/** Sentences for one move's events: [{seat, kind, text}] like movelog.describe. */
export function describeNeu(events, players) {
  const name = (s) => (players[s] ? players[s].name : `Seat ${s + 1}`);
  const lines = [];
  const place = events.find((e) => e.type === "place");
  const start = events.find((e) => e.type === "start");
  for (const e of events) {
    switch (e.type) {
      case "place":
        if (start) {
          lines.push({ seat: e.seat, kind: "start", text: `${name(e.seat)} opens with tile ${e.tile} (${e.rot}°) on [${e.square[0]}, ${e.square[1]}], avatar on port ${start.port}.` });
        } else {
          lines.push({ seat: e.seat, kind: "place", text: `${name(e.seat)} plays tile ${e.tile} (${e.rot}°) on [${e.square[0]}, ${e.square[1]}].` });
        }
        break;
      case "move":
        if (place && e.seat !== place.seat) lines.push({ seat: e.seat, kind: "move", text: `${name(e.seat)}'s avatar is carried along too.` });
        break;
      case "collision":
        lines.push({ seat: null, kind: "collision", text: `${listNames(e.seats.map(name))} meet on one spot (a collision: all stay on the board).` });
        break;
      case "out":
        lines.push({
          seat: e.seat, kind: "out",
          text: e.reason === "loop" ? `${name(e.seat)} is caught in an infinite loop: out.` : `${name(e.seat)} goes off the edge of the board: out.`,
        });
        break;
      case "round":
        lines.push({ seat: null, kind: "round", text: e.round === 1 ? "The opening is over: round 1." : `Round ${e.round}.` });
        break;
      case "game_over":
        lines.push({ seat: null, kind: "over", text: `Game over: ${rankingHeadline(e.ranking, players)}` });
        break;
      default:
        break; // "start" is told with its tile; "deal" is shown in the hand
    }
  }
  return lines;
}

// ------------------------------------------------------------------ a human's turn

/**
 * The controls of a human's move in a course game.  The opening: choose one of
 * the free periphery squares the engine lists (dashed), a port for the avatar
 * (the dots: the ports the engine lists for that square), a tile and its
 * rotation, then place.  A turn: choose one of the two tiles and turn it; the
 * board previews the engine's outcome; options the engine's rule checker
 * refuses are marked with its reason and not played.
 */
export class NeuTurn {
  /**
   * @param deps {board, hand, session(), busy(), play(move), note(text, kind),
   *              setBanner(text, seat), setPhase(phase), focus(el), placeButton, portPicker, shake()}
   */
  constructor(deps) {
    Object.assign(this, deps);
    this.human = null;
  }

  stop() {
    this.human = null;
    this.board.setChoices([]);
    this.portPicker.hidden = true;
  }

  start(seat, legal) {
    const s = this.session();
    const p = s.players[seat];
    const color = colorOf(p.color);
    const h = {
      seat, phase: legal.phase, legal, color, name: p.name,
      tiles: legal.handed.slice(), rots: legal.handed.map(() => 0), selected: 0, hover: null,
      square: null, port: null,
    };
    this.human = h;
    this.setPhase(legal.phase);
    this.board.setStartMarks([]);
    this.board.clearPreview();
    if (legal.phase === "opening") {
      this.setBanner(`${p.name}: place your first tile on the edge`, seat);
      this.board.setTarget(null);
      this.board.setChoices(legal.squares.map((q) => q.square), color);
      this.refresh();
      this.focus(() => this.board.svg);
    } else {
      this.setBanner(`${p.name}: play a tile`, seat);
      this.board.setChoices([]);
      this.board.setTarget(legal.square, color);
      const first = legal.moves.find((m) => m.legal && !m.self_eliminating) || legal.moves.find((m) => m.legal);
      if (first) {
        h.selected = Math.max(0, h.tiles.indexOf(first.move.tile));
        h.rots[h.selected] = first.move.rot;
      }
      this.refresh();
      this.focus(() => document.querySelector(`#hand .hand-tile[data-index="${h.selected}"]`));
    }
  }

  // ---------------------------------------------------------------- what the player does

  selectTile(i, fromClick) {
    const h = this.human;
    if (!h || this.busy() || i < 0 || i >= h.tiles.length) return;
    if (fromClick && h.selected === i) h.rots[i] = (h.rots[i] + 90) % 360;
    h.selected = i;
    this.refresh();
  }

  rotateTile(i, dir) {
    const h = this.human;
    if (!h || this.busy() || i < 0 || i >= h.tiles.length) return;
    h.rots[i] = (h.rots[i] + 90 * dir + 360) % 360;
    h.selected = i;
    this.refresh();
  }

  hoverTile(i) {
    const h = this.human;
    if (!h) return;
    h.hover = i;
    this.refresh();
  }

  /** A click (or Enter) on a square of the board. */
  clickSquare([x, y]) {
    const h = this.human;
    if (!h || this.busy()) return;
    if (h.phase === "turn") {
      if (h.legal.square[0] === x && h.legal.square[1] === y) this.place();
      return;
    }
    if (h.square && h.square[0] === x && h.square[1] === y) {
      if (h.port) this.place();
      return;
    }
    const sq = h.legal.squares.find((q) => q.square[0] === x && q.square[1] === y);
    if (!sq) {
      this.note(`Square [${x}, ${y}] is not free for an opening tile: it must be on the edge of the board with no tile on it or next to it. Choose a dashed square.`, "bad");
      return;
    }
    h.square = sq.square;
    this.board.setTarget(sq.square, h.color);
    this.board.setStartMarks(sq.ports.map((q) => q.place), h.color);
    this.choosePort(sq.ports[0].port);
  }

  /** A click (or Enter) on a port mark of the chosen opening square: choose it, or place if chosen. */
  chooseStart(place) {
    const h = this.human;
    if (!h || h.phase !== "opening" || !h.square || this.busy()) return;
    const sq = this.squareEntry();
    const entry = sq && sq.ports.find((q) => q.place.join() === place.join());
    if (!entry) return;
    if (entry.port === h.port) this.place();
    else this.choosePort(entry.port);
  }

  /** Escape on the board: choose another opening square. */
  back() {
    const h = this.human;
    if (!h || h.phase !== "opening" || !h.square) return;
    h.square = null;
    h.port = null;
    this.board.setStartMarks([]);
    this.board.setTarget(null);
    this.refresh();
  }

  hoverMark(place) {
    const h = this.human;
    const sq = h && h.phase === "opening" && this.squareEntry();
    const entry = sq && place && sq.ports.find((q) => q.place.join() === place.join());
    if (entry && entry.port !== h.port) this.note(`Port ${entry.port}: click it (or press Enter) to put your avatar there.`);
  }

  place(i = null) {
    const h = this.human;
    if (!h || this.busy()) return;
    if (i !== null) h.selected = i;
    if (h.selected < 0) return;
    const tile = h.tiles[h.selected];
    const rot = h.rots[h.selected];
    if (h.phase === "opening") {
      if (!h.square || !h.port) {
        this.note("First choose a dashed square on the edge of the board for your tile.", "bad");
        this.shake();
        return;
      }
      this.play({ tile, rot, square: h.square.slice(), port: h.port });
      return;
    }
    const o = this.outcome(tile, rot);
    if (!o) return;
    if (!o.legal) {
      // the engine's rule checker refused this option: the page does not play it
      this.refresh();
      this.shake();
      return;
    }
    this.play(o.move);
  }

  // ---------------------------------------------------------------- drawing

  squareEntry() {
    const h = this.human;
    return h && h.square ? h.legal.squares.find((q) => q.square.join() === h.square.join()) : null;
  }

  choosePort(port) {
    const h = this.human;
    h.port = port;
    const entry = this.squareEntry().ports.find((q) => q.port === port);
    this.board.setCursorTo(entry.place);
    this.refresh();
  }

  /** Buttons for the chosen square's ports (the engine's list): easier than the dots on a phone. */
  renderPorts(enabled) {
    const h = this.human;
    const box = this.portPicker;
    box.replaceChildren();
    const label = document.createElement("span");
    label.className = "port-label";
    label.textContent = "Avatar on port";
    box.appendChild(label);
    for (const q of this.squareEntry().ports) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "port-button";
      b.textContent = q.port;
      b.disabled = !enabled;
      b.setAttribute("aria-pressed", q.port === h.port ? "true" : "false");
      b.setAttribute("aria-label", `Port ${q.port}`);
      b.addEventListener("click", () => { if (this.human === h && !this.busy()) this.choosePort(q.port); });
      box.appendChild(b);
    }
    box.hidden = false;
  }

  /** The engine's entry for a handed tile at a rotation (a turn lists all four rotations). */
  outcome(tile, rot) {
    const h = this.human;
    return h && h.phase === "turn" ? h.legal.moves.find((m) => m.move.tile === tile && m.move.rot === rot) || null : null;
  }

  outcomeText(o) {
    const s = this.session();
    const me = this.human.seat;
    const name = (k) => s.players[k].name;
    const parts = [];
    const mine = o.out.find((x) => x.seat === me);
    if (mine) parts.push(mine.reason === "loop" ? "sends your avatar into an infinite loop: you are out" : "takes your avatar off the edge: you are out");
    else parts.push("keeps your avatar on the board");
    for (const x of o.out) {
      if (x.seat !== me) parts.push(`sends ${name(x.seat)} ${x.reason === "loop" ? "into an infinite loop" : "off the edge"}`);
    }
    for (const c of o.collisions || []) {
      const others = c.seats.filter((k) => k !== me).map(name);
      parts.push(c.seats.includes(me) ? `meets ${listNames(others)} on one spot (a collision: you both stay)` : `${listNames(c.seats.map(name))} meet on one spot`);
    }
    return parts.join("; ");
  }

  refresh() {
    const h = this.human;
    if (!h) return;
    const enabled = !this.busy();
    const owner = this.session().players[h.seat].name;
    const button = this.placeButton;
    button.textContent = "Place tile";
    if (h.phase === "opening") {
      this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks: [], enabled, owner });
      const i = h.hover ?? h.selected;
      if (h.square) {
        const entry = this.squareEntry().ports.find((q) => q.port === h.port);
        this.board.setPreview({
          square: h.square, tile: h.tiles[i], rot: h.rots[i], out: [], bad: false,
          paths: entry ? [{ seat: h.seat, path: [], to: entry.place }] : [],
        });
        button.disabled = !enabled || !h.port;
        this.renderPorts(enabled);
        this.note(`Tile ${h.selected + 1} on [${h.square[0]}, ${h.square[1]}], your avatar on port ${h.port}. Turn the tile or choose another, choose another port (the dots) or square (Esc), then press Enter, tap the square again, or “Place tile”.`);
      } else {
        this.board.clearPreview();
        this.portPicker.hidden = true;
        button.disabled = true;
        this.note("Choose a free square on the edge of the board (dashed) for one of your three tiles, any way round. Then choose the port your avatar starts on. Keyboard: focus the board (Tab), arrow keys and Enter.");
      }
      return;
    }
    const marks = h.tiles.map((t, k) => {
      const o = this.outcome(t, h.rots[k]);
      return o ? { bad: !o.legal || o.self_eliminating, label: o.legal ? this.outcomeText(o) : `not allowed: ${o.reason}` } : null;
    });
    this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks, enabled, owner });
    const i = h.hover ?? h.selected;
    const shown = i >= 0 ? this.outcome(h.tiles[i], h.rots[i]) : null;
    if (shown) {
      this.board.setPreview({
        square: h.legal.square, tile: h.tiles[i], rot: h.rots[i], paths: shown.paths, out: shown.out,
        bad: !shown.legal || shown.self_eliminating,
      });
    } else this.board.clearPreview();
    const sel = h.selected >= 0 ? this.outcome(h.tiles[h.selected], h.rots[h.selected]) : null;
    if (!sel) {
      button.disabled = true;
      this.note("Choose a tile (1–2).");
      return;
    }
    const text = this.outcomeText(sel);
    if (!sel.legal) {
      button.disabled = true;
      this.note(`Not allowed: this placement ${sel.reason}. (It ${text}.) Turn the tile or choose the other one.`, "bad");
    } else if (sel.forced) {
      button.disabled = !enabled;
      button.textContent = sel.self_eliminating ? "Place tile (you go out)" : "Place tile";
      this.note(`Every option here loops or leaves the board, so any may be played. This one ${text}.`, "warn");
    } else {
      button.disabled = !enabled;
      this.note(`${text.charAt(0).toUpperCase()}${text.slice(1)}. Press Enter, tap the square, or “Place tile”.`);
    }
  }
}
