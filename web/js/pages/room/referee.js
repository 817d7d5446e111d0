// The host's referee (docs/rooms.md): the only holder of the pile and every
// hand.  It keeps the room (seats, their tokens, the game in a Session on the
// host's engine), reads every peer's message (protocol.js checks its shape,
// the engine the move), plays the moves and the computers' moves, and sends
// each peer only what its seat may see (the engine's `room_view`).  A refused
// message gets an error sent to its peer only; nothing else changes.  Messages
// are handled one at a time, in the order they came.  The turns are the turn
// loop's (lib/game/turnloop.js): every person seat is played by its guest,
// the computers' on this engine.

import { Session, overIn } from "../../lib/game/session.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { EngineError, engineDown } from "../../lib/engine/client.js";
import { readFromGuest, encode, RateLimit, cleanName } from "./protocol.js";
import { randomText, signWelcome } from "./secret.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {Transport} from "./transport.js" */

const FLOOD_DROP = 200;   // messages dropped for speed before a peer is cut off
const COMPUTER_TRIES = 3;  // a computer's move tried again after the engine failed

/**
 * @typedef {{kind: "person" | "computer", level: string, name: string, color: string, token: string | null}} Seat
 * @typedef {{key: string, transport: Transport, id: string, hello: boolean, seat: number | null, limit: RateLimit, warned: number}} Peer
 */

export class Referee {
  /**
   * @param {object} o
   * @param {Engine} o.engine
   * @param {any} o.room  the hosted room as store.js keeps it: {id, link, hostKey, rules, seats, phase, save}
   * @param {(room: any) => void} o.persist  keep the room (after every change)
   * @param {() => void} [o.changed]  the room changed (seats, presence, phase, a move); the
   *        host's own screen needs no more: it follows its player's messages like any guest's
   * @param {(seat: number, failures: number) => void} [o.stuck]  the engine failed a computer's
   *        move too many times in a row: the game waits for the host's retryComputers()
   */
  constructor({ engine, room, persist, changed = () => {}, stuck = () => {} }) {
    this.engine = engine;
    this.room = room;
    this.persist = persist;
    this.changed = changed;
    this.stuck = stuck;
    /** @type {Seat[]} */
    this.seats = room.seats;
    /** @type {Session | null} */
    this.session = null;
    /** @type {Map<string, Peer>} */
    this.peers = new Map();
    this.work = Promise.resolve();
    /** refused messages; when each move's states were sent (ms since the epoch) and their bytes: the bench */
    this.stats = { refused: 0, sent: /** @type {{n: number, at: number}[]} */ ([]), bytes: 0, messages: 0, computerFailures: 0, tooLarge: 0 };
    /** how many times in a row the engine failed the turn on */
    this.failures = 0;
    // The turns: a person's seat waits for its guest's move (_move), a computer's is played here.
    this.loop = new TurnLoop({
      player: (seat) => (this.seats[seat]?.kind === "computer" ? "computer" : "remote"),
      shown: (r) => this._played(r),
      over: () => this._over(),
      failed: (e, { seat, retry }) => this._failed(e, seat ?? this.session.turn, retry),
    });
  }

  /** Take the saved game back up (a host's reload). */
  async resume() {
    if (this.room.save) this.session = await Session.fromSave(this.engine, this.room.save);
    if (this.phase === "playing") this._queue(() => this.loop.begin(this.session));
  }

  get phase() { return this.room.phase; }

  /** Listen to a transport's peers. @param {Transport} transport @param {string} tag */
  attach(transport, tag) {
    transport.on = {
      open: (id) => {
        this.peers.set(`${tag}:${id}`, { key: `${tag}:${id}`, transport, id, hello: false, seat: null, limit: new RateLimit(), warned: 0 });
      },
      message: (id, text) => this._receive(`${tag}:${id}`, text),
      close: (id) => this._queue(() => this._gone(`${tag}:${id}`)),
      // a message that grew past one chunk on its way (the transport drops its peer next)
      tooLarge: (id) => {
        const peer = this.peers.get(`${tag}:${id}`);
        this.stats.tooLarge++;
        if (peer) this._error(peer, "too_large");
      },
    };
  }

  // ------------------------------------------------------------------ receiving

  _receive(key, text) {
    const peer = this.peers.get(key);
    if (!peer) return;
    if (!peer.limit.take()) {
      // too fast: dropped; told once a second at most; cut off if it goes on
      const now = performance.now();
      if (now - peer.warned > 1000) { peer.warned = now; this._error(peer, "rate_limited"); }
      if (peer.limit.dropped > FLOOD_DROP) peer.transport.drop(peer.id);
      return;
    }
    const read = readFromGuest(text);
    if ("error" in read) { this._error(peer, read.error); return; }
    this._queue(() => this._handle(peer, read.msg));
  }

  _queue(job) {
    this.work = this.work.then(job).catch((e) => console.error("room: the referee failed", e));
    return this.work;
  }

  async _handle(peer, msg) {
    if (!this.peers.has(peer.key)) return;
    if (msg.type === "hello") return this._hello(peer, msg);
    if (!peer.hello) return this._error(peer, "bad_message");
    if (msg.type === "sit") return this._sit(peer, msg);
    if (msg.type === "stand") return this._stand(peer);
    if (msg.type === "move") return this._move(peer, msg);
  }

  async _hello(peer, { nonce, token }) {
    peer.hello = true;
    const sig = await signWelcome(this.room.hostKey.privateJwk, this.room.id, nonce);
    this._send(peer, "welcome", { key: this.room.hostKey.publicRaw, sig });
    const seat = token ? this.seats.findIndex((s) => s.token === token) : -1;
    if (token && seat < 0) this._error(peer, "bad_token");
    if (seat >= 0) this._bind(peer, seat);
    this._roomTo(peer);
    if (this.session) await this._stateTo(peer, null);
    if (this.phase === "over") this._send(peer, "over", { record: this.session.toRecord() });
    this._changed(false);
  }

  /** Bind a seat to a peer; a peer already in that seat (another tab, an old connection) is told it was replaced. */
  _bind(peer, seat) {
    for (const other of this.peers.values()) {
      if (other !== peer && other.seat === seat) { other.seat = null; this._error(other, "replaced"); this._roomTo(other); }
    }
    peer.seat = seat;
  }

  async _sit(peer, { seat, name }) {
    if (this.phase === "over") return this._error(peer, "wrong_phase");
    const s = this.seats[seat];
    if (!s || s.kind !== "person") return this._error(peer, "bad_seat");
    if (s.token !== null || peer.seat !== null) return this._error(peer, "seat_taken");
    s.token = randomText(16);
    if (this.phase === "lobby") s.name = cleanName(name);
    this._bind(peer, seat);
    this._send(peer, "seated", { seat, token: s.token });
    this._changed(true);
    if (this.session) await this._stateTo(peer, null);
  }

  _stand(peer) {
    if (this.phase !== "lobby") return this._error(peer, "wrong_phase");
    if (peer.seat === null) return this._error(peer, "not_seated");
    this.seats[peer.seat].token = null;
    peer.seat = null;
    this._changed(true);
  }

  async _move(peer, { n, move, seat }) {
    if (this.phase !== "playing" || !this.session) return this._error(peer, "wrong_phase");
    if (peer.seat === null) return this._error(peer, "not_seated");
    if (seat !== undefined && seat !== peer.seat) return this._error(peer, "forged_seat");
    if (n !== this.session.moves.length) return this._error(peer, "stale_move");
    if (this.session.turn !== peer.seat) return this._error(peer, "not_your_turn");
    try {
      await this.loop.play(move);   // and the computers' moves after it
    } catch (e) {
      // the engine failed (restarted after a time limit): nothing was played, the player tries again
      if (!(e instanceof EngineError) || engineDown(e)) return this._error(peer, "engine");
      return this._error(peer, "illegal_move", e.message);
    }
  }

  _gone(key) {
    const peer = this.peers.get(key);
    this.peers.delete(key);
    if (peer && peer.hello) this._changed(false);
  }

  // ------------------------------------------------------------------ the game

  /** A move was played (a guest's or a computer's): kept, and shown to every peer. */
  async _played(played) {
    this.failures = 0;
    this._save();
    await this._broadcastState(played);
    this._changed(false);
  }

  /** The engine says the game is over: every peer gets the record. */
  _over() {
    this.room.phase = "over";
    this._save();
    const record = this.session.toRecord();
    for (const p of this._listeners()) this._send(p, "over", { record });
    this._changed(false);
  }

  /**
   * The engine failed the turn on (a computer's move, or the turn itself): tried again a
   * second later, COMPUTER_TRIES times; then the host is told (`stuck`) and the game waits
   * for retryComputers().
   */
  async _failed(e, seat, retry) {
    this.stats.computerFailures++;
    console.warn("room: the engine failed a computer's move", e);
    if (++this.failures > COMPUTER_TRIES) { this.stuck(seat, this.failures); return; }
    await new Promise((r) => setTimeout(r, 1000));
    await retry();
  }

  /** The host's "Try again" after `stuck`: the computers play on. */
  retryComputers() {
    return this._queue(() => {
      this.failures = 0;
      return this.loop.advance();
    });
  }

  async _broadcastState(played) {
    this.stats.sent.push({ n: this.session.moves.length, at: performance.timeOrigin + performance.now() });
    const cache = new Map();
    for (const p of this._listeners()) await this._stateTo(p, played, cache);
  }

  /** Send a peer the game as its seat sees it (and, if it is to move, its legal moves). */
  async _stateTo(peer, played, cache = new Map()) {
    const s = this.session;
    const seat = peer.seat;
    if (!cache.has(seat)) {
      // a state that follows a move brings its events; one that does not (a start, a peer
      // that just came) the trails so far and the earlier moves' events for the move log,
      // both cut down by the engine to what this seat may see
      const args = played ? { position: s.position, seat, events: played.events, move: played.move }
        : { position: s.position, seat, log: s.events };
      const view = await this.engine.ask("room_view", args);
      const turn = await s.legalMoves();   // the engine's answer for the turn on (the loop's too)
      const legal = seat !== null && s.turn === seat && this.phase === "playing" ? turn : null;
      const state = { n: s.moves.length, position: view.position, events: view.events || null, move: view.move || null, legal, over: overIn(turn) };
      cache.set(seat, played ? state : { ...state, trails: s.trails(), log: view.log });
    }
    this._send(peer, "state", cache.get(seat));
  }

  // ------------------------------------------------------------------ the host's own controls

  /** Start the game: every person seat must be taken. */
  start() {
    return this._queue(async () => {
      if (this.phase !== "lobby" || this.seats.some((s) => s.kind === "person" && s.token === null)) return false;
      this.session = await Session.create(this.engine, {
        rules: this.room.rules,
        players: this.seats.map((s) => ({ name: s.name, color: s.color })),
        seats: this.seats.map((s) => (s.kind === "computer" ? { kind: "computer", level: s.level } : { kind: "human" })),
        seed: undefined,   // the engine draws one: a secret of the host's until the record is shown
      });
      this.room.phase = "playing";
      this._save();
      await this._broadcastState(null);
      this._changed(false);
      await this.loop.begin(this.session);
      return true;
    });
  }

  /**
   * A seat to a computer (a player who is gone), or a computer seat back to a free person seat;
   * `name` (in the host's language) names it while the game has not begun.
   */
  setKind(seat, kind, level = "medium", name = "") {
    return this._queue(async () => {
      const s = this.seats[seat];
      if (!s || this.phase === "over") return;
      for (const p of this.peers.values()) if (p.seat === seat) { p.seat = null; this._roomTo(p); }
      s.kind = kind;
      s.level = level;
      s.token = null;
      if (name && this.phase === "lobby") s.name = name;
      if (this.session) this.session.seats[seat] = kind === "computer" ? { kind, level } : { kind: "human", level };
      this._changed(true);
      if (this.session && this.phase === "playing") await this.loop.advance();
    });
  }

  /** Send a seat's player back to the lobby: the seat is free for whoever takes it. */
  freeSeat(seat) { return this.setKind(seat, "person", "medium"); }

  // ------------------------------------------------------------------ what peers are told

  _listeners() { return [...this.peers.values()].filter((p) => p.hello); }

  /** Whether a seat's player is connected now. */
  online(seat) { return this._listeners().some((p) => p.seat === seat); }

  roomInfo() {
    return {
      phase: this.phase,
      rules: this.room.rules,
      seats: this.seats.map((s, i) => ({ kind: s.kind, level: s.level, name: s.name, color: s.color, taken: s.token !== null, online: s.kind === "computer" || this.online(i) })),
      spectators: this._listeners().filter((p) => p.seat === null).length,
    };
  }

  _roomTo(peer) { this._send(peer, "room", { ...this.roomInfo(), you: { seat: peer.seat } }); }

  _changed(save) {
    if (save) this._save();
    for (const p of this._listeners()) this._roomTo(p);
    this.changed();
  }

  _save() {
    this.room.save = this.session ? this.session.toSave() : null;
    this.persist(this.room);
  }

  _send(peer, type, fields) {
    const text = encode(type, fields);
    this.stats.bytes += text.length;
    this.stats.messages++;
    peer.transport.send(peer.id, text);
  }

  _error(peer, code, detail = undefined) {
    this.stats.refused++;
    this._send(peer, "error", detail ? { code, detail: String(detail).slice(0, 300) } : { code });
  }
}
