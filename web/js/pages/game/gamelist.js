// The "Your games" panel: the player's unfinished games (each kept under its
// own key by saves.js) with a button to go back to any of them, and every
// entry kept aside, whatever page kept it (a save that could not be resumed, a
// draft of the board or lesson editor, a review: storage.js's one list), with
// buttons to download and forget each.
// A view: it knows the store's entries, not the rules.  Its words are the
// page's language, made when shown (an entry keeps names and counts, not words).

import { t, formatDate } from "../../lib/words/i18n.js";
import { entryText, who, WHEN } from "../../lib/words/savedgames.js";
import { keptText } from "../../lib/words/stored.js";

function button(text, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

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
   * @param {{resume: (id: string) => void, download: (kept: object) => void, forgetKept: (id: string) => void}} actions
   */
  constructor(root, actions) {
    this.root = root;
    this.list = /** @type {HTMLUListElement} */ (root.querySelector("ul"));
    this.actions = actions;
  }

  /**
   * Show the unfinished games (but the one being played, currentId) and the entries kept aside.
   * The panel hides itself when there is nothing to show.
   */
  render(entries, kept, currentId) {
    const others = entries.filter((e) => !e.over && e.id !== currentId);
    this.list.replaceChildren(
      ...others.map((e) => row({ id: e.id }, entryText(e),
        [button(t("game.games.resume"), t("game.games.resumeLabel", { label: who(e) || t("common.savedGame.unnamed") }), () => this.actions.resume(e.id))])),
      ...kept.map((k) => {
        const when = k.keptAt ? formatDate(k.keptAt, WHEN) : "";
        const text = keptText(k);
        return row({ kept: k.id }, when ? `${text} · ${when}` : text,
          // a save's buttons name it so; anything else kept aside is named by the line
          [button(t("game.games.download"), k.key ? t("game.games.downloadKeptLabel", { what: text }) : t("game.games.downloadLabel"), () => this.actions.download(k)),
            button(t("game.games.forget"), k.key ? t("game.games.forgetKeptLabel", { what: text }) : t("game.games.forgetLabel"), () => this.actions.forgetKept(k.storeKey ?? k.id))]);
      }),
    );
    this.root.hidden = !this.list.children.length;
  }
}
