// The game page's shell, shared by its modules: the engine's loading status,
// the notice bar, short announcements, the page's phase and keyboard focus.

import { t, sentences, list } from "../words/i18n.js";
import { errorText } from "../words/errors.js";
import { onRefusal, refusals } from "../base/refusals.js";
import { $ } from "./dom.js";
/** @import {Refusal} from "../base/refusals.js" */


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
      const text = t("engine.failed", { reason: reason(e) });
      $("engine-status").classList.add("failed");
      $("engine-label").textContent = text;
      $("engine-progress").replaceWith(retryButton("engine-retry"));
      showEngineFailure(text);
    },
  );
}

// Loading again is the way out of a failed start (a stalled network, a worker
// that hung): the open game is saved, so a reload loses nothing.
function retryButton(id) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = t("engine.retry");
  b.addEventListener("click", () => location.reload());
  return b;
}

/** The failure on top of everything (a modal setup dialog would hide the status bar). */
function showEngineFailure(text) {
  const d = document.createElement("dialog");
  d.id = "engine-failure";
  d.className = "dialog";
  d.setAttribute("role", "alertdialog");
  d.setAttribute("aria-labelledby", "engine-failure-text");
  const p = document.createElement("p");
  p.id = "engine-failure-text";
  p.textContent = text;
  const retry = retryButton("engine-failure-retry");
  retry.className = "primary";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = t("help.close");
  close.addEventListener("click", () => d.close());
  const actions = document.createElement("div");
  actions.className = "toolbar dialog-actions";
  actions.append(retry, close);
  d.append(p, actions);
  d.addEventListener("close", () => d.remove());
  document.body.append(d);
  d.showModal();
  retry.focus();
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

/**
 * The notice bar: a message (null hides it) with an optional {label, run} action.
 * @param {string | null} text @param {{label: string, run: () => void} | null} [action]
 */
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
  const a = /** @type {HTMLElement | null} */ (document.activeElement);
  if (a && a !== document.body && !("disabled" in a && a.disabled) && a.offsetParent !== null && a.isConnected) return;
  if ($("setup").open) return;
  const target = el();
  if (target) target.focus({ preventScroll: true });
}

/**
 * Copy the text of `box` (an input or textarea) and say so on `button` for a moment;
 * the focus goes back to the button (select() took it to the box).
 * @param {HTMLInputElement | HTMLTextAreaElement} box @param {HTMLElement} button
 */
export async function copyFrom(box, button) {
  box.select();
  try { await navigator.clipboard.writeText(box.value); } catch { document.execCommand?.("copy"); }
  button.textContent = t("common.copied");
  button.focus();
  setTimeout(() => { button.textContent = t("common.copy"); }, 1500);
}

/** A Copy button for a read-only text box (by default the share box's). */
export function wireCopyButton(buttonId = "btn-copy", inputId = "share-link") {
  $(buttonId).addEventListener("click", () => copyFrom(/** @type {HTMLInputElement} */ ($(inputId)), $(buttonId)));
}

/**
 * Every value refused from outside the page so far (refusals.js), in words: the address's
 * parameters in one sentence, each fragment in one, the stored entries put aside in one,
 * those left as they were in one.
 * @param {Refusal[]} all @returns {string}
 */
export function refusalsText(all) {
  const out = [];
  /** @typedef {{kind: "address", name: string, value: string}} Refused */
  const address = /** @type {Refused[]} */ (all.filter((r) => r.kind === "address"));
  const stored = /** @type {{kind: "stored", key: string, kept: boolean}[]} */ (all.filter((r) => r.kind === "stored"));
  const params = address.filter((r) => r.name !== "#");
  if (params.length) {
    const items = params.map((r) => t("refused.item", { item: r.name ? `${r.name}=${r.value}` : r.value }));
    out.push(t("refused.address", { count: params.length, items: list(items) }));
  }
  for (const r of address) if (r.name === "#") out.push(t("refused.fragment", { value: r.value }));
  for (const kept of [true, false]) {
    const keys = stored.filter((r) => r.kept === kept).map((r) => r.key);
    if (keys.length) out.push(t(kept ? "refused.kept" : "refused.left", { count: keys.length, keys: list(keys) }));
  }
  return sentences(out);
}

/**
 * Put `text` in `el` where `before` (what was put there last) stands, or after what it
 * says (a message and its action stay).
 * @param {HTMLElement} el @param {string} text @param {string} before
 */
export function replaceSaid(el, text, before) {
  const now = el.textContent || "";
  if (before && now.includes(before)) el.textContent = now.replace(before, text);
  else el.textContent = now ? `${now} ${text}` : text;
}

/** The notice bar's way of saying refusals: `text` in place of `before`, or added. */
export function tellInNotice(text, before) {
  if ($("notice").hidden) notice(text);
  else replaceSaid($("notice-text"), text, before);
}

/**
 * Say every value the page refused from its address or its storage, now and when more
 * come, in one text (refusalsText): in the notice bar (after what it says), or through
 * `show(text, before)` (a page without one, or with a dialog over it), where `before` is
 * the text it was given last.
 * @param {(text: string, before: string) => void} [show]
 */
export function tellRefusals(show = tellInNotice) {
  let said = "";
  onRefusal(() => {
    const text = refusalsText(refusals());
    show(text, said);
    said = text;
  });
}
