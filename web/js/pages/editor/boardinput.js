// The board editor's input on the board: a cursor square that the arrow keys,
// a click or a tap move, and what the author's click, tap or key means there:
// in the tile tool, the square; in the marker tool, a point (the square and the
// port nearest the click, or the port's letter A-H on the keyboard).  Geometry
// only: what is put there, and whether a position allows it, is not decided here.

import { portPoint, across, S } from "../../lib/views/svg.js";
import { PORTS } from "../../lib/views/tileset.js";
/** @import {AnyPlace} from "../../lib/words/coords.js" */

/**
 * @typedef {object} InputHandlers
 * @property {(square: number[]) => void} square   the tile tool: a click, a tap, Enter or Space on a square
 * @property {(square: number[], port: string) => void} point  the marker tool: a point of a square
 * @property {(dir: number) => void} turn    R (1), Shift+R (-1)
 * @property {() => void} remove              Delete or Backspace
 * @property {(tool: string) => void} tool    T (tiles), M (markers)
 * @property {(seat: number) => void} seat    1-8: the marker tool's player
 * @property {(square: number[]) => void} moved  the cursor moved (to say where it is)
 */

export class BoardInput {
  /**
   * @param {import("../../lib/views/board.js").Board} board
   * @param {InputHandlers} handlers
   */
  constructor(board, handlers) {
    this.board = board;
    this.on = handlers;
    this.tool = "tile";
    /** @type {[number, number]} the cursor square */
    this.cursor = [0, 0];
    board.svg.setAttribute("tabindex", "0");
    board.svg.addEventListener("keydown", (e) => this.key(e));
    board.on("point", ({ x, y }) => this.click(x, y));
    this.draw();
  }

  /** @param {string} tool  "tile" or "marker" */
  setTool(tool) { this.tool = tool; }

  draw() { this.board.setTarget(this.cursor, "#7cc4ff"); }

  /** @param {number[]} square */
  moveTo(square) {
    this.cursor = [Math.max(0, Math.min(this.board.w - 1, square[0])), Math.max(0, Math.min(this.board.h - 1, square[1]))];
    this.draw();
    this.on.moved(this.cursor);
  }

  /** A click or a tap at (x, y), in squares from the board's corner (the frame too).
   *  @param {number} x @param {number} y */
  click(x, y) {
    const { w, h } = this.board;
    const square = [Math.max(0, Math.min(w - 1, Math.floor(x))), Math.max(0, Math.min(h - 1, Math.floor(y)))];
    const inside = x >= 0 && y >= 0 && x < w && y < h;
    if (this.tool === "tile") {
      if (!inside) return;
      this.moveTo(square);
      this.on.square(square);
      return;
    }
    this.moveTo(square);
    this.on.point(square, nearestPort(square, x, y, inside ? null : [w, h]));
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    /** @type {Record<string, number[] | undefined>} */
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const k = e.key;
    const step = steps[k];
    if (step) {
      this.moveTo([this.cursor[0] + step[0], this.cursor[1] + step[1]]);
    } else if (k === "Enter" || k === " ") {
      if (this.tool === "tile") this.on.square(this.cursor);
      else return;
    } else if (this.tool === "marker" && k.length === 1 && PORTS.includes(k.toUpperCase()) && !e.shiftKey) {
      this.on.point(this.cursor, k.toUpperCase());
    } else if (k === "r" || k === "R") {
      this.on.turn(e.shiftKey ? -1 : 1);
    } else if (k === "Delete" || k === "Backspace") {
      this.on.remove();
    } else if (k === "t" || k === "T") {
      this.on.tool("tile");
    } else if (k === "m" || k === "M") {
      this.on.tool("marker");
    } else if (/^[1-8]$/.test(k)) {
      this.on.seat(Number(k) - 1);
    } else {
      return;
    }
    e.preventDefault();
  }
}

/** The port of `square` nearest (x, y); only the board's outer ports when the click was in the
 *  frame around a board of size `outside` ([w, h]).
 *  @param {number[]} square @param {number} x @param {number} y @param {number[] | null} outside */
function nearestPort([sx, sy], x, y, outside) {
  let best = "A", bestD = Infinity;
  for (let p = 0; p < 8; p++) {
    if (outside && !offBoard(across([sx, sy, p]), outside)) continue;
    const [px, py] = portPoint(sx, sy, p);
    const d = Math.hypot(px / S - x, py / S - y);
    if (d < bestD) { best = PORTS[p]; bestD = d; }
  }
  return best;
}

/** Whether a place's square lies beyond the edge of a w x h board (geometry).
 *  @param {AnyPlace} place @param {number[]} size */
export function offBoard([x, y], [w, h]) {
  return x < 0 || y < 0 || x >= w || y >= h;
}
