// "Embed this game" / "Embed this position" on the game-over panel: the
// iframe snippet of embed.html for the finished game (at the step the replay
// shows) or for the position on show, ready to copy, with a live preview; and
// "Add to a lesson", which opens the lesson authoring page with that step.

import { ask } from "../../lib/game/session.js";
import { reason, copyFrom } from "../../lib/shell/page.js";
import { t, applyTo } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { iframeSnippet } from "../../lib/shell/snippet.js";
import { EMBED_SIZES, embedURL, showPreview } from "../../lib/views/embedframe.js";
/** @import {Engine} from "../../lib/engine/client.js" */

export class EmbedCode {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine  the engine client
   * @param {() => ({session: any, k: number} | null)} deps.at  the session and the replay's step, or null
   */
  constructor({ engine, at }) {
    this.engine = engine;
    this.at = at;
    applyTo($("embed-box"));
    $("btn-embed-game").addEventListener("click", () => this.open("game"));
    $("btn-embed-position").addEventListener("click", () => this.open("position"));
    $("btn-embed-copy").addEventListener("click", () => this.copy());
    $("btn-add-lesson").addEventListener("click", () => this.addToLesson());
  }

  /** A new game over: nothing open yet. */
  reset(shares) {
    $("embed-box").hidden = !shares;
    $("embed-code").hidden = true;
    $("embed-preview").replaceChildren();
  }

  async open(kind) {
    const state = this.at();
    if (!state) return;
    const { session, k } = state;
    $("embed-code").hidden = false;
    $("embed-snippet").value = "…";
    try {
      const record = kind === "game" ? session.toRecord() : null;
      const r = await ask(this.engine, "encode_link", record ? { record } : { position: session.positions[k] });
      const url = embedURL(r.fragment, record ? `&at=${k}` : "");
      let title;
      if (record) {
        title = t("game.embedCode.gameTitle", { count: session.positions[0].players.length });
      } else {
        title = k ? t("game.embedCode.positionTitle", { n: k }) : t("game.embedCode.dealTitle");
      }
      const snippet = iframeSnippet(url, title, EMBED_SIZES[kind]);
      $("embed-snippet").value = snippet;
      $("embed-kind").textContent = t(kind === "game" ? "game.embedCode.gameHeading" : "game.embedCode.positionHeading");
      showPreview($("embed-preview"), url, title, EMBED_SIZES[kind]);   // the live preview
    } catch (e) {
      $("embed-snippet").value = t("game.embedCode.failed", { reason: reason(e) });
    }
  }

  /** "Add to a lesson": the authoring page, in a new tab, with the game at the replay's
   *  step (lesson-edit.html#add=<the game's link>&step=k; a game played on from a shared
   *  position: that step's position). */
  async addToLesson() {
    const state = this.at();
    if (!state) return;
    const { session, k } = state;
    const tab = window.open("", "_blank");   // opened now, while the click still allows it
    try {
      const record = session.toRecord();
      const r = await ask(this.engine, "encode_link", record ? { record } : { position: session.positions[k] });
      const url = new URL("lesson-edit.html", document.baseURI.replace(/[?#].*$/, ""));
      url.hash = `add=${encodeURIComponent(r.fragment)}${record ? `&step=${k}` : ""}`;
      if (tab) { tab.opener = null; tab.location.href = url.href; } else location.assign(url.href);
    } catch (e) {
      tab?.close();
      $("embed-code").hidden = false;
      $("embed-snippet").value = t("game.embedCode.failed", { reason: reason(e) });
    }
  }

  copy() { return copyFrom($("embed-snippet"), $("btn-embed-copy")); }
}
