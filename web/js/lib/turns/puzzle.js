// A turn that answers a task (the puzzles, a lesson's task): the hand is
// played as in the game, but nothing tells which tile is right (the outcomes
// are hidden, the engine judges the placed tile with puzzle_check); and the
// task in words.

import { ClassicTurn } from "./classic.js";
import { t, list } from "../words/i18n.js";
/** @import {LegalMove} from "../types.js" */

/**
 * A placement the player may try: every tile of the hand at every rotation, outcomes hidden.
 * @param {LegalMove} entry @returns {LegalMove}
 */
export function hidden(entry) {
  return { move: entry.move, legal: true, self_eliminating: false, forced: false, paths: [], out: [] };
}

export class PuzzleTurn extends ClassicTurn {
  /** The advice under the hand (a catalogue key): the puzzles say one move is right. */
  get adviceKey() { return "puzzle.choose"; }
  markLabel() { return ""; }
  /** @param {LegalMove | null} sel */
  advise(sel) {
    return { text: t(this.adviceKey), placeable: !!sel, label: t("common.place") };
  }
}

/**
 * A puzzle task in words, in the page's language: colours named by the catalogue in
 * the form a marker's colour takes in a sentence (common.markerColor: German "den
 * roten Spielstein", Spanish "la ficha roja"), several colours as a list ("the blue
 * and green markers").
 * @param {{key: string, params?: Record<string, any>}} task
 */
export function taskText(task) {
  const params = { ...task.params };
  const colour = (c) => t("common.markerColor", { color: c });
  if (params.color) params.color = colour(params.color);
  if (params.colors) {
    params.colors = list(params.colors.map(colour));
    return t("lesson.task.eliminateAll", params);
  }
  if (params.n !== undefined) params.count = params.n;
  return t(task.key, params);
}
