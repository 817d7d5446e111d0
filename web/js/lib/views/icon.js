// Small pictures built here only: a player's icon (their marker's shape, colour
// and seat number) for the setup form, the players panel, the turn banner and
// the move log, so every list shows a player the same way; and the interface's icons.

import { drawMarker } from "./svg.js";

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

// The interface's icons (sound, theme, turning, replay steps, marks, the
// brand, the top bar's menu): small line drawings on a 24-unit grid in the
// text's colour, so they need no emoji or symbol font (missing ones show as
// empty boxes). Each is one path: "M..." stroked, "F M..." filled.
const UI = {
  brand: "M2 15c3-6 5 3 8-2s5 3 8-2M16 6l5 3-4 4",
  soundOn: "M4 9h3l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11",
  soundOff: "M4 9h3l5-4v14l-5-4H4zM16 9.5l5 5M21 9.5l-5 5",
  sun: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  moon: "M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z",
  turnLeft: "M5 12a7 7 0 1 0 2-5M7 3v4h4",
  turnRight: "M19 12a7 7 0 1 1-2-5M17 3v4h-4",
  first: "F M6 5h2v14H6zM19 5v14l-10-7z",
  prev: "F M17 5v14L6 12z",
  next: "F M7 5v14l11-7z",
  last: "F M16 5h2v14h-2zM5 5v14l10-7z",
  ok: "M5 12.5l4.5 4.5L19 7",
  bad: "M6 6l12 12M18 6L6 18",
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  edit: "M4 20h4L19 9l-4-4L4 16zM13 7l4 4",
  menu: "M4 6.5h16M4 12h16M4 17.5h16",
};

/** An interface icon by name (UI above); decorative: the control it sits in carries the name. */
export function uiIcon(name) {
  const d = UI[name];
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d.replace(/^F /, ""));
  path.setAttribute("class", d.startsWith("F ") ? "icon-fill" : "icon-line");
  svg.appendChild(path);
  return svg;
}

/** Draw every element's data-icon="name" into it (the pages' static buttons and brand).
 *  @param {ParentNode} [root] */
export function drawIcons(root = document) {
  for (const el of root.querySelectorAll("[data-icon]")) el.replaceChildren(uiIcon(el.getAttribute("data-icon")));
}
