// An error a player reads, in their language, chosen by the error's code
// (the engine's stable codes, docs/api.md, and the page's own: bad_save,
// timeout...), never by its English message. A code without words of its own
// gets the generic words with the engine's message.

import { t, hasKey } from "./i18n.js";

/** The words for an error (an EngineError with its .code, or any Error). */
export function errorText(e) {
  const code = e && e.code;
  const detail = (e && e.message) || String(e);
  if (code && hasKey(`error.${code}`)) return t(`error.${code}`, { detail });
  return t("error.generic", { detail });
}
