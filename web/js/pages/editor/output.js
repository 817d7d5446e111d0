// What the board editor gives out for the position the engine accepted: its
// share link (opening it here), "Play from here" (the game page on it), "Add to a
// lesson" (the lesson page with it: lesson-edit.html#add=<the share link's
// fragment>), "Embed this position" (the iframe snippet and its live preview,
// as the game page makes them) and its JSON.  A position with problems gives
// nothing out; a sketch is not played.

import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { copyFrom } from "../../lib/shell/page.js";
import { siteURL } from "../../lib/engine/client.js";
import { iframeSnippet } from "../../lib/shell/snippet.js";
import { EMBED_SIZES, embedURL, showPreview } from "../../lib/views/embedframe.js";
/** @import {Position} from "../../lib/types.js" */

/** Turn a link on (an address) or off (none: it is then not a link a keyboard reaches).
 *  @param {HTMLAnchorElement} a @param {string | null} href */
function link(a, href) {
  if (href) a.href = href;
  else a.removeAttribute("href");
  a.setAttribute("aria-disabled", String(!href));
}

export class Output {
  constructor() {
    /** @type {string | null} the share link's fragment ("p=..."), none while the position has an error */
    this.fragment = null;
    /** @type {Position | null} */
    this.position = null;
    this.sketch = false;
    this.embedOpen = false;
    $("btn-ed-link-copy").addEventListener("click", () => copyFrom($("ed-link"), $("btn-ed-link-copy")));
    $("btn-ed-json-copy").addEventListener("click", () => copyFrom($("ed-json"), $("btn-ed-json-copy")));
    $("btn-ed-embed-copy").addEventListener("click", () => copyFrom($("ed-embed-snippet"), $("btn-ed-embed-copy")));
    $("btn-ed-embed").addEventListener("click", () => { this.embedOpen = true; this.embed(); });
    $("ed-embed-try").addEventListener("change", () => this.embed());
  }

  /**
   * The engine's answer for the position being edited: the position (null when it has an
   * error) and its share link's fragment ("p=..."), whether it is a sketch.
   * @param {Position | null} position @param {string | null} fragment @param {boolean} sketch
   */
  update(position, fragment, sketch) {
    this.position = position;
    this.fragment = position ? fragment : null;
    this.sketch = sketch;
    const f = this.fragment;
    $("ed-link").value = f ? siteURL(`editor.html#${f}`) : "";
    $("btn-ed-link-copy").disabled = !f;
    link($("ed-play"), f && !sketch ? siteURL(`#${f}`) : null);
    link($("ed-lesson"), f ? siteURL(`lesson-edit.html#add=${encodeURIComponent(f)}`) : null);
    $("btn-ed-embed").disabled = !f;
    $("ed-embed-try").disabled = !f || sketch;
    $("ed-json").value = position ? JSON.stringify(position, null, 1) : "";
    $("btn-ed-json-copy").disabled = !position;
    $("out-note").textContent = !f ? t("editor.out.fixFirst") : sketch ? t("editor.out.sketchNote") : "";
    $("out-note").hidden = !$("out-note").textContent;
    if (!f) $("ed-embed-code").hidden = true;
    else if (this.embedOpen) this.embed();
  }

  /** The snippet of embed.html for this position and the live preview of the very frame. */
  embed() {
    if (!this.fragment) return;
    const tryIt = $("ed-embed-try").checked && !this.sketch;
    const url = embedURL(this.fragment, tryIt ? "&try=1" : "");
    const title = t("editor.out.embedTitle");
    $("ed-embed-code").hidden = false;
    $("ed-embed-snippet").value = iframeSnippet(url, title, EMBED_SIZES.position);
    showPreview($("ed-embed-preview"), url, title, EMBED_SIZES.position);
  }
}
