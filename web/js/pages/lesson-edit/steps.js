// The authoring page's steps (lesson-edit.html): the list (choose a step, move
// it up or down, remove it) and the chosen step's form (its position in the
// game, caption, what the reader does: look, try a move, or a task with its
// markers or tiles, and hints).  Every change goes through Draft.edit, so the
// engine checks it first; a refusal is told beside the field, in words.

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
    $("le-caption").addEventListener("input", () => this.typed(() => $("le-caption-note"), (lesson, step) => {
      this.draft.setText(lesson, step, "caption", $("le-caption").value);
    }));
    for (let j = 0; j < 3; j++) {
      $(`le-hint-${j}`).addEventListener("input", () => this.typed(() => $("le-hints-note"), (lesson, step) => {
        step.hints = step.hints ?? [];
        while (step.hints.length <= j) step.hints.push("");
        this.draft.setText(lesson, step.hints, String(j), $(`le-hint-${j}`).value);
      }));
    }
    $("le-mode").addEventListener("change", () => this.setMode(/** @type {HTMLSelectElement} */ ($("le-mode")).value));
    $("le-solo-n").addEventListener("change", () => this.setMode("solo"));
    $("le-at").addEventListener("change", () => {
      const at = Number(/** @type {HTMLInputElement} */ ($("le-at")).value);
      this.change($("le-at-note"), (lesson, step) => { step.at = at; });
    });
  }

  /** Change the chosen step (`edit(lesson, step)`), telling a refusal in `note`. */
  async change(note, edit) {
    const k = this.draft.selected;
    note.textContent = "";
    try {
      await this.draft.edit((lesson) => { edit(lesson, lesson.steps[k]); return k; });
    } catch (e) {
      this.render();   // the form as the draft still is
      note.textContent = errorText(e);
      return;
    }
    this.changed();
  }

  /** A text typed: checked and kept once the typing pauses. */
  typed(note, edit) {
    clearTimeout(this.typing);
    this.typing = setTimeout(() => this.change(note(), edit), 350);
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
      const position = step.position ?? null;
      const k = this.draft.selected;
      const p = position ?? positionOf(this.draft.checked, k);
      const other = p.players.find((_, seat) => seat !== p.turn && !(p.out || []).includes(seat));
      if (other) colors.push(other.color);
    }
    return colors.length === 1 ? { color: colors[0] } : { colors };
  }

  /** Draw the list and the chosen step's form. */
  render() {
    const { checked, selected } = this.draft;
    const n = checked.lesson.steps.length;
    $("le-empty").hidden = n > 0;
    $("le-steps").replaceChildren(...checked.lesson.steps.map((_, k) => this.item(k, k === selected)));
    $("le-step").hidden = selected < 0;
    if (selected >= 0) this.form(selected);
  }

  item(k, chosen) {
    const n = this.draft.lesson.steps.length;
    const li = document.createElement("li");
    li.className = `le-step${chosen ? " chosen" : ""}`;
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "le-step-pick";
    pick.textContent = stepWords(this.draft.checked, k);
    if (chosen) pick.setAttribute("aria-current", "step");
    pick.addEventListener("click", () => this.choose(k));
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
      tool("up", "lessonEdit.moveUp", k === 0, () => this.move(k, -1)),
      tool("down", "lessonEdit.moveDown", k === n - 1, () => this.move(k, 1)),
      tool("bad", "lessonEdit.remove", false, () => this.remove(k)));
    return li;
  }

  choose(k) {
    this.draft.selected = k;
    this.draft.save();
    this.render();
    this.selected(k);
    /** @type {HTMLElement | null} */ (document.querySelector(`#le-steps li:nth-child(${k + 1}) .le-step-pick`))?.focus();
  }

  async move(k, by) {
    await this.draft.edit((lesson) => {
      const [step] = lesson.steps.splice(k, 1);
      lesson.steps.splice(k + by, 0, step);
      return k + by;
    });
    this.changed();
    const b = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#le-steps li:nth-child(${k + by + 1}) .icon-button:nth-of-type(${by < 0 ? 1 : 2})`));
    (b && !b.disabled ? b : /** @type {HTMLElement | null} */ (document.querySelector(`#le-steps li:nth-child(${k + by + 1}) .le-step-pick`)))?.focus();
  }

  async remove(k) {
    await this.draft.edit((lesson) => { lesson.steps.splice(k, 1); return Math.max(0, k - 1); });
    this.changed();
    /** @type {HTMLElement | null} */ (document.querySelector("#le-steps .chosen .le-step-pick") ?? $("le-link"))?.focus();
  }

  /** The chosen step's form, from the draft. */
  form(k) {
    const { checked } = this.draft;
    const step = checked.lesson.steps[k];
    const info = checked.steps[k];
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
    if (document.activeElement !== caption) caption.value = this.draft.textOf(step.caption);
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
      if (document.activeElement !== input) input.value = this.draft.textOf((step.hints || [])[j]);
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
