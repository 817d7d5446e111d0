// What the authoring page gives out (lesson-edit.html): the preview (a real
// lesson.html in a frame, driven with the lesson's postMessage protocol), the
// lesson's link, the <iframe> snippet of the whole lesson and the lesson file.

import { t, lang } from "../../lib/words/i18n.js";
import { textIn } from "../../lib/lessons/text.js";
import { iframeSnippet } from "../../lib/shell/snippet.js";
import { copyFrom } from "../../lib/shell/page.js";
import { $ } from "../../lib/shell/dom.js";
import { downloadJSON } from "../../lib/base/download.js";
/** @import {Draft} from "./draft.js" */

/** The snippet's size: the board, the caption, a hand and the step buttons. */
export const LESSON_SIZE = /** @type {[number, number]} */ ([420, 680]);

/** The lesson player's address on this site. */
export function playerURL() {
  return new URL("lesson.html", document.baseURI.replace(/[?#].*$/, "")).href;
}

/** The lesson file's text: what tools/tutorial_links.py writes too (JSON, one space a level). */
export function lessonFile(lesson) {
  return `${JSON.stringify(lesson, null, 1)}\n`;
}

export class Share {
  /**
   * @param {Draft} draft
   * @param {(at: number) => void} stepShown  the preview went to step `at` (its own Next / Back)
   */
  constructor(draft, stepShown) {
    this.draft = draft;
    this.frame = /** @type {HTMLIFrameElement} */ ($("le-preview"));
    this.ready = false;
    this.timer = null;
    // the preview's answers still to come to what this page sent (a load or a step): the
    // frame takes them one at a time and ends each with a "step" (or an "error"), so a
    // "step" while any is owed answers this page, perhaps for a lesson since changed;
    // only one that comes when none is owed is the reader's own Back / Next
    this.owed = 0;
    $("le-copy-url").addEventListener("click", () => copyFrom(/** @type {HTMLInputElement} */ ($("le-url")), $("le-copy-url")));
    $("le-copy-snippet").addEventListener("click", () => copyFrom(/** @type {HTMLTextAreaElement} */ ($("le-snippet")), $("le-copy-snippet")));
    $("le-download").addEventListener("click", () => this.download());
    // the preview: a lesson waiting for its host (this page), in the page's language
    addEventListener("message", (event) => {
      if (event.source !== this.frame.contentWindow || event.origin !== location.origin) return;
      const m = event.data || {};
      if (m.tsuro === "ready") { this.ready = true; this.owed = 0; this.preview(); }
      if ((m.tsuro === "step" || m.tsuro === "error") && this.owed > 0) this.owed--;
      else if (m.tsuro === "step" && Number.isInteger(m.at) && m.at !== this.draft.selected) stepShown(m.at);
    });
    this.frame.src = `lesson.html?lang=${encodeURIComponent(lang())}`;
  }

  /** The lesson changed: the outputs now, the preview once the changes pause. */
  update() {
    const { lesson, fragment } = this.draft.checked;
    const empty = !lesson.steps.length;
    $("le-share").hidden = empty;
    $("le-preview-empty").hidden = !empty;
    this.frame.hidden = empty;
    if (!empty) {
      const url = fragment ? `${playerURL()}#${fragment}` : "";
      /** @type {HTMLInputElement} */ ($("le-url")).value = url || t("lessonEdit.tooLong");
      $("le-copy-url").hidden = !url;
      const title = textIn(lesson.title, lesson.lang) || t("lesson.title");
      // too long for a link: the file, once the author has put it on a site
      /** @type {HTMLTextAreaElement} */ ($("le-snippet")).value =
        iframeSnippet(url || `${playerURL()}#src=https://…/${this.fileName()}`, title, LESSON_SIZE);
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.preview(), 300);
  }

  /** Show the draft in the preview, at the chosen step. */
  preview() {
    const { lesson } = this.draft.checked;
    if (!this.ready || !lesson.steps.length) return;
    this.post({ tsuro: "load", lesson, at: Math.max(0, this.draft.selected) });
  }

  /** The preview goes to step `at` (chosen in the list). */
  step(at) {
    if (this.ready && this.draft.lesson.steps.length) this.post({ tsuro: "step", at });
  }

  post(message) {
    if (!this.frame.contentWindow) return;
    this.owed++;
    this.frame.contentWindow.postMessage(message, location.origin);
  }

  /** The lesson file's name: its title's letters and digits (else "lesson"), .json. */
  fileName() {
    const { lesson } = this.draft.checked;
    const name = textIn(lesson.title, lesson.lang).toLowerCase().normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "lesson";
    return `${name}.json`;
  }

  /** The lesson file, downloaded. */
  download() {
    downloadJSON(this.fileName(), lessonFile(this.draft.checked.lesson));
  }
}
