// The page's words: one catalogue per language (catalogues/<code>.js, a
// default-exported object of key -> text), looked up with t(key, params).
// Adding a language is adding one catalogue file and one line in LANGUAGES.
//
// A text may hold {name} placeholders, filled from params; a text that
// depends on a number is an object of plural forms (one, other... as
// Intl.PluralRules names them for that language), chosen by params.count.
//
// English is built in (the reference, and the fallback for a missing key);
// every other catalogue is fetched only when its language is chosen: this
// module awaits the page's catalogue before any module that imports it runs,
// so t() stays synchronous.  The service worker keeps a catalogue once it
// has been fetched (build.py leaves them out of the precache).

import en from "./catalogues/en.js";
import { readSetting, writeText } from "../base/storage.js";
import { addressParam } from "../base/address.js";

/** Every language the site speaks: BCP 47 code -> its name in itself (the menu's words;
 *  each catalogue's "lang.name", a test checks). */
export const LANGUAGES = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  it: "Italiano",
  ja: "日本語",
  "pt-BR": "Português (Brasil)",
};
/** The catalogues loaded so far: English, and the page's language once chosen. */
export const CATALOGUES = { en };
export const DEFAULT_LANG = "en";
const STORAGE_KEY = "tsuro.lang";

/** The language we speak for a BCP 47 tag: the same tag ("pt-BR", any case), else the
 *  first of ours with the same base language ("pt" or "pt-PT" -> "pt-BR", "ja-JP" -> "ja");
 *  null if none. */
export function matchLang(tag) {
  const wanted = String(tag || "").toLowerCase();
  if (!wanted) return null;
  const codes = Object.keys(LANGUAGES);
  const same = codes.find((c) => c.toLowerCase() === wanted);
  if (same) return same;
  const base = wanted.split("-")[0];
  return codes.find((c) => c.toLowerCase().split("-")[0] === base) ?? null;
}

/** The language to use: ?lang= on the URL, else the player's choice, else the browser's. */
export function chooseLang(search = globalThis.location?.search || "", stored = readStored(),
                           preferred = browserLanguages()) {
  const fromUrl = new URLSearchParams(search).get("lang");
  for (const tag of [fromUrl, stored, ...preferred]) {
    const code = matchLang(tag);
    if (code) return code;
  }
  return DEFAULT_LANG;
}

/** The player's remembered language (one the site does not speak is put aside: storage.js). */
function readStored() { return readSetting(STORAGE_KEY, (text) => matchLang(text) !== null); }

function browserLanguages() {
  const nav = globalThis.navigator;
  return nav ? nav.languages || [nav.language] : [];
}

/** Fetch language `code`'s catalogue (once). */
export async function loadCatalogue(code) {
  if (!(code in LANGUAGES)) throw new Error(`no catalogue for language ${code}`);
  CATALOGUES[code] ??= (await import(`./catalogues/${code}.js`)).default;
  return CATALOGUES[code];
}

// ?lang= naming a language the site does not speak is ignored, and the page says so
addressParam("lang", (text) => matchLang(text) ?? undefined, null);
let current = chooseLang();
try {
  await loadCatalogue(current);
} catch (err) {
  // offline before this language was ever used, say: English rather than no page
  console.warn(`the ${current} words could not be loaded, so the page is in English:`, err);
  current = DEFAULT_LANG;
}

/** The language in use now. */
export function lang() { return current; }

/** Switch language (remembered for later visits), once its catalogue is loaded,
 *  and re-label the document. */
export async function setLang(code, remember = true) {
  await loadCatalogue(code);
  current = code;
  if (remember) {
    writeText(STORAGE_KEY, code); // storage off: this visit only
  }
  if (globalThis.document) applyTo(document);
}

/** The text for key in the current language (English if missing there; the key if nowhere). */
export function t(key, params = {}) { return tIn(current, key, params); }

/** The text for key in language `code` (t() for another language than the page's). */
export function tIn(code, key, params = {}) {
  let text = (CATALOGUES[code] || {})[key] ?? CATALOGUES[DEFAULT_LANG][key];
  if (text === undefined) return key;
  if (typeof text === "object") {
    const form = new Intl.PluralRules(code).select(Number(params.count ?? 0));
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
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

/** Whether the reference catalogue has key (so t() will not answer the key itself). */
export function hasKey(key) { return key in CATALOGUES[DEFAULT_LANG]; }

/** key's text in every language loaded (English and the page's): to recognise a
 *  default the page wrote in another one. */
export function tAll(key, params = {}) {
  return Object.keys(CATALOGUES).map((code) => tIn(code, key, params));
}

/** Label a document or element: data-i18n="key" sets the text,
 *  data-i18n-attr="attr:key;attr2:key2" sets attributes (aria-label, title...),
 *  data-i18n-keys="key" sets a text whose [bracketed] parts are keys (<kbd>),
 *  data-i18n-rich="key" a text with **strong** and *emphasised* parts and ((icon)) names
 *  (an interface icon, drawn by icon.js's drawIcons; the words around it carry the meaning). */
export function applyTo(root) {
  if (root.documentElement) root.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-keys]")) el.replaceChildren(...withKeys(t(el.dataset.i18nKeys)));
  for (const el of root.querySelectorAll("[data-i18n-rich]")) el.replaceChildren(...rich(t(el.dataset.i18nRich)));
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/** A text's nodes, its [bracketed] parts as <kbd> elements: "[U] undo" -> <kbd>U</kbd> " undo". */
export function withKeys(text) {
  return text.split(/\[([^\]]+)\]/).map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const k = document.createElement("kbd");
    k.textContent = part;
    return k;
  });
}

/** A text's nodes with **strong** and *em* parts as elements, ((icon)) as an empty
 *  span[data-icon] (no HTML is parsed). */
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
