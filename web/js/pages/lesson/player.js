// A checked lesson stepped through (lesson.html): each step's position (a
// record's step with its markers' trails; the move to it animated when the
// reader steps forward through a record), the author's caption, the words of
// the move that led there, Back / Next, and the reader's move or task
// (reader.js).  The lesson comes from the engine's lesson_check: its canonical
// form, each record's positions and events, and what each step shows.

import { trailsOf } from "../../lib/game/session.js";
import { describe } from "../../lib/words/movelog.js";
import { t, sentences } from "../../lib/words/i18n.js";
import { errorText } from "../../lib/words/errors.js";
import { showText } from "../../lib/lessons/text.js";
import { Stepper } from "../../lib/views/stepper.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {Board} from "../../lib/views/board.js" */
/** @import {Reader} from "./reader.js" */
/** @import {Position} from "../../lib/types.js" */

export class Player {
  /**
   * @param {object} deps
   * @param {Board} deps.board
   * @param {Reader} deps.reader
   * @param {(position: Position, trails: any[]) => void} deps.draw  the board and the open hands
   * @param {(text: string) => void} deps.told  the line under the board
   * @param {(data: object) => void} deps.post  to the host page
   */
  constructor({ board, reader, draw, told, post }) {
    this.board = board;
    this.reader = reader;
    this.draw = draw;
    this.told = told;
    this.post = post;
    /** @type {any} lesson_check's answer: {lesson, replays, steps} */
    this.checked = null;
    /** @type {Set<number>} the steps whose task the reader solved on this visit */
    this.solved = new Set();
    // The steps, as the one replay stepper steps: Next through a record's moves plays the move.
    this.stepper = new Stepper({
      board,
      events: (k) => this.between(k),
      draw: (k) => { const { position, trails } = this.where(k); this.draw(position, trails); },
      told: (k) => this.showStep(k),
    });
    $("back").addEventListener("click", () => this.go((this.at ?? 0) - 1));
    $("next").addEventListener("click", () => this.go((this.at ?? 0) + 1, true));
  }

  /** @type {number | null} the step on show */
  get at() { return this.stepper.at; }
  get lesson() { return this.checked.lesson; }
  get count() { return this.lesson.steps.length; }

  /** Show a lesson checked by the engine, at step `at` (0 = the first). */
  async load(checked, at = 0) {
    this.checked = checked;
    this.stepper.bounds(0, this.count - 1);
    this.solved.clear();
    const title = showText($("lesson-title"), this.lesson.title, this.lesson.lang, false);
    $("lesson-title").hidden = !title;
    document.title = title ? t("lesson.titled", { title }) : t("lesson.title");
    $("nav").hidden = this.count < 2;
    this.post({ tsuro: "loaded", title, steps: this.count });
    await this.go(Math.max(0, Math.min(this.count - 1, at)));
  }

  /** Step k's position and trails: its own, or its record's at that step. */
  where(k) {
    const step = this.lesson.steps[k];
    if (step.position) return { position: step.position, trails: [], step };
    const replay = this.checked.replays[step.record];
    const first = replay.positions[0];
    const trails = trailsOf(replay.events.slice(0, step.at), first.players.length);
    return { position: replay.positions[step.at], trails, step, replay };
  }

  /** The events of the move from step k to step k + 1: a record's next move, else none. */
  between(k) {
    const a = this.where(k);
    const b = this.where(k + 1);
    return a.replay && b.replay === a.replay && b.step.at === a.step.at + 1 ? a.replay.events[a.step.at] : null;
  }

  /**
   * Show step k; one step forward through the same record plays the move between.
   * @param {number} k @param {boolean} [forward]  the reader pressed Next
   */
  async go(k, forward = false) {
    if (!this.checked || k < 0 || k >= this.count) return;
    this.reader.close();
    this.board.setHighlight(null);
    await this.stepper.step(k, forward);
  }

  /** What step k shows beside its board: the caption, the words, Back / Next, the reader's part. */
  showStep(k) {
    const here = this.where(k);
    const { step } = here;
    showText($("caption"), step.caption, this.lesson.lang);
    this.told(here.replay ? this.moveWords(here.replay, step.at) : "");
    $("where").textContent = t("lesson.where", { k: k + 1, n: this.count });
    $("back").disabled = k === 0;
    $("next").disabled = k === this.count - 1;
    const mode = step.task ? "task" : step.try ? "try" : "look";
    this.post({ tsuro: "step", at: k, last: this.count - 1, kind: step.position ? "position" : "record", mode });
    if (mode === "look") return;
    // not awaited: a move to try waits for the reader to come near the board
    this.reader.open({
      at: k, mode, start: here.position, trails: here.trails, task: step.task, hints: step.hints,
      lang: this.lesson.lang, solved: this.solved.has(k),
    }).catch((e) => this.reader.feedback(errorText(e), "bad"));
  }

  /** The words of the move that led to a record's step (its start: the deal). */
  moveWords(replay, at) {
    if (at === 0) return t("replay.startClassic");
    return sentences(describe(replay.events[at - 1], replay.positions[0].players).map((l) => l.text));
  }
}
