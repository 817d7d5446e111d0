// The game page's "Put it on your page" box on the game-over panel: the
// embed code (lib/shell/embedcode.js, shared with the live rooms) and "Add to
// a lesson", which opens the lesson authoring page with the replay's step.


import { $ } from "../../lib/shell/dom.js";
import { EmbedCode as SharedEmbedCode } from "../../lib/shell/embedcode.js";

export class EmbedCode extends SharedEmbedCode {
  /** @param {ConstructorParameters<typeof SharedEmbedCode>[0]} deps */
  constructor(deps) {
    super(deps);
    $("btn-add-lesson").addEventListener("click", () => this.addToLesson());
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
      const r = await this.engine.ask("encode_link", record ? { record } : { position: session.positions[k] });
      const url = new URL("lesson-edit.html", document.baseURI.replace(/[?#].*$/, ""));
      url.hash = `add=${encodeURIComponent(r.fragment)}${record ? `&step=${k}` : ""}`;
      if (tab) { tab.opener = null; tab.location.href = url.href; } else location.assign(url.href);
    } catch (e) {
      tab?.close();
      this.failed(e);
    }
  }
}
