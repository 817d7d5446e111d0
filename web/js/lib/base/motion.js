// How fast moves are animated, on every page and every board: one setting.
// The player's choice in the game page's setup ("Animations": normal, fast,
// off; remembered in localStorage["tsuro.setup"], checked by settings.js) wins; left at "As the system
// prefers" (the default), prefers-reduced-motion: reduce turns animations off.
// ?anim=N in the address overrides both (tests, demos).  Off means off: at speed 0
// the CSS animations stop too (showMotion), as under prefers-reduced-motion.

import { addressParam, decimal } from "./address.js";
import { readJSON } from "./storage.js";

/** The game page's remembered setup, where the player's speed is kept (settings.js reads the rest). */
export const SETUP_KEY = "tsuro.setup";
/** The animation speeds the setup offers ("auto": as the system prefers). */
export const SPEEDS = ["auto", 0, 1, 2.5];
/** The turn clock's times per move (s; 0: none), and its warning (ms before the end). */
export const CLOCK_PRESETS = Object.freeze([0, 20, 45, 120]);
export const WARN_MS = 10_000;

/**
 * Whether the system asks for less motion (prefers-reduced-motion: reduce).
 * @returns {boolean}
 */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The animation speed: 1 normal, 2.5 fast, 0 no animation at all (?anim= from 0 to 10;
 * anything else there is ignored, and the page says so).
 * @returns {number}
 */
export function animationSpeed() {
  const asked = addressParam("anim", decimal(0, 10), null);
  if (asked !== null) return asked;
  // only the speed is read here; settings.js checks the whole entry where the setup is read
  const stored = readJSON(SETUP_KEY, null);
  const chosen = stored && typeof stored === "object" && SPEEDS.includes(stored.speed) ? stored.speed : undefined;
  if (chosen === undefined || chosen === "auto") return reducedMotion() ? 0 : 1;
  return Number(chosen);
}

/**
 * Show the speed on the document: html[data-motion] is "still" at speed 0, and the
 * CSS then stops its own animations as it does for prefers-reduced-motion (the
 * target's marching outline, the start marks' pulse, a preview's path, a tile's turn
 * in the hand, the note's shake).  Called where those are drawn (the board's turn
 * aids, the hand), so a speed changed in the setup holds from the next one.
 */
export function showMotion() {
  if (typeof document === "undefined") return;
  const motion = animationSpeed() ? "on" : "still";
  if (document.documentElement.dataset.motion !== motion) document.documentElement.dataset.motion = motion;
}
