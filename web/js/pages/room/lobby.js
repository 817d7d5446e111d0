// The room's seats as the host tells them (a `room` message): in the lobby, who
// sits where and the free seats to take; during the game, who is connected and
// whose turn has gone silent; beside each, a player's latest reaction.  The
// host sees its own controls beside them: start the game; in the lobby, take a
// guest out of a seat; during the game, give a seat whose player is gone or
// silent to a computer (of a chosen level) or free it for someone else.
// After a first game, the series: the games played and each person's wins.

import { isolate, t } from "../../lib/words/i18n.js";
import { colorOf } from "../../lib/views/style.js";
import { $ } from "../../lib/shell/dom.js";
import { bubble } from "./reactions.js";
/** @import {RoomMessage, SeatInfo} from "./protocol.js" */
/** @import {Referee} from "./referee.js" */

const LEVELS = ["easy", "medium", "hard"];

/** A seat's line: its colour, its name, and what it is (a computer, free, away). @param {SeatInfo} seat @param {number} i */
function seatLabel(seat, i) {
  const what = seat.kind === "computer" ? t("room.computer")
    : !seat.taken ? t("room.free")
    : seat.away ? t("room.clock_away")
    : !seat.online ? t("room.away")
    : seat.silent ? t("room.silent") : t("room.here");
  const name = seat.taken || seat.kind === "computer" ? seat.name : t("common.player_name", { n: i + 1 });
  return { name, what };
}

/** @param {string} text @param {() => void} onClick @param {string} [cls] @param {string} [action] */
function button(text, onClick, cls = "", action = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  if (action) b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Draw the seats of a `room` message into `list`.
 * @param {HTMLElement} list
 * @param {RoomMessage} room  the host's room message
 * @param {object} o
 * @param {(seat: number) => void} [o.take]     offered on free seats while this browser has none
 * @param {Referee | null} [o.host]   the referee, when this page is the host: its controls are offered
 */
export function drawSeats(list, room, { take, host }) {
  list.replaceChildren();
  room.seats.forEach((seat, i) => {
    const li = document.createElement("li");
    li.className = "room-seat";
    li.dataset.seat = String(i);
    li.dataset.state = seat.kind === "computer" ? "computer" : !seat.taken ? "free" : seat.away ? "clock" : !seat.online ? "away" : seat.silent ? "silent" : "here";
    const dot = document.createElement("span");
    dot.className = "room-dot";
    dot.setAttribute("aria-hidden", "true");
    dot.style.background = colorOf(seat.color);
    const { name, what } = seatLabel(seat, i);
    const label = document.createElement("span");
    label.className = "room-seat-name";
    label.textContent = room.you.seat === i ? t("room.you", { name }) : isolate(name);
    const state = document.createElement("span");
    state.className = "room-seat-state";
    state.textContent = what;
    li.append(dot, label, " ", state);
    const said = bubble(i);
    if (said) li.append(" ", said);
    if (take && seat.kind === "person" && !seat.taken && room.you.seat === null && room.phase !== "over") {
      li.append(button(t("room.take"), () => take(i), "primary", "take"));
    }
    if (host && room.phase !== "over") hostControls(li, room, seat, i, host);
    list.append(li);
  });
}

/** A choice of the computer's level, for a seat handed to a computer during the game. @param {number} i */
function levelSelect(i) {
  const select = document.createElement("select");
  select.className = "room-level";
  select.setAttribute("aria-label", t("room.level_of", { n: i + 1 }));
  for (const level of LEVELS) select.add(new Option(t(`room.computer_${level}`), level));
  select.value = "medium";
  return select;
}

/** The host's controls of one seat. @param {HTMLElement} li @param {RoomMessage} room @param {SeatInfo} seat @param {number} i @param {Referee} host */
function hostControls(li, room, seat, i, host) {
  const person = seat.kind === "person";
  const gone = person && seat.taken && !seat.online;
  const silent = person && seat.taken && seat.online && seat.silent && room.you.seat !== i;
  const toComputer = (/** @type {string} */ level) => host.setKind(i, "computer", level, t(`room.computer_${level}`));
  if (room.phase === "lobby" && person && !seat.taken) {
    li.append(button(t("room.to_computer"), () => toComputer("medium"), "", "computer"));
  } else if (room.phase === "lobby" && person && room.you.seat !== i) {
    const free = t("common.player_name", { n: i + 1 });
    li.append(button(t("room.remove"), () => host.removeSeat(i, free), "", "remove"));
  } else if (room.phase === "lobby" && seat.kind === "computer") {
    const toPerson = () => host.setKind(i, "person", "medium", t("common.player_name", { n: i + 1 }));
    li.append(button(t("room.to_person"), toPerson, "", "person"));
  } else if (room.phase === "playing" && person && (gone || silent || !seat.taken)) {
    const level = levelSelect(i);
    li.append(level, button(t("room.to_computer"), () => toComputer(level.value), "", "computer"));
    if (gone || silent) li.append(button(t("room.free_seat"), () => host.freeSeat(i), "", "free"));
  }
}

/** The lobby's note and the start button (the host's), from a `room` message. @param {RoomMessage} room @param {boolean} isHost */
export function lobbyNote(room, isHost) {
  const waiting = room.seats.filter((s) => s.kind === "person" && !s.taken).length;
  $("btn-start").hidden = !isHost || room.phase !== "lobby";
  $("btn-start").disabled = waiting > 0;
  $("lobby-note").textContent = room.phase !== "lobby" ? ""
    : waiting ? t("room.waiting_seats", { count: waiting })
    : isHost ? t("room.ready_host") : t("room.ready_guest");
}

/**
 * The series from a `room` message (after a first game): the games played, and each
 * person's wins (the seated in seat order, then those who left), the most first.
 * @param {RoomMessage} room
 */
export function drawSeries(room) {
  const series = room.series;
  const games = series && Number.isInteger(series.games) ? series.games : 0;
  $("series-panel").hidden = games < 1;
  if (games < 1) return;
  $("series-games").textContent = t("room.series_games", { count: games });
  const list = $("series");
  list.replaceChildren();
  const wins = (Array.isArray(series.wins) ? series.wins : []).filter((w) => w && typeof w.name === "string" && Number.isInteger(w.wins));
  for (const w of [...wins].sort((a, b) => b.wins - a.wins)) {
    const li = document.createElement("li");
    li.className = "room-seat";
    const dot = document.createElement("span");
    dot.className = "room-dot";
    dot.setAttribute("aria-hidden", "true");
    dot.style.background = colorOf(String(w.color));
    const name = document.createElement("span");
    name.className = "room-seat-name";
    name.textContent = isolate(w.name);
    const count = document.createElement("span");
    count.className = "room-seat-state";
    count.textContent = t("room.series_wins", { count: w.wins });
    li.append(dot, name, " ", count);
    list.append(li);
  }
}
