// The top bar every full page shares (web/parts/top.html, put into each page by
// the build) and its help dialog (web/parts/foot.html): the menu that folds
// the site's places and the bar's tools on a narrow screen, the language menu,
// the theme, the sound where the page makes sounds, and help (? or the button).
// The shell's own <script> loads this module on every full page, before the
// page's; a page that has more to say in the help (its keys) calls showKeys.

import { t, applyTo } from "../words/i18n.js";
import { drawIcons } from "../views/icon.js";
import { wireLanguagePicker } from "./langpick.js";
import { applyTheme, wireThemeButton } from "./theme.js";
import { sound } from "./sound.js";
import { renderKeys } from "./keys.js";
import { $ } from "./dom.js";
/** @import {KeyRow} from "./keys.js" */

applyTheme();

const bar = /** @type {HTMLElement} */ (document.querySelector(".topbar"));
const menuButton = /** @type {HTMLButtonElement} */ ($("menu-button"));
const menu = /** @type {HTMLElement} */ ($("site-menu"));
const help = /** @type {HTMLDialogElement} */ ($("help"));

// the shell's words, whatever the page's own script does with its own
for (const part of [bar, help, document.querySelector(".site-footer")]) if (part) applyTo(part);
drawIcons(bar);
wireLanguagePicker($("lang-select"));
wireThemeButton($("btn-theme"));
sound.wire($("btn-sound"));

// ------------------------------------------------------------------ the folding menu

// At 75rem and narrower the bar is folded (components.css) unless its places and
// tools fit in one row in this language at this width: measured unfolded, kept so
// if nothing overflows.
const nav = /** @type {HTMLElement} */ (menu.querySelector(".site-nav"));
function fit() {
  bar.classList.add("fits");
  if (nav.scrollWidth > nav.clientWidth + 1 || bar.scrollWidth > bar.clientWidth + 1) bar.classList.remove("fits");
}
fit();
addEventListener("resize", fit);
document.fonts?.ready.then(fit);

/** Open or close the folded menu (on a wide screen it is always shown, and this changes nothing). */
function setMenu(open, focusButton = false) {
  menuButton.setAttribute("aria-expanded", String(open));
  if (open) /** @type {HTMLElement | null} */ (menu.querySelector("a, button, select"))?.focus();
  else if (focusButton) menuButton.focus();
}
const menuOpen = () => menuButton.getAttribute("aria-expanded") === "true";
menuButton.addEventListener("click", () => setMenu(!menuOpen()));
menu.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && menuOpen()) { e.preventDefault(); setMenu(false, true); }
});
// closed by a click or the focus anywhere else
document.addEventListener("pointerdown", (e) => {
  if (menuOpen() && !bar.contains(/** @type {Node} */ (e.target))) setMenu(false);
});
bar.addEventListener("focusout", (e) => {
  if (menuOpen() && e.relatedTarget && !bar.contains(/** @type {Node} */ (e.relatedTarget))) setMenu(false);
});

// ------------------------------------------------------------------ help

/** @type {KeyRow[] | null} */
let keys = null;

/** Fill the help with this page's words, and its keys if it gave them. */
function fillHelp() {
  $("help-text").textContent = t(`shell.help.${help.dataset.page}`);
  $("help-keys-title").hidden = $("help-keys").hidden = !keys;
  if (keys) renderKeys($("help-keys"), keys);
}

/** Open the help dialog (the ? key, the bar's button, a page's own way). */
export function openHelp() {
  if (help.open) return;
  setMenu(false);
  fillHelp();
  help.showModal();
  $("help-close").focus();
}

/** The page's keys, listed in its help (keys.js's rows). */
export function showKeys(rows) { keys = rows; }

$("btn-help").addEventListener("click", openHelp);
$("help-close").addEventListener("click", () => help.close());
document.addEventListener("keydown", (e) => {
  if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const el = /** @type {HTMLElement | null} */ (e.target);
  if (el && (el.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName))) return;
  if (document.querySelector("dialog[open]")) return;   // another dialog has the page (the game's setup)
  e.preventDefault();
  openHelp();
});
