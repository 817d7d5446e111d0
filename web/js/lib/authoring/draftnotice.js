// What an editing page says about its draft (drafts.js's DraftKeeper), in a
// notice of its own under the page's notice bar, so that nothing else the page
// says hides it: a write that failed (with "Save as a file": the draft is on the
// page only), another tab's draft that went apart from this one ("Use the other
// tab's" / "Keep mine", and the file), a draft another tab stored that could not
// be read (put aside).  Another tab's changes taken, and saving working again,
// are said in a live region.

import { t } from "../words/i18n.js";
import { failureText } from "../words/stored.js";
/** @import {DraftKeeper, DraftEvent} from "./drafts.js" */

export class DraftNotice {
  /**
   * @param {DraftKeeper<any>} keeper
   * @param {{saveFile: () => void, after: HTMLElement}} how
   *   saveFile: download the draft as a file the page opens again; after: the element the notice follows
   */
  constructor(keeper, { saveFile, after }) {
    this.keeper = keeper;
    this.saveFile = saveFile;
    this.box = document.createElement("div");
    this.box.id = "draft-notice";
    this.box.className = "notice draft-notice";
    this.box.setAttribute("role", "alert");
    this.box.hidden = true;
    this.text = document.createElement("p");
    this.text.id = "draft-notice-text";
    this.actions = document.createElement("div");
    this.actions.className = "draft-notice-actions";
    this.box.append(this.text, this.actions);
    this.said = document.createElement("div");
    this.said.id = "draft-said";
    this.said.className = "visually-hidden";
    this.said.setAttribute("role", "status");
    after.after(this.box, this.said);
    /** @type {string | null} a note the author may close (a draft another tab stored put aside) */
    this.note = null;
  }

  /** Say what the keeper told (its `on`). @param {DraftEvent} event */
  tell(event) {
    if (event.type === "kept") this.note = t(event.keptAt ? "drafts.keptOther" : "drafts.leftOther", { key: event.keptAt ?? this.keeper.key });
    if (event.type === "saved") this.say(t("drafts.saved"));
    if (event.type === "taken") this.say(t("drafts.taken"));
    this.render();
  }

  /** The notice as the keeper is: the choice between two tabs' drafts, a failed write, or a note. */
  render() {
    const k = this.keeper;
    const file = /** @type {[string, string, () => void]} */ (["btn-draft-file", k.conflict ? "drafts.saveMine" : "drafts.saveFile", () => this.saveFile()]);
    const failed = k.failure ? t("drafts.notSaved", { reason: failureText(k.failure) }) : "";
    if (k.conflict) {
      this.show(failed ? `${t("drafts.conflict")} ${failed}` : t("drafts.conflict"), [
        ["btn-draft-theirs", "drafts.useTheirs", () => k.takeTheirs().then(() => this.render())],
        ["btn-draft-mine", "drafts.keepMine", () => k.keepMine().then(() => this.render())],
        file,
      ]);
    } else if (failed) {
      this.show(failed, [file]);
    } else {
      this.show(this.note, []);
    }
  }

  /** @param {string | null} text @param {[string, string, () => void][]} buttons  id, label key, action */
  show(text, buttons) {
    this.box.hidden = !text;
    this.box.classList.toggle("note", !buttons.length);   // its close button beside the text
    this.text.textContent = text ?? "";
    this.actions.replaceChildren(...buttons.map(([id, label, run]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = id;
      b.textContent = t(label);
      b.addEventListener("click", run);
      return b;
    }));
    if (!buttons.length && text) {   // a note the author closes
      const close = document.createElement("button");
      close.type = "button";
      close.className = "draft-notice-close";
      close.textContent = "×";
      close.setAttribute("aria-label", t("common.dismiss"));
      close.addEventListener("click", () => { this.note = null; this.render(); });
      this.actions.append(close);
    }
  }

  /** @param {string} text */
  say(text) {
    const p = document.createElement("p");
    p.textContent = text;
    this.said.replaceChildren(p);
  }
}
