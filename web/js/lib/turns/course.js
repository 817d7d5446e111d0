// A human's turn in the course variant (docs/course.md): classic.js's
// TurnController with the course's phases.  The rules come from the engine's
// neu_legal_moves answer; this only turns it into what the views draw.
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

// The engine's verdicts on a refused course option, by their code (tsuro_core/neu/game.py).
const VERDICTS = {
  not_handed: "neu.verdict.notHanded",
  unforced_loop: "neu.verdict.loop",
  unforced_exit: "neu.verdict.exit",
};

/** A refused option's verdict in the page's language (the engine's own words if its code is a new one). */
export function verdictText(option) {
  return VERDICTS[option.code] ? t(VERDICTS[option.code]) : t("error.generic", { detail: option.reason });
}

export class CourseTurn extends TurnController {
  /** deps: TurnController's, and portPicker (a PortPicker, below). */
  get handPhases() { return ["opening", "turn"]; }

  stop() {
    super.stop();
    this.board.setChoices([]);
    this.portPicker.hide();
  }

  start(seat, legal) {
    const p = this.game().players[seat];
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
      this.setBanner(t("neu.bannerOpening", { name: p.name }), seat);
      this.board.setTarget(null);
      this.board.setChoices(legal.squares.map((q) => q.square), color);
      this.refresh();
      this.focus(() => this.board.svg);
    } else {
      this.setBanner(t("turn.bannerTile", { name: p.name }), seat);
      this.board.setChoices([]);
      this.board.setTarget(legal.square, color);
      this.chooseFirstSafe(legal.moves);
      this.refresh();
      this.focus(() => tileButton(this.hand, h.selected));
    }
  }

  // ---------------------------------------------------------------- the board

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
      this.note(t("neu.notFree", { square: squareName([x, y]) }), "bad");
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
    if (entry && entry.port !== h.port) this.note(t("neu.portNote", { place: placeName([...h.square, entry.port], 10, 10) }));
  }

  /** The opening's move (square and port chosen), or a turn's legal option. */
  chosenMove() {
    const h = this.human;
    if (h.phase !== "opening") return super.chosenMove();
    if (!h.square || !h.port) {
      this.note(t("neu.squareFirst"), "bad");
      return null;
    }
    return { tile: h.tiles[h.selected], rot: h.rots[h.selected], square: h.square.slice(), port: h.port };
  }

  // ---------------------------------------------------------------- the opening's square and port

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

  // ---------------------------------------------------------------- drawing

  refresh() {
    const h = this.human;
    if (!h) return;
    if (h.phase === "turn") {
      this.drawTileChoice(h.legal.square);
      return;
    }
    const enabled = !this.busy();
    const button = this.placeButton;
    button.textContent = t("common.place");
    this.hand.render({ tiles: h.tiles, rots: h.rots, selected: h.selected, marks: [], enabled, owner: h.name });
    const i = h.hover ?? h.selected;
    if (h.square) {
      const entry = this.squareEntry().ports.find((q) => q.port === h.port);
      this.board.setPreview({
        square: h.square, tile: h.tiles[i], rot: h.rots[i], out: [], bad: false,
        paths: entry ? [{ seat: h.seat, path: [], to: entry.place }] : [],
      });
      button.disabled = !enabled || !h.port;
      this.portPicker.show(h.square, this.squareEntry().ports.map((q) => q.port), h.port, enabled, (port) => {
        if (this.human === h && !this.busy()) this.choosePort(port);
      });
      this.note(t("neu.chosen", { n: h.selected + 1, square: squareName(h.square), place: placeName([...h.square, h.port], 10, 10) }));
    } else {
      this.board.clearPreview();
      this.portPicker.hide();
      button.disabled = true;
      this.note(t("neu.openingHelp"));
    }
  }

  /** The engine's entry for a handed tile at a rotation (a turn lists all four rotations). */
  outcome(tile, rot) {
    const h = this.human;
    return h && h.phase === "turn" ? h.legal.moves.find((m) => m.move.tile === tile && m.move.rot === rot) || null : null;
  }

  markLabel(o) { return o.legal ? this.outcomeText(o) : t("neu.markRefused", { reason: verdictText(o) }); }

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

  outcomeText(o) {
    const { players } = this.game();
    const me = this.human.seat;
    const name = (k) => players[k].name;
    const parts = [];
    const mine = o.out.find((x) => x.seat === me);
    if (mine) parts.push(t(mine.reason === "loop" ? "neu.outcome.loop" : "neu.outcome.edge"));
    else parts.push(t("neu.outcome.stay"));
    for (const x of o.out) {
      if (x.seat !== me) parts.push(t(x.reason === "loop" ? "neu.outcome.otherLoop" : "outcome.otherEdge", { name: name(x.seat) }));
    }
    for (const c of o.collisions || []) {
      const others = c.seats.filter((k) => k !== me).map(name);
      parts.push(c.seats.includes(me) ? t("neu.outcome.meet", { names: list(others) }) : t("neu.outcome.othersMeet", { names: list(c.seats.map(name)) }));
    }
    return parts.join(t("outcome.join"));
  }
}

/**
 * The buttons for the chosen opening square's ports (the engine's list), under
 * the hand: easier than the dots on a phone.  A view: it reports the choice.
 */
export class PortPicker {
  constructor(box) { this.box = box; }

  hide() { this.box.hidden = true; }

  /** Show the `ports` of the opening `square` with `chosen` pressed; choose(port) when one is clicked. */
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
      b.setAttribute("aria-label", t("neu.port", { place: placeName([...square, port], 10, 10) }));
      b.addEventListener("click", () => choose(port));
      box.appendChild(b);
    }
    box.hidden = false;
  }
}
