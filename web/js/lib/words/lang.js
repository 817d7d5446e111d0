// Which language a page speaks: the languages the site has catalogues for, and
// the choice among them from ?lang=, the player's remembered choice and the
// browser's languages.  No words here (i18n.js loads and looks them up), so the
// choice can be tested without the compiled messages.

import { readSetting } from "../base/storage.js";

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
export const DEFAULT_LANG = "en";
/** Where the player's choice is remembered (localStorage). */
export const STORAGE_KEY = "tsuro.lang";

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
