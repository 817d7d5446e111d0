// The game-over panel: who won (the variant's result, variants.js), a replay
// that steps through every position the session keeps, and a share link (the
// engine's encode_link) for games that have one.

import { ask } from "../../lib/game/session.js";
import { variantOf } from "./variants.js";
import { reason } from "../../lib/shell/page.js";
import { t } from "../../lib/words/i18n.js";

const $ = (id) => document.getElementById(id);

export class GameOver {
  /**
   * @param deps.engine  the engine client
   * @param deps.board   the Board view
   * @param deps.speed() the animation speed
   * @param deps.showPlayers(position, scores)  redraw the players panel
   * @param deps.markLog(k)   mark move k in the move log (-1: none)
   * @param deps.setBanner(text)
   * @param deps.embedCode  the "Embed this game" box (embedcode.js), or none
   */
  constructor(deps) {
    Object.assign(this, deps);
    this.session = null;
    this.at = null;       // the position the replay shows
    this.scores = null;   // the final scores, when the rule set scores
  }

  /** Forget the last game's end (a new game, undo). */
  reset() {
    this.session = null;
    this.at = null;
    this.scores = null;
  }

  get replaying() { return this.at !== null; }

  async show(session) {
    this.session = session;
    const variant = variantOf(session);
    const pos = session.position;
    $("play-panel").hidden = true;
    $("gameover").hidden = false;
    $("scores").replaceChildren();
    $("share-link").value = "";
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
    $("share-box").hidden = !result.shares;
    this.embedCode?.reset(result.shares);
    $("rp-range").max = String(session.moves.length);
    this.replay(session.moves.length, false);
    if (!result.shares) return;
    try {
      const rec = session.toRecord();
      const r = await ask(this.engine, "encode_link", rec ? { record: rec } : { position: pos });
      $("share-link").value = `${location.origin}${location.pathname}#${r.fragment}`;
    } catch (e) {
      $("share-link").value = t("game.share.none", { reason: reason(e) });
    }
  }

  /** Show position k of the finished game; one step forward is animated. */
  async replay(k, animate = true) {
    const s = this.session;
    if (!s) return;
    k = Math.max(0, Math.min(s.moves.length, k));
    const prev = this.at;
    this.at = k;
    $("rp-range").value = String(k);
    const pos = s.positions[k];
    if (animate && prev !== null && k === prev + 1) {
      this.board.setPosition(s.view(s.positions[prev]));
      this.board.setTrails(s.trails(prev));
      await this.board.animate(s.events[prev], { speed: this.speed() && Math.max(1.5, this.speed() * 1.5) });
      if (this.at !== k) return;
    }
    this.board.setPosition(s.view(pos));
    this.board.setTrails(s.trails(k));
    this.showPlayers(pos, this.scores);
    $("rp-text").textContent = k === 0 ? t(variantOf(s).startKey)
      : t("replay.step", { k, n: s.moves.length, text: s.describe(s.events[k - 1]).map((l) => l.text).join(" ") });
    this.markLog(k - 1);
  }
}
