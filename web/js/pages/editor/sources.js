// Where the board editor's position comes from: a link or JSON pasted (a position,
// or a game record whose step the author chooses), one of the game page's saved
// games (any step of it), or the page's own address (editor.html#p=..., and
// #r=...&at=N from the game page's replay and the embed's record boards).  A
// record is stepped through on the board with the one Stepper until the author
// takes a step ("Edit this position"); the engine replays and checks everything.

import { Session, trailsOf } from "../../lib/game/session.js";
import { GameStore } from "../../lib/game/saves.js";
import { Stepper } from "../../lib/views/stepper.js";
import { seatStyles } from "../../lib/views/style.js";
import { parseFragment } from "../../lib/shell/linkfragment.js";
import { describe } from "../../lib/words/movelog.js";
import { entryText } from "../../lib/words/savedgames.js";
import { t, sentences } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { reason } from "../../lib/shell/page.js";
/** @import {GameEvent, GameRecord, Position} from "../../lib/types.js" */
/** @import {EngineClient} from "../../lib/engine/client.js" */
/** @import {GameEntry} from "../../lib/game/saves.js" */

/** A pasted text as a link: its fragment ("p=..." or "r=...") and options, or null.
 *  @param {string} text */
export function linkIn(text) {
  const hash = text.includes("#") ? text.slice(text.indexOf("#")) : text;
  const { link, opts } = parseFragment(hash.trim());
  return link ? { link, opts } : null;
}

export class Sources {
  /**
   * @param {object} deps
   * @param {EngineClient} deps.engine
   * @param {import("../../lib/views/board.js").Board} deps.board
   * @param {(position: unknown) => (void | Promise<void>)} deps.open   edit this position (done when it
   *   resolves): one the engine gave, or whatever JSON the author pasted
   * @param {() => void} deps.back   the record put away: draw the draft again
   * @param {(text: string) => void} deps.fail  tell the author why a source cannot be opened
   */
  constructor({ engine, board, open, back, fail }) {
    this.engine = engine;
    this.board = board;
    this.open = open;
    this.back = back;
    this.fail = fail;
    /** @type {{positions: Position[], events: GameEvent[][]} | null} the record being stepped through */
    this.rec = null;
    this.stepper = new Stepper({
      board,
      events: (k) => this.rec?.events[k],
      draw: (k) => {
        if (!this.rec) return;
        const p = this.rec.positions[k];
        board.setSeats(seatStyles(p.players));
        board.setPosition(p);
        board.setTrails(trailsOf(this.rec.events.slice(0, k), p.players.length));
      },
      told: (k) => this.told(k),
    });
    this.stepper.wire({ first: $("rec-first"), prev: $("rec-prev"), next: $("rec-next"), last: $("rec-last") });
    $("rec-range").addEventListener("input", () => this.stepper.step(Number($("rec-range").value)));
    $("btn-rec-edit").addEventListener("click", () => {
      if (!this.rec) return;
      const p = this.rec.positions[this.stepper.at ?? 0];
      this.close();
      this.open(p);
    });
    $("btn-rec-cancel").addEventListener("click", () => { this.close(); this.back(); });
    $("btn-paste").addEventListener("click", () => this.openText($("ed-paste").value));
  }

  get stepping() { return this.rec !== null; }

  /** A link (a whole address or its fragment) or a position's or record's JSON. @param {string} text */
  async openText(text) {
    text = String(text || "").trim();
    if (!text) return this.fail(t("editor.from.empty"));
    const found = linkIn(text);
    try {
      if (found) return await this.openLink(found.link, found.opts);
      let value;
      try { value = JSON.parse(text); } catch { return this.fail(t("editor.from.notLink")); }
      if (value && typeof value === "object" && ("deal" in value || value.format === "tsuro-record/1")) {
        return await this.openRecord(value, "end");
      }
      this.open(value);
    } catch (e) {
      this.fail(t("editor.from.failed", { reason: reason(e) }));
    }
  }

  /** A share link's fragment: a position is edited; a record is stepped through from `at`.
   *  @param {string} link @param {Record<string, string>} [opts]  the link's options (parseFragment) */
  async openLink(link, opts = {}) {
    const value = await this.engine.ask("decode_link", { fragment: link });
    if (value.record) await this.openRecord(value.record, opts.at ?? "end");
    else await this.open(value.position);   // opened (or refused) before the caller goes on
  }

  /** Step through a record (its positions from the engine), from step `at` (a number or "end").
   *  @param {GameRecord} record @param {number | string} at */
  async openRecord(record, at) {
    const r = await this.engine.ask("positions", { record });
    this.showSteps(r.positions, r.events, at);
  }

  /** @param {Position[]} positions @param {GameEvent[][]} events @param {number | string} at */
  showSteps(positions, events, at) {
    this.rec = { positions, events };
    const last = positions.length - 1;
    const k = at === "end" ? last : Math.max(0, Math.min(last, parseInt(String(at), 10) || 0));
    $("rec-range").max = String(last);
    this.stepper.bounds(0, last);
    $("record-box").hidden = false;
    $("editor-work").hidden = true;
    this.stepper.step(k);
    $("btn-rec-edit").focus();
  }

  /** @param {number} k */
  told(k) {
    if (!this.rec) return;
    const { positions, events } = this.rec;
    $("rec-range").value = String(k);
    $("rec-text").textContent = k === 0 ? t("replay.startClassic")
      : t("replay.step", { k, n: positions.length - 1, text: sentences(describe(events[k - 1], positions[0].players).map((l) => l.text)) });
  }

  close() {
    this.rec = null;
    this.stepper.at = null;
    $("record-box").hidden = true;
    $("editor-work").hidden = false;
  }

  /** The game page's saved games (classic ones: the course variant's board is another), each to open. */
  listSaves() {
    const entries = new GameStore().list().filter((e) => e.game && e.game.variant !== "neu");
    const list = $("saved-list");
    list.replaceChildren(...entries.map((entry) => {
      const li = document.createElement("li");
      li.className = "saved-game";
      const span = document.createElement("span");
      span.className = "saved-game-text";
      span.textContent = entryText(entry);
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("editor.from.open");
      b.setAttribute("aria-label", t("editor.from.openLabel", { game: span.textContent }));
      b.addEventListener("click", () => this.openSave(entry));
      li.append(span, b);
      return li;
    }));
    $("saved-none").hidden = entries.length > 0;
  }

  /** @param {GameEntry} entry */
  async openSave(entry) {
    try {
      const session = await Session.fromSave(this.engine, entry.game);
      this.showSteps(session.positions, session.events, "end");
    } catch (e) {
      this.fail(t("editor.from.failed", { reason: reason(e) }));
    }
  }
}
