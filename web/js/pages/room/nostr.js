// The little of Nostr that open tables need (docs/rooms.md, "Open tables"): events
// signed with a key of the table's own (NIP-01, BIP-340 Schnorr signatures from the
// vendored @noble/secp256k1, which Trystero already brings), a proof of work on
// them (NIP-13: leading zero bits of the event id, the `nonce` tag), a relay's
// information document (NIP-11) and a connection to a relay that publishes events
// and holds subscriptions.  Nothing here publishes by itself: the announcer decides
// when (announcer.js), and never in a loop.

import { schnorr } from "./vendor/secp256k1.js";
import { sha256 } from "./sha256.js";

const enc = new TextEncoder();

/** Bytes as lowercase hex. @param {Uint8Array} bytes */
export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** Hex as bytes (null if it is not hex of an even length). @param {string} hex */
export function fromHex(hex) {
  if (typeof hex !== "string" || !/^([0-9a-f]{2})*$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) || [], (h) => parseInt(h, 16));
}

/**
 * An event as Nostr has it.
 * @typedef {{id: string, pubkey: string, created_at: number, kind: number, tags: string[][], content: string, sig: string}} NostrEvent
 * @typedef {Omit<NostrEvent, "id" | "sig" | "pubkey">} Unsigned
 */

/** A new key: its secret (hex, kept by the host) and public key (hex, x-only). */
export function newKey() {
  const { secretKey, publicKey } = schnorr.keygen();
  return { secret: toHex(secretKey), pubkey: toHex(publicKey) };
}

/** The public key of a secret (hex). @param {string} secret */
export function publicKeyOf(secret) {
  return toHex(schnorr.getPublicKey(/** @type {Uint8Array} */ (fromHex(secret))));
}

/** An event's id: SHA-256 of its NIP-01 serialization. @param {string} pubkey @param {Unsigned} e */
export function eventId(pubkey, e) {
  return toHex(sha256(enc.encode(JSON.stringify([0, pubkey, e.created_at, e.kind, e.tags, e.content]))));
}

/** The leading zero bits of an id (hex): its proof of work (NIP-13). @param {string} id */
export function powBits(id) {
  let bits = 0;
  for (const ch of id) {
    const nibble = parseInt(ch, 16);
    if (nibble === 0) { bits += 4; continue; }
    return bits + Math.clz32(nibble) - 28;
  }
  return bits;
}

/**
 * Find a nonce that gives the event `bits` leading zero bits (NIP-13: a tag
 * ["nonce", n, bits] last among its tags), a slice of tries at a time so that the page
 * stays responsive.  Resolves to the event's tags with the nonce and its id.
 * @param {string} pubkey @param {Unsigned} e @param {number} bits
 * @param {{slice?: number, yieldTo?: () => Promise<void>}} [o]
 */
export async function mine(pubkey, e, bits, { slice = 4000, yieldTo = () => new Promise((r) => setTimeout(r, 0)) } = {}) {
  for (let nonce = 0; ; nonce++) {
    const tags = [...e.tags, ["nonce", String(nonce), String(bits)]];
    const id = eventId(pubkey, { ...e, tags });
    if (powBits(id) >= bits) return { tags, id };
    if (nonce % slice === slice - 1) await yieldTo();
  }
}

/**
 * An event signed with `secret`, with a proof of work of `bits`.
 * @param {string} secret @param {Unsigned} e @param {number} bits @returns {Promise<NostrEvent>}
 */
export async function signEvent(secret, e, bits) {
  const pubkey = publicKeyOf(secret);
  const { tags, id } = bits > 0 ? await mine(pubkey, e, bits) : { tags: e.tags, id: eventId(pubkey, e) };
  const sig = toHex(await schnorr.signAsync(/** @type {Uint8Array} */ (fromHex(id)), /** @type {Uint8Array} */ (fromHex(secret))));
  return { id, pubkey, created_at: e.created_at, kind: e.kind, tags, content: e.content, sig };
}

/** Whether an event is well formed, its id its content's and its signature its key's. @param {any} e */
export async function verifyEvent(e) {
  if (!e || typeof e !== "object" || typeof e.content !== "string" || !Number.isSafeInteger(e.created_at) ||
      !Number.isSafeInteger(e.kind) || !Array.isArray(e.tags) ||
      !e.tags.every((/** @type {unknown} */ t) => Array.isArray(t) && t.every((x) => typeof x === "string"))) return false;
  const pub = fromHex(e.pubkey);
  const sig = fromHex(e.sig);
  if (!pub || pub.length !== 32 || !sig || sig.length !== 64 || typeof e.id !== "string") return false;
  if (eventId(e.pubkey, e) !== e.id) return false;
  try {
    return await schnorr.verifyAsync(sig, /** @type {Uint8Array} */ (fromHex(e.id)), pub);
  } catch {
    return false;
  }
}

/** The first value of a tag (null if none). @param {NostrEvent} e @param {string} name */
export function tagValue(e, name) {
  const tag = e.tags.find((t) => t[0] === name);
  return tag && tag.length > 1 ? tag[1] : null;
}

// ---------------------------------------------------------------- relays

/**
 * What a relay says of its limits (NIP-11), as open tables need them; unreadable or
 * absent: no limits known.  `writable` is false for a relay that wants payment or
 * authentication, or restricts who writes.
 * @typedef {{maxMessage: number, maxSubscriptions: number, minPow: number, maxLimit: number,
 *   writable: boolean, expiration: boolean}} RelayLimits
 */

/** A relay's information document's limits (NIP-11). @param {any} doc @returns {RelayLimits} */
export function limitsOf(doc) {
  const l = doc && typeof doc === "object" && doc.limitation && typeof doc.limitation === "object" ? doc.limitation : {};
  const num = (/** @type {unknown} */ v, /** @type {number} */ fallback) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : fallback);
  const nips = Array.isArray(doc?.supported_nips) ? doc.supported_nips : [];
  return {
    maxMessage: num(l.max_message_length, Infinity),
    maxSubscriptions: num(l.max_subscriptions, Infinity),
    minPow: num(l.min_pow_difficulty, 0),
    maxLimit: num(l.max_limit, Infinity),
    writable: !(l.auth_required === true || l.payment_required === true || l.restricted_writes === true),
    expiration: nips.includes(40),
  };
}

/** Read a relay's NIP-11 document (its WebSocket address over http(s)), within `ms`. @param {string} url */
export async function relayLimits(url, ms = 4000) {
  const http = url.replace(/^ws/, "http");
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  try {
    const resp = await fetch(http, { headers: { Accept: "application/nostr+json" }, signal: stop.signal, cache: "no-store" });
    if (!resp.ok) return limitsOf(null);
    const text = await resp.text();
    return limitsOf(text.length <= 65536 ? JSON.parse(text) : null);
  } catch {
    return limitsOf(null);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One relay, over one WebSocket: publish events (each resolves to the relay's OK) and
 * hold subscriptions (REQ; each event and end of stored events to its callbacks).  It
 * does not reconnect by itself: whoever uses it decides when to try again.
 */
export class Relay {
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {Map<string, (ok: {ok: boolean, message: string}) => void>} event id -> its OK */
    this.waiting = new Map();
    /** @type {Map<string, {onEvent: (e: any) => void, onEose: () => void}>} */
    this.subs = new Map();
    /** events this page sent the relay (the bench counts them) */
    this.sent = 0;
    /** @type {Promise<boolean> | null} */
    this.opening = null;
  }

  /** Connected (true) or not (false: refused, closed, or not within `ms`). */
  open(ms = 5000) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return Promise.resolve(true);
    if (this.opening) return this.opening;
    this.opening = new Promise((resolve) => {
      let ws;
      try { ws = new WebSocket(this.url); } catch { resolve(false); return; }
      this.ws = ws;
      const timer = setTimeout(() => { resolve(false); ws.close(); }, ms);
      ws.onopen = () => { clearTimeout(timer); resolve(true); };
      ws.onerror = () => { clearTimeout(timer); resolve(false); };
      ws.onclose = () => {
        clearTimeout(timer);
        resolve(false);
        this.ws = null;
        this.opening = null;
        for (const done of this.waiting.values()) done({ ok: false, message: "closed" });
        this.waiting.clear();
      };
      ws.onmessage = (m) => this._receive(m.data);
    });
    return this.opening;
  }

  /** @param {unknown} data */
  _receive(data) {
    if (typeof data !== "string" || data.length > 262144) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!Array.isArray(msg)) return;
    const [type, a, b, c] = msg;
    if (type === "OK" && this.waiting.has(a)) {
      const done = this.waiting.get(a);
      this.waiting.delete(a);
      done?.({ ok: b === true, message: typeof c === "string" ? c.slice(0, 200) : "" });
    } else if (type === "EVENT" && this.subs.has(a)) this.subs.get(a)?.onEvent(b);
    else if (type === "EOSE" && this.subs.has(a)) this.subs.get(a)?.onEose();
    else if (type === "CLOSED" && this.subs.has(a)) this.subs.get(a)?.onEose();
  }

  /** Publish an event: the relay's answer (ok false if it refused or did not answer within `ms`). @param {NostrEvent} e */
  async publish(e, ms = 8000) {
    if (!(await this.open())) return { ok: false, message: "no connection" };
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.waiting.delete(e.id); resolve({ ok: false, message: "no answer" }); }, ms);
      this.waiting.set(e.id, (r) => { clearTimeout(timer); resolve(r); });
      this.sent++;
      this.ws?.send(JSON.stringify(["EVENT", e]));
    });
  }

  /**
   * Subscribe: `onEvent` for each event matching `filters`, `onEose` once the stored ones
   * are sent.  Returns the subscription's id (close it with `unsubscribe`).
   * @param {object[]} filters @param {(e: any) => void} onEvent @param {() => void} [onEose]
   */
  async subscribe(filters, onEvent, onEose = () => {}) {
    const id = `t${Math.random().toString(36).slice(2, 10)}`;
    if (!(await this.open())) { onEose(); return id; }
    this.subs.set(id, { onEvent, onEose });
    this.ws?.send(JSON.stringify(["REQ", id, ...filters]));
    return id;
  }

  /** @param {string} id */
  unsubscribe(id) {
    if (!this.subs.delete(id)) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(["CLOSE", id]));
  }

  close() {
    this.subs.clear();
    this.ws?.close();
    this.ws = null;
  }
}
