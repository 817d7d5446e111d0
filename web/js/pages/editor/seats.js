// The board editor's players: for each seat its name, colour, marker (where it
// stands, "Place marker" to put it with the marker tool, "Take off"), whether it
// is out, and its hand (set here tile by tile, or as the engine dealt it).  The
// rows are built once per number of seats and then updated in place, so that a
// name being typed keeps its field.

import { t } from "../../lib/words/i18n.js";
import { placeName } from "../../lib/words/coords.js";
import { COLOR_NAMES, seatStyles } from "../../lib/views/style.js";
import { playerIcon } from "../../lib/views/icon.js";
import { tileSVG } from "../../lib/views/svg.js";
/** @import {TileSet} from "../../lib/views/tileset.js" */

/**
 * @typedef {object} SeatActions
 * @property {(seat: number, name: string) => void} name
 * @property {(seat: number, color: string) => void} color
 * @property {(seat: number) => void} place     choose the marker tool for this seat
 * @property {(seat: number) => void} takeOff
 * @property {(seat: number, out: boolean) => void} out
 * @property {(seat: number) => void} addTile   the palette's chosen tile into this hand
 * @property {(seat: number, tile: number) => void} dropTile  take that tile out of the hand
 */

/** An element with these properties and children.
 *  @template {keyof HTMLElementTagNameMap} K
 *  @param {K} tag @param {Partial<HTMLElementTagNameMap[K]>} [props] @param {...(Node | string)} children
 *  @returns {HTMLElementTagNameMap[K]} */
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

/** One seat's row and the parts of it that change. @typedef {ReturnType<SeatRows["_row"]>} SeatRow */

export class SeatRows {
  /** @param {HTMLOListElement} list @param {SeatActions} actions */
  constructor(list, actions) {
    this.list = list;
    this.act = actions;
    /** @type {SeatRow[]} */
    this.rows = [];
    /** @type {TileSet | null} none until the tiles are loaded */
    this.tileset = null;
  }

  /** One row a seat (rebuilt only when the number of seats changes). @param {number} n */
  build(n) {
    if (this.rows.length === n) return;
    this.rows = Array.from({ length: n }, (_, seat) => this._row(seat));
    this.list.replaceChildren(...this.rows.map((r) => r.li));
  }

  /** @param {number} seat */
  _row(seat) {
    const id = (/** @type {string} */ what) => `seat-${seat}-${what}`;
    const name = el("input", { id: id("name"), className: "seat-name", maxLength: 40, autocomplete: "off" });
    name.addEventListener("input", () => this.act.name(seat, name.value));
    const color = el("select", { id: id("color"), className: "seat-color" });
    for (const c of COLOR_NAMES) color.add(new Option(t(`common.color.${c}`), c));
    color.addEventListener("change", () => this.act.color(seat, color.value));
    const icon = el("span", { className: "seat-icon" });
    const nameLabel = el("label", { htmlFor: id("name"), className: "visually-hidden" });
    const colorLabel = el("label", { htmlFor: id("color"), className: "visually-hidden" });
    const where = el("p", { className: "seat-marker" });
    const place = el("button", { type: "button", className: "seat-place" });
    place.addEventListener("click", () => this.act.place(seat));
    const off = el("button", { type: "button", className: "seat-off" });
    off.addEventListener("click", () => this.act.takeOff(seat));
    const out = el("input", { type: "checkbox", id: id("out") });
    out.addEventListener("change", () => this.act.out(seat, out.checked));
    const outText = el("span");
    const outLabel = el("label", { className: "check" }, out, outText);
    const hand = el("div", { className: "seat-hand" });
    const add = el("button", { type: "button", className: "seat-add" });
    add.addEventListener("click", () => this.act.addTile(seat));
    const li = el("li", { className: "seat-row" },
      el("div", { className: "seat-line" }, icon, nameLabel, name, colorLabel, color),
      el("div", { className: "seat-line" }, where, place, off),
      el("div", { className: "seat-line" }, outLabel),
      el("div", { className: "seat-line seat-hand-line" }, hand, add));
    li.dataset.seat = String(seat);
    return { li, icon, nameLabel, name, colorLabel, color, where, place, off, out, outText, hand, add };
  }

  /**
   * Show the draft's seats.
   * @param {import("./draft.js").Draft} draft
   * @param {{hands: number[][] | null, markerSeat: number | null, chosen: number | null, size: number[]}} view
   *   the hands to show (as set, or as the engine dealt them), the marker tool's seat, the palette's tile
   */
  update(draft, { hands, markerSeat, chosen, size }) {
    const styles = seatStyles(draft.players);
    const setHands = draft.get("handsMode") === "set";
    this.rows.forEach((r, seat) => {
      const p = draft.players[seat];
      const n = seat + 1;
      r.icon.replaceChildren(playerIcon(styles[seat]));
      r.nameLabel.textContent = t("editor.seats.name", { n });
      r.colorLabel.textContent = t("editor.seats.color", { n });
      if (document.activeElement !== r.name) r.name.value = p.name;
      r.color.value = p.color ?? "";   // no colour: no option chosen
      const m = draft.get("markers")[seat];
      r.where.textContent = m ? t("editor.seats.at", { place: placeName(m, size[0], size[1]) }) : t("editor.seats.noMarker");
      r.place.textContent = t("editor.seats.place");
      r.place.setAttribute("aria-label", t("editor.seats.placeLabel", { name: p.name }));
      r.place.setAttribute("aria-pressed", String(markerSeat === seat));
      r.off.textContent = t("editor.seats.takeOff");
      r.off.setAttribute("aria-label", t("editor.seats.takeOffLabel", { name: p.name }));
      r.off.disabled = !m;
      r.out.checked = draft.isOut(seat);
      r.outText.textContent = t("editor.seats.out", { name: p.name });
      this._hand(r, seat, hands ? hands[seat] || [] : null, setHands, p.name);
      r.add.hidden = !setHands;
      r.add.disabled = chosen === null;
      r.add.textContent = chosen === null ? t("editor.seats.addNone") : t("editor.seats.add", { tile: chosen });
      r.add.setAttribute("aria-label", chosen === null ? t("editor.seats.addNone") : t("editor.seats.addLabel", { tile: chosen, name: p.name }));
    });
  }

  /** The hand's tiles (null: the engine has not dealt them, the position having problems).
   *  @param {SeatRow} r @param {number} seat @param {number[] | null} tiles @param {boolean} editable
   *  @param {string} name  the seat's player */
  _hand(r, seat, tiles, editable, name) {
    const label = el("span", { className: "seat-hand-label" });
    label.textContent = editable ? t("editor.seats.hand") : t("editor.seats.dealt");
    if (tiles === null) {
      r.hand.replaceChildren(label, el("span", { className: "seat-hand-none", textContent: t("editor.seats.dealtLater") }));
      return;
    }
    const items = tiles.map((tile) => {
      const pic = el("span", { className: "mini-tile" }, tileSVG(this.tileset, tile, 0));
      if (!editable) return el("span", { className: "seat-hand-tile", title: "" }, pic, el("span", { className: "palette-num", textContent: String(tile) }));
      const b = el("button", { type: "button", className: "seat-hand-tile" }, pic, el("span", { className: "palette-num", textContent: String(tile) }));
      b.setAttribute("aria-label", t("editor.seats.drop", { tile, name }));
      b.addEventListener("click", () => { this.act.dropTile(seat, tile); r.add.focus(); });
      return b;
    });
    if (!tiles.length) items.push(el("span", { className: "seat-hand-none", textContent: t("editor.seats.noTiles") }));
    r.hand.replaceChildren(label, ...items);
  }
}
