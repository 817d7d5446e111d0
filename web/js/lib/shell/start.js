// The start every page with an engine and the shell's bars makes (the game's pages
// through boot.js, the editors directly): words, icons, the engine and its status bar.

import { getEngine, installWindowTsuro } from "../engine/client.js";
import { showEngineStatus, notice, setPhase } from "./page.js";
import { applyTo } from "../words/i18n.js";
import { drawIcons } from "../views/icon.js";
import { $ } from "./dom.js";
/** @import {Engine, EngineOptions} from "../engine/client.js" */

/**
 * The start every page with an engine and the shell's bars makes: its words and icons,
 * the loading phase, the engine (getEngine's `options`) as window.tsuro with its status
 * bar, and the notice bar's close button.  Returns the engine.
 * @param {EngineOptions} [options]
 * @returns {Engine}
 */
export function startPage(options) {
  applyTo(document);
  drawIcons();
  setPhase("loading");
  const engine = getEngine(options);
  installWindowTsuro(engine);
  showEngineStatus(engine);
  $("notice-close").addEventListener("click", () => notice(null));
  return engine;
}

