// The room protocol's messages (docs/rooms.md, "The wire protocol"): one JSON
// object per message, {"v": 2, "type": ..., ...}, over any transport.  This
// module checks their shapes only (types, sizes, ranges); whether a move is
// legal is the host's engine's to say.  A message that fails a check is
// refused with an error to its sender, never thrown.

import { cleanName } from "../../lib/words/names.js";
/** @import {GameRecord, LegalMoves, Move, PathStep, Rules, SeatView, SeenEvent, SeenMove} from "../../lib/types.js" */

export const VERSION = 2;
/** The largest message a guest may send, and the largest a guest accepts from the host (bytes of text). */
export const MAX_FROM_GUEST = 4096;
export const MAX_FROM_HOST = 262144;
export const MAX_SEATS = 8;

/** Why the host refused a message: the codes of `error` (words: room.error.<code>). */
export const ERRORS = [
  "bad_message", "too_large", "rate_limited", "bad_version", "wrong_phase", "seat_taken",
  "bad_seat", "bad_token", "not_seated", "not_your_turn", "forged_seat", "stale_move", "illegal_move",
  "replaced", "engine", "removed",
];

/** The reactions a player may send (words: room.react.<id>); no other text passes between devices. */
export const REACTIONS = ["clap", "wow", "phew", "gg", "nice", "oops", "thanks"];

/** A field's check. @typedef {(v: unknown) => boolean} Check */
/** @param {unknown} v @returns {boolean} */
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** @param {unknown} v @param {number} lo @param {number} hi */
const isInt = (v, lo, hi) => typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;
/** @param {unknown} v @param {number} max @returns {v is string} */
const isText = (v, max) => typeof v === "string" && v.length <= max;
/** @type {Check} */
const isId = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(v);
/** @type {Check} */
const isReaction = (v) => typeof v === "string" && REACTIONS.includes(v);

export { cleanName };

/**
 * A guest's messages, as readFromGuest passes them (checked against FROM_GUEST).
 * @typedef {{type: "hello", nonce: string, token?: string}} Hello
 * @typedef {{type: "sit", seat: number, name: string}} Sit
 * @typedef {{type: "move", n: number, move: Move, seat?: number}} MoveMessage
 * @typedef {{type: "react", r: string}} React
 * @typedef {Hello | Sit | {type: "stand"} | MoveMessage | React | {type: "back"}} GuestMessage
 */

/** The shape of each message a guest sends: fields and their checks. @type {Record<string, Record<string, Check>>} */
const FROM_GUEST = {
  hello: { nonce: isId, token: (v) => v === undefined || isId(v) },
  sit: { seat: (v) => isInt(v, 0, MAX_SEATS - 1), name: (v) => isText(v, 200) && cleanName(v).length > 0 },
  stand: {},
  // a move the clock played is the host's to mark: a guest's move never carries `clock`
  move: { n: (v) => isInt(v, 0, 10000), move: (v) => isObj(v) && !Object.hasOwn(/** @type {object} */ (v), "clock"), seat: (v) => v === undefined || isInt(v, 0, MAX_SEATS - 1) },
  react: { r: isReaction },
  back: {},
};

/**
 * A guest's message read and checked, or {error: code}.
 * @param {unknown} text
 * @returns {{msg: GuestMessage} | {error: string}}
 */
export function readFromGuest(text) {
  if (typeof text !== "string") return { error: "bad_message" };
  if (text.length > MAX_FROM_GUEST) return { error: "too_large" };
  let msg;
  try { msg = JSON.parse(text); } catch { return { error: "bad_message" }; }
  if (!isObj(msg)) return { error: "bad_message" };
  if (msg.v !== VERSION) return { error: "bad_version" };
  const shape = Object.hasOwn(FROM_GUEST, msg.type) ? FROM_GUEST[msg.type] : null;
  if (!shape) return { error: "bad_message" };
  for (const key of Object.keys(msg)) if (key !== "v" && key !== "type" && !Object.hasOwn(shape, key)) return { error: "bad_message" };
  for (const [key, ok] of Object.entries(shape)) if (!ok(msg[key])) return { error: "bad_message" };
  return { msg };
}

/**
 * The host's messages (referee.js sends them), as a guest reads them: readFromHost checks
 * the fields marked by FROM_HOST; the rest is the host's to get right, and a page reads
 * it with care (a missing series is no series).
 * @typedef {{type: "welcome", nonce: string, key: string, sig: string}} Welcome
 * @typedef {{kind: "person" | "computer", level: string, name: string, color: string, taken: boolean,
 *   online: boolean, silent: boolean, away: boolean}} SeatInfo  a seat as every device is told it
 * @typedef {{games: number, wins: {name: string, color: string, wins: number}[]}} SeriesInfo
 * @typedef {{phase: "lobby" | "playing" | "over", rules: Rules, seats: SeatInfo[], clock: number,
 *   spectators: number, series: SeriesInfo}} RoomInfo  the room as every device is told it
 * @typedef {RoomInfo & {type: "room", you: {seat: number | null}}} RoomMessage  and which seat is this device's
 * @typedef {{type: "state", n: number, position: SeatView, legal: LegalMoves | null, over: boolean,
 *   trails?: PathStep[][], log?: SeenEvent[][]}} StateBase
 *   the game after `n` moves as one seat sees it, with that seat's legal moves if it is to move
 * @typedef {StateBase & {events: SeenEvent[], move: SeenMove}} MoveState  a state that follows a move
 * @typedef {StateBase & {events: null, move: null, trails: PathStep[][], log: SeenEvent[][]}} WholeState
 *   a state that follows no move (a start, a peer that just came): the trails and the log so far
 * @typedef {MoveState | WholeState} StateMessage
 * @typedef {{type: "seated", seat: number, token: string}} Seated
 * @typedef {{type: "removed", seat: number, sig: string}} Removed
 * @typedef {{type: "reaction", seat: number, r: string}} Reaction
 * @typedef {{type: "over", record: GameRecord}} Over
 * @typedef {{type: "clock", seat: number | null, left: number | null}} ClockMessage
 * @typedef {{type: "error", code: string, detail?: unknown}} ErrorMessage
 * @typedef {Welcome | RoomMessage | StateMessage | Seated | Removed | Reaction | Over | ClockMessage | ErrorMessage} HostMessage
 */

/** The host's messages a guest understands, with the fields it relies on. @type {Record<string, Record<string, Check>>} */
const FROM_HOST = {
  welcome: { nonce: isId, key: (v) => isText(v, 200), sig: (v) => isText(v, 200) },
  room: { phase: (v) => typeof v === "string" && ["lobby", "playing", "over"].includes(v), seats: Array.isArray, you: isObj },
  seated: { seat: (v) => isInt(v, 0, MAX_SEATS - 1), token: isId },
  removed: { seat: (v) => isInt(v, 0, MAX_SEATS - 1), sig: (v) => isText(v, 200) },
  reaction: { seat: (v) => isInt(v, 0, MAX_SEATS - 1), r: isReaction },
  state: { n: (v) => isInt(v, 0, 10000), position: isObj },
  over: { record: isObj },
  clock: { seat: (v) => v === null || isInt(v, 0, MAX_SEATS - 1), left: (v) => v === null || isInt(v, 0, 3_600_000) },
  error: { code: (v) => isText(v, 40) },
};

/**
 * A host's message read, or null (not one of the protocol's: ignored).
 * @param {unknown} text @returns {HostMessage | null}
 */
export function readFromHost(text) {
  if (typeof text !== "string" || text.length > MAX_FROM_HOST) return null;
  let msg;
  try { msg = JSON.parse(text); } catch { return null; }
  if (!isObj(msg) || msg.v !== VERSION || !Object.hasOwn(FROM_HOST, msg.type)) return null;
  for (const [key, ok] of Object.entries(FROM_HOST[msg.type])) if (!ok(msg[key])) return null;
  return msg;
}

/** A message as text. @param {string} type @param {object} [fields] */
export function encode(type, fields = {}) {
  return JSON.stringify({ v: VERSION, type, ...fields });
}

/**
 * A token bucket: `rate` messages a second on average, bursts of `burst`.
 * `take()` is false once the peer sends faster (the message is dropped).
 */
export class RateLimit {
  constructor(rate = 8, burst = 24, now = () => performance.now()) {
    this.rate = rate;
    this.burst = burst;
    this.now = now;
    this.tokens = burst;
    this.at = now();
    this.dropped = 0;
  }

  /** The tokens the bucket holds now (refilled since the last message, at most `burst`). */
  available(t = this.now()) {
    return Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.rate);
  }

  take() {
    const t = this.now();
    this.tokens = this.available(t);
    this.at = t;
    if (this.tokens < 1) { this.dropped++; return false; }
    this.tokens -= 1;
    return true;
  }
}
