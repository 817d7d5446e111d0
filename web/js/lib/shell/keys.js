// The keys of the game page, listed in a dialog that `?` opens (and the "?"
// button in the top bar). The list is data: the keys and the catalogue key of
// what they do, so the help is in the page's language.

import { t, withKeys } from "../words/i18n.js";

/** [keys as shown, catalogue key of what they do].  @type {[string, string][]} */
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

/** Fill the help dialog's list (again after a change of language). @param {HTMLElement} list */
export function renderKeys(list) {
  list.replaceChildren();
  for (const [keys, what] of KEYS) {
    const dt = document.createElement("dt");
    dt.append(...withKeys(keys.replace(/\[Shift\]/g, `[${t("help.shift")}]`).replace(/\[Enter\]/g, `[${t("help.enterKey")}]`)
      .replace(/\[Esc\]/g, `[${t("help.escKey")}]`).replace(/\[Ctrl\]/g, `[${t("help.ctrl")}]`)));
    const dd = document.createElement("dd");
    dd.textContent = t(what);
    list.append(dt, dd);
  }
}

/** Wire the dialog: the list, its close button; returns open().
 *  @param {HTMLDialogElement} dialog @param {HTMLElement} list @param {HTMLElement} closeButton */
export function keysHelp(dialog, list, closeButton) {
  renderKeys(list);
  closeButton.addEventListener("click", () => dialog.close());
  return () => { if (!dialog.open) dialog.showModal(); closeButton.focus(); };
}
