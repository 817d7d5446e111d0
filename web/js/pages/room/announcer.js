// The host's announcements of an open table (docs/rooms.md, "Open tables"): one
// replaceable event per table on the lobby relays, made when the table opens,
// again when what it says changes (a seat taken or freed) but never sooner than
// MIN_GAP_MS after the last, refreshed every REFRESH_MS while the table waits
// (each expires EXPIRES_S after it is made), and withdrawn once (NIP-09) when
// the table fills, starts with no seat free, or is closed; a withdrawal that
// fails is left to expire.  Each relay's NIP-11 limits are read first: a relay
// that wants payment or authentication, more work than MAX_POW or shorter
// messages is left out; a relay that refuses (rate-limited, say) is left alone
// for twice as long each time.  Nothing is sent in a loop: every send comes
// from update() (a change) or the one refresh timer.

import { Relay, relayLimits, signEvent } from "./nostr.js";
import { announcement, withdrawal, POW, MAX_POW, REFRESH_MS } from "./tables.js";
/** @import {RelayLimits, NostrEvent} from "./nostr.js" */

/** The least time between two announcements of a table. */
export const MIN_GAP_MS = 30_000;
const BACKOFF_MS = 60_000;

/**
 * What the table says now, or null: it is not to be listed (closed, full, over).
 * @typedef {{table: string, link: {secret: string, host: string}, rules: any, seats: number, free: number,
 *   phase: "lobby" | "playing", lang: string, since: number, players: string[], clock: number | null}} TableFacts
 */

/** A lobby relay as the announcer uses it: its limits once read, and till when it is left alone.
 *  @typedef {{relay: Relay, limits: RelayLimits | null, quietUntil: number}} UsedRelay */

/** What an announcement says, but how long the table has waited: a change of it is announced. @param {TableFacts} facts */
function contentOf(facts) {
  return JSON.stringify({ ...facts, since: 0 });
}

export class Announcer {
  /**
   * @param {object} o
   * @param {string[]} o.relays  the lobby relays
   * @param {string} o.secret  the table's Nostr key (hex), kept with the hosted room
   * @param {() => TableFacts | null} o.facts
   * @param {() => number} [o.now]  ms since the epoch
   */
  constructor({ relays, secret, facts, now = () => Date.now() }) {
    this.secret = secret;
    this.facts = facts;
    this.now = now;
    /** @type {UsedRelay[]} */
    this.relays = relays.map((url) => ({ relay: new Relay(url), limits: null, quietUntil: 0 }));
    /** the content last announced (null: not listed now) and when, and the event's id */
    this.said = /** @type {string | null} */ (null);
    this.saidAt = -Infinity;
    this.lastId = /** @type {string | null} */ (null);
    this.table = "";
    this.pubkey = "";
    this.timer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
    this.busy = false;
    this.again = false;
    this.stopped = false;
    /** what was sent and answered (tests, the bench) */
    this.log = /** @type {{at: number, kind: number, relay: string, ok: boolean, message: string}[]} */ ([]);
  }

  /** Events sent to the relays so far. */
  get sent() { return this.relays.reduce((n, r) => n + r.relay.sent, 0); }

  /** Something the table says may have changed: announce, withdraw or wait (never more often than MIN_GAP_MS). */
  update() {
    if (this.stopped) return;
    if (this.busy) { this.again = true; return; }
    const facts = this.facts();
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!facts) {
      if (this.said !== null) this._run(() => this._withdraw());
      return;
    }
    const due = contentOf(facts) !== this.said ? this.saidAt + MIN_GAP_MS : this.saidAt + REFRESH_MS;
    this.timer = setTimeout(() => this._run(() => this._announce()), Math.max(0, due - this.now()));
  }

  /** One send at a time; a change during it is looked at once it is done. @param {() => Promise<void>} job */
  async _run(job) {
    this.busy = true;
    try {
      await job();
    } catch (e) {
      console.warn("room: an announcement failed", e);
    } finally {
      this.busy = false;
      if (this.again) { this.again = false; this.update(); }
    }
  }

  /** The relays to send to now, their limits read once (NIP-11). @param {number} size  the message's length */
  async _usable(size) {
    await Promise.all(this.relays.map(async (r) => { r.limits ??= await relayLimits(r.relay.url); }));
    const now = this.now();
    return this.relays.filter((r) => r.limits && r.limits.writable && r.limits.minPow <= MAX_POW &&
      r.limits.maxMessage >= size && r.quietUntil <= now);
  }

  /** Announce what the table says now (or, if it is no longer to be listed, leave it to update()). */
  async _announce() {
    const facts = this.facts();
    if (!facts || this.stopped) { this.again = true; return; }
    const unsigned = announcement(facts, Math.floor(this.now() / 1000));
    const relays = await this._usable(unsigned.content.length + 600);
    if (!relays.length) return;
    const bits = Math.max(POW, ...relays.map((r) => r.limits?.minPow ?? 0));
    const event = await signEvent(this.secret, unsigned, bits);
    this.pubkey = event.pubkey;
    await this._send(relays, event);
    this.said = contentOf(facts);
    this.table = facts.table;
    this.saidAt = this.now();
    this.lastId = event.id;
    this.again = true;   // then update(): the refresh, REFRESH_MS from now
  }

  async _withdraw() {
    const was = this.said;
    this.said = null;
    if (was === null || !this.pubkey) return;
    const unsigned = withdrawal(this.pubkey, this.table, this.lastId, Math.floor(this.now() / 1000));
    const relays = await this._usable(800);
    await this._send(relays, await signEvent(this.secret, unsigned, 0));
  }

  /** Send an event to each relay; one that refuses is left alone for a while, longer each time. @param {UsedRelay[]} relays @param {NostrEvent} event */
  async _send(relays, event) {
    await Promise.all(relays.map(async (r) => {
      const answer = await r.relay.publish(event);
      this.log.push({ at: this.now(), kind: event.kind, relay: r.relay.url, ok: answer.ok, message: answer.message });
      if (!answer.ok) r.quietUntil = this.now() + BACKOFF_MS * 2 ** Math.min(5, this.log.filter((l) => l.relay === r.relay.url && !l.ok).length - 1);
    }));
  }

  /** The table is no longer to be listed (the page closes, the host closes it): withdrawn once, then silent. */
  async stop() {
    clearTimeout(this.timer);
    if (!this.stopped && this.said !== null) await this._withdraw();
    this.stopped = true;
    for (const r of this.relays) r.relay.close();
  }
}
