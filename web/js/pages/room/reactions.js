// Reactions (docs/rooms.md, "Reactions"): a player says something without typing,
// one of a few presets (protocol.REACTIONS).  Only the preset's id travels: each
// device shows it in its own words, beside the seat for a few seconds, and reads
// it out (the page's polite announcer).  No text from another device is ever
// shown.  The host passes on a few a minute per seat; this page holds its buttons
// back at the same rate; each player may hide the others' (kept in this browser).

import { t } from "../../lib/words/i18n.js";
import { say } from "../../lib/shell/page.js";
import { readText, writeText } from "../../lib/base/storage.js";
import { $ } from "../../lib/shell/dom.js";
import { REACTIONS, RateLimit } from "./protocol.js";
import { REACT_RATE } from "./referee.js";

const SHOW_MS = 4000;
const MUTE_KEY = "tsuro.room.reactions";

/** @type {Map<number, {r: string, until: number}>} seat -> the reaction shown beside it */
const shown = new Map();
let redraw = () => {};
const limit = new RateLimit(...REACT_RATE);

/** Whether this player hides the others' reactions. */
export function muted() { return readText(MUTE_KEY) === "off"; }

/** A reaction as drawn: its words (in this device's language; no emoji: no font needed). @param {string} r */
const face = (r) => t(`room.react.${r}`);

/**
 * A reaction the host passed on: beside its seat for a while, and read out (not if hidden).
 * @param {number} seat @param {string} r @param {string} name  the seat's player
 */
export function showReaction(seat, r, name) {
  if (muted() || !REACTIONS.includes(r)) return;
  const until = performance.now() + SHOW_MS;
  shown.set(seat, { r, until });
  redraw();
  say(t("room.reacted", { name, reaction: t(`room.react.${r}`) }));
  setTimeout(() => { if (shown.get(seat)?.until === until) { shown.delete(seat); redraw(); } }, SHOW_MS);
}

/** The bubble to draw beside a seat now, or null. @param {number} seat */
export function bubble(seat) {
  const s = shown.get(seat);
  if (!s) return null;
  const span = document.createElement("span");
  span.className = "room-reaction";
  span.textContent = face(s.r);
  span.setAttribute("aria-hidden", "true");   // the announcer reads it out
  return span;
}

/**
 * The reaction buttons and the "hide" box.
 * @param {(r: string) => void} send  sends a reaction to the host
 * @param {() => void} draw  draws the seats again (with their bubbles)
 */
export function wireReactions(send, draw) {
  redraw = draw;
  const bar = $("react-bar");
  const buttons = REACTIONS.map((r) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "room-react-button";
    b.dataset.reaction = r;
    b.textContent = face(r);
    b.addEventListener("click", () => {
      if (!limit.take()) return;
      send(r);
      if (limit.tokens < 1) {
        // spent: held back until the host would take one again
        for (const x of buttons) x.disabled = true;
        setTimeout(() => { for (const x of buttons) x.disabled = false; }, 1000 / REACT_RATE[0]);
      }
    });
    return b;
  });
  bar.replaceChildren(...buttons);
  const mute = /** @type {HTMLInputElement} */ ($("react-mute"));
  mute.checked = muted();
  mute.addEventListener("change", () => {
    writeText(MUTE_KEY, mute.checked ? "off" : "on");
    if (mute.checked) { shown.clear(); draw(); }
  });
}
