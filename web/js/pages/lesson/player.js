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
    /** @type {number | null} the step on show */
    this.at = null;
    /** @type {Set<number>} the steps whose task the reader solved on this visit */
    this.solved = new Set();
    $("back").addEventListener("click", () => this.go((this.at ?? 0) - 1));
    $("next").addEventListener("click", () => this.go((this.at ?? 0) + 1, true));
  }

  get lesson() { return this.checked.lesson; }
  get count() { return this.lesson.steps.length; }

  /** Show a lesson checked by the engine, at step `at` (0 = the first). */
  async load(checked, at = 0) {
    this.checked = checked;
    this.at = null;
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

  /**
   * Show step k; one step forward through the same record plays the move between.
   * @param {number} k @param {boolean} [forward]  the reader pressed Next
   */
  async go(k, forward = false) {
    if (!this.checked || k < 0 || k >= this.count) return;
    const prev = this.at === null ? null : this.where(this.at);
    this.at = k;
    const here = this.where(k);
    const { step } = here;
    this.reader.close();
    this.board.setHighlight(null);
    const followsOn = forward && prev?.replay && here.replay === prev.replay && step.at === prev.step.at + 1;
    if (followsOn) {
      this.draw(prev.position, prev.trails);
      await this.board.animate(here.replay.events[prev.step.at]);
      if (this.at !== k) return;
    }
    this.draw(here.position, here.trails);
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
