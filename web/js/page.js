// The game page's shell, shared by its modules: the engine's loading status,
// the notice bar, short announcements, the page's phase and keyboard focus.

import { t } from "./i18n.js";
import { errorText } from "./errors.js";

const $ = (id) => document.getElementById(id);

/** Follow the engine's loading in the status bar (progress, ready, failed). */
export function showEngineStatus(engine) {
  engine.onProgress((p) => {
    $("engine-progress").value = p.fraction;
    $("engine-label").textContent = t("engine.progress", { stage: stageText(p), percent: Math.round(p.fraction * 100) });
  });
  engine.ready.then(
    () => {
      $("engine-status").classList.add("done");
      $("engine-label").textContent = t("engine.ready");
      setTimeout(() => { $("engine-status").hidden = true; }, 600);
    },
    (e) => {
      $("engine-status").classList.add("failed");
      $("engine-label").textContent = t("engine.failed", { reason: reason(e) });
    },
  );
}

/** The engine's loading stage in words (by its name: the worker's label is English). */
export function stageText(p) {
  const key = `engine.stage.${p.stage}`;
  return t(key) === key ? t("engine.stage.engine") : t(key);
}

/** An error's reason in words, in the page's language (errors.js). */
export function reason(e) {
  return errorText(e);
}

/** What the page is waiting for, as body[data-phase] (for styles and tests). */
export function setPhase(phase) { document.body.dataset.phase = phase; }

/** The notice bar: a message (null hides it) with an optional {label, run} action. */
export function notice(text, action = null) {
  const n = $("notice");
  if (!text) { n.hidden = true; return; }
  $("notice-text").textContent = text;
  const b = $("notice-action");
  b.hidden = !action;
  b.textContent = action ? action.label : "";
  b.onclick = action ? () => action.run() : null;
  n.hidden = false;
}

/** The line under the hand: what the chosen tile does ("warn", "bad" colour it). */
export function note(text, kind = "") {
  const n = $("hand-note");
  n.textContent = text;
  n.className = `hand-note${kind ? ` ${kind}` : ""}`;
}

/** Shake the note: a refused placement. */
export function shakeNote() {
  $("hand-note").classList.add("shake");
  setTimeout(() => $("hand-note").classList.remove("shake"), 400);
}

let announceTimer = null;
/** A short message flashed on the turn banner (undo, redo), and said. */
export function announce(text) {
  const b = $("turn-banner");
  b.dataset.flash = text;
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { delete b.dataset.flash; }, 1500);
  say(text);
}

const SAID_KEPT = 40;
/** Say a line through the page's one live region (#announcer): each line once, in order. */
export function say(text) {
  const box = $("announcer");
  if (!box || !text) return;
  const p = document.createElement("p");
  p.textContent = text;
  box.appendChild(p);
  while (box.childElementCount > SAID_KEPT) box.firstElementChild.remove();
}

/** Move the keyboard focus to el() if it is nowhere useful (after a move, the pass screen). */
export function focusIfLost(el) {
  const a = document.activeElement;
  if (a && a !== document.body && !a.disabled && a.offsetParent !== null && a.isConnected) return;
  if ($("setup").open) return;
  const target = el();
  if (target) target.focus({ preventScroll: true });
}

/** The share box's Copy button. */
export function wireCopyButton() {
  $("btn-copy").addEventListener("click", async () => {
    const input = $("share-link");
    input.select();
    try { await navigator.clipboard.writeText(input.value); $("btn-copy").textContent = t("share.copied"); }
    catch { document.execCommand?.("copy"); $("btn-copy").textContent = t("share.copied"); }
    $("btn-copy").focus();   // select() took the focus to the link: give it back to the button
    setTimeout(() => { $("btn-copy").textContent = t("share.copy"); }, 1500);
  });
}
