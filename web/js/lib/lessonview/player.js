// A checked lesson stepped through (a LessonView's: lesson.html, the tutorial's boards): each step's position (a
// record's step with its markers' trails; the move to it animated when the
// reader steps forward through a record), the author's caption, the words of
// the move that led there, Back / Next, and the reader's move or task
// (reader.js).  The lesson comes from the engine's lesson_check: its canonical
// form, each record's positions and events, and what each step shows.

import { trailsOf } from "../game/session.js";
import { describe } from "../words/movelog.js";
import { t, sentences } from "../words/i18n.js";
import { errorText } from "../words/errors.js";
import { showText } from "../lessons/text.js";
import { Stepper } from "../views/stepper.js";
/** @import {Board} from "../views/board.js" */
/** @import {Reader} from "./reader.js" */
/** @import {LessonChecked, LessonStep, PathStep, Position, Replays} from "../types.js" */

/** What a step shows: its position and trails, and the record's replay it is a step of (at `at`).
 *  @typedef {{position: Position, trails: PathStep[][], step: LessonStep, replay?: Replays, at: number}} Shown */

export class Player {
  /**
   * @param {object} deps
   * @param {Board} deps.board
   * @param {Reader} deps.reader
   * @param {(position: Position, trails: PathStep[][]) => void} deps.draw  the board and the open hands
   * @param {(text: string) => void} deps.told  the line under the board
   * @param {(data: object) => void} deps.post  to the host page
   * @param {(name: string) => HTMLElement} deps.part  the lesson's element of that name (Back, Next...)
   * @param {(title: string) => void} deps.titled  the lesson's title ("" when it has none), once it is shown
   */
  constructor({ board, reader, draw, told, post, part, titled }) {
    this.part = part;
    this.titled = titled;
    this.board = board;
    this.reader = reader;
    this.draw = draw;
    this.told = told;
    this.post = post;
    /** @type {LessonChecked | null} lesson_check's answer: {lesson, replays, steps} */
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
    this.part("back").addEventListener("click", () => this.go((this.at ?? 0) - 1));
    this.part("next").addEventListener("click", () => this.go((this.at ?? 0) + 1, true));
  }

  /** The lesson's button of that name. @param {string} name */
  button(name) { return /** @type {HTMLButtonElement} */ (this.part(name)); }

  /** @type {number | null} the step on show */
  get at() { return this.stepper.at; }
  /** The lesson shown (load() gave it). */
  get shown() {
    if (!this.checked) throw new Error("no lesson is shown");
    return this.checked;
  }
  get lesson() { return this.shown.lesson; }
  get count() { return this.lesson.steps.length; }

  /** Show a lesson checked by the engine, at step `at` (0 = the first). @param {LessonChecked} checked */
  async load(checked, at = 0) {
    this.checked = checked;
    this.stepper.bounds(0, this.count - 1);
    this.solved.clear();
    const title = showText(this.part("lesson-title"), this.lesson.title, this.lesson.lang, false);
    this.part("lesson-title").hidden = !title;
    this.titled(title);
    this.part("nav").hidden = this.count < 2;
    this.post({ tsuro: "loaded", title, steps: this.count });
    await this.go(Math.max(0, Math.min(this.count - 1, at)));
  }

  /** Step k's position and trails: its own, or its record's at that step. @param {number} k @returns {Shown} */
  where(k) {
    const step = this.lesson.steps[k];
    if (step.position) return { position: step.position, trails: [], step, at: 0 };
    const { record, at } = step;
    if (record === undefined || at === undefined) throw new Error("a checked lesson's step has a position or a record's step");
    const replay = this.shown.replays[record];
    const first = replay.positions[0];
    const trails = trailsOf(replay.events.slice(0, at), first.players.length);
    return { position: replay.positions[at], trails, step, replay, at };
  }

  /** The events of the move from step k to step k + 1: a record's next move, else none. @param {number} k */
  between(k) {
    const a = this.where(k);
    const b = this.where(k + 1);
    return a.replay && b.replay === a.replay && b.at === a.at + 1 ? a.replay.events[a.at] : null;
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

  /** What step k shows beside its board: the caption, the words, Back / Next, the reader's part. @param {number} k */
  showStep(k) {
    const here = this.where(k);
    const { step } = here;
    showText(this.part("caption"), step.caption, this.lesson.lang);
    this.told(here.replay ? this.moveWords(here.replay, here.at) : "");
    this.part("where").textContent = t("lesson.where", { k: k + 1, n: this.count });
    this.button("back").disabled = k === 0;
    this.button("next").disabled = k === this.count - 1;
    const mode = step.task ? "task" : step.try ? "try" : "look";
    this.post({ tsuro: "step", at: k, last: this.count - 1, kind: step.position ? "position" : "record", mode });
    if (mode === "look") return;
    // not awaited: a move to try waits for the reader to come near the board
    this.reader.open({
      at: k, mode, start: here.position, trails: here.trails, task: step.task, hints: step.hints,
      lang: this.lesson.lang, solved: this.solved.has(k),
    }).catch((e) => this.reader.feedback(errorText(e), "bad"));
  }

  /** The words of the move that led to a record's step (its start: the deal). @param {Replays} replay @param {number} at */
  moveWords(replay, at) {
    if (at === 0) return t("replay.startClassic");
    return sentences(describe(replay.events[at - 1], replay.positions[0].players).map((l) => l.text));
  }
}
