// "Find a table" (docs/rooms.md, "Open tables"): the open tables announced on the
// lobby relays, listed for a stranger with what they are (the rules, the seats
// free, the clock, the language, how long they have waited, who sits there) and
// a button that joins a free seat, or watches a game under way.  Only checked
// facts are shown (tables.js), at most MAX_SHOWN; the subscription stays open
// while the list is on the screen, so tables come and go as they are announced,
// filled, started or withdrawn.  Joining opens the room's link; a table that does
// not answer then drops off this browser's list (main.js, markDead).

import { t, LANGUAGES } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { Relay } from "./nostr.js";
import { TableList, tableFilters } from "./tables.js";
/** @import {Table} from "./tables.js" */

/** A language's name in itself, by its code (a table names any: an unknown one is shown as its code). @type {Record<string, string>} */
const LANGUAGE_NAMES = LANGUAGES;

const JOINING = "tsuro.room.joining";
const LOOK_MS = 4000;   // how long "Looking…" waits for the relays' stored tables

/** The table this tab is joining from the list (sessionStorage), or null. @returns {{key: string, at: number, secret: string} | null} */
export function joining() {
  try {
    const v = JSON.parse(sessionStorage.getItem(JOINING) || "null");
    return v && typeof v.key === "string" && Number.isFinite(v.at) && typeof v.secret === "string" ? v : null;
  } catch {
    return null;
  }
}

/** Done joining (seated, watching, or the table did not answer). */
export function joined() {
  try { sessionStorage.removeItem(JOINING); } catch { /* nothing kept */ }
}

/** A table's facts in words: its rules, clock and language; its seats and how long it waited. @param {Table} table */
export function describeTable(table, nowS = Math.floor(Date.now() / 1000)) {
  const rules = [t("room.table_players", { count: table.seats }), t(`room.table_scoring_${table.rules.scoring}`)];
  if (table.rules.open_hands) rules.push(t("room.table_open_hands"));
  if (table.rules.elimination_bonus) rules.push(t("room.table_bonus"));
  rules.push(table.clock === null ? t("room.clock_none") : t("room.clock_per_move", { seconds: table.clock }));
  rules.push(LANGUAGE_NAMES[table.lang] || table.lang);
  const minutes = Math.max(1, Math.ceil((nowS - table.since) / 60));
  const state = [t("room.table_free", { count: table.free }),
    table.phase === "playing" ? t("room.table_playing") : t("room.table_waited", { count: minutes })];
  return { rules: rules.join(" · "), state: state.join(" · "), players: table.players.join(", ") };
}

export class Finder {
  /**
   * @param {string[]} relays  the lobby relays
   * @param {(table: Table) => string} href  the room page's address of a table's room
   */
  constructor(relays, href) {
    this.relays = relays.map((url) => new Relay(url));
    this.href = href;
    this.list = new TableList();
    /** @type {{relay: Relay, id: string}[]} */
    this.subs = [];
    this.startedAt = 0;
    this.timer = /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined);
  }

  /** Look: subscribe on every lobby relay; the list is drawn as tables come. */
  async open() {
    this.close();
    this.list = new TableList();
    this.startedAt = Date.now();
    try { sessionStorage.setItem("tsuro.room.find-at", String(this.startedAt)); } catch { /* not kept */ }
    $("find-status").textContent = t("room.find_looking");
    $("tables").replaceChildren();
    let pending = this.relays.length;
    const eose = () => { if (--pending === 0) this.draw(); };
    const filters = tableFilters(Math.floor(Date.now() / 1000));
    await Promise.all(this.relays.map(async (relay) => {
      let ended = false;
      const id = await relay.subscribe(filters, (e) => {
        this.list.add(e).then((changed) => { if (changed) this.draw(); });
      }, () => { if (!ended) { ended = true; eose(); } });
      this.subs.push({ relay, id });
    }));
    setTimeout(() => this.draw(), LOOK_MS);
    // the waiting times and the expirations move on
    this.timer = setInterval(() => this.draw(), 30_000);
  }

  /** The tables now, drawn. */
  draw() {
    const tables = this.list.shown();
    $("tables").replaceChildren(...tables.map((table) => this._item(table)));
    $("find-status").textContent = tables.length ? t("room.find_count", { count: tables.length })
      : Date.now() - this.startedAt < LOOK_MS ? t("room.find_looking") : t("room.find_none");
  }

  /** @param {Table} table */
  _item(table) {
    const li = document.createElement("li");
    li.className = "room-table";
    li.dataset.key = table.key;
    li.dataset.phase = table.phase;
    const words = describeTable(table);
    const what = document.createElement("span");
    what.className = "room-table-rules";
    what.textContent = words.rules;
    const state = document.createElement("span");
    state.className = "room-table-state";
    state.textContent = words.state;
    li.append(what, state);
    if (words.players) {
      const who = document.createElement("span");
      who.className = "room-table-players";
      who.textContent = words.players;
      li.append(who);
    }
    const join = document.createElement("a");
    join.className = "button primary";
    join.dataset.action = "join";
    join.href = this.href(table);
    join.textContent = table.phase === "playing" ? t("room.join_game") : t("room.join");
    join.addEventListener("click", () => {
      try {
        sessionStorage.setItem(JOINING, JSON.stringify({ key: table.key, secret: table.link.secret, at: this.startedAt }));
      } catch { /* joins, but cannot drop a table that does not answer */ }
    });
    li.append(join);
    return li;
  }

  close() {
    clearInterval(this.timer);
    for (const { relay, id } of this.subs) relay.unsubscribe(id);
    this.subs = [];
  }
}
