// A player's side of the room protocol (docs/rooms.md), the same for a guest
// and for the host's own player (who talks to the referee through a loopback
// transport): it greets every peer it meets with a fresh nonce, takes as the
// host only the peer whose welcome the link's host key signed for that nonce
// and that very connection, and from then on hears only that peer.  It keeps
// the room and the latest game state and tells the page (callbacks); moves go
// to the host, which answers with the next state or an error.  Its seat token
// it gives up only when the host's signature says so (`removed`).

import { readFromHost, encode, MAX_FROM_HOST, MAX_FROM_GUEST } from "./protocol.js";
import { randomText, verifyWelcome, verifyRelease } from "./secret.js";
/** @import {Transport} from "./transport.js" */
/** @import {RoomKey} from "./secret.js" */
/** @import {GameRecord, Move} from "../../lib/types.js" */
/** @import {HostMessage, RoomMessage, StateMessage, Removed} from "./protocol.js" */

/**
 * @typedef {object} ClientEvents
 * @property {(room: RoomMessage) => void} room       the room changed (seats, presence, phase; `you`)
 * @property {(state: StateMessage) => void} state     a game state (after the start, a move, a reconnection)
 * @property {(record: GameRecord) => void} over     the game is over: its whole record
 * @property {(seat: number, token: string) => void} seated  this browser took a seat
 * @property {(code: string, detail?: string) => void} error  the host refused something
 * @property {(connected: boolean) => void} host  the host is connected (true) or gone (false)
 * @property {(seat: number) => void} removed  the host took this browser's seat back (its signature checked)
 * @property {(seat: number, reaction: string) => void} reaction  a player's reaction
 * @property {(seat: number | null, leftMs: number | null) => void} [clock]  the turn clock: the seat
 *           whose turn is timed and the time it has left (null: none is)
 */

const KEEP = 4000;              // received messages kept for inspection (window.tsuroRoom.received)
const GREET_AGAIN_MS = 4000;
const NONCES = 3;              // greetings a peer may answer (the latest ones)
const HEARD = 50;              // other peers' messages kept for inspection (window.tsuroRoom.heard)

export class RoomClient {
  /**
   * @param {object} o
   * @param {Transport} o.transport
   * @param {RoomKey} o.link     the room link's secret and host fingerprint
   * @param {string} o.roomId    derived from the secret
   * @param {() => (string | null)} o.token  this browser's seat token, if it has one
   * @param {ClientEvents} o.on
   */
  constructor({ transport, link, roomId, token, on }) {
    this.transport = transport;
    this.link = link;
    this.roomId = roomId;
    this.token = token;
    this.on = on;
    /** @type {string | null} the host's peer id, once it proved itself */
    this.hostPeer = null;
    /** @type {string | null} the host's public key (raw, base64url), from its welcome */
    this.hostKey = null;
    /** @type {Map<string, string[]>} peer -> the nonces it was greeted with, the latest last */
    this.nonces = new Map();
    /** @type {{peer: string, text: string}[]} the last messages of peers that are not the host (never acted on: tests and debugging) */
    this.heard = [];
    /** @type {string[]} every message received from the host, as text (for tests and debugging) */
    this.received = [];
    /** @type {{n: number, at: number, bytes: number}[]} when each state arrived (ms since the epoch, this machine's clock) and its size: the bench */
    this.arrivals = [];
    /** @type {{n: number, at: number}[]} when this page sent each of its moves (same clock): the bench's round trip */
    this.moved = [];
    /** @type {RoomMessage | null} */
    this.room = null;
    /** @type {StateMessage | null} */
    this.state = null;
    this.work = Promise.resolve();
    /** @type {number | null} when (performance.now()) the host was found, and when this page first had a seat: the bench */
    this.connectedAt = null;
    /** @type {number | null} */
    this.seatedAt = null;
    transport.on = {
      open: (peer) => this._greet(peer),
      // one at a time, in order: a welcome is checked (asynchronously) before what follows it
      message: (peer, text) => {
        this.work = this.work.then(() => this._receive(peer, text)).catch((e) => console.error("room: a message failed", e));
      },
      close: (peer) => {
        this.nonces.delete(peer);
        if (peer === this.hostPeer) { this.hostPeer = null; this.on.host(false); }
      },
    };
    // the host's messages may be long (a state with the log, the record); anyone else's
    // (another guest: never listened to) no longer than a guest's to the host
    transport.maxBytes = (peer) => (peer === this.hostPeer ? MAX_FROM_HOST : MAX_FROM_GUEST);
  }

  /** Greet a peer with a fresh nonce; again after a while if no welcome came (a greeting can be lost while a peer starts).
   *  @param {string} peer @param {number} [tries] */
  _greet(peer, tries = 3) {
    const nonce = randomText(16);
    this.nonces.set(peer, [...(this.nonces.get(peer) || []), nonce].slice(-NONCES));
    const token = this.token();
    this.transport.send(peer, encode("hello", token ? { nonce, token } : { nonce }));
    if (tries > 1) {
      setTimeout(() => { if (this.hostPeer === null && this.nonces.has(peer)) this._greet(peer, tries - 1); }, GREET_AGAIN_MS);
    }
  }

  /** @param {string} peer @param {string} text */
  async _receive(peer, text) {
    if (this.hostPeer !== peer) {
      // another guest is never listened to; until the host is found, a peer's welcome is checked
      if (this.heard.push({ peer, text: String(text).slice(0, 2000) }) > HEARD) this.heard.shift();
      if (this.hostPeer === null) await this._welcome(peer, readFromHost(text));
      return;
    }
    const msg = readFromHost(text);
    if (!msg) return;
    this.received.push(text);
    if (this.received.length > KEEP) this.received.shift();
    if (msg.type === "state") this.arrivals.push({ n: msg.n, at: performance.timeOrigin + performance.now(), bytes: text.length });
    switch (msg.type) {
      case "room":
        this.room = msg;
        if (this.seatedAt === null && Number.isInteger(msg.you.seat)) this.seatedAt = performance.now();
        this.on.room(msg);
        break;
      case "state": this.state = msg; this.on.state(msg); break;
      case "over": this.on.over(msg.record); break;
      case "seated": this.on.seated(msg.seat, msg.token); break;
      case "removed": await this._removed(msg); break;
      case "reaction": this.on.reaction(msg.seat, msg.r); break;
      case "clock": this.on.clock?.(msg.seat, msg.left); break;
      case "error": this.on.error(msg.code, typeof msg.detail === "string" ? msg.detail : undefined); break;
    }
  }

  /**
   * A peer's welcome: that peer is the host if the link's host key signed one of the nonces
   * this page greeted it with, together with both ends of this very connection (a welcome
   * the host signed for another peer's connection fails here).
   * @param {string} peer @param {HostMessage | null} msg
   */
  async _welcome(peer, msg) {
    if (!msg || msg.type !== "welcome" || !(this.nonces.get(peer) || []).includes(msg.nonce)) return;
    const ends = this.transport.binding(peer);
    if (!ends || !(await verifyWelcome(msg, this.link, this.roomId, msg.nonce, { guest: ends.local, host: ends.remote }))) return;
    if (this.hostPeer !== null) return;   // another peer proved itself meanwhile
    this.hostPeer = peer;
    this.hostKey = msg.key;
    this.connectedAt = performance.now();
    this.on.host(true);
  }

  /** The host took a seat back: believed for this browser's own token, under the host's signature. @param {Removed} msg */
  async _removed(msg) {
    const token = this.token();
    if (token && this.hostKey && (await verifyRelease(this.hostKey, msg.sig, this.roomId, token))) this.on.removed(msg.seat);
  }

  /** Whether the host is connected and proved itself. */
  get connected() { return this.hostPeer !== null; }

  /** This browser's seat (null: watching, or not told yet). */
  get seat() { return this.room && Number.isInteger(this.room.you.seat) ? this.room.you.seat : null; }

  /** @param {string} type @param {object} [fields] */
  _send(type, fields) {
    if (this.hostPeer !== null) this.transport.send(this.hostPeer, encode(type, fields));
  }

  /** @param {number} seat @param {string} name */
  sit(seat, name) { this._send("sit", { seat, name }); }
  /** @param {string} r  one of protocol.REACTIONS */
  react(r) { this._send("react", { r }); }
  stand() { this._send("stand"); }
  /** Back at the table: the seat the clock gave to a computer is played by this player again. */
  back() { this._send("back"); }
  /** @param {number} n  the number of moves played so far (the host refuses a move made on an older state) @param {Move} move */
  move(n, move) {
    this.moved.push({ n, at: performance.timeOrigin + performance.now() });
    this._send("move", { n, move });
  }
}
