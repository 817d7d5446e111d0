// lesson-edit.html: make a lesson without code (docs/lessons.md).  Steps come
// from a pasted link (a position, a game, or a lesson's steps), from the board
// editor or a finished game's replay ("Add to a lesson" opens this page with
// #add=<the position's or game's link, URI-encoded>&step=N), each with a
// caption, and a move to try or a task with hints; the steps are reordered,
// previewed in a real lesson.html, and given out as a link, an <iframe>
// snippet and a JSON file.  The engine checks every change (draft.js); the
// draft survives a reload.

import { startPage } from "../../lib/shell/start.js";
import { notice, setPhase, tellRefusals } from "../../lib/shell/page.js";
import { noteRefusal } from "../../lib/base/refusals.js";
import { t, lang, LANGUAGES } from "../../lib/words/i18n.js";
import { errorText } from "../../lib/words/errors.js";
import { $ } from "../../lib/shell/dom.js";
import { DraftNotice } from "../../lib/authoring/draftnotice.js";
import { Draft, emptyLesson, DRAFT_KEY, newId } from "./draft.js";
import { Steps } from "./steps.js";
import { Share } from "./share.js";
/** @import {Lesson, LessonCheckArgs} from "../../lib/types.js" */

const engine = startPage({ shared: true });   // the preview's lesson shares it

// the draft, kept as saved games are (draft.js, lib/authoring/drafts.js); what its keeper says
// (a failed write, another tab's draft gone apart from this one's) is in a notice of its own
const draft = new Draft(engine, (event) => {
  draftNotice.tell(event);
  // another tab's steps: shown, and none saved over; what was typed here is kept first (on
  // its step, wherever that is now: put back if the other tab removed it)
  if (event.type === "taken") { steps.flush(); refresh(); }
});
const draftNotice = new DraftNotice(draft.keeper, { saveFile: () => share.download(), after: $("notice") });
const steps = new Steps(draft, { changed: () => refresh(), selected: (k) => share.step(k) });
// the preview went to another step (its own Next / Back): that step is chosen here
const share = new Share(draft, (k) => { steps.flush(); draft.selected = k; steps.render(); });

/** Everything drawn again from the draft. */
function refresh() {
  const title = /** @type {HTMLInputElement} */ ($("le-title"));
  if (document.activeElement !== title) title.value = draft.textOf(draft.lesson.title);
  // the author's texts are in the language being written (spelling, screen readers)
  for (const id of ["le-title", "le-caption", "le-hint-0", "le-hint-1", "le-hint-2"]) $(id).lang = draft.writeLang;
  $("le-add-note").textContent = "";
  /** @type {HTMLSelectElement} */ ($("le-lang")).value = draft.writeLang;
  steps.render();
  share.update();
}

/** An error with a code errors.js words. */
const coded = (/** @type {string} */ code, /** @type {string} */ detail) => Object.assign(new Error(detail), { code });

// ------------------------------------------------------------------ adding steps

/** The link in a pasted text (a whole address or a fragment): {link, at?}, or null.
 *  @param {string} text @returns {{link: string, at: number | "end" | undefined} | null} */
function linkIn(text) {
  const hash = text.trim().split("#").pop() ?? "";
  const parts = hash.split("&");
  const link = parts.find((p) => /^[rpl]=[A-Za-z0-9_-]+$/.test(p));
  if (!link) return null;
  const opt = (/** @type {string} */ name) => parts.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1);
  const at = opt("at") ?? opt("step");
  return { link, at: at === "end" ? "end" : at !== undefined && /^\d+$/.test(at) ? Number(at) : undefined };
}

/** Add the steps a link holds at the end: a position, a game's step (the last unless
 *  `at` says), or every step of a lesson. Says what was added.
 *  @param {string} text @param {number} [atGiven] */
async function addFrom(text, atGiven) {
  const found = linkIn(text);
  if (!found) throw coded("not_a_link", text.slice(0, 80));
  const at = atGiven ?? found.at;
  let before = 0;   // the number of steps before, in the draft as the engine took it (another tab may add some)
  if (found.link.startsWith("l=")) {
    const other = (await engine.ask("lesson_check", { fragment: found.link })).lesson;
    await draft.edit((lesson, ids) => {
      before = lesson.steps.length;
      const offset = (lesson.records ??= []).length;
      lesson.records.push(...(other.records ?? []));
      lesson.steps.push(...other.steps.map((s) => (s.record !== undefined ? { ...s, record: s.record + offset } : s)));
      ids.push(...other.steps.map(() => newId()));
      return ids[before];
    });
  } else {
    const value = await engine.ask("decode_link", { fragment: found.link });
    await draft.edit((lesson, ids) => {
      before = lesson.steps.length;
      if (value.position) {
        lesson.steps.push({ position: value.position });
      } else {
        const { record } = value;
        if (!record) throw new Error("the link holds no game");
        const last = record.moves.length;
        (lesson.records ??= []).push(record);
        const k = at === undefined || at === "end" ? last : Math.min(last, at);
        lesson.steps.push({ record: lesson.records.length - 1, at: k });
      }
      ids.push(newId());
      return ids[before];
    });
  }
  refresh();   // the preview loads the lesson at the new step (share.update): the lesson it has lacks it
  const added = draft.lesson.steps.length - before;
  $("le-add-note").textContent = t("lessonEdit.added", { count: added, n: before + 1 });
}

$("le-add").addEventListener("click", () => {
  const input = /** @type {HTMLInputElement} */ ($("le-link"));
  $("le-add-note").textContent = "";
  addFrom(input.value).then(() => { input.value = ""; },
    (e) => { $("le-add-note").textContent = t("lessonEdit.addFailed", { reason: errorText(e) }); });
});
$("le-link").addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => { if (e.key === "Enter") $("le-add").click(); });

/** "Add to a lesson" from the editor or a replay: #add=<link, URI-encoded>&step=N. */
async function addFromFragment() {
  const m = /^#add=([^&]*)(?:&step=(\d{1,6}))?$/.exec(location.hash);
  if (!m) {   // any other fragment is not one this page takes: said (refusals.js)
    const hash = location.hash.replace(/^#/, "");
    if (hash) noteRefusal({ kind: "address", name: "#", value: hash.length > 40 ? `${hash.slice(0, 40)}…` : hash });
    return;
  }
  history.replaceState(null, "", location.pathname + location.search);   // a reload adds nothing again
  let link;
  try { link = decodeURIComponent(m[1]); } catch { link = m[1]; }
  try {
    await addFrom(link, m[2] === undefined ? undefined : Number(m[2]));
    notice(t("lessonEdit.addedFromLink", { n: draft.lesson.steps.length }));
  } catch (e) {
    notice(t("lessonEdit.addFailed", { reason: errorText(e) }));
  }
}

// ------------------------------------------------------------------ the lesson as a whole

/** @type {ReturnType<typeof setTimeout> | undefined} */
let typingTitle;
$("le-title").addEventListener("input", () => {
  clearTimeout(typingTitle);
  typingTitle = setTimeout(() => {
    const value = /** @type {HTMLInputElement} */ ($("le-title")).value;
    $("le-title-note").textContent = "";
    draft.edit((lesson) => { draft.setText(lesson, lesson, "title", value); })
      .then(() => share.update(), (e) => { $("le-title-note").textContent = errorText(e); });
  }, 350);
});

/** Whether the lesson holds any text yet (its language can change freely until then). */
const hasTexts = (/** @type {Lesson} */ lesson) => lesson.title !== undefined || lesson.steps.some((s) => s.caption !== undefined || s.hints);

const langs = /** @type {HTMLSelectElement} */ ($("le-lang"));
langs.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => new Option(name, code)));
langs.addEventListener("change", async () => {
  draft.writeLang = langs.value;
  draft.saveTab();
  if (!hasTexts(draft.lesson)) await draft.edit((lesson) => { lesson.lang = langs.value; });
  refresh();
});

/** Replace the draft with another lesson (a link or a file), after asking. @param {LessonCheckArgs} args */
async function openLesson(args) {
  if (draft.lesson.steps.length && !confirm(t("lessonEdit.replaceConfirm"))) return;
  const checked = await engine.ask("lesson_check", draftFile(args));
  await draft.replace(checked.lesson);
  refresh();
  $("le-open-note").textContent = t("lessonEdit.opened", { count: checked.lesson.steps.length });
}
const openFailed = (/** @type {unknown} */ e) => { $("le-open-note").textContent = t("lessonEdit.openFailed", { reason: errorText(e) }); };

$("le-open-btn").addEventListener("click", () => {
  const found = linkIn(/** @type {HTMLInputElement} */ ($("le-open")).value);
  $("le-open-note").textContent = "";
  if (!found || !found.link.startsWith("l=")) { openFailed(coded("not_a_lesson", "")); return; }
  openLesson({ fragment: found.link }).catch(openFailed);
});
$("le-file").addEventListener("change", async () => {
  const file = /** @type {HTMLInputElement} */ ($("le-file")).files?.[0];
  $("le-open-note").textContent = "";
  if (!file) return;
  if (file.size > 256 * 1024) { openFailed(coded("too_big", file.name)); return; }
  openLesson({ text: await file.text() }).catch(openFailed);
});
$("le-new").addEventListener("click", async () => {
  if (draft.lesson.steps.length && !confirm(t("lessonEdit.newConfirm"))) return;
  await draft.replace(emptyLesson(draft.writeLang));
  refresh();
});

/** A lesson draft's text (one kept aside, downloaded from the game page) opens as its lesson;
 *  anything else is asked of the engine as it is. @param {{text?: string, fragment?: string}} args */
function draftFile(args) {
  if (args.text === undefined) return args;
  try {
    const v = JSON.parse(args.text);
    if (v && typeof v === "object" && /^tsuro-lesson-draft\//.test(v.format) && v.lesson) return { lesson: v.lesson };
  } catch { /* the engine says what is wrong with it */ }
  return args;
}

// ------------------------------------------------------------------ start

async function main() {
  await engine.ready;
  const damaged = await draft.restore(lang());
  if (damaged?.keptAt) notice(t("lessonEdit.draftDamaged", { reason: errorText(damaged) }));
  else if (damaged) notice(t("lessonEdit.draftNotKept", { reason: errorText(damaged), key: DRAFT_KEY }));
  refresh();
  draft.keeper.listen();
  await addFromFragment();
  setPhase("ready");
}

window.addEventListener("hashchange", () => { addFromFragment(); });   // "Add to a lesson" again, this page open
main().catch((e) => { setPhase("failed"); notice(t("lessonEdit.failed", { reason: errorText(e) })); })
  .finally(() => tellRefusals());   // what the page ignored in its address or put aside, after what it said
