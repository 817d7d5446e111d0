// Board coordinates a player reads: columns A, B, C... from the left, rows
// 1, 2, 3... from the top (the board's drawn labels say the same), so the
// engine's square [2, 3] is "C4". Only the words: records, links and the
// engine keep the notation's [x, y, port] (NOTATION.md).

import { t } from "./i18n.js";

/** The notation's port letters, A to H around a square (NOTATION.md). */
export const PORTS = "ABCDEFGH";

/** Port letter or number -> number 0..7. */
export function portIndex(p) {
  return typeof p === "number" ? p : PORTS.indexOf(String(p).toUpperCase());
}

/** Column x (0-based) as a letter: 0 -> "A". */
export function colName(x) { return String.fromCharCode(65 + x); }

/** Row y (0-based) as a number from 1: 0 -> "1". */
export function rowName(y) { return String(y + 1); }

/** A square [x, y] in words: [2, 3] -> "C4". @param {number[]} square */
export function squareName([x, y]) { return `${colName(x)}${rowName(y)}`; }

// A port's side of its square (A B north, C D east, E F south, G H west) and
// which of the side's two points it is.
const SIDES = ["top", "top", "right", "right", "bottom", "bottom", "left", "left"];
const HALVES = ["left", "right", "upper", "lower", "right", "left", "lower", "upper"];
// Across a side: the neighbouring square's offset.
const ACROSS = { top: [0, -1], right: [1, 0], bottom: [0, 1], left: [-1, 0] };
const OPPOSITE = { top: "bottom", bottom: "top", left: "right", right: "left" };

/** The side ("top", "right", "bottom", "left") and point ("left", "upper"...) of a port. */
export function portSide(port) {
  const q = portIndex(port);
  return { side: SIDES[q], half: HALVES[q] };
}

/**
 * Where a marker stands, in words. A place [x, y, port] faces square (x, y)
 * from its `port` side. On the board: "the top side of C4 (left point)".
 * Off the board (a marker that left it): "the left edge at A3 (upper point)",
 * named by the board square it left from.
 */
export function placeName(place, width = 6, height = 6) {
  if (!place) return "";
  const [x, y, port] = place;
  const { side, half } = portSide(port);
  const sideWord = t(`coords.side.${side}`);
  const halfWord = t(`coords.half.${half}`);
  if (x >= 0 && y >= 0 && x < width && y < height) {
    return t("coords.place", { side: sideWord, square: squareName([x, y]), half: halfWord });
  }
  // the square beyond the edge: name the board square across the port's side
  const [dx, dy] = ACROSS[side];
  return t("coords.edge", { edge: t(`coords.edge.${OPPOSITE[side]}`), square: squareName([x + dx, y + dy]), half: halfWord });
}

/** A start mark [x, y, port] (on the board's outer boundary): "the top edge at B1 (left point)". */
export function startName(place) {
  if (!place) return "";
  const [x, y, port] = place;
  const { side, half } = portSide(port);
  return t("coords.edge", { edge: t(`coords.edge.${side}`), square: squareName([x, y]), half: t(`coords.half.${half}`) });
}
