// The page's language menu: every catalogue by its own name; a choice is
// remembered (i18n.js) and the page reloads in it (an open game survives a
// reload), with ?lang= in the address changed too, since it would win.

import { CATALOGUES, lang, setLang, tIn } from "../words/i18n.js";

/** Fill `select` with the languages and switch on change. */
export function wireLanguagePicker(select) {
  if (!select) return;
  select.replaceChildren();
  for (const code of Object.keys(CATALOGUES)) {
    const o = new Option(tIn(code, "lang.name"), code);
    o.lang = code;
    select.add(o);
  }
  select.value = lang();
  select.addEventListener("change", () => switchLanguage(select.value));
}

/** Remember `code` and show the page in it. */
export function switchLanguage(code) {
  setLang(code);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url);
  }
  location.reload();
}
