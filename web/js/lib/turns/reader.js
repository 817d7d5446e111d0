// The turn of a reader trying a move on an embedded board (embed.html's
// try=1, a lesson's step to try): the game's ClassicTurn, with words about the
// named player rather than "you", and no focus taken from the page around it.

import { ClassicTurn } from "./classic.js";
import { t } from "../words/i18n.js";
/** @import {LegalMove, LegalMoves, Player, Position} from "../types.js" */

export class ReaderTurn extends ClassicTurn {
  /**
   * @param {import("./classic.js").TurnDeps & {caption: (text: string) => void}} deps
   *   caption(text): the line under the board (a start mark's invitation)
   */
  constructor(deps) {
    super({ focus: () => {}, ...deps });   // a board in another page's iframe never takes the focus by itself
    /** @type {(text: string) => void} */ this.caption;
  }

  /** @param {number} seat @param {LegalMoves} legal */
  start(seat, legal) {
    super.start(seat, legal);
    if (legal.phase === "start") this.caption(t("embed.chooseStart", { name: this.game().players[seat].name }));
  }

  /**
   * Before the engine answers for the reader's turn: the hand of the seat to move in
   * `position`, drawn but not playable, and what starts the engine (pointing at the board,
   * or a tap on a touch screen) or that it is loading (`started`).
   * @param {Position} position @param {boolean} started
   */
  drawWaiting(position, started) {
    const seat = position.turn;
    const tiles = (seat !== null && seat !== undefined && position.hands?.[seat]) || [];
    this.hand.render({ tiles, rots: tiles.map(() => 0), selected: 0, marks: [], enabled: false });
    this.placeButton.disabled = true;
    const touchOnly = matchMedia("(hover: none)").matches;
    this.caption(started ? t("engine.loading") : t(touchOnly ? "embed.tapToStart" : "embed.pointToStart"));
  }

  /** Start on tile 1 as dealt: the tutorial's instructions count turns from there. */
  chooseFirstSafe() { this.human.selected = 0; }

  /** @param {LegalMove} o */
  markLabel(o) { return outcomeWords(o, this.human.seat, this.game().players); }

  /** @param {LegalMove | null} sel */
  advise(sel) {
    if (!sel) return { text: t("embed.chooseTile"), placeable: false };
    const { players } = this.game();
    const seat = this.human.seat;
    const words = outcomeWords(sel, seat, players);
    if (!sel.legal) return { text: t("embed.notAllowed", { outcome: words, name: players[seat].name }), placeable: false };
    if (sel.self_eliminating && sel.forced) return { text: t("embed.forced", { outcome: words, name: players[seat].name }), placeable: true };
    return { text: t("embed.outcome", { outcome: words }), placeable: true };
  }
}

/**
 * What a placement does, told about the named players.
 * @param {LegalMove} o @param {number} seat @param {Player[]} players
 */
export function outcomeWords(o, seat, players) {
  const name = (k) => players[k].name;
  const out = o.out ?? [];
  const mine = out.find((x) => x.seat === seat);
  const bits = [];
  const outWords = (x) => t(x.reason === "collision" ? "embed.collides" : "embed.edge", { name: name(x.seat) });
  if (mine) bits.push(outWords(mine));
  else bits.push(t("embed.stays", { name: name(seat) }));
  for (const x of out) if (x.seat !== seat) bits.push(outWords(x));
  return bits.join(t("outcome.join"));
}
