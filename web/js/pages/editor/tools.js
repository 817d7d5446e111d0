// The board editor's tool bar: what the tool in hand does, in words; the eight
// port buttons of the marker tool (the points of the cursor square, for a
// finger or a keyboard: a tap on a point is less sure than a button); and the
// undo history of the draft.

import { t } from "../../lib/words/i18n.js";
import { placeName } from "../../lib/words/coords.js";
import { PORTS } from "../../lib/views/tileset.js";

/** The tool in hand in words: "Tiles: tile 7, turned 90°: choose a square." */
export function toolWords(tool, name, palette) {
  if (tool === "marker") return t("editor.tools.markerOf", { name });
  return palette.chosen === null ? t("editor.tools.tileNone") : t("editor.tools.tileChosen", { tile: palette.chosen, rot: palette.rot });
}

/** The port buttons A-H of `square` in `box` (made once, then relabelled), each calling onPort. */
export function portButtons(box, square, [w, h], onPort) {
  if (box.childElementCount !== PORTS.length) {
    box.replaceChildren(...[...PORTS].map((port) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "port-button";
      b.textContent = port;
      b.addEventListener("click", () => onPort(port));
      return b;
    }));
  }
  [...box.children].forEach((b, i) => b.setAttribute("aria-label", t("editor.tools.port", { place: placeName([square[0], square[1], PORTS[i]], w, h) })));
}

/** Undo and redo over copies of the draft. */
export class History {
  constructor(limit = 200) {
    this.limit = limit;
    this.past = [];
    this.future = [];
  }

  /** Before an edit: keep the draft as it was. */
  push(draft) {
    this.past.push(draft.copy());
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** The draft before the last edit (null: none), keeping `current` to redo. */
  back(current) {
    if (!this.past.length) return null;
    this.future.push(current.copy());
    return this.past.pop();
  }

  forward(current) {
    if (!this.future.length) return null;
    this.past.push(current.copy());
    return this.future.pop();
  }

  /** Forget every edit (another tab's were taken: this tab's copies are of another draft). */
  clear() {
    this.past = [];
    this.future = [];
  }

  get canBack() { return this.past.length > 0; }
  get canForward() { return this.future.length > 0; }
}
