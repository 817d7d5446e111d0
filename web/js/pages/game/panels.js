// The game page's side panels and banner, drawn from a session (session.js or
// neu.js) and a position: who plays (the players panel), what happened (the
// move log), whose turn it is (the banner).  They show; they decide nothing.

import { seatStyles } from "../../lib/views/style.js";
import { playerIcon } from "../../lib/views/icon.js";
import { miniTiles } from "../../lib/views/hand.js";
import { isolate, sentences, t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {TileSet} from "../../lib/views/tileset.js" */
/** @import {Board} from "../../lib/views/board.js" */
/** @import {HandView} from "../../lib/views/hand.js" */
/** @import {SeatStyle} from "../../lib/views/style.js" */
/** @import {Rules} from "../../lib/types.js" */
/** @import {AnySession, AnyPosition} from "./variants.js" */

/** Whether a rule set shows every hand (open hands). @param {Rules} rules */
export function openHands(rules) { return !!(rules && typeof rules === "object" && rules.open_hands); }

/**
 * The players panel: each seat's icon, name and state in a position.
 * @param {HTMLElement} ul @param {AnySession} session @param {AnyPosition} position
 * @param {object} [opts]
 * @param {boolean} [opts.levels]   whether to say the computers' level (variants.js)
 * @param {(session: AnySession, seat: number, position: AnyPosition) => string[]} [opts.notes]
 *   the variant's words for a seat's state (variants.js)
 * @param {number[] | null} [opts.scores]   the final scores to show, or null
 * @param {TileSet | null} [opts.tileset]  the tile pictures (open hands are drawn), or null
 */
export function renderPlayers(ul, session, position, { levels = true, notes = () => [], scores = null, tileset = null } = {}) {
  const s = session;
  ul.replaceChildren();
  const styles = seatStyles(s.players);
  s.players.forEach((p, i) => {
    const li = document.createElement("li");
    li.className = "player";
    const out = s.outSeats(position).includes(i);
    const winner = s.winnersOf(position).includes(i);   // the engine names winners only at the end
    li.classList.toggle("out", out);
    li.classList.toggle("active", position.turn === i);
    li.classList.toggle("winner", winner);
    const nm = document.createElement("span");
    nm.className = "player-name";
    nm.textContent = isolate(p.name);
    const info = document.createElement("span");
    info.className = "player-info";
    const bits = [];
    if (!s.isHuman(i)) bits.push(levels ? t(`game.players.computer.${s.seats[i].level || "medium"}`) : t("game.players.computer"));
    bits.push(...notes(s, i, position));
    const dragon = "dragon" in position && position.dragon === i && !out;
    if (winner) bits.push(t("game.players.winner"));
    if (scores) bits.push(t("game.players.score", { score: scores[i] }));
    info.textContent = bits.join(" · ");
    li.append(playerIcon(styles[i]), nm, info);
    if (dragon) {
      const d = document.createElement("span");
      d.className = "dragon-badge";
      d.textContent = t("game.players.dragon");
      d.setAttribute("aria-hidden", "true");
      li.appendChild(d);
    }
    if (openHands(s.rules) && !out && "hands" in position && position.hands && position.hands[i]?.length && tileset) {
      li.appendChild(miniTiles(tileset, position.hands[i]));
    }
    ul.appendChild(li);
  });
}

/** The turn banner: a line, after the icon of the seat it is about (if any).
 *  @param {HTMLElement} el @param {string} text @param {SeatStyle | null} [style] */
export function setBanner(el, text, style = null) {
  el.replaceChildren();
  if (style) el.appendChild(playerIcon(style));
  el.appendChild(document.createTextNode(text));
}

/** The move log: one line per move, in the session's words, with the mover's icon. */
export class MoveLog {
  /** @param {HTMLElement} ol */
  constructor(ol) { this.ol = ol; }

  /** Write the whole log again (a new game, undo, redo). @param {AnySession} session */
  rebuild(session) {
    this.ol.replaceChildren();
    for (let k = 0; k < session.moves.length; k++) this.append(session, k, false);
  }

  /** Add move k; `live` scrolls the log (never the page) to it. @param {AnySession} session @param {number} k */
  append(session, k, live = true) {
    const s = session;
    const lines = s.describe(s.events[k] || []);
    const li = document.createElement("li");
    li.className = "log-move";
    li.dataset.move = String(k);
    const seat = s.positions[k].turn;
    if (seat !== null && seat !== undefined && s.players[seat]) li.appendChild(playerIcon(seatStyles(s.players)[seat]));
    const span = document.createElement("span");
    span.textContent = sentences(lines.map((l) => l.text));
    li.appendChild(span);
    for (const l of lines) if (l.kind === "out" || l.kind === "over" || l.kind === "dragon") li.classList.add(`has-${l.kind}`);
    this.ol.appendChild(li);
    if (live) this.ol.scrollTop = this.ol.scrollHeight;
  }

  /** Mark the line of move k (the replay's position k + 1). @param {number} k */
  markCurrent(k) {
    for (const li of this.ol.children) if (li instanceof HTMLElement) li.classList.toggle("current", Number(li.dataset.move) === k);
  }
}

// ------------------------------------------------------------------ the play panel

/**
 * The play panel's three faces: a hand (the mover's, or with one human their
 * own while the computers play), the hot-seat screen that hides the hands
 * between two humans' turns, or the exchange (exchange.js).
 */
export class PlayPanel {
  /**
   * @param {object} deps
   * @param {HandView} deps.hand @param {Board} deps.board
   * @param {(text: string, kind?: string) => void} deps.note  the line under the hand
   */
  constructor({ hand, board, note }) {
    this.hand = hand;
    this.board = board;
    this.note = note;
  }

  /** Whether hands are hidden between turns: two humans or more, hands not open. @param {AnySession} session */
  hidesHands(session) {
    return session.humanCount >= 2 && !openHands(session.rules);
  }

  /** The "pass the device to NAME" screen. @param {AnySession} session @param {number} seat */
  showPass(session, seat) {
    const name = session.players[seat].name;
    $("hand-box").hidden = true;
    $("exchange-panel").hidden = true;
    $("pass-screen").hidden = false;
    $("pass-name").textContent = isolate(name);
    $("btn-pass").textContent = t("game.pass.button", { name });
    $("hand-title").textContent = t("hand.title");
    this.hand.clear();
    this.board.clearTurnAids();
    $("btn-pass").focus({ preventScroll: true });
  }

  /** Show a seat's hand (null: a computer's turn; the one human's hand stays in view).
   *  @param {AnySession} session @param {number | null} seat */
  showHand(session, seat) {
    const s = session;
    $("pass-screen").hidden = true;
    $("exchange-panel").hidden = true;
    $("hand-box").hidden = false;
    let show = seat;
    if (show === null) {
      const humans = s.seats.map((x, i) => (x.kind !== "computer" && !s.outSeats(s.position).includes(i) ? i : -1)).filter((i) => i >= 0);
      if (humans.length === 1 && !this.hidesHands(s)) show = humans[0];
    }
    // the course variant hands tiles out only on a player's turn: an empty hand shows nothing
    const tiles = show === null ? [] : s.handOf(s.position, show);
    if (show === null || !tiles.length) {
      this.hand.clear();
      $("hand-title").textContent = t("hand.title");
      $("btn-place").disabled = true;
      this.note(t("hand.waitComputer"));   // shown only on a computer's turn
      return;
    }
    $("hand-title").textContent = t(show === s.turn ? "hand.titleOf" : "hand.titleWaiting", { name: s.players[show].name });
    if (show !== s.turn) {
      this.hand.render({ tiles, rots: tiles.map(() => 0), selected: -1, enabled: false });
      $("btn-place").disabled = true;
      this.note("");
    }
  }
}
