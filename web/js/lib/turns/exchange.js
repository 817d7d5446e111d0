// The elimination bonus's exchange panel: the mover picks tiles of theirs to
// swap for tiles of the players they just put out.  The swaps are checked
// against the engine's list of exchanges (legal_moves) before one is played.

import { miniTiles } from "../views/hand.js";
import { t as tr, list } from "../words/i18n.js";   // `t` names a tile here
/** @import {Move, Position, SeatView, TilePair} from "../types.js" */
/** @import {TileSet} from "../views/tileset.js" */
/** @import {ClassicHuman} from "./classic.js" */

export class ExchangeChooser {
  /**
   * @param {object} deps
   * @param {{panel: HTMLElement, handBox: HTMLElement, mine: HTMLElement, theirs: HTMLElement, note: HTMLElement}} deps.els
   *   the page's elements
   * @param {() => (TileSet | null)} deps.tileset  the tile pictures
   * @param {() => boolean} deps.busy  whether a move is being played
   * @param {(move: Move) => void} deps.play  play one of the engine's moves
   */
  constructor({ els, tileset, busy, play }) {
    this.els = els;
    this.tileset = tileset;
    this.busy = busy;
    this.play = play;
    /**
     * The exchange being chosen: the turn, my tiles, the pool to take from, the swaps so far.
     * @type {{h: ClassicHuman, mine: number[], pool: number[], pairs: TilePair[], give: number | null} | null}
     */
    this.turn = null;
  }

  /** Show the panel for a turn in the exchange phase (h.legal: the engine's exchanges).
   *  @param {ClassicHuman} h @param {Position | SeatView} position  (a room's as its seat sees it) */
  start(h, position) {
    const hands = position.hands ?? [];   // a position in the exchange phase has them
    this.turn = {
      h, mine: hands[h.seat] ?? [],   // a room's view shows this seat's own hand
      pool: (position.exchange || []).flatMap((k) => hands[k] || []),
      pairs: [], give: null,
    };
    this.els.handBox.hidden = true;
    this.els.panel.hidden = false;
    this.render();
  }

  /** The turn is over: forget it. */
  stop() { this.turn = null; }

  /** Start over: no swaps chosen. */
  reset() {
    if (!this.turn) return;
    this.turn.pairs = [];
    this.turn.give = null;
    this.render();
  }

  /** Show a suggested exchange (the hint). @param {readonly TilePair[]} pairs */
  suggest(pairs) {
    if (!this.turn) return;
    this.turn.pairs = pairs.map(([give, take]) => [give, take]);
    this.turn.give = null;
    this.render();
  }

  render() {
    const x = this.turn;
    if (!x) return;
    const given = new Set(x.pairs.map((p) => p[0]));
    const taken = new Set(x.pairs.map((p) => p[1]));
    /** @param {HTMLElement} box @param {number[]} tiles @param {Set<number>} used
     *  @param {(tile: number) => void} onPick @param {"yours" | "theirs"} label */
    const row = (box, tiles, used, onPick, label) => {
      box.replaceChildren();
      for (const tile of tiles) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ex-tile";
        b.disabled = used.has(tile);
        b.classList.toggle("selected", x.give === tile && label === "yours");
        b.setAttribute("aria-label", tr(`exchange.${label}${used.has(tile) ? "Swapped" : "Tile"}`, { tile }));
        b.appendChild(miniTiles(this.tileset(), [tile]));
        b.addEventListener("click", () => onPick(tile));
        box.appendChild(b);
      }
    };
    row(this.els.mine, x.mine, given, (t) => { x.give = t; this.render(); }, "yours");
    row(this.els.theirs, x.pool, taken, (t) => {
      if (x.give === null) { this.els.note.textContent = tr("exchange.giveFirst"); return; }
      x.pairs.push([x.give, t]);
      x.give = null;
      this.render();
    }, "theirs");
    this.els.note.textContent = x.pairs.length
      ? tr("exchange.swapping", { pairs: list(x.pairs.map(([give, take]) => tr("exchange.pair", { give, take }))) })
      : tr("exchange.none");
  }

  /** "Done": play the chosen swaps if the engine lists them. */
  finish() {
    const x = this.turn;
    if (!x || x.h.phase !== "exchange" || this.busy()) return;
    const want = JSON.stringify([...x.pairs].sort((a, b) => a[0] - b[0]));
    const m = x.h.legal.find((l) => JSON.stringify(l.move.exchange) === want);
    if (!m) { this.els.note.textContent = tr("exchange.refused"); return; }
    this.play(m.move);
  }
}
