// Open tables (docs/rooms.md, "Open tables"): what a host announces on the lobby
// relays so that strangers can find its room, and how a finder reads and keeps
// the announcements.  One addressable event per table (kind 30078, its `d` tag
// the table's id), replaced on each refresh, with an expiration (NIP-40) a few
// minutes ahead and a proof of work (NIP-13); the content holds the room link
// and the table's few facts, every one checked on reading against what it may
// be: no free text from strangers, names cleaned as in rooms.  A finder keeps a
// bounded number of tables and shows fewer; tables that did not answer when
// joined stay off its list for a while.

import { cleanName } from "../../lib/words/names.js";
import { LANGUAGES } from "../../lib/words/i18n.js";
import { readJSON, writeJSON } from "../../lib/base/storage.js";
import { powBits, tagValue, verifyEvent } from "./nostr.js";
/** @import {NostrEvent, Unsigned} from "./nostr.js" */

export const KIND = 30078;
/** The `t` tag of every announcement and withdrawal: what finders ask the relays for. */
export const TOPIC = "tsuro-table-1";
const D_PREFIX = "tsuro-table/1:";
/** The proof of work every announcement carries (leading zero bits of its id). */
export const POW = 16;
/** The most a relay may ask for (NIP-11 min_pow_difficulty) before it is left out. */
export const MAX_POW = 20;
/** An announcement expires this long after it is made (NIP-40) ... */
export const EXPIRES_S = 360;
/** ... and is made again this often while the table waits. */
export const REFRESH_MS = 240_000;
/** An announcement at most this long ahead, or made this long ago, is not believed. */
const MAX_AHEAD_S = 3600;
const MAX_AGE_S = 3600;
const MAX_CONTENT = 1024;
/** Tables a finder shows, keeps, and events it reads at most in one look. */
export const MAX_SHOWN = 12;
const MAX_KEPT = 64;
export const MAX_READ = 400;
/** A table that did not answer when joined is off this browser's list for this long. */
const DEAD_MS = 30 * 60_000;
const DEAD_KEY = "tsuro.room.dead-tables";
const DEAD_KEPT = 50;

const LANGS = Object.keys(LANGUAGES);
const SCORING = ["survival", "longest_path", "most_crossings"];
/** The clocks a table may have: seconds per move, or none. */
export const CLOCKS = [null, 20, 45, 120];
const FIELDS = ["v", "room", "rules", "seats", "free", "phase", "lang", "since", "players", "clock"];

/**
 * A table as a finder shows it.
 * @typedef {{key: string, id: string, pubkey: string, d: string, created: number, expires: number,
 *   link: {secret: string, host: string}, rules: {scoring: string, open_hands: boolean, elimination_bonus: boolean},
 *   seats: number, free: number, phase: "lobby" | "playing", lang: string, since: number, players: string[],
 *   clock: number | null}} Table
 */

/** The rules a room was made with, as an announcement states them. @param {any} rules */
export function rulesFacts(rules) {
  const r = rules && typeof rules === "object" ? rules : {};
  return { scoring: SCORING.includes(r.scoring) ? r.scoring : "survival", open_hands: r.open_hands === true, elimination_bonus: r.elimination_bonus === true };
}

/**
 * The unsigned announcement of a table.
 * @param {{table: string, link: {secret: string, host: string}, rules: any, seats: number, free: number,
 *   phase: "lobby" | "playing", lang: string, since: number, players: string[], clock: number | null}} t
 * @param {number} now  seconds since the epoch
 * @returns {Unsigned}
 */
export function announcement(t, now) {
  const content = {
    v: 1, room: `${t.link.secret}.${t.link.host}`, rules: rulesFacts(t.rules), seats: t.seats, free: t.free,
    phase: t.phase, lang: t.lang, since: t.since, players: t.players.map(cleanName).filter(Boolean).slice(0, 8), clock: t.clock,
  };
  return {
    kind: KIND, created_at: now, content: JSON.stringify(content),
    tags: [["d", D_PREFIX + t.table], ["t", TOPIC], ["expiration", String(now + EXPIRES_S)]],
  };
}

/** The withdrawal of a table's announcements (NIP-09): by its address and its last event. @param {string} pubkey @param {string} table @param {string | null} lastId @param {number} now @returns {Unsigned} */
export function withdrawal(pubkey, table, lastId, now) {
  const tags = [["a", `${KIND}:${pubkey}:${D_PREFIX}${table}`], ["t", TOPIC]];
  if (lastId) tags.unshift(["e", lastId]);
  return { kind: 5, created_at: now, content: "", tags };
}

/** The relays' filters for tables announced or withdrawn lately. @param {number} now @param {number} limit */
export function tableFilters(now, limit = MAX_READ / 2) {
  return [
    { kinds: [KIND], "#t": [TOPIC], since: now - MAX_AGE_S, limit },
    { kinds: [5], "#t": [TOPIC], since: now - MAX_AGE_S, limit },
  ];
}

/** @param {unknown} v @param {number} lo @param {number} hi */
const isInt = (v, lo, hi) => typeof v === "number" && Number.isSafeInteger(v) && v >= lo && v <= hi;
/** @param {unknown} v @returns {boolean} */
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const LINK = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
const TABLE_ID = /^[A-Za-z0-9_-]{16,32}$/;

/**
 * An announcement read, every field checked, or null (not one, or not believed): its
 * signature is checked apart (verifyEvent).
 * @param {any} e @param {number} now  seconds since the epoch @returns {Table | null}
 */
export function readAnnouncement(e, now) {
  if (!isObj(e) || e.kind !== KIND || !Array.isArray(e.tags) || typeof e.content !== "string") return null;
  if (e.content.length > MAX_CONTENT || tagValue(e, "t") !== TOPIC) return null;
  const d = tagValue(e, "d");
  if (!d || !d.startsWith(D_PREFIX) || !TABLE_ID.test(d.slice(D_PREFIX.length))) return null;
  const expires = Number(tagValue(e, "expiration"));
  if (!isInt(expires, now + 1, now + MAX_AHEAD_S) || !isInt(e.created_at, now - MAX_AGE_S, now + 300)) return null;
  // the proof of work: done, and committed to (NIP-13's target) at least ours
  const nonce = e.tags.find((/** @type {unknown[]} */ t) => t[0] === "nonce");
  if (!nonce || Number(nonce[2]) < POW || powBits(String(e.id)) < POW) return null;
  let c;
  try { c = JSON.parse(e.content); } catch { return null; }
  if (!isObj(c) || Object.keys(c).some((k) => !FIELDS.includes(k)) || c.v !== 1) return null;
  const link = typeof c.room === "string" ? LINK.exec(c.room) : null;
  const r = c.rules;
  if (!link || !isObj(r) || !SCORING.includes(r.scoring) || typeof r.open_hands !== "boolean" || typeof r.elimination_bonus !== "boolean") return null;
  if (!isInt(c.seats, 2, 8) || !isInt(c.free, 1, c.seats) || !["lobby", "playing"].includes(c.phase) || !LANGS.includes(c.lang)) return null;
  if (!isInt(c.since, e.created_at - 86400, e.created_at) || !CLOCKS.includes(c.clock)) return null;
  if (!Array.isArray(c.players) || c.players.length > 8 || !c.players.every((/** @type {unknown} */ p) => typeof p === "string" && p.length <= 200)) return null;
  return {
    key: `${e.pubkey}:${d}`, id: e.id, pubkey: e.pubkey, d, created: e.created_at, expires,
    link: { secret: link[1], host: link[2] },
    rules: { scoring: r.scoring, open_hands: r.open_hands, elimination_bonus: r.elimination_bonus },
    seats: c.seats, free: c.free, phase: c.phase, lang: c.lang, since: c.since,
    players: c.players.map(cleanName).filter(Boolean), clock: c.clock,
  };
}

/** Tables off this browser's list (they did not answer when joined): key -> until (ms). @param {Storage | null} [storage] */
function deadTables(storage) {
  const v = readJSON(DEAD_KEY, {}, storage);
  return isObj(v) ? v : {};
}

/** A table did not answer: off the list for a while. @param {string} key @param {Storage | null} [storage] */
export function markDead(key, storage = undefined, now = Date.now()) {
  const dead = Object.entries(deadTables(storage)).filter(([, until]) => Number(until) > now);
  dead.push([key, now + DEAD_MS]);
  writeJSON(DEAD_KEY, Object.fromEntries(dead.slice(-DEAD_KEPT)), storage);
}

/**
 * What a finder has heard of: the latest announcement of each table, withdrawn ones
 * forgotten, at most MAX_KEPT kept and MAX_READ events read; `shown()` the tables to list.
 */
export class TableList {
  constructor(now = () => Math.floor(Date.now() / 1000)) {
    this.now = now;
    /** @type {Map<string, Table>} */
    this.tables = new Map();
    /** addresses withdrawn, and ids */
    this.gone = new Set();
    this.read = 0;
    this.refused = 0;
  }

  /** An event from a relay: kept if it is a believable announcement (true if the list changed). @param {any} e */
  async add(e) {
    if (this.read >= MAX_READ) return false;
    this.read++;
    if (isObj(e) && e.kind === 5) return this._withdrawn(e);
    const table = readAnnouncement(e, this.now());
    if (!table || this.gone.has(table.key) || this.gone.has(table.id) || !(await verifyEvent(e))) { this.refused++; return false; }
    const had = this.tables.get(table.key);
    if (had && had.created >= table.created) return false;
    this.tables.set(table.key, table);
    if (this.tables.size > MAX_KEPT) {
      // the oldest announcement goes
      const oldest = [...this.tables.values()].sort((a, b) => a.created - b.created)[0];
      this.tables.delete(oldest.key);
    }
    return true;
  }

  /** A withdrawal (NIP-09): the tables it names, if their keys signed it, are gone. @param {NostrEvent} e */
  async _withdrawn(e) {
    if (!(await verifyEvent(e))) { this.refused++; return false; }
    let changed = false;
    for (const [name, value] of e.tags) {
      const key = name === "a" && typeof value === "string" && value.startsWith(`${KIND}:${e.pubkey}:`) ? `${e.pubkey}:${value.slice(`${KIND}:${e.pubkey}:`.length)}` : null;
      const table = key ? this.tables.get(key) : [...this.tables.values()].find((t) => name === "e" && t.id === value && t.pubkey === e.pubkey);
      if (key) this.gone.add(key);
      if (table && table.created <= e.created_at) { this.tables.delete(table.key); changed = true; }
    }
    return changed;
  }

  /** The tables to list now: not expired, not dead here, the most recently made first, at most MAX_SHOWN. @param {Storage | null} [storage] */
  shown(storage = undefined) {
    const now = this.now();
    const dead = deadTables(storage);
    return [...this.tables.values()]
      .filter((t) => t.expires > now && !(Number(dead[t.key]) > Date.now()))
      .sort((a, b) => b.created - a.created)
      .slice(0, MAX_SHOWN);
  }
}
