// The "Your games" panel: the player's unfinished games (each kept under its
// own key by saves.js) with a button to go back to any of them, and the saves
// that could not be resumed, kept aside, with a button to download each.
// A view: it knows the store's entries, not the rules.  Its words are the
// page's language, made when shown (an entry keeps names and counts, not words).

import { t, formatDate } from "../../lib/words/i18n.js";
import { entryText, who, WHEN } from "../../lib/words/savedgames.js";
/** @import {GameEntry, KeptEntry} from "../../lib/game/saves.js" */

/** @param {string} text @param {string} label @param {() => void} onClick */
function button(text, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

/** @param {Record<string, string>} data @param {string} text @param {HTMLButtonElement[]} buttons */
function row(data, text, buttons) {
  const li = document.createElement("li");
  li.className = "saved-game" + (data.kept ? " kept" : "");
  Object.assign(li.dataset, data);
  const span = document.createElement("span");
  span.className = "saved-game-text";
  span.textContent = text;
  li.append(span, ...buttons);
  return li;
}

export class GameList {
  /**
   * @param {HTMLElement} root  the panel (a <section> with an <h2> and a <ul>)
   * @param {{resume: (id: string) => void, download: (kept: KeptEntry) => void, forgetKept: (id: string) => void}} actions
   */
  constructor(root, actions) {
    this.root = root;
    this.list = /** @type {HTMLUListElement} */ (root.querySelector("ul"));
    this.actions = actions;
  }

  /**
   * Show the unfinished games (but the one being played, currentId) and the kept saves.
   * The panel hides itself when there is nothing to show.
   * @param {GameEntry[]} entries @param {KeptEntry[]} kept @param {string | null} currentId
   */
  render(entries, kept, currentId) {
    const others = entries.filter((e) => !e.over && e.id !== currentId);
    this.list.replaceChildren(
      ...others.map((e) => row({ id: e.id }, entryText(e),
        [button(t("game.games.resume"), t("game.games.resumeLabel", { label: who(e) || t("common.savedGame.unnamed") }), () => this.actions.resume(e.id))])),
      ...kept.map((k) => {
        const when = k.keptAt ? formatDate(k.keptAt, WHEN) : "";
        const text = k.key ? t("game.games.keptEntry", { key: String(k.key).slice(0, 60) }) + (k.reason ? ` (${k.reason})` : "")
          : t("game.games.kept", { reason: k.reason || t("game.games.unreadable") });
        return row({ kept: k.id }, when ? `${text} · ${when}` : text,
          [button(t("game.games.download"), t("game.games.downloadLabel"), () => this.actions.download(k)),
            button(t("game.games.forget"), t("game.games.forgetLabel"), () => this.actions.forgetKept(k.id))]);
      }),
    );
    this.root.hidden = !this.list.children.length;
  }
}
