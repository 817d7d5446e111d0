// The page's words: t(key, params) in the page's language.
//
// The catalogues (catalogues/<code>.js) are ICU MessageFormat texts; the build
// compiles them (tools/messages.mjs) into messages/<part>/<code>.js, where a
// message is a string, or a function of its params (a plural on any number, a
// select by value, a selectordinal for ranks), so no parser ships.  The parts
// (parts.js): "core", the words of every first-visit page, and one for each
// later-tier page, which that page names on its <html data-words="room">.
//
// English is the reference and the fallback for a missing key: its core part is
// a static import (preloaded with the page's modules).  The page's language is
// fetched when chosen: this module awaits the page's parts in English and in
// that language before any module that imports it runs, so t() stays
// synchronous.  The service worker keeps a language's messages once fetched
// (sitebuild/precache.py leaves them out of the precache).
//
// A placeholder's value holding right-to-left letters or a bidi control (a
// player's name, a lesson's title: text from outside) is isolated (isolate()),
// so that it cannot reorder the sentence around it; list() joins names the
// page's language's way (Intl.ListFormat).

import en from "./messages/core/en.js";
import { CORE, PARTS } from "./parts.js";
import { DEFAULT_LANG, LANGUAGES, STORAGE_KEY, chooseLang, matchLang } from "./lang.js";
import { writeText } from "../base/storage.js";
import { addressParam } from "../base/address.js";

export { LANGUAGES, DEFAULT_LANG, chooseLang, matchLang } from "./lang.js";

/** @typedef {string | ((params: Record<string, unknown>) => string)} Message  a compiled message */

/** The messages loaded so far: language -> key -> message.
 *  @type {Record<string, Record<string, Message>>} */
const MESSAGES = { [DEFAULT_LANG]: { ...en } };
/** The parts loaded so far, as "<part>/<language>". */
const loaded = new Set([`${CORE}/${DEFAULT_LANG}`]);
/** The parts this page uses: core, and those its <html data-words> names. */
const parts = new Set([CORE, ...pageParts()]);

function pageParts() {
  const named = globalThis.document?.documentElement?.dataset?.words ?? "";
  return named.split(/\s+/).filter((part) => PARTS.includes(part));
}

/** Fetch one part of language `code`'s messages (once). @param {string} code @param {string} part */
async function loadPart(code, part) {
  const id = `${part}/${code}`;
  if (loaded.has(id)) return;
  const module = await import(`./messages/${part}/${code}.js`);
  Object.assign(MESSAGES[code] ??= {}, module.default);
  loaded.add(id);
}

/** Fetch language `code`'s messages, every part this page uses (once). @param {string} code */
export async function loadCatalogue(code) {
  if (!(code in LANGUAGES)) throw new Error(`no catalogue for language ${code}`);
  await Promise.all([...parts].map((part) => loadPart(code, part)));
  return MESSAGES[code];
}

/** Use the words of more parts than the page names (a test's modules of a later page):
 *  fetched in English and the page's language. @param {...string} names */
export async function useParts(...names) {
  for (const name of names) {
    if (!PARTS.includes(name)) throw new Error(`no part of the messages is called ${name}`);
    parts.add(name);
  }
  await loadCatalogue(DEFAULT_LANG);
  await loadCatalogue(current);
}

/** Fetch every part of `code` this page uses; the errors of those that failed.
 *  @param {string} code @returns {Promise<unknown[]>} */
async function loadWhatCan(code) {
  const tries = await Promise.allSettled([...parts].map((part) => loadPart(code, part)));
  return tries.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
}

// ?lang= naming a language the site does not speak is ignored, and the page says so
addressParam("lang", (text) => matchLang(text) ?? undefined, null);
let current = chooseLang();
for (const code of new Set([DEFAULT_LANG, current])) {
  const failed = await loadWhatCan(code);
  // offline before this language (or this page) was ever used, say: what could not be
  // loaded is in English (all of the page, if its language's core words are missing)
  if (failed.length) console.warn(`some of the ${code} words could not be loaded, so they are in English:`, ...failed);
}
if (!loaded.has(`${CORE}/${current}`)) current = DEFAULT_LANG;

/** The language in use now. */
export function lang() { return current; }

/** Switch language (remembered for later visits), once its catalogue is loaded,
 *  and re-label the document. @param {string} code @param {boolean} [remember] */
export async function setLang(code, remember = true) {
  await loadCatalogue(code);
  current = code;
  if (remember) {
    writeText(STORAGE_KEY, code); // storage off: this visit only
  }
  if (globalThis.document) applyTo(document);
}

/** The text for key in the current language (English if missing there; the key if nowhere).
 *  @param {string} key @param {Record<string, unknown>} [params] @returns {string} */
export function t(key, params = {}) { return tIn(current, key, params); }

/** The text for key in language `code` (t() for another language than the page's).
 *  @param {string} code @param {string} key @param {Record<string, unknown>} [params] */
export function tIn(code, key, params = {}) {
  const message = MESSAGES[code]?.[key] ?? MESSAGES[DEFAULT_LANG][key];
  if (message === undefined) return key;
  if (typeof message === "string") return message;
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === "string" ? isolate(value) : value;
  return message(values);
}

// Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko... and their presentation
// forms, the historic scripts of the SMP's RTL blocks) and the bidi controls.
const BIDI = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}\u061C\u200F\u202A-\u202E\u2066-\u2069]/u;
const FSI = "\u2068", PDI = "\u2069";

/** Text from outside, made safe to put in a sentence: if it holds right-to-left letters or a
 *  bidi control, it is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE (what
 *  <bdi> does), a stray POP DIRECTIONAL ISOLATE in it dropped and an isolate it opens closed,
 *  so that it cannot reverse or reorder what follows (an override inside ends with the
 *  isolate).  Other text comes back as it was.  @param {string} text @returns {string} */
export function isolate(text) {
  const s = String(text);
  if (!BIDI.test(s)) return s;
  let depth = 0, inner = "";
  for (const ch of s) {
    if (ch >= "\u2066" && ch <= FSI) depth += 1;
    else if (ch === PDI) {
      if (depth === 0) continue;
      depth -= 1;
    }
    inner += ch;
  }
  return FSI + inner + PDI.repeat(depth) + PDI;
}

/** @type {Map<string, Intl.ListFormat>} */
const listFormats = new Map();

/** Names (or any words) as one list in the page's language: "Ann, Bo and Cy",
 *  "Ann, Bo et Cy", "Ann、Bo、Cy"; each isolated (isolate()).
 *  @param {readonly unknown[]} items @returns {string} */
export function list(items) {
  if (!listFormats.has(current)) listFormats.set(current, new Intl.ListFormat(current, { type: "conjunction" }));
  return /** @type {Intl.ListFormat} */ (listFormats.get(current)).format(items.map((item) => isolate(String(item))));
}

/** Sentences one after the other: a space between them, but none after a full-width
 *  full stop, question or exclamation mark (Japanese: 。 carries its own space).
 *  @param {string[]} texts */
export function sentences(texts) { return texts.join(" ").replace(/([。？！]) /g, "$1"); }

/** A date in the page's language (Intl): `value` a Date, an ISO time, or a
 *  "YYYY-MM-DD" day (read as that UTC day); "" if it is not a date.
 *  @param {Date | string | number} value @param {Intl.DateTimeFormatOptions} [options] */
export function formatDate(value, options = { dateStyle: "long" }) {
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = day ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat(current, day ? { ...options, timeZone: "UTC" } : options).format(d);
}

/** Whether the reference catalogue has key (so t() will not answer the key itself). @param {string} key */
export function hasKey(key) { return key in MESSAGES[DEFAULT_LANG]; }

/** key's text in every language loaded (English and the page's): to recognise a
 *  default the page wrote in another one. @param {string} key @param {Record<string, unknown>} [params] */
export function tAll(key, params = {}) {
  return Object.keys(MESSAGES).map((code) => tIn(code, key, params));
}

/** Label a document or element: data-i18n="key" sets the text,
 *  data-i18n-attr="attr:key;attr2:key2" sets attributes (aria-label, title...),
 *  data-i18n-keys="key" sets a text whose [bracketed] parts are keys (<kbd>),
 *  data-i18n-rich="key" a text with **strong** and *emphasised* parts and ((icon)) names
 *  (an interface icon, drawn by icon.js's drawIcons; the words around it carry the meaning).
 *  @param {Document | Element} root */
export function applyTo(root) {
  if ("documentElement" in root) {
    root.documentElement.lang = current;
    root.documentElement.dataset.wordsIn = current;   // the words are in: the engine client's fill-in reads it
  }
  for (const [el, key] of marked(root, "data-i18n")) el.textContent = t(key);
  for (const [el, key] of marked(root, "data-i18n-keys")) el.replaceChildren(...withKeys(t(key)));
  for (const [el, key] of marked(root, "data-i18n-rich")) el.replaceChildren(...rich(t(key)));
  for (const [el, pairs] of marked(root, "data-i18n-attr")) {
    for (const pair of pairs.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/** The elements under root with the attribute `name`, each with its value.
 *  @param {Document | Element} root @param {string} name @returns {[Element, string][]} */
function marked(root, name) {
  return [...root.querySelectorAll(`[${name}]`)].map((el) => [el, el.getAttribute(name) ?? ""]);
}

/** A text's nodes, its [bracketed] parts as <kbd> elements: "[U] undo" -> <kbd>U</kbd> " undo".
 *  @param {string} text @returns {(Text | HTMLElement)[]} */
export function withKeys(text) {
  return text.split(/\[([^\]]+)\]/).map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const k = document.createElement("kbd");
    k.textContent = part;
    return k;
  });
}

/** A text's nodes with **strong** and *em* parts as elements, ((icon)) as an empty
 *  span[data-icon] (no HTML is parsed). @param {string} text @returns {(Text | HTMLElement)[]} */
export function rich(text) {
  return text.split(/(\*\*[^*]+\*\*|\*[^*]+\*|\(\(\w+\)\))/).filter(Boolean).map((part) => {
    const strong = part.startsWith("**");
    if (part.startsWith("((")) {
      const icon = document.createElement("span");
      icon.className = "inline-icon";
      icon.dataset.icon = part.slice(2, -2);
      return icon;
    }
    if (!part.startsWith("*")) return document.createTextNode(part);
    const el = document.createElement(strong ? "strong" : "em");
    el.textContent = part.slice(strong ? 2 : 1, strong ? -2 : -1);
    return el;
  });
}
