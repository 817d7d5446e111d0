// link.html without a game: "Your games" (each line from the engine's reading
// of the kept message: whose turn, or whose share or deal the setup waits for)
// and the form that starts a game (seats, names, hands hidden, the
// elimination bonus).  No rule here: the engine says where each game stands.

import { Session } from "../../lib/game/session.js";
import { list, t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { DEFAULT_COLORS } from "../../lib/views/style.js";
import { listGames } from "./store.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {LinkMessage, LinkOpened} from "../../lib/types.js" */

/**
 * Fill "Your games", newest first; `open(message)` opens one.
 * @param {Engine} engine @param {(message: LinkMessage) => void} open
 */
export function listYourGames(engine, open) {
  const games = listGames();
  $("no-games").hidden = games.length > 0;
  $("games").replaceChildren(...games.map(({ message }) => gameItem(engine, message, open)));
}

/** One line of "Your games": the players, then where the game stands. */
function gameItem(engine, message, open) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  const players = message.record?.players || message.players || [];
  a.textContent = list(players.map((p) => p.name));
  a.href = "#";
  a.addEventListener("click", (e) => {
    e.preventDefault();
    open(message);
  });
  const state = document.createElement("span");
  state.className = "link-game-state";
  li.append(a, " ", state);
  engine.ask("link_encode", { message })
    .then(({ fragment }) => engine.ask("link_open", { fragment }))
    .then(async (opened) => {
      // whether it is over: the engine's answer for the turn (a dealt game's position)
      const over = !!opened.position && await Session.at(engine, opened.position).isOver();
      const [text, kind] = standing(opened, over);
      state.textContent = text;
      li.dataset.state = kind;
    }).catch(() => { state.textContent = t("link.item_bad"); });
  return li;
}

/**
 * Where a game stands, in words, and as "setup", "open" or "over".
 * @param {LinkOpened} opened @param {boolean} over  the engine says the game is over
 * @returns {[string, string]}
 */
function standing({ message, position, waiting, sharer, shuffle }, over) {
  const names = (message.record?.players || message.players || []).map((p) => p.name);
  if (!position) {
    return waiting === "share"
      ? [t("link.item_share", { name: names[sharer] }), "setup"]
      : [t("link.item_deal", { name: names[message.host] }), "setup"];
  }
  const moves = message.record.moves.length;
  const text = over ? t("link.item_over", { count: moves }) : t("link.item_open", { name: names[position.turn], count: moves });
  return [shuffle === "host" ? t("link.item_host_dealt", { state: text }) : text, over ? "over" : "open"];
}

/** The seat rows of the form, one per player (the count chosen). */
export function seatRows() {
  const n = Number($("link-count").value);
  const rows = $("link-seats");
  while (rows.children.length > n) rows.lastChild.remove();
  while (rows.children.length < n) {
    const i = rows.children.length;
    const li = document.createElement("li");
    li.className = "seat-row";
    const name = document.createElement("input");
    name.className = "seat-name";
    name.value = t("common.player_name", { n: i + 1 });
    name.setAttribute("aria-label", t("link.name_of", { n: i + 1 }));
    const kind = document.createElement("select");
    kind.className = "seat-kind";
    kind.setAttribute("aria-label", t("link.kind_of", { n: i + 1 }));
    kind.add(new Option(t("link.person"), "person"));
    for (const level of ["easy", "medium", "hard"]) kind.add(new Option(t(`link.computer_${level}`), `computer:${level}`));
    li.append(name, kind);
    rows.append(li);
  }
}

/** What the form asks for, as link_new takes it (the colours new_game gives); the host is the first person listed. */
export function readForm() {
  const rows = [...$("link-seats").children];
  const seats = rows.map((li) => li.querySelector(".seat-kind").value);
  const players = rows.map((li, i) => ({
    name: li.querySelector(".seat-name").value.trim() || t("common.player_name", { n: i + 1 }),
    color: DEFAULT_COLORS[i],
  }));
  const rules = $("link-bonus").checked ? { preset: "classic", elimination_bonus: true } : "classic";
  return { seats, players, rules, hidden: $("link-hidden").checked, host: seats.indexOf("person") };
}

/** The form's first state: 3 seats, 2 to 8 offered. */
export function setUpForm() {
  for (let n = 2; n <= 8; n++) $("link-count").add(new Option(String(n), String(n)));
  $("link-count").value = "3";
  $("link-count").addEventListener("change", seatRows);
  seatRows();
}
