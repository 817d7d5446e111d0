// What this browser keeps of its rooms (localStorage, one entry per room so a
// damaged one spoils one room only):
//   tsuro.room.host.<id>  a room this browser hosts: its link, the host's
//                         private key, the seats (with their tokens) and the
//                         game's save, so a reload resumes the room
//   tsuro.room.seat.<id>  this browser's seat in another's room: its token and
//                         the name it gave, so a reload takes the seat back

import { localStore, readJSON, writeJSON, keysWith, remove } from "../../lib/shell/storage.js";

const HOST = "tsuro.room.host.";
const SEAT = "tsuro.room.seat.";
export const HOST_FORMAT = "tsuro-room-host/1";

/** A room this browser hosts, or null. @param {string} id */
export function loadHosted(id, storage = localStore()) {
  const v = readJSON(HOST + id, null, storage);
  return v && v.format === HOST_FORMAT && v.id === id ? v : null;
}

/** Keep a hosted room; false if the browser refuses. @param {any} room */
export function saveHosted(room, storage = localStore()) {
  return writeJSON(HOST + room.id, { ...room, format: HOST_FORMAT, saved: Date.now() }, storage) === null;
}

/** Forget a hosted room. @param {string} id */
export function forgetHosted(id, storage = localStore()) {
  remove(HOST + id, storage);
}

/** Every hosted room, the most recently saved first. */
export function listHosted(storage = localStore()) {
  const rooms = [];
  for (const key of keysWith(HOST, storage)) {
    const v = readJSON(key, null, storage);
    if (v && v.format === HOST_FORMAT && typeof v.id === "string") rooms.push(v);
  }
  return rooms.sort((a, b) => b.saved - a.saved);
}

/** This browser's seat in a room: {token, name} or null. @param {string} id */
export function loadSeat(id, storage = localStore()) {
  const v = readJSON(SEAT + id, null, storage);
  return v && typeof v.token === "string" ? v : null;
}

/** @param {string} id @param {{token: string | null, name: string}} seat */
export function saveSeat(id, seat, storage = localStore()) {
  return writeJSON(SEAT + id, seat, storage) === null;
}
