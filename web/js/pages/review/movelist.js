// The review's move log: every move of the game in words (the engine's events,
// as the game page's log writes them), each with the review's verdict once it
// is judged, and under a flagged move the better move with a button that shows
// it on the board.  A click on a move steps the replay to the position after it.

import { seatStyles } from "../../lib/views/style.js";
import { playerIcon } from "../../lib/views/icon.js";
import { t, sentences } from "../../lib/words/i18n.js";
import { FLAGGED, judgedText, verdictWord } from "./words.js";
/** @import {ReviewedMove} from "../../lib/types.js" */
/** @import {Session} from "../../lib/game/session.js" */

export class ReviewLog {
  /**
   * @param {HTMLOListElement} ol
   * @param {{onStep: (k: number) => void, onBetter: (i: number) => void}} deps
   *   onStep: show position k; onBetter: show (or hide) the better move than move i
   */
  constructor(ol, { onStep, onBetter }) {
    this.ol = ol;
    this.onStep = onStep;
    this.onBetter = onBetter;
    /** @type {Session | null} */
    this.session = null;
    this.scale = "win_share";
  }

  /** Write every move of the game, no verdict yet. @param {Session} session @param {string} scale */
  setGame(session, scale) {
    this.session = session;
    this.scale = scale;
    const styles = seatStyles(session.players);
    this.ol.replaceChildren(...session.moves.map((_, i) => {
      const li = document.createElement("li");
      li.className = "log-move rv-move";
      li.dataset.move = String(i);
      const step = document.createElement("button");
      step.type = "button";
      step.className = "rv-step";
      const seat = session.moverOf(i);
      if (seat !== null && seat !== undefined) step.appendChild(playerIcon(styles[seat]));
      const text = document.createElement("span");
      text.textContent = sentences(session.describe(session.events[i] || []).map((l) => l.text));
      step.append(text);
      step.addEventListener("click", () => this.onStep(i + 1));
      li.append(step);
      return li;
    }));
  }

  /** A move judged: its verdict, and for a flagged move the better one. @param {ReviewedMove} entry */
  setEntry(entry) {
    const li = this.ol.children[entry.index];
    if (!li || !this.session) return;
    li.classList.add(`verdict-${entry.verdict}`);
    li.querySelector(".rv-verdict")?.remove();
    li.querySelector(".rv-better")?.remove();
    const badge = document.createElement("span");
    badge.className = `rv-verdict ${entry.verdict}`;
    const mark = FLAGGED.includes(entry.verdict) ? `${t(`review.mark.${entry.verdict}`)} ` : "";
    badge.textContent = `${mark}${verdictWord(entry.verdict)}`;
    li.querySelector(".rv-step")?.append(" ", badge);
    if (!FLAGGED.includes(entry.verdict)) return;
    const s = this.session;
    const p = document.createElement("p");
    p.className = "rv-better";
    const words = document.createElement("span");
    words.textContent = judgedText(entry, s.positions[entry.index], s.players[entry.seat].name, this.scale);
    const show = document.createElement("button");
    show.type = "button";
    show.className = "rv-show";
    show.setAttribute("aria-pressed", "false");
    show.textContent = t("review.show");
    show.addEventListener("click", () => this.onBetter(entry.index));
    p.append(words, " ", show);
    li.append(p);
  }

  /** Mark the move that led to position k (none at 0). @param {number} k */
  markCurrent(k) {
    for (const li of this.ol.children) {
      const on = Number(/** @type {HTMLElement} */ (li).dataset.move) === k - 1;
      li.classList.toggle("current", on);
      if (on) this._reveal(/** @type {HTMLElement} */ (li));
    }
  }

  /** Scroll the log (never the page) so that the line shows. @param {HTMLElement} li */
  _reveal(li) {
    const ol = this.ol, top = li.offsetTop, bottom = top + li.offsetHeight;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (bottom > ol.scrollTop + ol.clientHeight) ol.scrollTop = bottom - ol.clientHeight;
  }

  /** Which better move the board shows (null: none): its button pressed. @param {number | null} i */
  setBetterShown(i) {
    for (const b of this.ol.querySelectorAll(".rv-show")) {
      const mine = Number(/** @type {HTMLElement} */ (b.closest("li")).dataset.move) === i;
      b.setAttribute("aria-pressed", String(mine));
      b.textContent = t(mine ? "review.hide" : "review.show");
    }
  }
}
