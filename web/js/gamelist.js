// The "Your games" panel: the player's unfinished games (each kept under its
// own key by saves.js) with a button to go back to any of them, and the saves
// that could not be resumed, kept aside, with a button to download each.
// A view: it knows the store's entries, not the rules.

import { t, lang } from "./i18n.js";

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(d);
}

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
   * @param root     the panel (a <section> with an <h2> and a <ul>)
   * @param actions  {resume(id), download(keptEntry), forgetKept(id)}
   */
  constructor(root, actions) {
    this.root = root;
    this.list = root.querySelector("ul");
    this.actions = actions;
  }

  /**
   * Show the unfinished games (but the one being played, currentId) and the kept saves.
   * The panel hides itself when there is nothing to show.
   */
  render(entries, kept, currentId) {
    const others = entries.filter((e) => !e.over && e.id !== currentId);
    this.list.replaceChildren(
      ...others.map((e) => {
        const label = e.label || t("games.aGame");
        return row({ id: e.id }, `${label}${e.savedAt ? ` · ${when(e.savedAt)}` : ""}`,
          [button(t("games.resume"), t("games.resumeLabel", { label }), () => this.actions.resume(e.id))]);
      }),
      ...kept.map((k) => row({ kept: k.id },
        `${t("games.kept", { reason: k.reason })}${k.keptAt ? ` · ${when(k.keptAt)}` : ""}`,
        [button(t("games.download"), t("games.downloadLabel"), () => this.actions.download(k)),
          button(t("games.forget"), t("games.forgetLabel"), () => this.actions.forgetKept(k.id))])),
    );
    this.root.hidden = !this.list.children.length;
  }
}
