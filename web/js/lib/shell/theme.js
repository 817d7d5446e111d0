// Light or dark: the system's choice (prefers-color-scheme, the CSS default)
// unless the player picked one with the theme button (remembered) or the
// address says ?theme=light|dark (an embedding page's choice).

import { t } from "../words/i18n.js";
import { uiIcon } from "../views/icon.js";
import { readSetting, writeText } from "../base/storage.js";
import { addressParam, oneOf } from "../base/address.js";

const KEY = "tsuro.theme";
const THEMES = ["light", "dark"];

/** The remembered choice (one the page does not know is put aside: storage.js). */
function stored() { return readSetting(KEY, (text) => THEMES.includes(text)); }

/** The theme in force now: "light" or "dark". */
export function currentTheme() {
  const set = document.documentElement.dataset.theme;
  if (set === "light" || set === "dark") return set;
  return matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

/** Apply ?theme= or the remembered choice (none: follow the system). */
export function applyTheme() {
  const asked = addressParam("theme", oneOf(THEMES), null) || stored();
  if (asked === "light" || asked === "dark") document.documentElement.dataset.theme = asked;
}

/** The theme button: switches to the other theme and remembers it. */
export function wireThemeButton(button) {
  if (!button) return;
  const label = () => {
    const other = currentTheme() === "dark" ? "light" : "dark";
    button.replaceChildren(uiIcon(other === "light" ? "sun" : "moon"));
    button.setAttribute("aria-label", t(`theme.to.${other}`));
    button.title = t(`theme.to.${other}`);
  };
  button.addEventListener("click", () => {
    const next = currentTheme() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    writeText(KEY, next); // refused: this visit only
    label();
  });
  matchMedia("(prefers-color-scheme: light)").addEventListener?.("change", label);
  label();
}
