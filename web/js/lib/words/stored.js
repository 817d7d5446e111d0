// What the browser's storage did, in the reader's words: why a write failed
// (storage.js's failures), and what an entry kept aside is (storage.js's one
// list of them, shown on the game page's New game dialog).

import { t } from "./i18n.js";
import { KEPT_REASONS } from "../base/storage.js";
/** @import {StorageFailure, KeptEntry} from "../base/storage.js" */

/**
 * Why a write failed, in the reader's words.
 * @param {StorageFailure} failed
 * @returns {string}
 */
export function failureText(failed) {
  if (failed.reason === "none") return t("saves.noStorage");
  if (failed.reason === "full") return t("saves.full");
  return t("saves.refused", { detail: failed.detail });
}

/** The pages' drafts and reviews by where they are stored (anything else: its key). */
const KINDS = [
  ["tsuro.editor", "game.games.keptEditor"],
  ["tsuro.lessonDraft", "game.games.keptLesson"],
  ["tsuro.review.", "game.games.keptReview"],
];

/**
 * An entry kept aside, in a line: what it is (a save that could not be resumed, a draft of
 * the board editor or a lesson, a review, or whatever was stored under its key) and why.
 * @param {KeptEntry} entry
 * @returns {string}
 */
export function keptText(entry) {
  const why = KEPT_REASONS.includes(entry.reason) ? t(`game.games.why.${entry.reason}`) : entry.reason;
  if (!entry.key) return t("game.games.kept", { reason: why || t("game.games.unreadable") });
  const kind = KINDS.find(([key]) => (key.endsWith(".") ? entry.key?.startsWith(key) : entry.key === key));
  const what = kind ? t(kind[1]) : t("game.games.keptEntry", { key: String(entry.key).slice(0, 60) });
  return why ? `${what} (${why})` : what;
}
