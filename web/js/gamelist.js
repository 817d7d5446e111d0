// The "Your games" panel: the player's unfinished games (each kept under its
// own key by saves.js) with a button to go back to any of them, and the saves
// that could not be resumed, kept aside, with a button to download each.
// A view: it knows the store's entries, not the rules.

const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : fmt.format(d);
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
      ...others.map((e) => row({ id: e.id },
        `${e.label || "A game"}${e.savedAt ? ` · ${when(e.savedAt)}` : ""}`,
        [button("Resume", `Resume ${e.label || "this game"}`, () => this.actions.resume(e.id))])),
      ...kept.map((k) => row({ kept: k.id },
        `A save that could not be resumed (${k.reason})${k.keptAt ? ` · ${when(k.keptAt)}` : ""}`,
        [button("Download", "Download the save that could not be resumed", () => this.actions.download(k)),
          button("Forget", "Forget the save that could not be resumed", () => this.actions.forgetKept(k.id))])),
    );
    this.root.hidden = !this.list.children.length;
  }
}
