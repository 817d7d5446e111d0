// The board editor's tool bar: what the tool in hand does, in words; the eight
// port buttons of the marker tool (the points of the cursor square, for a
// finger or a keyboard: a tap on a point is less sure than a button); and the
// undo history of the draft.

import { t } from "../../lib/words/i18n.js";
import { placeName } from "../../lib/words/coords.js";
import { PORTS } from "../../lib/views/tileset.js";
/** @import {Draft} from "./draft.js" */
/** @import {Palette} from "./palette.js" */

/** The tool in hand in words: "Tiles: tile 7, turned 90°: choose a square."
 *  @param {string} tool  "tile" or "marker" @param {string | undefined} name  the marker tool's player
 *  @param {Pick<Palette, "chosen" | "rot">} palette */
export function toolWords(tool, name, palette) {
  if (tool === "marker") return t("editor.tools.markerOf", { name });
  return palette.chosen === null ? t("editor.tools.tileNone") : t("editor.tools.tileChosen", { tile: palette.chosen, rot: palette.rot });
}

/** The port buttons A-H of `square` in `box` (made once, then relabelled), each calling onPort.
 *  @param {HTMLElement} box @param {number[]} square @param {number[]} size  the board's [w, h]
 *  @param {(port: string) => void} onPort */
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
    /** @type {Draft[]} the drafts before each edit, the last one last */
    this.past = [];
    /** @type {Draft[]} the drafts undone, to redo */
    this.future = [];
  }

  /** Before an edit: keep the draft as it was. @param {Draft} draft */
  push(draft) {
    this.past.push(draft.copy());
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** The draft before the last edit (null: none), keeping `current` to redo.
   *  @param {Draft} current @returns {Draft | null} */
  back(current) {
    const before = this.past.pop();
    if (!before) return null;
    this.future.push(current.copy());
    return before;
  }

  /** The draft the last undo undid (null: none), keeping `current` to undo again.
   *  @param {Draft} current @returns {Draft | null} */
  forward(current) {
    const after = this.future.pop();
    if (!after) return null;
    this.past.push(current.copy());
    return after;
  }

  /** Forget every edit (another tab's were taken: this tab's copies are of another draft). */
  clear() {
    this.past = [];
    this.future = [];
  }

  get canBack() { return this.past.length > 0; }
  get canForward() { return this.future.length > 0; }
}
