// A player's icon (their marker's shape, colour and seat number) for the
// setup form, the players panel, the turn banner and the move log: built here
// only, so every list shows a player the same way.

import { drawMarker } from "./board.js";

const NS = "http://www.w3.org/2000/svg";

/** A small SVG of a seat's marker; `style` is one of style.js's seatStyles(). */
export function playerIcon(style) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "-16 -16 32 32");
  svg.setAttribute("class", "player-icon");
  svg.setAttribute("aria-hidden", "true");
  drawMarker(svg, style, 0, 0, 12);
  return svg;
}
