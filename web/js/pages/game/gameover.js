// The game-over panel: who won (the variant's result, variants.js), a replay
// that steps through every position the session keeps, a share link (the
// engine's encode_link) for games that have one, and for a game with a record
// the way to its review (review.html, opening at the replay's step).


import { variantOf } from "./variants.js";
import { Session } from "../../lib/game/session.js";
import { reason } from "../../lib/shell/page.js";
import { sentences, t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { Stepper } from "../../lib/views/stepper.js";
import { siteURL } from "../../lib/engine/client.js";
import { reviewHref } from "../../lib/game/reviews.js";
import { showFigures } from "../../lib/shell/figures.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {Board} from "../../lib/views/board.js" */
/** @import {EmbedCode} from "./embedcode.js" */
/** @import {AnySession, AnyPosition} from "./variants.js" */

export class GameOver {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine  the engine client
   * @param {Board} deps.board   the Board view
   * @param {() => number} deps.speed  the animation speed
   * @param {(position: AnyPosition, scores: number[] | null) => void} deps.showPlayers  redraw the players panel
   * @param {(k: number) => void} deps.markLog  mark move k in the move log (-1: none)
   * @param {(text: string) => void} deps.setBanner
   * @param {EmbedCode} [deps.embedCode]  the "Embed this game" box (embedcode.js), or none
   * @param {() => string | null} [deps.savedId]  the id of the game's save, which keeps its review
   */
  constructor({ engine, board, speed, showPlayers, markLog, setBanner, embedCode, savedId = () => null }) {
    this.engine = engine;
    this.board = board;
    this.speed = speed;
    this.showPlayers = showPlayers;
    this.markLog = markLog;
    this.setBanner = setBanner;
    this.embedCode = embedCode;
    this.savedId = savedId;
    /** @type {string | null} the finished game's share link, for its review */
    this.reviewLink = null;
    /** @type {AnySession | null} the finished game's Session (or CourseSession) */
    this.session = null;
    /** @type {number[] | null} the final scores, when the rule set scores */
    this.scores = null;
    // the replay: a step forward is animated a little faster than the game was
    this.stepper = new Stepper({
      board: this.board,
      events: (k) => this.finished.events[k],
      draw: (k) => {
        const s = this.finished;
        this.board.setPosition(s.view(s.positions[k]));
        this.board.setTrails(s.trails(k));
      },
      told: (k) => this.told(k),
      speed: () => this.speed() && Math.max(1.5, this.speed() * 1.5),
    });
    $("btn-edit-position").addEventListener("click", () => this.edit());
  }

  /** Open the board editor on the replay's step: the game's record at that step (the
   *  author may choose another), or the position for a game played on from one. */
  async edit() {
    const s = this.session;
    if (!(s instanceof Session) || this.at === null) return;   // the editor takes classic games
    const k = this.at;
    try {
      const record = s.toRecord();
      const r = await this.engine.ask("encode_link", record ? { record } : { position: s.positions[k] });
      location.assign(siteURL(`editor.html#${r.fragment}${record ? `&at=${k}` : ""}`));
    } catch (e) {
      $("rp-text").textContent = t("game.share.none", { reason: reason(e) });
    }
  }

  /** The finished game, where there is one (the replay steps only through a game shown). */
  get finished() {
    if (!this.session) throw new Error("no finished game is shown");
    return this.session;
  }

  /** The position the replay shows (null: none). */
  get at() { return this.stepper.at; }

  /** Forget the last game's end (a new game, undo). */
  reset() {
    this.session = null;
    this.stepper.at = null;
    this.scores = null;
    this.reviewLink = null;
    $("review-link").hidden = true;
    $("figures").hidden = true;
  }

  get replaying() { return this.at !== null; }

  /** Show the end of `session` (the engine said it is over). @param {AnySession} session */
  async show(session) {
    this.session = session;
    const variant = variantOf(session);
    const pos = session instanceof Session ? session.position : null;   // links are the classic game's
    $("play-panel").hidden = true;
    $("gameover").hidden = false;
    $("scores").replaceChildren();
    $("share-link").value = "";
    this.reviewLink = null;
    $("review-link").hidden = true;
    const result = await variant.result(session, this.engine);
    if (this.session !== session) return;
    this.setBanner(t("log.over", { result: result.headline }));
    $("winners").textContent = result.detail || result.headline;
    $("scores").classList.toggle("ranking", result.ranked);
    for (const line of result.lines) {
      const li = document.createElement("li");
      li.textContent = line;
      $("scores").appendChild(li);
    }
    this.scores = result.scores;
    // each player's figures, for a game with a record (a classic game from its deal)
    showFigures(this.engine, result.shares ? session.toRecord() : null, $("figures"));
    $("share-box").hidden = !result.shares;
    $("btn-edit-position").hidden = !result.shares;   // the editor takes classic games (links)
    this.embedCode?.reset(result.shares);
    $("rp-range").max = String(session.moves.length);
    this.stepper.bounds(0, session.moves.length);
    this.replay(session.moves.length, false);
    if (!result.shares || !pos) return;
    try {
      const rec = session.toRecord();
      const r = await this.engine.ask("encode_link", rec ? { record: rec } : { position: pos });
      $("share-link").value = `${location.origin}${location.pathname}#${r.fragment}`;
      if (rec && this.session === session) {
        this.reviewLink = r.fragment;
        this.showReviewLink();
      }
    } catch (e) {
      $("share-link").value = t("game.share.none", { reason: reason(e) });
    }
  }

  /** Show position k of the finished game; one step forward is animated. @param {number} k */
  async replay(k, animate = true) {
    const s = this.session;
    if (!s) return;
    k = Math.max(0, Math.min(s.moves.length, k));
    $("rp-range").value = String(k);
    await this.stepper.step(k, animate);
  }

  /** Step the replay `by` positions (-1: back, 1: forward), if one is shown.
   *  @param {number} by @param {boolean} [animate] */
  replayBy(by, animate = true) {
    if (this.at === null) return;
    this.replay(this.at + by, animate);
  }

  /** The words and panels for position k of the replay. @param {number} k */
  told(k) {
    const s = this.finished;
    this.showPlayers(s.positions[k], this.scores);
    $("rp-text").textContent = k === 0 ? t(variantOf(s).startKey)
      : t("replay.step", { k, n: s.moves.length, text: sentences(s.describe(s.events[k - 1]).map((l) => l.text)) });
    this.markLog(k - 1);
    this.showReviewLink();
  }

  /** The review's link: the game's record, kept with its save, opening at the replay's step. */
  showReviewLink() {
    const a = $("review-link");
    a.hidden = !this.reviewLink;
    if (!this.reviewLink) return;
    const id = this.savedId();
    a.setAttribute("href", reviewHref(this.reviewLink, id ? { game: id } : {}, this.at));
  }
}
