// How fast moves are animated, on every page and every board: one setting.
// The player's choice in the game page's setup ("Animations": normal, fast,
// off; remembered in localStorage["tsuro.setup"]) wins; left at "As the system
// prefers" (the default), prefers-reduced-motion: reduce turns animations off.
// ?anim=N in the address overrides both (tests, demos).

import { readJSON } from "./storage.js";

/** Where the game page remembers its setup form, the chosen speed with it. */
export const SETUP_KEY = "tsuro.setup";

/**
 * Whether the system asks for less motion (prefers-reduced-motion: reduce).
 * @returns {boolean}
 */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The animation speed: 1 normal, 2.5 fast, 0 no animation at all.
 * @returns {number}
 */
export function animationSpeed() {
  const params = new URLSearchParams(globalThis.location?.search || "");
  if (params.has("anim")) return Number(params.get("anim")) || 0;
  const setup = readJSON(SETUP_KEY, null);
  const chosen = setup && typeof setup === "object" ? setup.speed : undefined;
  if (chosen === undefined || chosen === "auto" || !Number.isFinite(Number(chosen))) return reducedMotion() ? 0 : 1;
  return Number(chosen);
}
