// The lesson being written (lesson-edit.html): every change is checked by the
// engine (lesson_check, draft: a lesson of no steps yet is allowed) before it
// is kept, so the draft is always a lesson the player can show; it is saved
// in localStorage after each change and checked again when read back (a
// damaged draft is kept aside, never lost, and a new one is started).  The
// page may be open in several tabs ("Add to a lesson" opens a new one each
// time): a tab takes the draft another tab saved before it changes or saves
// anything, so no tab saves over a step another one added.

import { readText, writeText, remove, putAside } from "../../lib/base/storage.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {LessonChecked} from "../../lib/types.js" */

export const DRAFT_KEY = "tsuro.lessonDraft";
export const KEPT_KEY = "tsuro.lessonDraft.kept";
const DRAFT_FORMAT = "tsuro-lesson-draft/1";

/** A new lesson with no steps, its texts in language `lang`. */
export function emptyLesson(lang) {
  return { format: "tsuro-lesson/1", lang, steps: [] };
}

/**
 * Keep a draft that could not be read aside, as it was: under KEPT_KEY, or, where a draft
 * kept before is there already, beside the other entries kept (storage.js's putAside: never
 * written over).  The draft is removed only once kept.  Returns where it is kept (null: the
 * browser refused, and it stays under DRAFT_KEY).
 * @param {string} text
 * @returns {string | null}
 */
function keepAside(text) {
  if (readText(KEPT_KEY) !== null) return putAside(DRAFT_KEY, text);
  if (writeText(KEPT_KEY, text) !== null) return null;
  remove(DRAFT_KEY);
  return KEPT_KEY;
}

export class Draft {
  /**
   * @param {Engine} engine
   * @param {(failure: {reason: string} | null) => void} saved  after each save: null, or why it failed
   */
  constructor(engine, saved) {
    this.engine = engine;
    this.saved = saved;
    /** @type {LessonChecked} the engine's answer for the lesson as it is */
    this.checked = { lesson: emptyLesson("en"), fragment: null, replays: [], steps: [] };
    this.selected = -1;
    /** the language the author is writing in now */
    this.writeLang = "en";
    /** the stored text this tab last wrote or took (another text there: another tab saved) */
    this.text = null;
    /** edits and takings, one at a time */
    this.queue = Promise.resolve();
    /** @type {() => void} called when this tab took the draft another tab saved */
    this.taken = () => {};
  }

  get lesson() { return this.checked.lesson; }

  /**
   * The saved draft, checked by the engine; a new lesson when there is none. A draft
   * the engine refuses is kept aside (keepAside): returns that error, with `keptAt` where
   * it is kept (else null).
   * @param {string} lang  the page's language, for a new lesson's texts
   */
  async restore(lang) {
    this.writeLang = lang;
    const text = readText(DRAFT_KEY);   // read before the new lesson is saved over it
    this.text = text;
    await this.replace(emptyLesson(lang), -1, text === null);
    if (text === null) return null;
    try {
      const saved = JSON.parse(text);
      if (!saved || saved.format !== DRAFT_FORMAT) throw Object.assign(new Error("not a lesson draft"), { code: "bad_save" });
      await this.replace(saved.lesson, saved.selected);
      if (typeof saved.writeLang === "string") this.writeLang = saved.writeLang;
      return null;
    } catch (e) {
      return Object.assign(e instanceof Error ? e : new Error(String(e)), { keptAt: keepAside(text) });
    }
  }

  /** Put `lesson` in the draft (checked) and save it (unless `save` is false); throws
   *  the engine's refusal, changing nothing. */
  async replace(lesson, selected = 0, save = true) {
    const checked = await this.engine.ask("lesson_check", { lesson, draft: true });
    this.checked = checked;
    this.selected = Math.max(-1, Math.min(checked.lesson.steps.length - 1, Number.isInteger(selected) ? selected : 0));
    if (typeof checked.lesson.lang === "string") this.writeLang = checked.lesson.lang;
    if (save) this.write();
  }

  /**
   * Change the lesson: `change` edits a copy, the engine checks it; the draft takes
   * it only if the engine accepts it (its refusal is thrown, the draft unchanged).
   * @param {(lesson: any) => (number | void)} change  may return the step to select
   */
  edit(change) {
    return this.inTurn(async () => {
      for (let tries = 0; ; tries++) {
        await this.takeOthers();
        const copy = structuredClone(this.lesson);
        const pick = change(copy);
        const checked = await this.engine.ask("lesson_check", { lesson: copy, draft: true });
        if (this.savedElsewhere() && tries < 3) continue;   // saved meanwhile: the change again, on that
        this.checked = checked;
        const n = checked.lesson.steps.length;
        this.selected = Math.min(n - 1, typeof pick === "number" ? pick : Math.max(this.selected, n ? 0 : -1));
        this.write();
        return;
      }
    });
  }

  /** Keep the draft (and the step chosen); if another tab saved since, take its draft first. */
  save() {
    if (this.savedElsewhere()) this.sync().then(() => this.write());
    else this.write();
  }

  /** Take the draft another tab saved, if any (the page calls this on a "storage" event). */
  sync() { return this.inTurn(() => this.takeOthers()); }

  // ---------------------------------------------------------------- several tabs

  /** Run `job` after the edits and takings already asked for. @param {() => Promise<void>} job */
  inTurn(job) {
    const done = this.queue.then(job);
    this.queue = done.catch(() => {});
    return done;
  }

  /** Whether the stored draft is another tab's (not what this tab last wrote or took). */
  savedElsewhere() {
    const text = readText(DRAFT_KEY);
    return text !== null && text !== this.text;
  }

  /** The draft another tab saved, checked by the engine, in place of this tab's (this tab's
   *  step chosen and language kept); one that cannot be read is left to that tab. */
  async takeOthers() {
    if (!this.savedElsewhere()) return;
    const text = readText(DRAFT_KEY);
    const { selected, writeLang } = this;
    try {
      const saved = JSON.parse(text ?? "");
      if (!saved || saved.format !== DRAFT_FORMAT) return;
      await this.replace(saved.lesson, Math.max(0, selected), false);
    } catch {
      return;
    } finally {
      this.writeLang = writeLang;
    }
    this.text = text;
    this.taken();
  }

  write() {
    this.text = JSON.stringify({
      format: DRAFT_FORMAT, lesson: this.lesson, selected: this.selected, writeLang: this.writeLang,
    });
    this.saved(writeText(DRAFT_KEY, this.text));
  }

  // ---------------------------------------------------------------- texts in several languages

  /** A text of the lesson as the author edits it now: in the language being written. */
  textOf(text) {
    if (text === undefined) return "";
    if (typeof text === "string") return !this.lesson.lang || this.lesson.lang === this.writeLang ? text : "";
    return text[this.writeLang] ?? "";
  }

  /**
   * Set obj[key], a text, in the language being written (a text in another language
   * becomes a text by language; the engine writes one language alone as a string).
   * @param {any} lesson  the copy being edited @param {any} obj @param {string} key @param {string} value
   */
  setText(lesson, obj, key, value) {
    const old = obj[key];
    const lang = this.writeLang;
    if (!lesson.lang) lesson.lang = lang;
    if (old !== null && typeof old === "object") obj[key] = { ...old, [lang]: value };
    else if (lesson.lang === lang) obj[key] = value;
    else obj[key] = old === undefined || old === "" ? { [lang]: value } : { [lesson.lang]: old, [lang]: value };
  }
}
