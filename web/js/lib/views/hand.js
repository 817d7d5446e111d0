// The hand view: a player's tiles drawn exactly as they will look on the
// board, each turned by a CSS rotation of its unturned drawing.  It shows the
// marks it is given (which placements are self-eliminating, from the
// engine's legal_moves) and reports what the player does; it decides nothing.

import { tileSVG } from "./svg.js";
import { t as tr } from "../words/i18n.js";   // `t` names a tile here
import { uiIcon } from "./icon.js";
import { showMotion } from "../base/motion.js";
/** @import {TileSet} from "./tileset.js" */

/** One tile of the hand as drawn: its button, the turning picture, the mark's badge, the turn buttons.
 *  @typedef {{tile: number, slot: HTMLElement, button: HTMLButtonElement, turn: HTMLElement, badge: HTMLElement,
 *             left: HTMLButtonElement, right: HTMLButtonElement}} Slot */

/**
 * @typedef {object} HandHandlers
 * @property {(i: number, fromClick?: boolean) => void} select
 * @property {(i: number, dir: number) => void} rotate
 * @property {(i: number | null) => void} hover
 * @property {(i: number) => void} place
 */

export class HandView {
  /**
   * @param {HTMLElement} container  element to draw into
   * @param {HandHandlers} handlers  what the player does, reported
   */
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    /** @type {TileSet | null} */
    this.tileset = null;
    /** @type {Slot[]} */
    this.slots = [];
    /** @type {number[]} each tile's angle as drawn (turned the shortest way to its rotation) */
    this.angles = [];
  }

  /**
   * @param {object} state
   * @param {number[]} state.tiles     tile indices in hand
   * @param {number[]} state.rots      each tile's rotation (degrees)
   * @param {number} [state.selected]  index of the chosen tile (or -1)
   * @param {({bad: boolean, label: string} | null)[]} [state.marks]  per tile, for its current rotation
   * @param {boolean} [state.enabled]  whether the player may act
   * @param {string} [state.owner]     the player's name (the labels do not use it yet)
   */
  render(state) {
    const { tiles, rots, selected = -1, marks = [], enabled = true } = state;
    const same = this.slots.length === tiles.length && this.slots.every((s, i) => s.tile === tiles[i]);
    if (!same) this._build(tiles);
    if (tiles.length) showMotion();
    tiles.forEach((t, i) => {
      const slot = this.slots[i];
      let angle = this.angles[i] ?? rots[i];
      // turn the shortest way to the new rotation, so 270 -> 0 goes on clockwise
      const diff = ((((rots[i] - angle) % 360) + 540) % 360) - 180;
      angle += diff;
      this.angles[i] = angle;
      slot.turn.style.transform = `rotate(${angle}deg)`;
      const mark = marks[i];
      slot.button.classList.toggle("selected", i === selected);
      slot.button.classList.toggle("bad", !!(mark && mark.bad));
      slot.button.setAttribute("aria-pressed", i === selected ? "true" : "false");
      slot.badge.replaceChildren(...(mark ? [uiIcon(mark.bad ? "bad" : "ok")] : []));
      slot.badge.className = `badge${mark ? (mark.bad ? " bad" : " ok") : ""}`;
      slot.badge.title = mark ? mark.label : "";
      const label = tr(i === selected ? "hand.tileChosen" : "hand.tile", { n: i + 1, tile: t, rot: ((rots[i] % 360) + 360) % 360 });
      slot.button.setAttribute("aria-label", mark ? tr("hand.tileMark", { label, mark: mark.label }) : label);
      for (const b of [slot.button, slot.left, slot.right]) b.disabled = !enabled;
    });
    this.container.classList.toggle("disabled", !enabled);
  }

  /** @param {TileSet} tileset */
  setTileSet(tileset) {
    this.tileset = tileset;
    const tiles = this.slots.map((s) => s.tile);
    this.slots = [];
    if (tiles.length) this._build(tiles);
  }

  clear() {
    this.slots = [];
    this.angles = [];
    this.container.replaceChildren();
  }

  /** @param {readonly number[]} tiles */
  _build(tiles) {
    this.container.replaceChildren();
    this.angles = [];
    this.slots = tiles.map((tile, i) => {
      const slot = document.createElement("div");
      slot.className = "hand-slot";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hand-tile";
      button.dataset.index = String(i);
      button.dataset.tile = String(tile);
      const turn = document.createElement("span");
      turn.className = "turn";
      turn.appendChild(tileSVG(this.tileset, tile, 0));
      const key = document.createElement("span");
      key.className = "key";
      key.textContent = String(i + 1);
      key.setAttribute("aria-hidden", "true");
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.setAttribute("aria-hidden", "true");
      button.append(turn, key, badge);
      button.addEventListener("click", () => this.handlers.select(i, true));
      button.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") this.handlers.hover(i); });
      button.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") this.handlers.hover(null); });
      button.addEventListener("focus", () => {
        // keyboard focus chooses the tile; a click's focus leaves it to the click
        if (button.matches(":focus-visible")) this.handlers.select(i, false);
      });
      const rotBox = document.createElement("div");
      rotBox.className = "rot-buttons";
      const left = document.createElement("button");
      left.type = "button";
      left.className = "rot left";
      left.appendChild(uiIcon("turnLeft"));
      left.setAttribute("aria-label", tr("hand.turnLeft", { n: i + 1 }));
      left.addEventListener("click", () => this.handlers.rotate(i, -1));
      const right = document.createElement("button");
      right.type = "button";
      right.className = "rot right";
      right.appendChild(uiIcon("turnRight"));
      right.setAttribute("aria-label", tr("hand.turnRight", { n: i + 1 }));
      right.addEventListener("click", () => this.handlers.rotate(i, 1));
      rotBox.append(left, right);
      slot.append(button, rotBox);
      this.container.appendChild(slot);
      return { tile, slot, button, turn, badge, left, right };
    });
  }
}

/** A row of small tile pictures (another player's open hand, an exchange).
 *  @param {TileSet | null} tileset @param {readonly number[]} tiles @param {number} [rot] */
export function miniTiles(tileset, tiles, rot = 0) {
  const box = document.createElement("span");
  box.className = "mini-tiles";
  for (const t of tiles) {
    const s = document.createElement("span");
    s.className = "mini-tile";
    s.appendChild(tileSVG(tileset, t, rot));
    box.appendChild(s);
  }
  return box;
}
