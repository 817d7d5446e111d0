// The lesson being written (lesson-edit.html): every change is checked by the
// engine (lesson_check, draft: a lesson of no steps yet is allowed) before it
// is kept, so the draft is always a lesson the player can show.  It is kept
// as saved games are (lib/authoring/drafts.js): each change is made on the draft
// as stored at that moment, so a step another tab added, moved or captioned
// stays ("Add to a lesson" opens a new tab each time); a stored draft the page
// cannot read is put aside, never lost; a write that fails is said, the lesson
// still on the page, with its file.
//
//   tsuro.lessonDraft  {format: "tsuro-lesson-draft/2", lesson, ids, rev}
//                      ids: each step's id, in the steps' order: a change names
//                      the step it is about by its id, never by its place (another
//                      tab may have removed or moved steps since)
//   (sessionStorage)   tsuro.tab.lessonEdit  {selected: a step's id, writeLang}:
//                      this tab's step chosen and language being written
//
// (Format 1, {lesson, selected, writeLang}, is read too: its steps get the ids
// "s0", "s1"... so that every tab reading it names them alike.)

import { tabStore, readJSON, writeJSON } from "../../lib/base/storage.js";
import { DraftKeeper } from "../../lib/authoring/drafts.js";
import { engineDown } from "../../lib/engine/client.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {GameRecord, Lesson, LessonChecked, LessonStep, Text} from "../../lib/types.js" */
/** @import {DraftEvent} from "../../lib/authoring/drafts.js" */

export const DRAFT_KEY = "tsuro.lessonDraft";
const DRAFT_FORMAT = "tsuro-lesson-draft/2";
const FORMATS = ["tsuro-lesson-draft/1", DRAFT_FORMAT];
const TAB_KEY = "tsuro.tab.lessonEdit";

/**
 * The draft as this page holds it: the engine's answer for the lesson and the steps' ids.
 * @typedef {{checked: LessonChecked, ids: string[]}} Held
 */

/** A new lesson with no steps, its texts in language `lang`. @param {string} lang @returns {Lesson} */
export function emptyLesson(lang) {
  return { format: "tsuro-lesson/1", lang, steps: [] };
}

let made = 0;
/** A new step id (unique among the tabs' drafts: random, and counted in this tab). */
export function newId() {
  return `${Math.random().toString(36).slice(2, 8)}${(made++).toString(36)}`;
}

/**
 * The ids of `n` steps from a stored list: kept where each is a short text met once;
 * any other place gets one made from its place, the same in every tab.
 * @param {unknown} ids @param {number} n @returns {string[]}
 */
function idsFor(ids, n) {
  const given = Array.isArray(ids) ? ids : [];
  const seen = new Set();
  return Array.from({ length: n }, (_, k) => {
    let id = given[k];
    if (typeof id !== "string" || !/^[\w-]{1,40}$/.test(id) || seen.has(id)) id = `s${k}`;
    while (seen.has(id)) id += "_";
    seen.add(id);
    return id;
  });
}

/** An error with a code errors.js words. */
const coded = (/** @type {string} */ code, detail = "") => Object.assign(new Error(detail), { code });

export class Draft {
  /**
   * @param {Engine} engine
   * @param {(event: DraftEvent) => void} told  what the keeper says (the page's draft notice, and redrawing)
   */
  constructor(engine, told) {
    this.engine = engine;
    /** @type {DraftKeeper<Held>} */
    this.keeper = new DraftKeeper(DRAFT_KEY, {
      read: (stored) => this.read(stored),
      write: (held) => ({ format: DRAFT_FORMAT, lesson: held.checked.lesson, ids: held.ids }),
      on: (event) => this.told(event),
      unreadable: (e) => !engineDown(e),   // the engine failing to check a draft is no fault of the draft's
    });
    this.tell = told;
    /** @type {string | null} the step chosen in this tab */
    this.selectedId = null;
    /** the language the author is writing in now (this tab's) */
    this.writeLang = "en";
    /** @type {Map<string, {at: number, step: LessonStep, record: GameRecord | null}>} steps another tab removed (put back by an edit of them) */
    this.removed = new Map();
    /** @type {Held | null} the draft as last drawn (what another tab's, taken, is compared with) */
    this.shown = null;
    /** an edit just put back a step another tab had removed (the page says so) */
    this.putBackSaid = false;
  }

  /** @returns {Held} the draft (before it is restored, a lesson of no steps: the preview may ask) */
  get held() { return this.keeper.draft ?? { checked: { lesson: emptyLesson(this.writeLang), fragment: null, replays: [], steps: [] }, ids: [] }; }
  get checked() { return this.held.checked; }
  get lesson() { return this.held.checked.lesson; }
  get ids() { return this.held.ids; }

  /** The chosen step's place in the lesson (-1: none). */
  get selected() { return this.selectedId === null ? -1 : this.ids.indexOf(this.selectedId); }
  set selected(k) {
    this.selectedId = this.ids[k] ?? null;
    this.saveTab();
  }

  /**
   * The saved draft, checked by the engine; a new lesson when there is none.  A draft the
   * engine refuses (or that is not one) is kept aside (storage.js's list of entries kept):
   * returns that error with `keptAt`, where it is kept (null: the browser refused the copy,
   * and it stays where it was, never written over).
   * @param {string} lang  the page's language, for a new lesson's texts
   * @returns {Promise<(Error & {keptAt: string | null}) | null>}
   */
  async restore(lang) {
    const tab = readJSON(TAB_KEY, {}, tabStore());
    this.writeLang = lang;
    const { damaged } = await this.keeper.load(() => this.check(emptyLesson(lang), []), { said: true });
    const lesson = this.lesson;
    this.writeLang = typeof tab.writeLang === "string" ? tab.writeLang : typeof lesson.lang === "string" ? lesson.lang : lang;
    if (this.ids.includes(tab.selected)) this.selectedId = tab.selected;
    this.keepChoice();
    if (!damaged) return null;
    const e = damaged.error instanceof Error ? damaged.error : new Error(String(damaged.error));
    return Object.assign(e, { keptAt: damaged.keptAt });
  }

  /** A stored draft as this page holds it, checked by the engine (which throws on one it
   *  refuses).  @param {any} stored @returns {Promise<Held>} */
  async read(stored) {
    if (!stored || typeof stored !== "object" || !FORMATS.includes(stored.format)) throw coded("bad_save", "not a lesson draft");
    const steps = stored.lesson && typeof stored.lesson === "object" && Array.isArray(stored.lesson.steps) ? stored.lesson.steps.length : 0;
    const held = await this.check(stored.lesson, idsFor(stored.ids, steps));
    if (stored.format !== DRAFT_FORMAT && this.selectedId === null && Number.isInteger(stored.selected)) {
      this.selectedId = held.ids[stored.selected] ?? null;   // format 1 kept the step chosen
    }
    return held;
  }

  /** The engine's check of `lesson` with these step ids. @param {unknown} lesson @param {string[]} ids
   *  @returns {Promise<Held>} */
  async check(lesson, ids) {
    const checked = await this.engine.ask("lesson_check", { lesson, draft: true });
    if (checked.lesson.steps.length !== ids.length) throw coded("bad_save", "steps and ids differ");
    return { checked, ids };
  }

  /**
   * Change the lesson: `change(lesson, ids)` edits copies (steps and their ids moved, added
   * and removed together; a step found by its id) and may return the id of the step to
   * choose; the engine checks the result, and the draft takes it only if the engine accepts
   * it (its refusal is thrown, the draft unchanged).
   * @param {(lesson: Lesson, ids: string[]) => (string | null | void)} change
   */
  async edit(change) {
    /** @type {string | null | void} */
    let pick = undefined;
    await this.keeper.update(async (held) => {
      const lesson = structuredClone(held.checked.lesson);
      const ids = [...held.ids];
      pick = change(lesson, ids);
      if (ids.length !== lesson.steps.length) throw new Error("a change moved steps without their ids");
      return this.check(lesson, ids);
    });
    if (typeof pick === "string" && this.ids.includes(pick)) this.selectedId = pick;
    this.keepChoice();
  }

  /**
   * Change step `id` (`change(lesson, step)`), wherever it is now.  A step another tab removed
   * is put back where it was, with the change (the change is not lost).
   * @param {string} id @param {(lesson: Lesson, step: LessonStep) => void} change
   */
  editStep(id, change) {
    return this.edit((lesson, ids) => {
      let k = ids.indexOf(id);
      if (k < 0) k = this.putBack(lesson, ids, id);
      change(lesson, lesson.steps[k]);
      return id;
    });
  }

  /** Put the step `id` another tab removed back (its record too); returns its place.
   *  @param {Lesson} lesson @param {string[]} ids @param {string} id @returns {number} */
  putBack(lesson, ids, id) {
    const gone = this.removed.get(id);
    if (!gone) throw coded("step_gone", id);
    const step = structuredClone(gone.step);
    if (step.record !== undefined) {
      if (!gone.record) throw coded("step_gone", id);   // (a checked lesson has its steps' records)
      (lesson.records ??= []).push(structuredClone(gone.record));
      step.record = lesson.records.length - 1;
    }
    const k = Math.min(gone.at, lesson.steps.length);
    lesson.steps.splice(k, 0, step);
    ids.splice(k, 0, id);
    this.removed.delete(id);
    this.putBackSaid = true;
    return k;
  }

  /** Put `lesson` in place of the draft (a lesson opened, a new one): its steps get new ids.
   *  Throws the engine's refusal, changing nothing. @param {unknown} lesson  (the engine checks it) */
  async replace(lesson) {
    await this.keeper.update(async () => {
      const checked = await this.engine.ask("lesson_check", { lesson, draft: true });
      return { checked, ids: checked.lesson.steps.map(() => newId()) };
    });
    this.selectedId = this.ids[0] ?? null;
    if (typeof this.lesson.lang === "string") this.writeLang = this.lesson.lang;
    this.keepChoice();
  }

  /** The keeper's news: another tab's draft taken notes the steps it removed (an edit puts
   *  them back) and keeps this tab's step chosen if it is still there. @param {DraftEvent} event */
  told(event) {
    if (event.type === "taken") this.noteRemoved();
    this.tell(event);
  }

  /** Before the draft taken from another tab: remember the steps it no longer has. */
  noteRemoved() {
    const before = this.shown;
    const now = new Set(this.ids);
    if (before) {
      before.ids.forEach((id, at) => {
        if (now.has(id)) return;
        const step = before.checked.lesson.steps[at];
        const record = step.record !== undefined ? before.checked.lesson.records?.[step.record] ?? null : null;
        this.removed.set(id, { at, step, record });
      });
    }
    this.keepChoice();
  }

  /** The step chosen stays this tab's: if it is gone, the one now in its place. */
  keepChoice() {
    const before = this.shown;
    if (this.selectedId !== null && !this.ids.includes(this.selectedId)) {
      const at = before ? before.ids.indexOf(this.selectedId) : 0;
      this.selectedId = this.ids[Math.min(Math.max(0, at), this.ids.length - 1)] ?? null;
    }
    if (this.selectedId === null && this.ids.length) this.selectedId = this.ids[0];
    this.shown = this.held;
    this.saveTab();
  }

  /** This tab's step chosen and language, kept for its reload. */
  saveTab() {
    writeJSON(TAB_KEY, { selected: this.selectedId, writeLang: this.writeLang }, tabStore());
  }

  // ---------------------------------------------------------------- texts in several languages

  /** A text of the lesson as the author edits it now: in the language being written. @param {Text | undefined} text */
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
