// The board view.  Like chessground for chess, it knows nothing of the rules:
// it draws what it is given (tiles, markers, trails, start marks, a preview
// of a placement with the paths the engine traced for it) and reports clicks
// and key presses.  Controllers decide what any of it means.
//
//   const board = new Board(element, {width: 6, height: 6});
//   board.setTileSet(tileset);                 // tileset.js: ports of each tile
//   board.setSeats(seatStyles(players));       // style.js: colour/shape/label
//   board.setPosition(position);               // NOTATION position: tiles, markers, out
//   board.setTrails(trails);                   // seat -> [[x, y, in, out], ...]
//   board.setStartMarks(places, color);        // clickable marks: "startmark" (a touch: "markselect")
//   board.setTarget([x, y], color);            // the square to play into; onSquare(cb)
//   board.setChoices([[x, y], ...], color);    // squares to choose among (arrow keys too)
//   board.setPreview({square, tile, rot, paths, out, bad});
//   board.on("point", cb);                     // any click or tap, as {x, y} in squares
//   await board.animate(events);               // the engine's play events
//
// Its drawing primitives (geometry, tiles, markers) are in svg.js.

import { S, MARGIN, MARKER_R, COORD_GAP, el, f, portPoint, tracedD, segmentD, drawTile, drawMarker } from "./svg.js";
import { colName, rowName } from "../words/coords.js";
import { t } from "../words/i18n.js";
import { animationSpeed, showMotion } from "../base/motion.js";
/** @import {TileSet} from "./tileset.js" */
/** @import {SeatStyle} from "./style.js" */
/** @import {CourseEvent, GameEvent, PathStep, Place, PlacedTile, Square} from "../types.js" */

/**
 * What the board draws of a position (a classic position as it is; a course position
 * through courseView): its tiles, the markers (null: not placed), who is out, the dragon's
 * holder and the seat to move.
 * @typedef {object} BoardView
 * @property {readonly PlacedTile[]} [tiles]
 * @property {readonly (Place | null)[]} [markers]
 * @property {readonly number[]} [out]
 * @property {number | null} [dragon]
 * @property {number | null} [turn]
 */

/**
 * A placement shown before it is played: the ghost tile, each moved marker's traced path
 * (`to`: where it ends, null for a path that never does), who goes out, and whether the
 * engine refuses it.
 * @typedef {object} Preview
 * @property {Square} square
 * @property {number} tile
 * @property {number} rot
 * @property {readonly {seat: number, path: PathStep[], to: Place | null}[]} [paths]
 * @property {readonly {seat: number}[]} [out]
 * @property {boolean} [bad]
 */

/** Words the board points at: squares, and a marker whose trail to stress. @typedef {{squares?: Square[], seat?: number | null}} Highlight */

/**
 * What the board reports, by event: a start mark clicked (or chosen with a tap, or under
 * the cursor), a square, Escape, and any click as a point in squares.
 * @typedef {object} BoardEvents
 * @property {Place} startmark
 * @property {Place} markselect
 * @property {Square} square
 * @property {Place | null} markhover
 * @property {null} escape
 * @property {{x: number, y: number, touch: boolean}} point
 */

/** A start mark offered: its place and its point in the board's units. @typedef {{place: Place, pt: [number, number]}} Mark */

const LAYERS = /** @type {const} */ (["frame", "squares", "choices", "tiles", "trails", "highlight", "target", "preview", "marks", "markers", "fx"]);

export class Board {
  /** @param {Element} container @param {{width?: number, height?: number, label?: string}} [options] */
  constructor(container, { width = 6, height = 6, label = "Tsuro board" } = {}) {
    this.container = container;
    this.w = width;
    this.h = height;
    /** @type {TileSet | null} */
    this.tileset = null;
    /** @type {SeatStyle[]} */
    this.seats = [];
    /** @type {BoardView | null} */
    this.position = null;
    /** @type {PathStep[][]} each seat's trail */
    this.trails = [];
    /** @type {Mark[]} */
    this.marks = [];
    this.markColor = "#fff";
    this.markCursor = -1;
    this.markSelected = -1;   // the mark a finger chose, waiting for the page's confirm button
    this.pointerType = "";    // the last pointer down: "touch" picks a mark rather than starting there
    /** @type {{square: Square, color: string} | null} */
    this.target = null;
    /** @type {Square[]} */
    this.choices = [];
    this.choiceColor = "#fff";
    this.choiceCursor = -1;
    /** @type {Preview | null} */
    this.preview = null;
    /** @type {Highlight | null} */
    this.highlight = null;
    /** @type {{[K in keyof BoardEvents]: ((value: BoardEvents[K]) => void)[]}} */
    this.listeners = { startmark: [], markselect: [], square: [], markhover: [], escape: [], point: [] };
    this.svg = el("svg", {
      class: "board", role: "img", "aria-label": label,
      viewBox: `${-MARGIN} ${-MARGIN} ${width * S + 2 * MARGIN} ${height * S + 2 * MARGIN}`,
      preserveAspectRatio: "xMidYMid meet",
    });
    const defs = el("defs", {}, this.svg);
    const glow = el("filter", { id: "tsuro-glow", x: "-20%", y: "-20%", width: "140%", height: "140%" }, defs);
    el("feGaussianBlur", { stdDeviation: "3", result: "b" }, glow);
    const merge = el("feMerge", {}, glow);
    el("feMergeNode", { in: "b" }, merge);
    el("feMergeNode", { in: "SourceGraphic" }, merge);
    /** @type {Record<typeof LAYERS[number], SVGGElement>} */
    this.layers = /** @type {Record<typeof LAYERS[number], SVGGElement>} */ (
      Object.fromEntries(LAYERS.map((name) => [name, el("g", { class: `layer-${name}` }, this.svg)])));
    this._drawFrame();
    this.svg.addEventListener("pointerdown", (e) => { this.pointerType = e.pointerType; });
    this.svg.addEventListener("click", (e) => this._click(e));
    this.svg.addEventListener("pointermove", (e) => this._hover(e));
    this.svg.addEventListener("keydown", (e) => this._key(e));
    // the page's static drawing of the empty board (tools/static_board.py) gives way to this one
    const early = container.querySelector("svg.board-static");
    if (early) early.replaceWith(this.svg);
    else container.appendChild(this.svg);
  }

  /** Call cb with what the board reports as `type`. @template {keyof BoardEvents} K
   *  @param {K} type @param {(value: BoardEvents[K]) => void} cb */
  on(type, cb) { this.listeners[type].push(cb); return this; }
  /** @template {keyof BoardEvents} K @param {K} type @param {BoardEvents[K]} value */
  _emit(type, value) { for (const cb of this.listeners[type]) cb(value); }

  /** Resize to another board (a position of another rule set). @param {number} width @param {number} height */
  setSize(width, height) {
    if (width === this.w && height === this.h) return;
    this.w = width; this.h = height;
    this.svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${width * S + 2 * MARGIN} ${height * S + 2 * MARGIN}`);
    this._drawFrame();
    this._drawAll();
  }

  /** @param {TileSet} tileset */
  setTileSet(tileset) { this.tileset = tileset; this._drawAll(); }
  /** @param {SeatStyle[]} styles */
  setSeats(styles) { this.seats = styles; this._drawMarkers(); this._drawTrails(); }

  /** @param {BoardView | null} position */
  setPosition(position) {
    this.position = position;
    this._drawTiles();
    this._drawMarkers();
  }

  /** @param {PathStep[][] | null | undefined} trails */
  setTrails(trails) { this.trails = trails || []; this._drawTrails(); this._drawHighlight(); }

  /** @param {readonly Place[] | null | undefined} places @param {string} [color] */
  setStartMarks(places, color = "#fff") {
    this.marks = (places || []).map((p) => ({ place: p, pt: portPoint(p[0], p[1], p[2]) }));
    // clockwise around the board from the top-left, for the arrow keys
    const cx = (this.w * S) / 2, cy = (this.h * S) / 2;
    const angle = (/** @type {Mark} */ { pt }) => (Math.atan2(pt[1] - cy, pt[0] - cx) + Math.PI * 2.75) % (Math.PI * 2);
    this.marks.sort((a, b) => angle(a) - angle(b));
    this.markColor = color;
    this.markCursor = -1;
    this.markSelected = -1;
    if (this.marks.length) showMotion();
    this.svg.classList.toggle("choosing-start", this.marks.length > 0);
    this._focusable();
    this._drawMarks();
  }

  /** Squares the player may choose among (dashed); a click or Enter on one reports "square".
   *  @param {readonly Square[] | null | undefined} squares @param {string} [color] */
  setChoices(squares, color = "#fff") {
    const cx = (this.w * S) / 2, cy = (this.h * S) / 2;
    const angle = (/** @type {Square} */ [x, y]) => (Math.atan2((y + 0.5) * S - cy, (x + 0.5) * S - cx) + Math.PI * 2.75) % (Math.PI * 2);
    const keep = this.choiceCursor >= 0 ? this.choices[this.choiceCursor]?.join() : null;
    this.choices = (squares || []).slice().sort((a, b) => angle(a) - angle(b));
    this.choiceColor = color;
    this.choiceCursor = keep ? this.choices.findIndex((q) => q.join() === keep) : -1;
    this._focusable();
    this._drawChoices();
  }

  _focusable() {
    if (this.marks.length || this.choices.length) this.svg.setAttribute("tabindex", "0");
    else if (!this.target) this.svg.removeAttribute("tabindex");
  }

  /** Put the keyboard cursor on a start mark (a hint). @param {Place} place */
  setCursorTo(place) {
    this.markCursor = this.marks.findIndex((m) => m.place.join() === place.join());
    this._drawMarks();
  }

  /** The mark a tap chose (or null): drawn apart until the page confirms it or the marks change.
   *  @returns {Place | null} */
  get markAtSelection() { return this.markSelected >= 0 ? this.marks[this.markSelected].place : null; }

  /** The mark the keyboard cursor is on (or null). @returns {Place | null} */
  get markAtCursor() { return this.markCursor >= 0 ? this.marks[this.markCursor].place : null; }

  /** The square to play into (null: none). @param {Square | null | undefined} square @param {string} [color] */
  setTarget(square, color = "#fff") {
    this.target = square ? { square, color } : null;
    const g = this.layers.target;
    g.replaceChildren();
    if (!square) return;
    showMotion();
    const [x, y] = square;
    el("rect", {
      x: x * S + 3, y: y * S + 3, width: S - 6, height: S - 6, rx: 6,
      class: "target", stroke: color,
    }, g);
  }

  /** Point at things the board's words talk about: {squares: [[x, y], ...],
   *  seat: a marker whose trail to stress (or null)}; null clears. @param {Highlight | null | undefined} h */
  setHighlight(h) {
    this.highlight = h && (h.squares?.length || h.seat !== null && h.seat !== undefined) ? h : null;
    this._drawHighlight();
  }

  _drawHighlight() {
    const g = this.layers.highlight;
    g.replaceChildren();
    const h = this.highlight;
    if (!h) return;
    for (const [x, y] of h.squares || []) {
      if (x < this.w && y < this.h) el("rect", { x: x * S + 1, y: y * S + 1, width: S - 2, height: S - 2, rx: 6, class: "highlight-square" }, g);
    }
    const seat = h.seat;
    const segs = seat === null || seat === undefined ? null : this.trails[seat];
    if (seat !== null && seat !== undefined && segs && segs.length) {
      const st = this.seats[seat] || { color: "#fff" };
      el("path", { d: segs.map(([x, y, a, b]) => segmentD(x, y, a, b)).join(""), class: "highlight-path", stroke: st.color }, g);
    }
  }

  /** Show a placement: ghost tile, each moved marker's traced path, who goes out. @param {Preview | null} p */
  setPreview(p) {
    this.preview = p;
    const g = this.layers.preview;
    g.replaceChildren();
    if (!p || !this.tileset) return;
    showMotion();
    const [x, y] = p.square;
    const tg = el("g", { class: `ghost${p.bad ? " bad" : ""}` }, g);
    drawTile(tg, this.tileset.pairs(p.tile, p.rot), x, y);
    for (const m of p.paths || []) {
      const st = this.seats[m.seat] || { color: "#fff" };
      const d = tracedD(m.path);
      el("path", { d, class: "preview-under" }, g);
      el("path", { d, class: "preview-path", stroke: st.color }, g);
    }
    for (const o of p.out || []) {
      const m = (p.paths || []).find((q) => q.seat === o.seat);
      if (!m || !m.to) continue;
      const [px, py] = portPoint(m.to[0], m.to[1], m.to[2]);
      this._cross(g, px, py, "preview-out");
    }
    // the moved markers at the ends of their paths, faint
    for (const m of p.paths || []) {
      const st = this.seats[m.seat];
      if (!st || !m.to) continue;
      const [px, py] = portPoint(m.to[0], m.to[1], m.to[2]);
      drawMarker(g, st, px, py, MARKER_R - 3, "marker ghost-marker");
    }
  }

  clearPreview() { this.setPreview(null); }

  /** Take away everything that offers a move: the preview, the target square, the start marks. */
  clearTurnAids() {
    this.setPreview(null);
    this.setTarget(null);
    this.setStartMarks([]);
  }

  /** Animate the events of one move; resolves when done. speed 0 = no animation; without
   *  a speed, the site's one motion setting (motion.js: the player's choice, else
   *  prefers-reduced-motion).
   *  @param {readonly (GameEvent | CourseEvent)[] | null | undefined} events @param {{speed?: number}} [options] */
  async animate(events, { speed = animationSpeed() } = {}) {
    if (!events || !events.length) return;
    if (!speed) return;
    const fx = this.layers.fx;
    const place = events.find((e) => e.type === "place");
    if (place && this.tileset) {
      const g = el("g", { class: "fx-place" }, fx);
      drawTile(g, this.tileset.pairs(place.tile, place.rot), place.square[0], place.square[1]);
      await this._tween(220 / speed, (t) => g.setAttribute("opacity", f(t)));
    }
    const moves = events.filter((e) => e.type === "move");
    const outs = new Set(events.filter((e) => e.type === "out").map((e) => e.seat));
    // hide the moving markers at their old places
    for (const m of moves) this.layers.markers.querySelector(`[data-seat="${m.seat}"]`)?.setAttribute("opacity", "0");
    await Promise.all(moves.map((m) => this._travel(m, speed)));
    if (outs.size) {
      /** @type {SVGGElement[]} */
      const crosses = [];
      for (const m of moves) {
        if (!outs.has(m.seat) || !m.to) continue;
        const [px, py] = portPoint(m.to[0], m.to[1], m.to[2]);
        crosses.push(this._cross(fx, px, py, "fx-out"));
      }
      await this._tween(420 / speed, (t) => crosses.forEach((c) => c.setAttribute("opacity", f(1 - Math.max(0, t - 0.6) / 0.4))));
    }
    fx.replaceChildren();
  }

  // ------------------------------------------------------------ drawing

  _drawFrame() {
    const g = this.layers.frame;
    g.replaceChildren();
    el("rect", {
      x: -MARGIN + 2, y: -MARGIN + 2, width: this.w * S + 2 * MARGIN - 4, height: this.h * S + 2 * MARGIN - 4,
      rx: 14, class: "board-frame",
    }, g);
    el("rect", { x: -3, y: -3, width: this.w * S + 6, height: this.h * S + 6, rx: 6, class: "board-edge" }, g);
    // the start marks: every port on the outer edge
    for (let i = 0; i < this.w; i++) {
      for (const [y, p] of [[0, 0], [0, 1], [this.h - 1, 4], [this.h - 1, 5]]) {
        const [px, py] = portPoint(i, y, p);
        el("circle", { cx: f(px), cy: f(py + (y === 0 ? -13 : 13)), r: 3.2, class: "edge-mark" }, g);
      }
    }
    for (let j = 0; j < this.h; j++) {
      for (const [x, p] of [[0, 6], [0, 7], [this.w - 1, 2], [this.w - 1, 3]]) {
        const [px, py] = portPoint(x, j, p);
        el("circle", { cx: f(px + (x === 0 ? -13 : 13)), cy: f(py), r: 3.2, class: "edge-mark" }, g);
      }
    }
    // coordinates: columns A.. above the board, rows 1.. to its left (coords.js says the same in words)
    for (let i = 0; i < this.w; i++) {
      el("text", { x: f((i + 0.5) * S), y: -COORD_GAP, class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, g)
        .textContent = colName(i);
    }
    for (let j = 0; j < this.h; j++) {
      el("text", { x: -COORD_GAP, y: f((j + 0.5) * S), class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, g)
        .textContent = rowName(j);
    }
    const sq = this.layers.squares;
    sq.replaceChildren();
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) {
        el("rect", { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, rx: 5, class: "square", "data-x": x, "data-y": y }, sq);
      }
    }
  }

  _drawAll() {
    this._drawChoices();
    this._drawTiles();
    this._drawTrails();
    this._drawMarks();
    this._drawMarkers();
    if (this.preview) this.setPreview(this.preview);
  }

  _drawTiles() {
    const g = this.layers.tiles;
    g.replaceChildren();
    if (!this.position || !this.tileset) return;
    for (const [x, y, t, r] of this.position.tiles || []) {
      const tg = el("g", { class: "placed", "data-x": x, "data-y": y, "data-tile": t }, g);
      drawTile(tg, this.tileset.pairs(t, r), x, y);
    }
  }

  _drawTrails() {
    const g = this.layers.trails;
    g.replaceChildren();
    const order = this.trails.map((_, s) => s);
    for (const seat of order) {
      const segs = this.trails[seat];
      if (!segs || !segs.length) continue;
      const st = this.seats[seat] || { color: "#fff" };
      const d = segs.map(([x, y, a, b]) => segmentD(x, y, a, b)).join("");
      el("path", { d, class: "trail-under" }, g);
      el("path", { d, class: "trail", stroke: st.color, "data-seat": seat }, g);
    }
  }

  _drawMarks() {
    const g = this.layers.marks;
    g.replaceChildren();
    this.marks.forEach((m, i) => {
      const [px, py] = m.pt;
      const cls = `start-mark${i === this.markCursor ? " cursor" : ""}${i === this.markSelected ? " selected" : ""}`;
      const c = el("g", { class: cls, "data-place": m.place.join(",") }, g);
      if (i === this.markSelected) {
        // a ring a finger does not hide: the halo light on a dark board, the outline dark on a light one
        for (const ring of ["start-chosen-halo", "start-chosen-under"]) el("circle", { cx: f(px), cy: f(py), r: MARKER_R + 4, class: ring }, c);
        el("circle", { cx: f(px), cy: f(py), r: MARKER_R + 4, class: "start-chosen" }, c);
      }
      el("circle", { cx: f(px), cy: f(py), r: 15, class: "start-hit" }, c);
      el("circle", { cx: f(px), cy: f(py), r: 7.5, class: "start-halo" }, c);   // an edge on any board, like a marker's
      el("circle", { cx: f(px), cy: f(py), r: 7.5, class: "start-dot", fill: this.markColor }, c);
    });
  }

  _drawChoices() {
    const g = this.layers.choices;
    g.replaceChildren();
    this.choices.forEach(([x, y], i) => {
      el("rect", {
        x: x * S + 6, y: y * S + 6, width: S - 12, height: S - 12, rx: 6,
        class: `choice${i === this.choiceCursor ? " cursor" : ""}`, stroke: this.choiceColor,
        "data-x": x, "data-y": y,
      }, g);
    });
  }

  _drawMarkers() {
    const g = this.layers.markers;
    g.replaceChildren();
    const position = this.position;
    if (!position) return;
    const out = new Set(position.out || []);
    (position.markers || []).forEach((m, seat) => {
      if (!m) return;
      const st = this.seats[seat];
      if (!st) return;
      const [px, py] = portPoint(m[0], m[1], m[2]);
      const mk = drawMarker(g, st, px, py, MARKER_R, `marker${out.has(seat) ? " out" : ""}`);
      mk.setAttribute("data-seat", String(seat));
      if (out.has(seat)) this._cross(mk, 0, 0, "out-cross", 9);
      if (position.dragon === seat && !out.has(seat)) {
        el("circle", { r: MARKER_R + 6, class: "dragon-ring" }, mk).appendChild(el("title")).textContent = t("board.holdsDragon");
      }
      if (position.turn === seat) mk.classList.add("active");
    });
  }

  /** @param {Element} parent @param {number} x @param {number} y @param {string} cls @param {number} [r] */
  _cross(parent, x, y, cls, r = 12) {
    const g = el("g", { class: cls, transform: `translate(${f(x)},${f(y)})` }, parent);
    el("path", { d: `M${-r},${-r}L${r},${r}M${r},${-r}L${-r},${r}`, class: "cross-under" }, g);
    el("path", { d: `M${-r},${-r}L${r},${r}M${r},${-r}L${-r},${r}`, class: "cross" }, g);
    return g;
  }

  // ---------------------------------------------------------- animation

  /** @param {number} ms @param {(t: number) => void} step @returns {Promise<void>} */
  _tween(ms, step) {
    return new Promise((/** @type {() => void} */ resolve) => {
      const t0 = performance.now();
      const frame = (/** @type {number} */ now) => {
        const t = Math.min(1, (now - t0) / ms);
        step(t);
        if (t < 1) requestAnimationFrame(frame); else resolve();
      };
      requestAnimationFrame(frame);
    });
  }

  /** @param {{seat: number, path: readonly PathStep[]}} move @param {number} speed */
  async _travel(move, speed) {
    const st = this.seats[move.seat];
    if (!st || !move.path || !move.path.length) return;
    const fx = this.layers.fx;
    const d = tracedD(move.path);
    const under = el("path", { d, class: "trail-under" }, fx);
    const trail = el("path", { d, class: "trail", stroke: st.color }, fx);
    const len = trail.getTotalLength();
    for (const p of [under, trail]) {
      p.style.strokeDasharray = `${len} ${len}`;
      p.style.strokeDashoffset = `${len}`;
    }
    const mk = drawMarker(fx, st, ...portPoint(move.path[0][0], move.path[0][1], move.path[0][2]), MARKER_R);
    const ms = Math.min(2400, 260 + 230 * move.path.length) / speed;
    await this._tween(ms, (t) => {
      const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2; // ease in-out
      const pt = trail.getPointAtLength(e * len);
      mk.setAttribute("transform", `translate(${f(pt.x)},${f(pt.y)})`);
      under.style.strokeDashoffset = trail.style.strokeDashoffset = `${len * (1 - e)}`;
    });
  }

  // ------------------------------------------------------------- input

  /** Where a pointer is, in the board's SVG units. @param {MouseEvent} e @returns {[number, number] | null} */
  _svgPoint(e) {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [pt.x, pt.y];
  }

  /** @param {readonly number[]} pt @returns {Mark | null} */
  _nearestMark(pt) {
    let best = null, bestD = 50;  // at most half a square away (the nearest mark wins): a fingertip on a phone
    for (const m of this.marks) {
      const d = Math.hypot(m.pt[0] - pt[0], m.pt[1] - pt[1]);
      if (d < bestD) { best = m; bestD = d; }
    }
    return best;
  }

  /**
   * The mark a finger means: the nearest one to a tap in the frame around the
   * board or within half a square of its edge (a fingertip covers two marks;
   * the controller asks to confirm it), elsewhere the nearest within half a square.
   * @param {number[]} pt  the tap, in the board's SVG units
   * @returns {Mark | null}
   */
  _touchedMark(pt) {
    const [x, y] = pt, W = this.w * S, H = this.h * S, reach = S / 2;
    const nearEdge = x < reach || y < reach || x > W - reach || y > H - reach;
    if (!nearEdge) return this._nearestMark(pt);   // marks inside the board (the course's ports): as a click
    let best = null, bestD = Infinity;
    for (const m of this.marks) {
      const d = Math.hypot(m.pt[0] - x, m.pt[1] - y);
      if (d < bestD) { best = m; bestD = d; }
    }
    return best;
  }

  /** A click or a tap: a finger selects a mark ("markselect"), a mouse starts there ("startmark").
   *  @param {MouseEvent & {pointerType?: string}} e  (Chromium's clicks are PointerEvents) */
  _click(e) {
    const pt = this._svgPoint(e);
    if (!pt) return;
    const touch = (e.pointerType || this.pointerType) === "touch";
    // where, in squares from the board's top-left corner (the frame too): the board editor
    this._emit("point", { x: pt[0] / S, y: pt[1] / S, touch });
    if (this.marks.length && touch) {
      const m = this._touchedMark(pt);
      if (m) {
        this.markSelected = this.markCursor = this.marks.indexOf(m);
        this._drawMarks();
        this._emit("markselect", m.place);
        return;
      }
    } else if (this.marks.length) {
      const m = this._nearestMark(pt);
      if (m) { this._emit("startmark", m.place); return; }
    }
    const x = Math.floor(pt[0] / S), y = Math.floor(pt[1] / S);
    if (x >= 0 && y >= 0 && x < this.w && y < this.h) this._emit("square", [x, y]);
  }

  /** @param {PointerEvent} e */
  _hover(e) {
    if (!this.marks.length || e.pointerType === "touch") return;  // a finger's drag chooses nothing
    const pt = this._svgPoint(e);
    if (!pt) return;
    const m = this._nearestMark(pt);
    const i = m ? this.marks.indexOf(m) : -1;
    if (i !== this.markCursor) {
      this.markCursor = i;
      this._drawMarks();
      this._emit("markhover", m ? m.place : null);
    }
  }

  /** @param {KeyboardEvent} e */
  _key(e) {
    if (e.key === "Escape" && this.listeners.escape.length) {
      this._emit("escape", null);
      e.preventDefault();
      return;
    }
    if (!this.marks.length) return this._choiceKey(e);
    const n = this.marks.length;
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(e.key)) {
      const dir = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
      this.markCursor = this.markCursor < 0 ? (dir > 0 ? 0 : n - 1) : (this.markCursor + dir + n) % n;
      this._drawMarks();
      this._emit("markhover", this.marks[this.markCursor].place);
      e.preventDefault();
    } else if ((e.key === "Enter" || e.key === " ") && this.markCursor >= 0) {
      this._emit("startmark", this.marks[this.markCursor].place);
      e.preventDefault();
    }
  }

  /** @param {KeyboardEvent} e */
  _choiceKey(e) {
    const n = this.choices.length;
    if (!n) return;
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(e.key)) {
      const dir = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
      this.choiceCursor = this.choiceCursor < 0 ? (dir > 0 ? 0 : n - 1) : (this.choiceCursor + dir + n) % n;
      this._drawChoices();
      e.preventDefault();
    } else if ((e.key === "Enter" || e.key === " ") && this.choiceCursor >= 0) {
      this._emit("square", [...this.choices[this.choiceCursor]]);
      e.preventDefault();
    }
  }
}
