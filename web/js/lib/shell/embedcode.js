// "Embed this game" / "Embed this position" for a finished game (the game
// page's game-over panel, a live room's end): the iframe snippet of embed.html
// for the whole game (opening at the step the replay shows) or for the
// position on show, ready to copy, with a live preview of the very frame.
// The page's markup (its ids: embed-box, btn-embed-game, btn-embed-position,
// embed-code, embed-kind, embed-snippet, btn-embed-copy, embed-preview) and
// the words are common.embedCode.*.

import { reason, copyFrom } from "./page.js";
import { t, applyTo } from "../words/i18n.js";
import { $ } from "./dom.js";
import { iframeSnippet } from "./snippet.js";
import { EMBED_SIZES, embedURL, showPreview } from "../views/embedframe.js";
/** @import {Engine} from "../engine/client.js" */

/** @typedef {{toRecord(): any, positions: any[]}} Replayed  a finished game: its record (null: a game from a position) and every position */

export class EmbedCode {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine  the engine client
   * @param {() => ({session: Replayed, k: number} | null)} deps.at  the game and the replay's step, or null
   */
  constructor({ engine, at }) {
    this.engine = engine;
    this.at = at;
    applyTo($("embed-box"));
    $("btn-embed-game").addEventListener("click", () => this.open("game"));
    $("btn-embed-position").addEventListener("click", () => this.open("position"));
    $("btn-embed-copy").addEventListener("click", () => this.copy());
  }

  /** A new game over: nothing open yet; the box shown if the game can be shared. */
  reset(shares) {
    $("embed-box").hidden = !shares;
    $("embed-code").hidden = true;
    $("embed-preview").replaceChildren();
  }

  /** The snippet and preview of the game ("game") or of the position on show ("position"). */
  async open(kind) {
    const state = this.at();
    if (!state) return;
    const { session, k } = state;
    $("embed-code").hidden = false;
    $("embed-snippet").value = "…";
    try {
      const record = kind === "game" ? session.toRecord() : null;
      const r = await this.engine.ask("encode_link", record ? { record } : { position: session.positions[k] });
      const url = embedURL(r.fragment, record ? `&at=${k}` : "");
      let title;
      if (record) {
        title = t("common.embedCode.gameTitle", { count: session.positions[0].players.length });
      } else {
        title = k ? t("common.embedCode.positionTitle", { n: k }) : t("common.embedCode.dealTitle");
      }
      const snippet = iframeSnippet(url, title, EMBED_SIZES[kind]);
      $("embed-snippet").value = snippet;
      $("embed-kind").textContent = t(kind === "game" ? "common.embedCode.gameHeading" : "common.embedCode.positionHeading");
      showPreview($("embed-preview"), url, title, EMBED_SIZES[kind]);   // the live preview
    } catch (e) {
      this.failed(e);
    }
  }

  /** Say in the box why there is no code. */
  failed(e) {
    $("embed-code").hidden = false;
    $("embed-snippet").value = t("common.embedCode.failed", { reason: reason(e) });
  }

  copy() { return copyFrom($("embed-snippet"), $("btn-embed-copy")); }
}
