// The authoring page's steps (lesson-edit.html): the list (choose a step, move
// it up or down, remove it) and the chosen step's form (its position in the
// game, caption, what the reader does: look, try a move, or a task with its
// markers or tiles, and hints).  Every change goes through Draft.edit, so the
// engine checks it first; a refusal is told beside the field, in words.  A change
// names its step by the step's id, never by its place: another tab may have
// removed or moved steps since this one drew them.

import { t } from "../../lib/words/i18n.js";
import { errorText } from "../../lib/words/errors.js";
import { uiIcon } from "../../lib/views/icon.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {Draft} from "./draft.js" */

/** What the reader does on a step: "look", "try", or a task's kind. */
export function modeOf(step) {
  if (step.task) return step.task.key.replace("puzzle.task.", "");
  return step.try ? "try" : "look";
}

const TASKS = ["survive", "eliminate", "keep_options", "solo"];

/** The step's position: its own, or its record's at its step. */
export function positionOf(checked, k) {
  const step = checked.lesson.steps[k];
  return step.position ?? checked.replays[step.record].positions[step.at];
}

/** One line about step k for the list: where it is and what the reader does there. */
function stepWords(checked, k) {
  const step = checked.lesson.steps[k];
  const info = checked.steps[k];
  const position = positionOf(checked, k);
  const name = info.turn === null ? "" : position.players[info.turn]?.name ?? "";
  const where = step.position
    ? t(info.phase === "over" ? "lessonEdit.step.over" : info.phase === "start" ? "lessonEdit.step.start" : "lessonEdit.step.position", { name })
    : t("lessonEdit.step.record", { g: step.record + 1, k: step.at, last: checked.replays[step.record].positions.length - 1 });
  const mode = modeOf(step);
  const bits = [where];
  if (mode !== "look") bits.push(t(mode === "try" ? "lessonEdit.step.try" : "lessonEdit.step.task"));
  if (info.sketch) bits.push(t("lessonEdit.step.sketch"));
  return `${t("lessonEdit.step.n", { n: k + 1 })} ${bits.join(" · ")}`;
}

export class Steps {
  /**
   * @param {Draft} draft
   * @param {object} deps
   * @param {() => void} deps.changed   the draft changed (preview, outputs, list)
   * @param {(at: number) => void} deps.selected  another step was chosen
   */
  constructor(draft, { changed, selected }) {
    this.draft = draft;
    this.changed = changed;
    this.selected = selected;
    this.typing = null;
    /** @type {(() => Promise<void>) | null} the typed text not kept yet */
    this.pending = null;
    /** @type {string | null} the id of the step the form shows */
    this.formId = null;
    // what was typed is read at once: the form may show another step by the time it is kept
    const typedIn = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id)).value;
    $("le-caption").addEventListener("input", () => {
      const value = typedIn("le-caption");
      this.typed(() => $("le-caption-note"), (lesson, step) => { this.draft.setText(lesson, step, "caption", value); });
    });
    for (let j = 0; j < 3; j++) {
      $(`le-hint-${j}`).addEventListener("input", () => {
        const value = typedIn(`le-hint-${j}`);
        this.typed(() => $("le-hints-note"), (lesson, step) => {
          step.hints = step.hints ?? [];
          while (step.hints.length <= j) step.hints.push("");
          this.draft.setText(lesson, step.hints, String(j), value);
        });
      });
    }
    $("le-mode").addEventListener("change", () => this.setMode(/** @type {HTMLSelectElement} */ ($("le-mode")).value));
    $("le-solo-n").addEventListener("change", () => this.setMode("solo"));
    $("le-at").addEventListener("change", () => {
      const at = Number(/** @type {HTMLInputElement} */ ($("le-at")).value);
      this.change($("le-at-note"), (lesson, step) => { step.at = at; });
    });
  }

  /** Change the chosen step (`edit(lesson, step)`), wherever it is now, telling a refusal in
   *  `note` (and a step another tab removed, which the change puts back). */
  async change(note, edit, id = this.draft.selectedId) {
    note.textContent = "";
    if (id === null) return;
    try {
      await this.draft.editStep(id, edit);
    } catch (e) {
      this.render();   // the form as the draft still is
      note.textContent = errorText(e);
      return;
    }
    this.changed();
    if (this.draft.putBackSaid) {
      this.draft.putBackSaid = false;
      note.textContent = t("lessonEdit.putBack", { n: this.draft.selected + 1 });
    }
  }

  /** A text typed: checked and kept once the typing pauses (for the step it was typed in,
   *  whichever step is chosen then). */
  typed(note, edit) {
    clearTimeout(this.typing);
    const id = this.draft.selectedId;
    this.pending = () => this.change(note(), edit, id);
    this.typing = setTimeout(() => this.flush(), 350);
  }

  /** Keep what was typed now (another step is chosen: the form is about to show it). */
  flush() {
    clearTimeout(this.typing);
    const pending = this.pending;
    this.pending = null;
    return pending ? pending() : Promise.resolve();
  }

  /** What the reader does: look, try, or a task (with its markers or tile count). */
  setMode(mode) {
    this.change($("le-task-note"), (lesson, step) => {
      delete step.try;
      delete step.task;
      if (mode === "try") step.try = true;
      if (!TASKS.includes(mode)) { delete step.hints; return; }
      step.task = { key: `puzzle.task.${mode}`, params: this.params(mode, lesson, step) };
    });
  }

  /** A task's params from the form (an eliminate task's first other marker by default). */
  params(mode, lesson, step) {
    if (mode === "solo") return { n: Number(/** @type {HTMLSelectElement} */ ($("le-solo-n")).value) };
    if (mode !== "eliminate") return {};
    const colors = [...document.querySelectorAll("#le-targets input:checked")].map((b) => /** @type {HTMLInputElement} */ (b).value);
    if (!colors.length) {
      const p = step.position ?? positionOf(this.draft.checked, this.draft.selected);
      const other = p.players.find((_, seat) => seat !== p.turn && !(p.out || []).includes(seat));
      if (other) colors.push(other.color);
    }
    return colors.length === 1 ? { color: colors[0] } : { colors };
  }

  /** Draw the list and the chosen step's form. */
  render() {
    const { checked, selected, ids } = this.draft;
    const n = checked.lesson.steps.length;
    $("le-empty").hidden = n > 0;
    $("le-steps").replaceChildren(...ids.map((id, k) => this.item(id, k, k === selected)));
    $("le-step").hidden = selected < 0;
    if (selected >= 0) this.form(selected);
  }

  /** Step `id`, at place k, in the list. */
  item(id, k, chosen) {
    const n = this.draft.lesson.steps.length;
    const li = document.createElement("li");
    li.className = `le-step${chosen ? " chosen" : ""}`;
    li.dataset.id = id;
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "le-step-pick";
    pick.textContent = stepWords(this.draft.checked, k);
    if (chosen) pick.setAttribute("aria-current", "step");
    pick.addEventListener("click", () => this.choose(id));
    const tool = (icon, label, disabled, run) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "icon-button";
      b.append(uiIcon(icon));
      b.setAttribute("aria-label", t(label, { n: k + 1 }));
      b.disabled = disabled;
      b.addEventListener("click", run);
      return b;
    };
    li.append(pick,
      tool("up", "lessonEdit.moveUp", k === 0, () => this.move(id, -1)),
      tool("down", "lessonEdit.moveDown", k === n - 1, () => this.move(id, 1)),
      tool("bad", "lessonEdit.remove", false, () => this.remove(id)));
    return li;
  }

  /** Choose step `id` (this tab's choice: nothing stored changes). */
  choose(id) {
    this.flush();
    this.draft.selectedId = id;
    this.draft.saveTab();
    this.render();
    this.selected(this.draft.selected);
    /** @type {HTMLElement | null} */ (document.querySelector(`#le-steps li.chosen .le-step-pick`))?.focus();
  }

  /** Move step `id` up (by -1) or down (1) from wherever it is now. */
  async move(id, by) {
    await this.draft.edit((lesson, ids) => {
      const k = ids.indexOf(id);
      const to = k + by;
      if (k < 0 || to < 0 || to >= ids.length) return id;   // gone, or at the end already (another tab)
      lesson.steps.splice(to, 0, ...lesson.steps.splice(k, 1));
      ids.splice(to, 0, ...ids.splice(k, 1));
      return id;
    });
    this.changed();
    const li = document.querySelector(`#le-steps li[data-id="${CSS.escape(id)}"]`);
    const b = /** @type {HTMLButtonElement | null} */ (li?.querySelector(`.icon-button:nth-of-type(${by < 0 ? 1 : 2})`) ?? null);
    (b && !b.disabled ? b : /** @type {HTMLElement | null} */ (li?.querySelector(".le-step-pick") ?? null))?.focus();
  }

  /** Remove step `id` (if another tab has not already); the one before it is chosen. */
  async remove(id) {
    await this.draft.edit((lesson, ids) => {
      const k = ids.indexOf(id);
      if (k < 0) return null;
      lesson.steps.splice(k, 1);
      ids.splice(k, 1);
      return this.draft.selectedId === id ? ids[Math.max(0, k - 1)] ?? null : null;
    });
    this.changed();
    /** @type {HTMLElement | null} */ (document.querySelector("#le-steps .chosen .le-step-pick") ?? $("le-link"))?.focus();
  }

  /** The chosen step's form, from the draft. */
  form(k) {
    const { checked } = this.draft;
    const step = checked.lesson.steps[k];
    const info = checked.steps[k];
    // a field being typed in keeps its text, unless the form now shows another step
    const same = this.formId === this.draft.ids[k];
    this.formId = this.draft.ids[k];
    const keep = (/** @type {Element} */ field) => same && document.activeElement === field;
    $("le-step-h").textContent = t("lessonEdit.stepHeading", { n: k + 1 });
    $("le-at-row").hidden = !("record" in step);
    if ("record" in step) {
      const at = /** @type {HTMLInputElement} */ ($("le-at"));
      const last = checked.replays[step.record].positions.length - 1;
      at.max = String(last);
      at.value = String(step.at);
      $("le-at-of").textContent = t("lessonEdit.atOf", { last });
    }
    const caption = /** @type {HTMLTextAreaElement} */ ($("le-caption"));
    if (!keep(caption)) caption.value = this.draft.textOf(step.caption);
    const mode = modeOf(step);
    const select = /** @type {HTMLSelectElement} */ ($("le-mode"));
    select.value = mode;
    for (const option of select.options) {   // what the engine says this position can have
      option.disabled = option.value === "try" ? !info.try : option.value !== "look" && !info.tasks.includes(option.value);
    }
    this.targets(k, mode === "eliminate" ? step.task.params : null);
    $("le-solo").hidden = mode !== "solo";
    if (mode === "solo") /** @type {HTMLSelectElement} */ ($("le-solo-n")).value = String(step.task.params.n);
    $("le-task-note").textContent = info.solutions === undefined ? "" : t("lessonEdit.solutions", { count: info.solutions });
    $("le-hints").hidden = !step.task;
    for (let j = 0; j < 3; j++) {
      const input = /** @type {HTMLInputElement} */ ($(`le-hint-${j}`));
      if (!keep(input)) input.value = this.draft.textOf((step.hints || [])[j]);
    }
  }

  /** The eliminate task's markers: a box for each other player still on the board. */
  targets(k, params) {
    const box = $("le-targets");
    box.hidden = !params;
    if (!params) { $("le-target-list").replaceChildren(); return; }   // no other step's boxes left behind
    const p = positionOf(this.draft.checked, k);
    const wanted = params.colors ?? [params.color];
    const list = $("le-target-list");
    list.replaceChildren(...p.players.flatMap((player, seat) => {
      if (seat === p.turn || (p.out || []).includes(seat)) return [];
      const label = document.createElement("label");
      label.className = "check";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = player.color;
      box.checked = wanted.includes(player.color);
      box.addEventListener("change", () => this.setMode("eliminate"));
      label.append(box, ` ${t("lessonEdit.target", { name: player.name, color: t(`common.color.${player.color}`) })}`);
      return [label];
    }));
  }
}
