// A human's turn: choose a tile, turn it, see the engine's outcome on the
// board, place it.  One controller for every page that lets a player move (the
// game page, the course variant through turns/course.js, embed.html's try=1).
//
// It decides no rule: the engine's legal_moves answer (legality, the traced
// paths, who goes out) comes in with start(), and a move is only ever one of
// that answer's moves.  It draws through the views it is given (Board,
// HandView) and reports a chosen move through play(move); the page around it
// plays that move through the engine and animates it.
//
//   TurnController  the shared loop: the hand, rotations, the preview, the place
//                   button and its note, the keys
//   ClassicTurn     the classic game's phases: start marks, tiles, the exchange

import { colorOf } from "../views/style.js";
import { t } from "../words/i18n.js";
import { startName } from "../words/coords.js";
/** @import {Move, Position, Player, LegalMove, LegalMoves, Phase, Place, Square, PathStep, SeatView} from "../types.js" */
/** @import {Board} from "../views/board.js" */
/** @import {HandView, HandHandlers} from "../views/hand.js" */
/** @import {TileSet} from "../views/tileset.js" */
/** @import {ExchangeChooser} from "./exchange.js" */

/**
 * What every human's turn holds: the seat, the phase, the hand's tiles with the rotation
 * each is turned to, the chosen tile (-1: none) and the one the pointer is over.
 * @typedef {object} HumanTurn
 * @property {number} seat
 * @property {string} phase
 * @property {number[]} tiles
 * @property {number[]} rots
 * @property {number} selected
 * @property {number | null} hover
 */

/**
 * The engine's entry for a tile at a rotation (legal_moves', course_legal_moves'): the move,
 * whether it may be played, and what it would do.
 * @typedef {object} TurnOutcome
 * @property {{tile?: number, rot?: number}} move
 * @property {boolean} [legal]
 * @property {boolean} [self_eliminating]
 * @property {boolean} [forced]
 * @property {readonly {seat: number, path: PathStep[], to: Place | null}[]} [paths]
 * @property {readonly {seat: number, reason: string}[]} [out]
 */

/**
 * What a variant's turn is made of: its positions, the engine's answer that starts a turn,
 * an entry of that answer for a tile, and the turn's state.
 * @typedef {object} TurnKind
 * @property {{players: {name: string, color?: string}[]}} position
 * @property {{phase: string}} answer
 * @property {TurnOutcome} outcome
 * @property {HumanTurn} human
 */

/** A classic turn's state: the engine's moves, and the start mark a tap chose (placed by the button).
 *  @typedef {HumanTurn & {phase: Phase, legal: LegalMove[], startChoice: Place | null}} ClassicHuman */
/** A classic game's turn, on a position whole or as one seat sees it (a room's: room_view).
 *  @typedef {{position: Position | SeatView, answer: LegalMoves, outcome: LegalMove, human: ClassicHuman}} ClassicKind */

/** What the hand reports to, on the turn on. @typedef {{selectTile(i: number, fromClick?: boolean): void, rotateTile(i: number, dir: number): void, hoverTile(i: number | null): void, place(i?: number | null): void}} HandPlayer */

/** A HandView's handlers that report to the turn controller current() returns (if any).
 *  @param {() => (HandPlayer | null | undefined)} current @returns {HandHandlers} */
export function handToTurn(current) {
  return {
    select: (i, fromClick) => current()?.selectTile(i, fromClick),
    rotate: (i, dir) => current()?.rotateTile(i, dir),
    hover: (i) => current()?.hoverTile(i),
    place: (i) => current()?.place(i),
  };
}

/**
 * The hand's button of tile i (the controllers focus it).
 * @param {HandView} hand @param {number} i @returns {HTMLElement | null}
 */
export function tileButton(hand, i) { return hand.container.querySelector(`.hand-tile[data-index="${i}"]`); }

const ROTATE_ON = ["r", "ArrowRight", "ArrowUp"];
const ROTATE_BACK = ["R", "l", "L", "ArrowLeft", "ArrowDown"];

/** "keeps your marker..." -> "Keeps your marker..." (a sentence from a phrase). @param {string} text */
export function capitalize(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/**
 * @template {TurnKind} [K=ClassicKind]
 * @typedef {object} TurnDeps
 * @property {Board} board
 * @property {HandView} hand
 * @property {() => {players: K["position"]["players"], position: K["position"]}} game
 * @property {() => boolean} busy
 * @property {(move: K["outcome"]["move"]) => void} play
 * @property {(text: string, kind?: string) => void} note
 * @property {HTMLButtonElement} placeButton
 * @property {(text: string, seat?: number) => void} [setBanner]
 * @property {(phase: string) => void} [setPhase]
 * @property {(element: () => (HTMLElement | SVGElement | null | undefined)) => void} [focus]
 * @property {() => void} [shake]
 * @property {(text: string) => void} [say]
 * @property {() => (TileSet | null)} [tileset]
 * @property {ExchangeChooser} [exchange]
 * @property {HTMLButtonElement} [hintButton]
 * @property {() => Promise<Move | null>} [hintMove]
 * @property {import("./course.js").PortPicker} [portPicker]
 */

/** @template {TurnKind} [K=ClassicKind] */
export class TurnController {
  /**
   * @param {TurnDeps<K>} deps  the views and the page's callbacks:
   *   board        the Board view
   *   hand         the HandView
   *   game()       the game being played: {players, position}
   *   busy()       whether a move is being played (controls are frozen)
   *   play(move)   play one of the engine's moves
   *   note(text, kind)  the line that says what the chosen tile does ("", "warn", "bad")
   *   placeButton  the "Place tile" button
   * Optional: setBanner(text, seat), setPhase(phase), focus(elementFn), shake(), tileset(), say(text)
   * (the page's screen-reader line),
   * and ClassicTurn's exchange, hintButton, hintMove(); CourseTurn's portPicker.
   */
  constructor(deps) {
    Object.assign(this, {
      setBanner() {}, setPhase() {}, shake() {}, say() {}, tileset: () => null,
      focus: (/** @type {() => (HTMLElement | SVGElement | null | undefined)} */ el) => el()?.focus({ preventScroll: true }),
    }, deps);
    // What Object.assign gave this (declarations for the type checker):
    /** @type {Board} */ this.board;
    /** @type {HandView} */ this.hand;
    /** @type {() => {players: K["position"]["players"], position: K["position"]}} */ this.game;
    /** @type {() => boolean} */ this.busy;
    /** @type {(move: K["outcome"]["move"]) => void} */ this.play;
    /** @type {(text: string, kind?: string) => void} */ this.note;
    /** @type {HTMLButtonElement} */ this.placeButton;
    /** @type {(text: string, seat?: number) => void} */ this.setBanner;
    /** @type {(phase: string) => void} */ this.setPhase;
    /** @type {(element: () => (HTMLElement | SVGElement | null | undefined)) => void} */ this.focus;
    /** @type {() => void} */ this.shake;
    /** @type {(text: string) => void} */ this.say;
    /** @type {() => (TileSet | null)} */ this.tileset;
    // ClassicTurn's optional ones:
    /** @type {ExchangeChooser | undefined} */ this.exchange;
    /** @type {HTMLButtonElement | undefined} */ this.hintButton;
    /** @type {(() => Promise<Move | null>) | undefined} */ this.hintMove;
    /** @type {import("./course.js").PortPicker | undefined} CourseTurn's */ this.portPicker;
    /** @type {K["human"] | null} the turn being played */
    this.human = null;
    /** @type {{text: string, kind?: string, placeable: boolean, label?: string} | null} what drawTileChoice last said */
    this.advice = null;
  }

  /** The phases in which the hand is played (subclasses name theirs). @returns {string[]} */
  get handPhases() { return []; }

  /**
   * Start a human's turn from the engine's answer to legal_moves (subclasses).
   * @param {number} _seat @param {K["answer"]} _legal  legal_moves' answer (course_legal_moves' for the course)
   */
  start(_seat, _legal) { throw new Error(`${this.constructor.name} must define start(seat, legal)`); }

  /** The turn is over (or abandoned): forget it. */
  stop() { this.human = null; }

  /** The turn on if the player may act on the hand now, else null. @returns {K["human"] | null} */
  choosing() {
    const h = this.human;
    return h && this.handPhases.includes(h.phase) && !this.busy() ? h : null;
  }

  /** Whether the player may act on the hand now. */
  canChoose() { return this.choosing() !== null; }

  // ---------------------------------------------------------------- what the player does

  /** Choose tile i; a click on the chosen tile turns it. @param {number} i @param {boolean} [fromClick] */
  selectTile(i, fromClick) {
    const h = this.choosing();
    if (!h || i < 0 || i >= h.tiles.length) return;
    if (fromClick && h.selected === i) h.rots[i] = (h.rots[i] + 90) % 360;
    h.selected = i;
    this.refresh();
  }

  /** Turn tile i a quarter clockwise (dir 1) or back (dir -1), and choose it. @param {number} i @param {number} dir */
  rotateTile(i, dir) {
    const h = this.choosing();
    if (!h || i < 0 || i >= h.tiles.length) return;
    h.rots[i] = (h.rots[i] + 90 * dir + 360) % 360;
    h.selected = i;
    this.refresh();
  }

  /** The pointer is over tile i (null: over none): preview that one. @param {number | null} i */
  hoverTile(i) {
    const h = this.human;
    if (!h || !this.handPhases.includes(h.phase)) return;
    h.hover = i;
    this.refresh();
  }

  /** Place the chosen tile (or tile i): plays the engine's move, or says why not.
   *  @param {number | null} [i] */
  place(i = null) {
    const h = this.choosing();
    if (!h) return;
    if (i !== null) h.selected = i;
    if (h.selected < 0) return;
    const move = this.chosenMove();
    if (move) this.play(move);
    else this.shake();
  }

  // board events a controller may answer (the classic and the course variant's differ)
  /** A start mark clicked (or Enter on it). @type {(place: Place) => void} */
  chooseStart() {}
  /** A mark a finger chose: a controller with no confirm step takes it as a click. @param {Place} place */
  selectStart(place) { this.chooseStart(place); }
  /** A square clicked (or Enter on it). @type {(square: Square) => void} */
  clickSquare() {}
  /** The pointer or the keyboard's cursor on a start mark (null: off them). @type {(place: Place | null) => void} */
  hoverMark() {}
  back() {}

  /**
   * The hand's keys (the board handles its own): 1-9 choose, R / → / ↑ turn,
   * Shift+R / L / ← / ↓ turn back, Enter places.  Returns whether the key was used.
   * @param {KeyboardEvent} e
   */
  handleKey(e) {
    const h = this.human;
    const target = e.target;
    const t = target && "closest" in target ? /** @type {Element} */ (target) : null;   // an element (not the window)
    if (!h || !this.handPhases.includes(h.phase)) return false;
    if (t && t.closest("svg.board")) return false;
    const at = h.selected < 0 ? 0 : h.selected;
    if (/^[1-9]$/.test(e.key) && Number(e.key) <= h.tiles.length) {
      const i = Number(e.key) - 1;
      this.selectTile(i, false);
      tileButton(this.hand, i)?.focus({ preventScroll: true });
    } else if (ROTATE_ON.includes(e.key)) {
      this.rotateTile(at, 1);
    } else if (ROTATE_BACK.includes(e.key)) {
      this.rotateTile(at, -1);
    } else if (e.key === "Enter") {
      const onTile = t && t.classList.contains("hand-tile");
      if (t && t.tagName === "BUTTON" && !onTile) return false; // let the button do its job
      if (t && onTile) this.selectTile(Number(t.getAttribute("data-index")), false);
      this.place();
    } else return false;
    e.preventDefault();
    return true;
  }

  // ---------------------------------------------------------------- drawing

  /** Redraw the turn (subclasses: the phase's own drawing). */
  refresh() {}

  /**
   * The engine's entry for a tile of the hand at a rotation, or null.
   * @type {(tile: number, rot: number) => (K["outcome"] | null)}
   */
  outcome() { return null; }

  /** The move to play for the chosen tile, or null after saying why not. @returns {K["outcome"]["move"] | null} */
  chosenMove() {
    const h = this.human;
    if (!h) return null;
    const o = this.outcome(h.tiles[h.selected], h.rots[h.selected]);
    if (o && o.legal) return o.move;
    this.refresh();   // the note says why the engine refuses it
    return null;
  }

  /** Start on the first tile, turned to its first placement that keeps the player on.
   *  @param {readonly K["outcome"][]} moves */
  chooseFirstSafe(moves) {
    const h = this.human;
    if (!h) return;
    const first = moves.find((m) => m.legal && !m.self_eliminating) || moves.find((m) => m.legal);
    h.selected = first?.move.tile !== undefined ? Math.max(0, h.tiles.indexOf(first.move.tile)) : 0;
    if (first?.move.rot !== undefined) h.rots[h.selected] = first.move.rot;
  }

  /**
   * The shared drawing of a tile choice: the hand with each tile's mark, the
   * preview of the hovered (or chosen) tile on `square`, the place button and
   * the note from advise().
   * @param {Square | null} square
   */
  drawTileChoice(square) {
    const h = this.human;
    if (!h) return;
    const enabled = !this.busy();
    const outcomeAt = (/** @type {number} */ k) => (k >= 0 ? this.outcome(h.tiles[k], h.rots[k]) : null);
    const marks = h.tiles.map((t, k) => {
      const o = outcomeAt(k);
      return o ? { bad: !o.legal || !!o.self_eliminating, label: this.markLabel(o) } : null;
    });
    this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks, enabled, owner: this.game().players[h.seat].name });
    const i = h.hover ?? h.selected;
    const shown = outcomeAt(i);
    if (shown && square) {
      this.board.setPreview({
        square, tile: h.tiles[i], rot: h.rots[i], paths: shown.paths, out: shown.out,
        bad: !shown.legal || !!shown.self_eliminating,
      });
    } else this.board.clearPreview();
    const advice = this.advise(outcomeAt(h.selected));
    this.advice = advice;
    this.placeButton.textContent = advice.label || t("common.place");
    this.placeButton.disabled = !advice.placeable || !enabled;
    this.note(advice.text, advice.kind || "");
  }

  /**
   * The words on a tile's mark (subclasses).
   * @type {(outcome: K["outcome"]) => string}
   */
  markLabel() { return ""; }

  /**
   * What the chosen tile's outcome means (subclasses).
   * @type {(outcome: K["outcome"] | null) => Advice}
   */
  advise() { return { text: "", placeable: false }; }
}

/** What a tile's outcome means to the player: the note's words and colour, whether it may be
 *  placed, and the place button's words. @typedef {{text: string, kind?: string, placeable: boolean, label?: string}} Advice */

// ------------------------------------------------------------------ the classic game

/**
 * A classic turn: a start mark on the edge (the engine lists them), a tile and
 * its rotation (the engine's outcome of each, illegal ones marked), or the
 * elimination bonus's exchange (through deps.exchange, exchange.js).
 * Optional deps beyond TurnController's: exchange, hintButton, hintMove().
 * @extends {TurnController<ClassicKind>}
 */
export class ClassicTurn extends TurnController {
  get handPhases() { return ["tile"]; }

  stop() {
    super.stop();
    this.exchange?.stop();
  }

  /** @param {number} seat @param {LegalMoves} legal  the engine's answer to legal_moves */
  start(seat, legal) {
    const { players, position } = this.game();
    const name = players[seat].name;
    const color = colorOf(players[seat].color);
    const tiles = (position.hands && position.hands[seat]) || [];
    /** @type {ClassicHuman} */
    const h = {
      seat, phase: legal.phase, legal: legal.moves, tiles, rots: tiles.map(() => 0), selected: -1, hover: null,
      startChoice: null,   // the start mark a tap chose, placed by the button
    };
    this.human = h;
    this.setPhase(h.phase);
    if (this.hintButton) {
      this.hintButton.hidden = h.phase === "exchange";
      this.hintButton.disabled = false;
    }
    this.board.setStartMarks([]);
    this.board.setTarget(null);
    if (h.phase === "start") {
      this.setBanner(t("turn.bannerStart", { name }), seat);
      this.board.setStartMarks(legal.moves.flatMap((m) => (m.move.start ? [m.move.start] : [])), color);
      this.note(t("turn.startHelp"));
      this.placeButton.disabled = true;
      this.placeButton.textContent = t("common.place");
      this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks: [], enabled: false, owner: name });
      this.focus(() => this.board.svg);
    } else if (h.phase === "tile") {
      this.setBanner(t("turn.bannerTile", { name }), seat);
      const m = position.markers[seat];
      this.board.setTarget(m && [m[0], m[1]], color);
      this.chooseFirstSafe(h.legal);
      this.refresh();
      this.focus(() => tileButton(this.hand, h.selected));
    } else if (h.phase === "exchange") {
      this.setBanner(t("turn.bannerExchange", { name }), seat);
      this.exchange?.start(h, position);
    }
  }

  /** A start mark clicked (or Enter on the board): start there. @param {Place} place */
  chooseStart(place) {
    const h = this.human;
    if (!h || h.phase !== "start" || this.busy()) return;
    const m = h.legal.find((x) => x.move.start?.join() === place.join());
    if (m) this.play(m.move);
  }

  /**
   * A start mark a finger chose (the board's "markselect"): said, and offered
   * on the place button as "Start here"; only that button starts there.
   * @param {Place} place
   */
  selectStart(place) {
    const h = this.human;
    if (!h || h.phase !== "start" || this.busy()) return;
    const m = h.legal.find((x) => x.move.start?.join() === place.join());
    if (!m?.move.start) return;
    h.startChoice = m.move.start;
    const text = t("turn.startChosen", { place: startName(place) });
    this.note(text);
    this.say(text);
    this.placeButton.textContent = t("turn.startHere");
    this.placeButton.disabled = false;
  }

  /** The place button: in the start phase it starts on the chosen mark; else it places the tile.
   *  @param {number | null} [i] */
  place(i = null) {
    const h = this.human;
    if (h && h.phase === "start") {
      if (h.startChoice) this.chooseStart(h.startChoice);
      return;
    }
    super.place(i);
  }

  /** @param {Place | null} place */
  hoverMark(place) {
    if (this.human && this.human.phase === "start" && place) {
      this.note(t("turn.startMark", { place: startName(place) }));
    }
  }

  /** A click on a square of the board: the target square places the chosen tile. @param {Square} square */
  clickSquare([x, y]) {
    const h = this.human;
    if (!h || h.phase !== "tile") return;
    const m = this.game().position.markers[h.seat];
    if (m && m[0] === x && m[1] === y) this.place();
  }

  /** The engine's hint for this turn, shown (not played). */
  async hint() {
    const h = this.human;
    if (!h || this.busy() || !this.hintMove) return;
    if (this.hintButton) this.hintButton.disabled = true;
    this.note(t("turn.thinking"));
    let move;
    try { move = await this.hintMove(); } catch { move = null; }
    if (this.hintButton) this.hintButton.disabled = false;
    if (this.human !== h) return;
    if (!move) { this.note(t("turn.noHint")); return; }
    if (move.start) {
      this.board.setCursorTo(move.start);
      this.note(t("turn.hintStart", { place: startName(move.start) }));
    } else if (move.tile !== undefined) {
      const i = h.tiles.indexOf(move.tile);
      if (i < 0) return;
      h.selected = i;
      h.rots[i] = move.rot || 0;
      this.refresh();
      this.note(t("turn.hintTile", { n: i + 1, advice: this.advice ? this.advice.text : "" }).trim());
    } else if (move.exchange) {
      this.exchange?.suggest(move.exchange);
    }
  }

  refresh() {
    const h = this.human;
    if (!h || h.phase !== "tile") return;
    const m = this.game().position.markers[h.seat];
    this.drawTileChoice(m ? [m[0], m[1]] : null);
  }

  /** legal_moves' entry for a tile at any rotation (the engine lists each distinct placement once).
   *  @param {number} tile @param {number} rot */
  outcome(tile, rot) {
    const h = this.human;
    const tileset = this.tileset();
    if (!h || !tileset) return null;
    const canon = tileset.canonical(tile, rot);
    return h.legal.find((m) => m.move.tile === tile && m.move.rot === canon) || null;
  }

  /** @param {LegalMove} o */
  markLabel(o) { return this.outcomeText(o, true); }

  /** @param {LegalMove | null} sel @returns {Advice} */
  advise(sel) {
    if (!sel) return { text: (this.human?.selected ?? -1) < 0 ? t("turn.chooseTile", { n: 3 }) : "", placeable: false };
    if (!sel.legal) {
      return {
        text: t("turn.notAllowed", { outcome: this.outcomeText(sel, true) }),
        kind: "bad", placeable: false,
      };
    }
    if (sel.self_eliminating) {
      return {
        text: t("turn.forced", { outcome: this.outcomeText(sel, true) }),
        kind: "warn", placeable: true, label: t("hand.placeOut"),
      };
    }
    return { text: t("turn.placeable", { outcome: this.outcomeText(sel) }), placeable: true };
  }

  /** An outcome (who goes out, and how) in words, for the mover. @param {LegalMove} o @param {boolean} [short] */
  outcomeText(o, short = false) {
    const { players } = this.game();
    const me = this.human?.seat;
    const name = (/** @type {number} */ k) => players[k].name;
    const out = o.out ?? [];
    const mine = out.find((x) => x.seat === me);
    const parts = [];
    if (mine) {
      if (mine.reason === "collision") {
        const w = out.find((x) => x.seat !== me && x.reason === "collision");
        parts.push(w ? t("outcome.collideWith", { name: name(w.seat) }) : t("outcome.collide"));
      } else parts.push(t("outcome.edge"));
    } else parts.push(t("outcome.stay"));
    for (const x of out) {
      if (x.seat === me) continue;
      if (mine && x.reason === "collision") continue;
      parts.push(t(x.reason === "collision" ? "outcome.otherCollides" : "outcome.otherEdge", { name: name(x.seat) }));
    }
    const text = parts.join(t("outcome.join"));
    if (short) return text;
    return capitalize(text);
  }
}
