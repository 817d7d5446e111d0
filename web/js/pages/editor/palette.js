// The board editor's box of tiles: the 35 tiles, each drawn turned as it will be
// laid, to choose one from (a click, a tap, or the arrow keys and Enter: one Tab
// stop for the whole box), and the buttons that turn them all.  Each tile says
// where it is used already (on a square, in a hand): the position's data, shown.

import { tileSVG } from "../../lib/views/svg.js";
import { uiIcon } from "../../lib/views/icon.js";
import { t } from "../../lib/words/i18n.js";
/** @import {TileSet} from "../../lib/views/tileset.js" */

export class Palette {
  /**
   * @param {HTMLElement} box  the grid of tiles
   * @param {{left: HTMLElement, right: HTMLElement}} buttons  turn the tiles back / clockwise
   * @param {(tile: number) => void} onChoose
   */
  constructor(box, { left, right }, onChoose) {
    this.box = box;
    this.onChoose = onChoose;
    /** @type {TileSet | null} none until the tiles are loaded */
    this.tileset = null;
    this.rot = 0;
    /** @type {number | null} */
    this.chosen = null;
    /** @type {HTMLButtonElement[]} */
    this.buttons = [];
    left.replaceChildren(uiIcon("turnLeft"));
    right.replaceChildren(uiIcon("turnRight"));
    left.addEventListener("click", () => this.turn(-1));
    right.addEventListener("click", () => this.turn(1));
    box.addEventListener("keydown", (e) => this.key(e));
  }

  /** @param {TileSet} tileset */
  setTileSet(tileset) {
    this.tileset = tileset;
    this.buttons = [];
    this.box.replaceChildren();
    for (let tile = 0; tile < tileset.count; tile++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "palette-tile";
      b.dataset.tile = String(tile);
      b.tabIndex = tile === 0 ? 0 : -1;
      const num = document.createElement("span");
      num.className = "palette-num";
      num.textContent = String(tile);
      num.setAttribute("aria-hidden", "true");
      b.append(tileSVG(tileset, tile, this.rot), num);
      b.addEventListener("click", () => this.choose(tile));
      this.box.appendChild(b);
      this.buttons.push(b);
    }
  }

  /** Turn every tile of the box a quarter clockwise (1) or back (-1). @param {number} dir */
  turn(dir) {
    this.rot = (((this.rot + 90 * dir) % 360) + 360) % 360;
    this.buttons.forEach((b, tile) => b.querySelector("svg")?.replaceWith(tileSVG(this.tileset, tile, this.rot)));
  }

  /** @param {number} tile */
  choose(tile) {
    this.chosen = tile;
    this.onChoose(tile);
  }

  /**
   * Mark the chosen tile and say where each is used.
   * @param {(tile: number) => string} usedWords  "" for a tile used nowhere
   */
  render(usedWords) {
    this.buttons.forEach((b, tile) => {
      const used = usedWords(tile);
      const name = t("editor.tiles.tile", { tile, rot: this.rot });
      b.setAttribute("aria-label", used ? t("editor.tiles.used", { name, where: used }) : name);
      b.setAttribute("aria-pressed", String(tile === this.chosen));
      b.classList.toggle("used", !!used);
      if (tile === this.chosen) this.rove(tile);
    });
  }

  /** The one Tab stop of the box moves to `tile`. @param {number} tile */
  rove(tile, focus = false) {
    this.buttons.forEach((b, i) => { b.tabIndex = i === tile ? 0 : -1; });
    if (focus) this.buttons[tile].focus();
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const focused = document.activeElement;
    const i = focused instanceof HTMLButtonElement ? this.buttons.indexOf(focused) : -1;
    if (i < 0) return;
    const cols = getComputedStyle(this.box).gridTemplateColumns.split(" ").length || 7;
    /** @type {Record<string, number | undefined>} */
    const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols, Home: -i, End: this.buttons.length - 1 - i };
    const step = steps[e.key];
    if (step === undefined) return;
    const j = i + step;
    if (j < 0 || j >= this.buttons.length) return;
    this.rove(j, true);
    e.preventDefault();
  }
}
