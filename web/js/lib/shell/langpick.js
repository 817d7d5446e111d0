// The page's language menu: every language by its own name; a choice is
// remembered (i18n.js) and the page reloads in it (an open game survives a
// reload), with ?lang= in the address changed too, since it would win.

import { LANGUAGES, lang, setLang } from "../words/i18n.js";

/** Fill `select` (the page's <select>) with the languages and switch on change.
 *  @param {HTMLElement | null} select */
export function wireLanguagePicker(select) {
  if (!(select instanceof HTMLSelectElement)) return;
  select.replaceChildren();
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = new Option(name, code);
    o.lang = code;
    select.add(o);
  }
  select.value = lang();
  select.addEventListener("change", () => switchLanguage(select.value));
}

/** Remember `code` and show the page in it. @param {string} code */
export async function switchLanguage(code) {
  await setLang(code);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url);
  }
  location.reload();
}
