// room.html without a room: the rooms this browser hosts (resumed from their
// saves) and the form for a new one, filled from the game page's setup
// (localStorage "tsuro.setup": seats, names, colours, the winner, open hands,
// the elimination bonus, the time per move)
// when the player came from there with "Play live".

import { list, t } from "../../lib/words/i18n.js";
import { readSetup } from "../../lib/shell/settings.js";
import { DEFAULT_COLORS } from "../../lib/views/style.js";
import { $ } from "../../lib/shell/dom.js";
import { listHosted, saveHosted } from "./store.js";
import { CLOCK_PRESETS } from "../../lib/base/motion.js";
import { deriveRoom, hostFingerprint, newHostKey, randomText, roomFragment } from "./secret.js";

/** @import {Setup} from "../../lib/shell/settings.js" */
/** @import {HostedRoom} from "./store.js" */
/** @import {Seat} from "./referee.js" */

const LEVELS = ["easy", "medium", "hard"];
const SCORING = ["survival", "longest_path", "most_crossings"];

/** A time per move in words: "No limit", "20 seconds"... @param {number} seconds */
export function clockChoice(seconds) { return t(seconds > 0 ? `clock.s${seconds}` : "clock.none"); }

/** The game page's remembered setup (read checked: settings.js), if it has seats. */
function setupOfGamePage() {
  const s = readSetup();
  return s.seats ? s : null;
}

/** Seat i's choice: a person, or a computer of a level. @param {number} i @param {string} value  "person" or "computer:<level>" */
function kindSelect(i, value) {
  const kind = document.createElement("select");
  kind.className = "seat-kind";
  kind.setAttribute("aria-label", t("room.kind_of", { n: i + 1 }));
  kind.add(new Option(t("room.person"), "person"));
  for (const level of LEVELS) kind.add(new Option(t(`room.computer_${level}`), `computer:${level}`));
  kind.value = value;
  return kind;
}

/** As many seat rows as the form's count, new ones filled from the game page's setup. @param {Setup | null} setup */
function seatRows(setup) {
  const n = Number($("room-count").value);
  const rows = $("room-seat-kinds");
  while (rows.children.length > n) rows.lastChild?.remove();
  while (rows.children.length < n) {
    const i = rows.children.length;
    const s = setup?.seats?.[i];
    const li = document.createElement("li");
    li.className = "seat-row";
    const value = s && s.kind === "computer" && LEVELS.includes(s.level) ? `computer:${s.level}` : "person";
    li.append(kindSelect(i, value));
    rows.append(li);
  }
}

/** The rule set the form says, as new_game takes it. */
function rulesOfForm() {
  const opts = {};
  if ($("room-scoring").value !== "survival") opts.scoring = $("room-scoring").value;
  if ($("room-open").checked) opts.open_hands = true;
  if ($("room-bonus").checked) opts.elimination_bonus = true;
  return Object.keys(opts).length ? { preset: "classic", ...opts } : "classic";
}

/** Make the room: its secret and host key, kept in this browser; returns its link's fragment. */
async function openRoom() {
  const setup = setupOfGamePage();
  const secret = randomText(16);
  const hostKey = await newHostKey();
  const host = await hostFingerprint(hostKey.publicRaw);
  const { id } = await deriveRoom(secret);
  /** @type {Seat[]} */
  const seats = [...$("room-seat-kinds").children].map((li, i) => {
    const [kind, level] = /** @type {HTMLSelectElement} */ (li.querySelector(".seat-kind")).value.split(":");
    const given = setup?.seats?.[i];
    const color = (given && typeof given.color === "string" && given.color) || DEFAULT_COLORS[i];
    const name = kind === "computer" ? t(`room.computer_${level}`) : t("common.player_name", { n: i + 1 });
    return { kind: kind === "computer" ? "computer" : "person", level: level || "medium", name, color, token: null };
  });
  const clock = Number($("room-clock").value);
  /** @type {HostedRoom} */
  const room = { id, link: { secret, host }, hostKey, rules: rulesOfForm(), seats, phase: "lobby", save: null, clock };
  if (!saveHosted(room)) throw Object.assign(new Error("storage"), { code: "no_storage" });
  return roomFragment(room.link);
}

/** The form and the list, shown. @param {(e: unknown) => void} fail */
export function showHome(fail) {
  const setup = setupOfGamePage();
  if (!$("room-count").options.length) {
    for (let n = 2; n <= 8; n++) $("room-count").add(new Option(String(n), String(n)));
    for (const s of SCORING) $("room-scoring").add(new Option(t(`room.scoring_${s}`), s));
    for (const c of CLOCK_PRESETS) $("room-clock").add(new Option(clockChoice(c), String(c)));
    const clock = Number(setup?.clock);
    $("room-clock").value = String(CLOCK_PRESETS.includes(clock) ? clock : 0);
    $("room-count").value = String(Math.min(8, Math.max(2, setup?.seats?.length || 3)));
    if (setup?.scoring && SCORING.includes(setup.scoring)) $("room-scoring").value = setup.scoring;
    $("room-open").checked = !!setup?.open_hands;
    $("room-bonus").checked = !!setup?.elimination_bonus;
    $("room-count").addEventListener("change", () => seatRows(setup));
    $("btn-open-room").addEventListener("click", () => {
      openRoom().then((fragment) => { location.hash = fragment; }, fail);
    });
  }
  seatRows(setup);
  const rooms = listHosted();
  $("no-rooms").hidden = rooms.length > 0;
  $("rooms").replaceChildren(...rooms.map(roomItem));
  $("home-panel").hidden = false;
  $("new-panel").hidden = false;
}

/** One hosted room: its players and whether it waits, plays or is over; a link to resume it. @param {HostedRoom} room */
function roomItem(room) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = `#${roomFragment(room.link)}`;
  a.textContent = list(room.seats.map((s) => s.name));
  const state = document.createElement("span");
  state.className = "link-game-state";
  state.textContent = t(`room.item_${room.phase}`);
  li.dataset.state = room.phase;
  li.append(a, " ", state);
  return li;
}
