// The board's drawing primitives, shared by the board, the hand, the icons and
// the embed: board geometry (squares of S units, ports A..H), SVG elements,
// tile paths as curves, tiles and markers.  Pure drawing: no state, no rules.

import { portIndex, PORTS } from "./tileset.js";
import { shapePath, labelDy } from "./style.js";
/** @import {TileSet} from "./tileset.js" */
/** @import {SeatStyle} from "./style.js" */
/** @import {AnyPlace} from "../words/coords.js" */
/** @import {PathStep, TilePair} from "../types.js" */

const NS = "http://www.w3.org/2000/svg";
export const S = 100;               // one square, in SVG units
export const MARGIN = 36;                  // room for start marks and markers beyond the edge
export const MARKER_R = 16;                // a marker's radius
export const COORD_GAP = 22;               // coordinate labels sit this far outside the edge

// Port points on a unit square, A..H clockwise from the north side's left port.
const PX = [1 / 3, 2 / 3, 1, 1, 2 / 3, 1 / 3, 0, 0];
const PY = [0, 0, 1 / 3, 2 / 3, 1, 1, 2 / 3, 1 / 3];
// The inward normal at each port.
const NX = [0, 0, -1, -1, 0, 0, 1, 1];
const NY = [1, 1, 0, 0, -1, -1, 0, 0];

/**
 * An SVG element with these attributes (null and undefined left out), appended to `parent` if given.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} name @param {Record<string, string | number | null | undefined>} [attrs] @param {Element | null} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** A number as SVG text, to two decimals. */
export const f = (/** @type {number} */ n) => (Math.round(n * 100) / 100).toString();

/** The point of port p of square (x, y), in board units.
 *  @param {number} x @param {number} y @param {string | number} p @returns {[number, number]} */
export function portPoint(x, y, p) {
  const q = portIndex(p);
  return [(x + PX[q]) * S, (y + PY[q]) * S];
}

// Across a square's side: the neighbour's offset and the port there that touches
// this one (NOTATION: A-F, B-E, C-H, D-G).
const STEP = [[0, -1], [0, -1], [1, 0], [1, 0], [0, 1], [0, 1], [-1, 0], [-1, 0]];
const PARTNER = [5, 4, 7, 6, 1, 0, 3, 2];

/** The same point seen from the square across port p's side: [x, y, p] -> the
 *  neighbour's square and its touching port (a place facing the other way).
 *  @param {AnyPlace} place @returns {[number, number, string]} */
export function across([x, y, p]) {
  const q = portIndex(p);
  return [x + STEP[q][0], y + STEP[q][1], PORTS[PARTNER[q]]];
}

/** A cubic Bézier from port a to port b of square (x, y), leaving and
 *  arriving perpendicular to the square's sides.  Returns "C ..." (no M).
 *  @param {number} x @param {number} y @param {number} a @param {number} b */
function curve(x, y, a, b) {
  const ax = (x + PX[a]) * S, ay = (y + PY[a]) * S;
  const bx = (x + PX[b]) * S, by = (y + PY[b]) * S;
  const dist = Math.hypot(bx - ax, by - ay);
  const sideA = a >> 1, sideB = b >> 1;
  let k;
  if (sideA === sideB) k = 0.32 * S;                       // a U-turn on one side
  else if ((sideA + 2) % 4 === sideB) k = 0.42 * dist;     // across the square
  else k = 0.4 * dist;                                     // round a corner
  return `C${f(ax + NX[a] * k)},${f(ay + NY[a] * k)} ${f(bx + NX[b] * k)},${f(by + NY[b] * k)} ${f(bx)},${f(by)}`;
}

/** Path data of one tile path (port a to b) on square (x, y).
 *  @param {number} x @param {number} y @param {string | number} a @param {string | number} b */
export function segmentD(x, y, a, b) {
  const qa = portIndex(a), qb = portIndex(b);
  const [ax, ay] = portPoint(x, y, qa);
  return `M${f(ax)},${f(ay)}${curve(x, y, qa, qb)}`;
}

/** Path data of a marker's traced path [[x, y, in, out], ...] as one line.
 *  @param {readonly PathStep[] | null | undefined} path */
export function tracedD(path) {
  if (!path || !path.length) return "";
  const [x0, y0, p0] = path[0];
  const [sx, sy] = portPoint(x0, y0, p0);
  let d = `M${f(sx)},${f(sy)}`;
  for (const [x, y, a, b] of path) d += curve(x, y, portIndex(a), portIndex(b));
  return d;
}

/**
 * Draw a tile's four paths into group `g` at square (x, y): the tile face, then
 * each path twice, a wide stroke of the face colour under a narrow dark one, so
 * where paths cross the upper one is cut clean out of the lower.
 * @param {Element} g @param {readonly TilePair[]} pairs @param {number} [x] @param {number} [y] @param {string} [cls]
 */
export function drawTile(g, pairs, x = 0, y = 0, cls = "tile") {
  el("rect", { x: x * S + 1.5, y: y * S + 1.5, width: S - 3, height: S - 3, rx: 5, class: `${cls}-face` }, g);
  for (const [a, b] of pairs) {
    const d = segmentD(x, y, a, b);
    el("path", { d, class: `${cls}-gap` }, g);
    el("path", { d, class: `${cls}-path` }, g);
  }
}

/**
 * A small standalone <svg> of a tile at a rotation, as it will look on the board.
 * @param {TileSet | null | undefined} tileset @param {number} index @param {number} rot
 * @param {{title?: string}} [options]
 */
export function tileSVG(tileset, index, rot, { title } = {}) {
  const svg = el("svg", { viewBox: `0 0 ${S} ${S}`, class: "tile-svg", "aria-hidden": title ? null : "true" });
  if (title) el("title", {}, svg).textContent = title;
  drawTile(svg, tileset ? tileset.pairs(index, rot) : [], 0, 0);
  return svg;
}

/** Draw a marker shape with its label into `parent`, centred at (cx, cy): a light
 *  halo under a dark outline, so that its edge stands out (3:1, WCAG 1.4.11) on
 *  dark squares and light tiles alike, whatever its own colour.
 *  @param {Element} parent @param {SeatStyle} style @param {number} cx @param {number} cy
 *  @param {number} [r] @param {string} [cls] */
export function drawMarker(parent, style, cx, cy, r = 13, cls = "marker") {
  const g = el("g", { class: cls, transform: `translate(${f(cx)},${f(cy)})` }, parent);
  const d = shapePath(style.shape, r);
  el("path", { d, class: "marker-halo" }, g);
  el("path", { d, fill: style.color, class: "marker-shape" }, g);
  const t = el("text", {
    class: "marker-label", y: f(labelDy(style.shape, r)), fill: style.ink,
    "font-size": f(r * 1.15), "text-anchor": "middle", "dominant-baseline": "central",
  }, g);
  t.textContent = style.label;
  return g;
}
