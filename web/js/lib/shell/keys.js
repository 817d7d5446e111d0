// The keys of the game page, listed in the help dialog that `?` opens (and the
// "?" button in the top bar: bar.js). The list is data: the keys and the
// catalogue key of what they do, so the help is in the page's language.

import { t, withKeys } from "../words/i18n.js";

/** @typedef {[string, string]} KeyRow  [keys as shown, catalogue key of what they do] */

/** @type {KeyRow[]} */
export const KEYS = [
  ["[?]", "help.help"],
  ["[N]", "help.new"],
  ["[Tab] / [Shift]+[Tab]", "help.tab"],
  ["[←] [→] [↑] [↓]", "help.boardArrows"],
  ["[Enter]", "help.enter"],
  ["[Esc]", "help.escape"],
  ["[1] [2] [3]", "help.choose"],
  ["[R] / [→]", "help.rotate"],
  ["[Shift]+[R] / [L] / [←]", "help.rotateBack"],
  ["[H]", "help.hint"],
  ["[D]", "help.describe"],
  ["[U] / [Ctrl]+[Z]", "help.undo"],
  ["[Shift]+[U] / [Ctrl]+[Shift]+[Z]", "help.redo"],
  ["[←] [→]", "help.replay"],
];

/** Fill a <dl> with the keys and what they do (again after a change of language).
 *  @param {HTMLElement} list @param {KeyRow[]} [rows] */
export function renderKeys(list, rows = KEYS) {
  list.replaceChildren();
  for (const [keys, what] of rows) {
    const dt = document.createElement("dt");
    dt.append(...withKeys(keys.replace(/\[Shift\]/g, `[${t("help.shift")}]`).replace(/\[Enter\]/g, `[${t("help.enterKey")}]`)
      .replace(/\[Esc\]/g, `[${t("help.escKey")}]`).replace(/\[Ctrl\]/g, `[${t("help.ctrl")}]`)));
    const dd = document.createElement("dd");
    dd.textContent = t(what);
    list.append(dt, dd);
  }
}
