// How fast moves are animated, on every page and every board: one setting.
// The player's choice in the game page's setup ("Animations": normal, fast,
// off; remembered in localStorage["tsuro.setup"]: settings.js) wins; left at "As the system
// prefers" (the default), prefers-reduced-motion: reduce turns animations off.
// ?anim=N in the address overrides both (tests, demos).

import { addressParam, decimal } from "./address.js";
import { readSetup } from "./settings.js";

export { SETUP_KEY } from "./settings.js";

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
  const chosen = readSetup().speed;
  if (chosen === undefined || chosen === "auto") return reducedMotion() ? 0 : 1;
  return Number(chosen);
}
