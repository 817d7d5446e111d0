// What this browser keeps of its rooms (localStorage, one entry per room so a
// damaged one spoils one room only):
//   tsuro.room.host.<id>  a room this browser hosts: its link, the host's
//                         private key, the seats (with their tokens), the
//                         tokens taken back (with the host's signed release),
//                         the game's save, so a reload resumes the room, the
//                         epoch of the tab that referees it (hostlock.js), and
//                         whether it is an open table, with the table's id and
//                         Nostr key (announcer.js); its time per move
//                         (`clock`), the seats the clock gave to a computer
//                         (`away`) and the series (referee.js)
//   tsuro.room.seat.<id>  this browser's seat in another's room: its token and
//                         the name it gave, so a reload takes the seat back

//   An entry this page cannot use is put aside (storage.js's putAside: kept, listed,
//   said), never dropped, and never takes another room down with it.

import { CLOCK_PRESETS } from "../../lib/base/motion.js";
import { localStore, readText, writeJSON, keysWith, remove, readChecked, wholeOnly, isObject, putAside } from "../../lib/base/storage.js";

/** @import {Rules} from "../../lib/types.js" */
/** @import {ClassicSave} from "../../lib/game/session.js" */
/** @import {RoomKey} from "./secret.js" */
/** @import {Seat, Released, Series} from "./referee.js" */

/**
 * A room this browser hosts, as kept (isHosted checks what the page relies on).
 * @typedef {object} HostedRoom
 * @property {string} id
 * @property {RoomKey} link
 * @property {{privateJwk: JsonWebKey, publicRaw: string}} hostKey
 * @property {Rules} rules
 * @property {Seat[]} seats
 * @property {"lobby" | "playing" | "over"} phase
 * @property {ClassicSave | null} save  the game (null: none yet)
 * @property {number} [clock]  seconds a move (0: no clock)
 * @property {number} [epoch]  the tab that referees it (hostlock.js)
 * @property {boolean} [listed]  an open table (announcer.js)
 * @property {{id: string, secret: string, since: number}} [table]  the open table's id and Nostr key
 * @property {number[]} [away]  the seats the clock gave to a computer
 * @property {Released[]} [released]  the tokens taken back
 * @property {Series} [series]
 * @property {number} [saved]  when it was kept (ms since the epoch)
 */

const HOST = "tsuro.room.host.";
const SEAT = "tsuro.room.seat.";
export const HOST_FORMAT = "tsuro-room-host/1";

const PHASES = ["lobby", "playing", "over"];
const KINDS = ["person", "computer"];
/** @param {unknown} v @param {number} [most] */
const isText = (v, most = 200) => typeof v === "string" && v.length <= most;

/** Whether a stored value is a hosted room of this id that the page can show and resume. @param {unknown} v @param {string} id */
function isHosted(v, id) {
  return isObject(v) && v.format === HOST_FORMAT && v.id === id && PHASES.includes(v.phase) &&
    isObject(v.link) && isText(v.link.secret) && isText(v.link.host) &&
    Array.isArray(v.seats) && v.seats.length >= 2 && v.seats.length <= 8 &&
    v.seats.every((s) => isObject(s) && KINDS.includes(s.kind) && isText(s.name) && isText(s.color) &&
      (s.token === null || isText(s.token))) &&
    isObject(v.hostKey) && isObject(v.hostKey.privateJwk) && isText(v.hostKey.publicRaw) &&
    (v.save === null || isObject(v.save)) &&
    (v.epoch === undefined || Number.isSafeInteger(v.epoch)) &&
    (v.listed === undefined || typeof v.listed === "boolean") &&
    (v.clock === undefined || CLOCK_PRESETS.includes(v.clock)) &&
    (v.away === undefined || (Array.isArray(v.away) && v.away.every((s) => Number.isInteger(s)))) &&
    (v.table === undefined || (isObject(v.table) && isText(v.table.id, 64) && isText(v.table.secret, 64) && Number.isSafeInteger(v.table.since))) &&
    (v.released === undefined || (Array.isArray(v.released) && v.released.every((r) => isObject(r) && isText(r.token) && isText(r.sig))));
}

/** A room this browser hosts, or null (a stored one it cannot use is put aside).
 *  @param {string} id @param {Storage | null} [storage] @returns {HostedRoom | null} */
export function loadHosted(id, storage = localStore()) {
  return readChecked(HOST + id, wholeOnly((v) => isHosted(v, id)), () => null, storage);
}

/** Keep a hosted room; false if the browser refuses. @param {HostedRoom} room @param {Storage | null} [storage] */
export function saveHosted(room, storage = localStore()) {
  return writeJSON(HOST + room.id, { ...room, format: HOST_FORMAT, saved: Date.now() }, storage) === null;
}

/**
 * Put a hosted room the page cannot resume aside, as it was stored, with why (its key is not the
 * one its link names, the engine refused its game): kept, listed with the other entries kept
 * (storage.js), and said by the page.  Returns where it is kept, or null (the browser refused
 * the copy: it stays where it was).  `text`: what to keep, when the page has written the room
 * since it read it (its epoch: hostlock.js).
 * @param {string} id @param {string} reason @param {string | null} [text]
 */
export function keepHostedAside(id, reason, text = hostedText(id), storage = localStore()) {
  return text === null ? null : putAside(HOST + id, text, { reason, said: true, storage });
}

/** A hosted room as stored (null: none), to be put aside as it was after the page wrote it on. @param {string} id */
export function hostedText(id, storage = localStore()) {
  return readText(HOST + id, storage);
}

/**
 * Keep a hosted room unless another tab has taken it up since (a higher epoch is stored,
 * hostlock.js): "saved", "superseded" (nothing written) or "failed" (the browser refused).
 * @param {HostedRoom} room @param {Storage | null} [storage]
 * @returns {"saved" | "superseded" | "failed"}
 */
export function saveHostedIfCurrent(room, storage = localStore()) {
  const stored = loadHosted(room.id, storage);
  if (stored && (stored.epoch || 0) > (room.epoch || 0)) return "superseded";
  return saveHosted(room, storage) ? "saved" : "failed";
}

/** Forget a hosted room. @param {string} id */
export function forgetHosted(id, storage = localStore()) {
  remove(HOST + id, storage);
}

/** Every hosted room, the most recently saved first. */
export function listHosted(storage = localStore()) {
  const rooms = [];
  for (const key of keysWith(HOST, storage)) {
    const v = loadHosted(key.slice(HOST.length), storage);
    if (v) rooms.push(v);
  }
  const at = (/** @type {{saved?: number}} */ r) => (r.saved !== undefined && Number.isFinite(r.saved) ? r.saved : 0);
  return rooms.sort((a, b) => at(b) - at(a));
}

/** This browser's seat in a room: {token, name} (token null: given up) or null; a stored
 *  one the page cannot use is put aside. @param {string} id */
export function loadSeat(id, storage = localStore()) {
  if (!id) return null;
  const ok = (/** @type {unknown} */ v) => isObject(v) && (v.token === null || isText(v.token)) && isText(v.name);
  return readChecked(SEAT + id, wholeOnly(ok), () => null, storage);
}

/** @param {string} id @param {{token: string | null, name: string}} seat */
export function saveSeat(id, seat, storage = localStore()) {
  return writeJSON(SEAT + id, seat, storage) === null;
}
