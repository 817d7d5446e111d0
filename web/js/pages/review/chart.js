// The chances chart: every seat's chance to win (in solo, the tiles to expect)
// after each move, one SVG line per seat in its colour with its marker's shape
// at every point and its numbered marker at the end (so it reads without
// colour, and in either theme: a light halo under a dark edge, as on the
// board), the moves the review flags marked ?! ? ??, and a cursor at the
// position the replay shows.  The chart is a slider: a click or the arrow keys
// pick a position, and the page steps the replay there.  The table beside it
// holds the same numbers for screen readers and anyone who prefers figures.

import { el, f, drawMarker } from "../../lib/views/svg.js";
import { shapePath } from "../../lib/views/style.js";
import { isolate, list, t } from "../../lib/words/i18n.js";
import { FLAGGED, chanceSeries, valueText, verdictWord } from "./words.js";
/** @import {ReviewedMove} from "../../lib/types.js" */

const W = 360, H = 180;
const PLOT = { left: 40, right: W - 24, top: 14, bottom: H - 24 };
const END_GAP = 15;   // the end markers' least distance apart

/**
 * @typedef {object} ChartGame
 * @property {{color: string, ink: string, shape: string, label: string}[]} styles  seatStyles()
 * @property {string[]} names
 * @property {number[]} movers  the seat that made each move
 * @property {number} total     the moves of the game
 * @property {string} scale     "win_share" or "tiles_placed"
 */

export class ChancesChart {
  /**
   * @param {HTMLElement} box  the slider (role="slider", focusable) the SVG goes in
   * @param {HTMLTableElement} table
   * @param {{onPick: (k: number) => void}} deps  a position picked (0: the deal)
   */
  constructor(box, table, { onPick }) {
    this.box = box;
    this.table = table;
    this.onPick = onPick;
    /** @type {ChartGame | null} */
    this.game = null;
    /** @type {ReviewedMove[]} */
    this.moves = [];
    this.at = 0;
    this.svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", "aria-hidden": "true", focusable: "false" });
    box.replaceChildren(this.svg);
    box.addEventListener("click", (e) => this._click(e));
    box.addEventListener("keydown", (e) => this._key(e));
  }

  /** @param {ChartGame} game */
  setGame(game) {
    this.game = game;
    this.box.setAttribute("aria-valuemin", "0");
    this.box.setAttribute("aria-valuemax", String(game.total));
    this.setMoves([]);
  }

  /** The moves judged so far, in order. @param {ReviewedMove[]} moves */
  setMoves(moves) {
    this.moves = moves;
    this._draw();
    this._table();
    this._aria();
  }

  /** The position the replay shows. @param {number} k */
  setAt(k) {
    this.at = k;
    this._cursor();
    this._aria();
  }

  _x(k) { return PLOT.left + (PLOT.right - PLOT.left) * (this.game?.total ? k / this.game.total : 0); }
  _y(v) { return PLOT.bottom - (PLOT.bottom - PLOT.top) * v; }

  _draw() {
    const g = this.game;
    this.svg.replaceChildren();
    if (!g) return;
    const grid = el("g", { class: "chart-grid" }, this.svg);
    const ticks = g.scale === "tiles_placed" ? [0, 10, 20, 30].map((n) => n / 35) : [0, 0.25, 0.5, 0.75, 1];
    for (const v of ticks) {
      el("line", { x1: PLOT.left, x2: PLOT.right, y1: f(this._y(v)), y2: f(this._y(v)), class: "chart-rule" }, grid);
      if (g.scale === "tiles_placed" || v * 4 % 2 === 0) {
        const label = el("text", { x: PLOT.left - 5, y: f(this._y(v)), class: "chart-label", "text-anchor": "end", "dominant-baseline": "central" }, grid);
        label.textContent = valueText(v, g.scale);
      }
    }
    const step = g.total > 40 ? 20 : g.total > 16 ? 10 : 5;
    for (let k = 0; k <= g.total; k += step) {
      const label = el("text", { x: f(this._x(k)), y: PLOT.bottom + 16, class: "chart-label", "text-anchor": "middle" }, grid);
      label.textContent = String(k);
    }
    this.cursor = el("line", { y1: PLOT.top - 6, y2: PLOT.bottom + 4, class: "chart-cursor" }, this.svg);
    const series = chanceSeries(this.moves, g.styles.length, g.scale);
    const ends = [];
    series.forEach((c, seat) => {
      const pts = c.map((v, k) => (v === null ? null : [this._x(k), this._y(v)])).filter((p) => p !== null);
      if (!pts.length) return;
      const d = `M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join("L")}`;
      const line = el("g", { class: "chart-seat" }, this.svg);
      el("path", { d, class: "chart-line-halo" }, line);
      el("path", { d, class: "chart-line-edge" }, line);
      el("path", { d, class: "chart-line", stroke: g.styles[seat].color }, line);
      const shape = shapePath(g.styles[seat].shape, 3.6);
      for (const [x, y] of pts) {
        el("path", { d: shape, transform: `translate(${f(x)},${f(y)})`, class: "chart-point", fill: g.styles[seat].color }, line);
      }
      const [x, y] = pts[pts.length - 1];
      ends.push({ seat, x, y });
    });
    this._flags();
    this._ends(ends);
    this._cursor();
  }

  /** The flagged moves: a ring on the mover's point and ?! ? or ?? above it. */
  _flags() {
    const g = el("g", { class: "chart-flags" }, this.svg);
    for (const m of this.moves) {
      if (!FLAGGED.includes(m.verdict)) continue;
      const x = this._x(m.index + 1), y = this._y(m.chances[m.seat]);
      el("circle", { cx: f(x), cy: f(y), r: 6.5, class: `chart-flag ${m.verdict}` }, g);
      // above the point (below it near the top), on a patch of the panel's colour so that the
      // lines under it take nothing from its contrast
      const ty = y < PLOT.top + 16 ? y + 18 : y - 10;
      el("rect", { x: f(x - 9), y: f(ty - 11), width: 18, height: 14, rx: 3, class: "chart-mark-bg" }, g);
      const mark = el("text", { x: f(x), y: f(ty), class: `chart-mark ${m.verdict}`, "text-anchor": "middle" }, g);
      mark.textContent = t(`review.mark.${m.verdict}`);
    }
  }

  /** Each seat's numbered marker at the end of its line, spread so none hides another. */
  _ends(ends) {
    if (!this.game) return;
    const styles = this.game.styles;
    ends.sort((a, b) => a.y - b.y);
    for (let i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + END_GAP);
    const over = ends.length ? ends[ends.length - 1].y - (PLOT.bottom + 6) : 0;
    for (const e of ends) {
      const y = over > 0 ? e.y - over : e.y;
      drawMarker(this.svg, styles[e.seat], Math.min(e.x + 12, W - 9), Math.max(PLOT.top, y), 7.5, "marker chart-end");
    }
  }

  _cursor() {
    if (!this.cursor || !this.game) return;
    const x = f(this._x(Math.min(this.at, this.game.total)));
    this.cursor.setAttribute("x1", x);
    this.cursor.setAttribute("x2", x);
  }

  /** The slider's value in words: the position and every seat's chance there. */
  _aria() {
    const g = this.game;
    if (!g) return;
    const k = this.at;
    this.box.setAttribute("aria-valuenow", String(k));
    const entry = k > 0 ? this.moves[k - 1] : null;
    const values = entry ? list(g.names.map((name, s) => `${isolate(name)} ${valueText(entry.chances[s], g.scale)}`)) : "";
    const text = k === 0 ? t("replay.startClassic")
      : entry ? t("review.chart.after", { k, name: g.names[g.movers[k - 1]], verdict: verdictWord(entry.verdict), values })
        : t("review.chart.notYet", { k });
    this.box.setAttribute("aria-valuetext", text);
  }

  /** The same numbers as a table: a row a move judged. */
  _table() {
    const g = this.game;
    if (!g) return;
    const cell = (tag, text, attrs = {}) => Object.assign(document.createElement(tag), { textContent: text }, attrs);
    const head = document.createElement("tr");
    head.append(cell("th", t("review.table.move"), { scope: "col" }), cell("th", t("review.table.mover"), { scope: "col" }),
      cell("th", t("review.table.verdict"), { scope: "col" }), ...g.names.map((n) => cell("th", n, { scope: "col" })));
    const rows = this.moves.map((m) => {
      const tr = document.createElement("tr");
      tr.append(cell("th", String(m.index + 1), { scope: "row" }), cell("td", g.names[m.seat]), cell("td", verdictWord(m.verdict)),
        ...m.chances.map((c) => cell("td", valueText(c, g.scale))));
      return tr;
    });
    const caption = cell("caption", t(g.scale === "tiles_placed" ? "review.table.captionSolo" : "review.table.caption"));
    const thead = document.createElement("thead");
    thead.append(head);
    const tbody = document.createElement("tbody");
    tbody.append(...rows);
    this.table.replaceChildren(caption, thead, tbody);
  }

  /** A click: the position under the pointer. @param {MouseEvent} e */
  _click(e) {
    const g = this.game;
    const m = this.svg.getScreenCTM();
    if (!g || !m) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const k = Math.round((pt.x - PLOT.left) / (PLOT.right - PLOT.left) * g.total);
    this.onPick(Math.max(0, Math.min(g.total, k)));
  }

  /** The slider's keys: arrows a move, Page Up/Down five, Home and End the ends. @param {KeyboardEvent} e */
  _key(e) {
    const g = this.game;
    if (!g || e.ctrlKey || e.metaKey || e.altKey) return;
    const to = { ArrowRight: this.at + 1, ArrowUp: this.at + 1, ArrowLeft: this.at - 1, ArrowDown: this.at - 1,
      PageUp: this.at + 5, PageDown: this.at - 5, Home: 0, End: g.total }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.onPick(Math.max(0, Math.min(g.total, to)));
  }
}
