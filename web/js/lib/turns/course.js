// A human's turn in the course variant (docs/course.md): classic.js's
// TurnController with the course's phases.  The rules come from the engine's
// course_legal_moves answer; this only turns it into what the views draw.
//
//   opening  choose one of the free periphery squares the engine lists
//            (dashed), a port for the avatar (the dots, or the buttons under
//            the hand), a tile and its rotation, then place
//   turn     choose one of the two handed tiles and turn it; the board
//            previews the engine's outcome; options the engine's rule checker
//            refuses are marked with its reason and not played

import { TurnController, capitalize, tileButton } from "./classic.js";
import { colorOf } from "../views/style.js";
import { t, list } from "../words/i18n.js";
import { placeName, portSide, squareName } from "../words/coords.js";
/** @import {CourseLegalMoves, CourseMove, CourseOption, CoursePhase, CoursePosition, Place, Port, Square} from "../types.js" */
/** @import {HumanTurn, Advice} from "./classic.js" */

/** A course turn's state: the engine's answer, the player's colour and name, and in the
 *  opening the square and the port chosen.
 *  @typedef {HumanTurn & {phase: CoursePhase, legal: CourseLegalMoves, color: string, name: string,
 *            square: Square | null, port: Port | null}} CourseHuman */
/** @typedef {{position: CoursePosition, answer: CourseLegalMoves, outcome: CourseOption, human: CourseHuman}} CourseKind */

// The engine's verdicts on a refused course option, by their code (tsuro_core/course/game.py).
/** @type {Readonly<Record<string, string>>} */
const VERDICTS = {
  not_handed: "neu.verdict.notHanded",
  unforced_loop: "neu.verdict.loop",
  unforced_exit: "neu.verdict.exit",
};

/** A refused option's verdict in the page's language (the engine's own words if its code is a new one).
 *  @param {CourseOption} option */
export function verdictText(option) {
  const key = option.code !== null && Object.hasOwn(VERDICTS, option.code) ? VERDICTS[option.code] : null;
  return key ? t(key) : t("error.generic", { detail: option.reason });
}

/** @extends {TurnController<CourseKind>} */
export class CourseTurn extends TurnController {
  /** deps: TurnController's, and portPicker (a PortPicker, below). */
  get handPhases() { return ["opening", "turn"]; }

  stop() {
    super.stop();
    this.board.setChoices([]);
    this.portPicker?.hide();
  }

  /** @param {number} seat @param {CourseLegalMoves} legal */
  start(seat, legal) {
    const p = this.game().players[seat];
    const color = colorOf(p.color);
    /** @type {CourseHuman} */
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
      this.setBanner(t("neu.bannerOpening", { name: p.name }), seat);
      this.board.setTarget(null);
      this.board.setChoices((legal.squares ?? []).map((q) => q.square), color);
      this.refresh();
      this.focus(() => this.board.svg);
    } else {
      this.setBanner(t("turn.bannerTile", { name: p.name }), seat);
      this.board.setChoices([]);
      this.board.setTarget(legal.square, color);
      this.chooseFirstSafe(legal.moves ?? []);
      this.refresh();
      this.focus(() => tileButton(this.hand, h.selected));
    }
  }

  // ---------------------------------------------------------------- the board

  /** A click (or Enter) on a square of the board. @param {Square} square */
  clickSquare([x, y]) {
    const h = this.human;
    if (!h || this.busy()) return;
    if (h.phase === "turn") {
      if (h.legal.square && h.legal.square[0] === x && h.legal.square[1] === y) this.place();
      return;
    }
    if (h.square && h.square[0] === x && h.square[1] === y) {
      if (h.port) this.place();
      return;
    }
    const sq = (h.legal.squares ?? []).find((q) => q.square[0] === x && q.square[1] === y);
    if (!sq) {
      this.note(t("neu.notFree", { square: squareName([x, y]) }), "bad");
      return;
    }
    h.square = sq.square;
    this.board.setTarget(sq.square, h.color);
    this.board.setStartMarks(sq.ports.map((q) => q.place), h.color);
    this.choosePort(sq.ports[0].port);
  }

  /** A click (or Enter) on a port mark of the chosen opening square: choose it, or place if chosen.
   *  @param {Place} place */
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

  /** @param {Place | null} place */
  hoverMark(place) {
    const h = this.human;
    const sq = h && h.phase === "opening" && this.squareEntry();
    const entry = sq && place && sq.ports.find((q) => q.place.join() === place.join());
    if (h?.square && entry && entry.port !== h.port) this.note(t("neu.portNote", { place: placeName([h.square[0], h.square[1], entry.port], 10, 10) }));
  }

  /** The opening's move (square and port chosen), or a turn's legal option. @returns {CourseMove | null} */
  chosenMove() {
    const h = this.human;
    if (!h || h.phase !== "opening") return super.chosenMove();
    if (!h.square || !h.port) {
      this.note(t("neu.squareFirst"), "bad");
      return null;
    }
    return { tile: h.tiles[h.selected], rot: h.rots[h.selected], square: [h.square[0], h.square[1]], port: h.port };
  }

  // ---------------------------------------------------------------- the opening's square and port

  /** The engine's entry for the opening square chosen (its ports), if one is. */
  squareEntry() {
    const h = this.human;
    const square = h?.square;
    return h && square ? (h.legal.squares ?? []).find((q) => q.square.join() === square.join()) ?? null : null;
  }

  /** @param {Port} port */
  choosePort(port) {
    const h = this.human;
    if (!h) return;
    h.port = port;
    const entry = this.squareEntry()?.ports.find((q) => q.port === port);
    if (entry) this.board.setCursorTo(entry.place);
    this.refresh();
  }

  // ---------------------------------------------------------------- drawing

  refresh() {
    const h = this.human;
    if (!h) return;
    if (h.phase === "turn") {
      this.drawTileChoice(h.legal.square ?? null);
      return;
    }
    const enabled = !this.busy();
    const button = this.placeButton;
    button.textContent = t("common.place");
    this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks: [], enabled, owner: h.name });
    const i = h.hover ?? h.selected;
    if (h.square) {
      const ports = this.squareEntry()?.ports ?? [];
      const entry = ports.find((q) => q.port === h.port);
      this.board.setPreview({
        square: h.square, tile: h.tiles[i], rot: h.rots[i], out: [], bad: false,
        paths: entry ? [{ seat: h.seat, path: [], to: entry.place }] : [],
      });
      button.disabled = !enabled || !h.port;
      this.portPicker?.show(h.square, ports.map((q) => q.port), h.port, enabled, (port) => {
        if (this.human === h && !this.busy()) this.choosePort(port);
      });
      // a square is chosen with its first port (clickSquare), so h.port is set here
      this.note(t("neu.chosen", { n: h.selected + 1, square: squareName(h.square), place: placeName([h.square[0], h.square[1], h.port ?? ""], 10, 10) }));
    } else {
      this.board.clearPreview();
      this.portPicker?.hide();
      button.disabled = true;
      this.note(t("neu.openingHelp"));
    }
  }

  /** The engine's entry for a handed tile at a rotation (a turn lists all four rotations).
   *  @param {number} tile @param {number} rot */
  outcome(tile, rot) {
    const h = this.human;
    return h && h.phase === "turn" ? (h.legal.moves ?? []).find((m) => m.move.tile === tile && m.move.rot === rot) || null : null;
  }

  /** @param {CourseOption} o */
  markLabel(o) { return o.legal ? this.outcomeText(o) : t("neu.markRefused", { reason: verdictText(o) }); }

  /** @param {CourseOption | null} sel @returns {Advice} */
  advise(sel) {
    if (!sel) return { text: t("turn.chooseTile", { n: 2 }), placeable: false };
    const text = this.outcomeText(sel);
    if (!sel.legal) {
      return { text: t("neu.notAllowed", { reason: verdictText(sel), outcome: text }), kind: "bad", placeable: false };
    }
    if (sel.forced) {
      return {
        text: t("neu.forced", { outcome: text }), kind: "warn",
        placeable: true, label: t(sel.self_eliminating ? "hand.placeOut" : "common.place"),
      };
    }
    return { text: t("turn.placeable", { outcome: capitalize(text) }), placeable: true };
  }

  /** @param {CourseOption} o */
  outcomeText(o) {
    const { players } = this.game();
    const me = this.human?.seat;
    const name = (/** @type {number} */ k) => players[k].name;
    const parts = [];
    const mine = o.out.find((x) => x.seat === me);
    if (mine) parts.push(t(mine.reason === "loop" ? "neu.outcome.loop" : "neu.outcome.edge"));
    else parts.push(t("neu.outcome.stay"));
    for (const x of o.out) {
      if (x.seat !== me) parts.push(t(x.reason === "loop" ? "neu.outcome.otherLoop" : "outcome.otherEdge", { name: name(x.seat) }));
    }
    for (const c of o.collisions || []) {
      const others = c.seats.filter((k) => k !== me).map(name);
      parts.push(me !== undefined && c.seats.includes(me) ? t("neu.outcome.meet", { names: list(others) }) : t("neu.outcome.othersMeet", { names: list(c.seats.map(name)) }));
    }
    return parts.join(t("outcome.join"));
  }
}

/**
 * The buttons for the chosen opening square's ports (the engine's list), under
 * the hand: easier than the dots on a phone.  A view: it reports the choice.
 */
export class PortPicker {
  /** @param {HTMLElement} box */
  constructor(box) { this.box = box; }

  hide() { this.box.hidden = true; }

  /** Show the `ports` of the opening `square` with `chosen` pressed; choose(port) when one is clicked.
   *  @param {Square} square @param {readonly Port[]} ports @param {Port | null} chosen @param {boolean} enabled
   *  @param {(port: Port) => void} choose */
  show(square, ports, chosen, enabled, choose) {
    const box = this.box;
    box.replaceChildren();
    const label = document.createElement("span");
    label.className = "port-label";
    label.textContent = t("neu.portGroup");
    box.appendChild(label);
    for (const port of ports) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "port-button";
      const { side, half } = portSide(port);
      b.textContent = t("neu.portShort", { side: t(`coords.side.${side}`), half: t(`coords.half.${half}`) });
      b.disabled = !enabled;
      b.setAttribute("aria-pressed", port === chosen ? "true" : "false");
      b.setAttribute("aria-label", t("neu.port", { place: placeName([square[0], square[1], port], 10, 10) }));
      b.addEventListener("click", () => choose(port));
      box.appendChild(b);
    }
    box.hidden = false;
  }
}
