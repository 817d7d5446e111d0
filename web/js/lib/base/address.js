// What a page reads from its address (?name=value), checked as the engine
// checks its own input: a value the page does not know is not used, the
// default is, and the page says so (refusals.js).  Each check takes the text
// and answers the value to use, or undefined for "not one I know".

import { noteRefusal } from "./refusals.js";

const SHOWN = 40;   // characters of a refused value repeated to the player

/**
 * The address parameter `name`, checked: its value, or `fallback` when it is absent
 * or refused (noted, so the page says it ignored it).
 * @template T
 * @param {string} name
 * @param {(text: string) => (T | undefined)} check
 * @param {T} fallback
 * @param {string} [search]  the address's query (default: the page's)
 * @returns {T}
 */
export function addressParam(name, check, fallback, search = globalThis.location?.search || "") {
  let text;
  try { text = new URLSearchParams(search).get(name); } catch { text = null; }
  if (text === null) return fallback;
  const value = check(text);
  if (value !== undefined) return value;
  noteRefusal({ kind: "address", name, value: text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text });
  return fallback;
}

/** A check: one of these words. @param {readonly string[]} words */
export const oneOf = (words) => (/** @type {string} */ text) => (words.includes(text) ? text : undefined);

/** A check: a whole number written in digits, from min to max. */
export const wholeNumber = (/** @type {number} */ min, /** @type {number} */ max) => (/** @type {string} */ text) => {
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

/** A check: a decimal number (digits, one point) from min to max. */
export const decimal = (/** @type {number} */ min, /** @type {number} */ max) => (/** @type {string} */ text) => {
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

/** A check: a calendar date YYYY-MM-DD that exists (no 2025-02-30; years 0001 to 9999). */
export function calendarDate(/** @type {string} */ text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith("0000")) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : undefined;
}
