// The host's referee (docs/rooms.md): the only holder of the pile and every
// hand.  It keeps the room (seats, their tokens, the game in a Session on the
// host's engine), reads every peer's message (protocol.js checks its shape,
// the engine the move), plays the moves and the computers' moves, and sends
// each peer only what its seat may see (the engine's `room_view`).  A refused
// message gets an error sent to its peer only; nothing else changes.  Messages
// are handled one at a time, in the order they came.  The turns are the turn
// loop's (lib/game/turnloop.js): every person seat is played by its guest,
// the computers' on this engine.  What one peer can make it do is bounded: a
// hello (a signature and a view) a few times a connection and then one every
// few seconds, answered to that peer alone; reactions a few a minute.  The
// host's controls take seats back (a signed `removed` to the seat's browser)
// and give them to computers.  At the end the host may deal again in the same
// room (a rematch): the seats turn by one, so the next person plays first, and
// the series counts each person's wins.  The host owns the turn clock (the
// loop's TurnClock): it tells every device the time left when a turn starts,
// and when a person's time runs out its engine plays for them (clock_move).

import { Session, overIn } from "../../lib/game/session.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { TurnClock } from "../../lib/game/clock.js";
import { EngineError, engineDown } from "../../lib/engine/client.js";
import { readFromGuest, encode, RateLimit, cleanName } from "./protocol.js";
import { randomText, signWelcome, signRelease } from "./secret.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {Transport} from "./transport.js" */
/** @import {Played} from "../../lib/types.js" */
/** @import {GuestMessage, Hello, Sit, MoveMessage, React, RoomInfo} from "./protocol.js" */
/** @import {HostedRoom} from "./store.js" */

const FLOOD_DROP = 200;   // messages dropped for speed before a peer is cut off
const COMPUTER_TRIES = 3;  // a computer's move tried again after the engine failed
/** Hellos a connection may send: three at once (a page greets again when no welcome comes), then one every 4 s. */
const HELLO_RATE = [0.25, 3];
/** Reactions a seat may send: three at once, then one every 4 s; more are refused (`rate_limited`). */
export const REACT_RATE = [0.25, 3];
/** A seat to move for this long is "silent": the host may give it to a computer or free it. */
export const SILENT_MS = 30_000;
/** Tokens taken back whose signed release is kept for their browser's next hello. */
const RELEASED = 16;

/**
 * @typedef {{kind: "person" | "computer", level: string, name: string, color: string, token: string | null,
 *   person?: string}} Seat  `person`: who sits there (kept through rematches, new with each new player): the series' key
 * @typedef {{key: string, transport: Transport, id: string, hello: boolean, seat: number | null, limit: RateLimit,
 *   warned: number, hellos: RateLimit, reacts: RateLimit, removed: boolean}} Peer
 * @typedef {{token: string, seat: number, sig: string}} Released  a token taken back, with the host's signature
 * @typedef {HostedRoom & {released: Released[], series: Series}} RefereedRoom
 */

export class Referee {
  /**
   * @param {object} o
   * @param {Engine} o.engine
   * @param {HostedRoom} o.room  the hosted room as store.js keeps it (changed in place: the page's too)
   * @param {(room: HostedRoom) => void} o.persist  keep the room (after every change)
   * @param {() => void} [o.changed]  the room changed (seats, presence, phase, a move); the
   *        host's own screen needs no more: it follows its player's messages like any guest's
   * @param {(seat: number, failures: number) => void} [o.stuck]  the engine failed a computer's
   *        move too many times in a row: the game waits for the host's retryComputers()
   */
  constructor({ engine, room, persist, changed = () => {}, stuck = () => {} }) {
    this.engine = engine;
    if (!Array.isArray(room.released)) room.released = [];
    room.series = readSeries(room.series);
    /** the room, with the two fields a room kept before they were made filled in (above) */
    this.room = /** @type {RefereedRoom} */ (room);
    this.persist = persist;
    this.changed = changed;
    this.stuck = stuck;
    /** @type {Seat[]} */
    this.seats = room.seats;
    for (const seat of this.seats) personOf(seat);
    /** @type {Session | null} */
    this.session = null;
    /** @type {Map<string, Peer>} */
    this.peers = new Map();
    /** @type {Promise<unknown>} the jobs so far (_queue) */
    this.work = Promise.resolve();
    /** refused messages; when each move's states were sent (ms since the epoch) and their bytes: the bench */
    this.stats = { refused: 0, sent: /** @type {{n: number, at: number}[]} */ ([]), bytes: 0, messages: 0, computerFailures: 0, tooLarge: 0,
      signed: 0, views: 0 };
    /** set by stop(): this referee hands the room over (stopping) and then does nothing more (stopped) */
    this.stopping = false;
    this.stopped = false;
    /** when (performance.now()) the turn on started; the timer that says its seat went silent */
    this.turnAt = 0;
    this.silentTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
    /** how many times in a row the engine failed the turn on */
    this.failures = 0;
    /** @type {Set<number>} person seats the clock gave to a computer until their player is back */
    this.away = new Set(Array.isArray(room.away) ? room.away.filter((/** @type {unknown} */ s) => Number.isInteger(s)) : []);
    // The turns: a person's seat waits for its guest's move (_move), a computer's is played here.
    this.loop = new TurnLoop({
      player: (seat) => (this.seats[seat]?.kind === "computer" || this.away.has(seat) ? "computer" : "remote"),
      shown: (r) => this._played(r),
      over: () => this._over(),
      // a game on has a seat to move
      failed: (e, { seat, retry }) => this._failed(e, seat ?? /** @type {number} */ (this.game.turn), retry),
      turnStarted: () => this._turnStarted(),
    });
    // The turn clock (room.clock seconds a move; none if 0): every device is told the time
    // left when a person's turn starts, and that none is timed when it stops.
    this.loop.clock = new TurnClock({
      loop: this.loop,
      seconds: () => (this.stopping ? 0 : Number(this.room.clock) || 0),
      hooks: {
        started: () => this._clockToAll(),
        stopped: () => this._clockToAll(),
        away: (seat) => { this.away.add(seat); this.room.away = [...this.away]; },   // kept and told with the move
        failed: (e, seat) => console.warn(`room: the clock could not play for seat ${seat}`, e),
      },
    });
  }

  /** Take the saved game back up (a host's reload). */
  async resume() {
    if (this.room.save) this.session = await Session.fromSave(this.engine, this.room.save);
    if (this.phase === "playing") this._queue(() => this.loop.begin(this.game));
  }

  get phase() { return this.room.phase; }

  /** The game on, where the caller knows there is one (playing, or over): none is a bug,
   *  said as such rather than as a null's property. @returns {Session} */
  get game() {
    if (!this.session) throw new Error("no game is on");
    return this.session;
  }

  /** Listen to a transport's peers. @param {Transport} transport @param {string} tag */
  attach(transport, tag) {
    transport.on = {
      open: (id) => {
        this.peers.set(`${tag}:${id}`, {
          key: `${tag}:${id}`, transport, id, hello: false, seat: null, limit: new RateLimit(), warned: 0,
          hellos: new RateLimit(...HELLO_RATE), reacts: new RateLimit(...REACT_RATE), removed: false,
        });
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

  /** @param {string} key @param {string} text */
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

  /**
   * Run a job after those before it (none once stopped); resolves to its value (undefined if it failed).
   * @template T @param {() => T | Promise<T>} job @returns {Promise<T | undefined>}
   */
  _queue(job) {
    const run = this.work.then(() => (this.stopped ? undefined : job()));
    this.work = run.catch((e) => console.error("room: the referee failed", e));
    return run.catch(() => undefined);
  }

  /** @param {Peer} peer @param {GuestMessage} msg */
  async _handle(peer, msg) {
    if (!this.peers.has(peer.key)) return;
    if (msg.type === "hello") return this._hello(peer, msg);
    if (!peer.hello) return this._error(peer, "bad_message");
    if (msg.type === "sit") return this._sit(peer, msg);
    if (msg.type === "stand") return this._stand(peer);
    if (msg.type === "move") return this._move(peer, msg);
    if (msg.type === "react") return this._react(peer, msg);
    if (msg.type === "back") return this._back(peer);
  }

  /**
   * A hello: the welcome signed for this nonce and this connection, then the room (and the
   * game) to this peer.  The first on a connection (or one that takes a seat back) changes
   * who is here, which every peer is told; a repeated one is answered to its peer alone, a
   * few at once and then one every few seconds.
   * @param {Peer} peer @param {Hello} msg
   */
  async _hello(peer, { nonce, token }) {
    if (!peer.hellos.take()) return this._error(peer, "rate_limited");
    const ends = peer.transport.binding(peer.id);
    if (!ends) return this._error(peer, "bad_message");   // a connection that cannot be told: nothing to sign
    const sig = await signWelcome(this.room.hostKey.privateJwk, this.room.id, nonce, { guest: ends.remote, host: ends.local });
    this.stats.signed++;
    this._send(peer, "welcome", { nonce, key: this.room.hostKey.publicRaw, sig });
    const first = !peer.hello;
    peer.hello = true;
    let moved = false;
    const seat = token ? this.seats.findIndex((s) => s.token === token) : -1;
    const released = token && seat < 0 ? this.room.released.find((/** @type {Released} */ r) => r.token === token) : null;
    if (released) this._send(peer, "removed", { seat: released.seat, sig: released.sig });
    else if (token && seat < 0) this._error(peer, "bad_token");
    if (seat >= 0 && peer.seat !== seat) { this._bind(peer, seat); moved = true; }
    if (first || moved) this._changed(false);
    else this._roomTo(peer);
    if (this.session) await this._stateTo(peer, null);
    if (this.phase === "playing") this._send(peer, "clock", this._clockInfo());
    if (this.phase === "over") this._send(peer, "over", { record: this.game.toRecord() });
  }

  /** Bind a seat to a peer; a peer already in that seat (another tab, an old connection) is told it was replaced. @param {Peer} peer @param {number} seat */
  _bind(peer, seat) {
    for (const other of this.peers.values()) {
      if (other !== peer && other.seat === seat) { other.seat = null; this._error(other, "replaced"); this._roomTo(other); }
    }
    peer.seat = seat;
  }

  /** @param {Peer} peer @param {Sit} msg */
  async _sit(peer, { seat, name }) {
    if (this.phase === "over") return this._error(peer, "wrong_phase");
    if (peer.removed) return this._error(peer, "removed");   // taken out of a seat by the host: watches
    const s = this.seats[seat];
    if (!s || s.kind !== "person") return this._error(peer, "bad_seat");
    if (s.token !== null || peer.seat !== null) return this._error(peer, "seat_taken");
    s.token = randomText(16);
    s.person = randomText(16);   // someone new in the seat: their own wins in the series
    if (this.phase === "lobby") s.name = cleanName(name);
    this._bind(peer, seat);
    this._send(peer, "seated", { seat, token: s.token });
    this._changed(true);
    if (this.session) await this._stateTo(peer, null);
    if (this.phase === "playing") this._send(peer, "clock", this._clockInfo());
  }

  /** @param {Peer} peer */
  _stand(peer) {
    if (this.phase !== "lobby") return this._error(peer, "wrong_phase");
    if (peer.seat === null) return this._error(peer, "not_seated");
    this.seats[peer.seat].token = null;
    peer.seat = null;
    this._changed(true);
  }

  /** @param {Peer} peer @param {MoveMessage} msg */
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

  /** A seated player's reaction, passed on to every device as its id (each shows its own words). @param {Peer} peer @param {React} msg */
  _react(peer, { r }) {
    if (peer.seat === null) return this._error(peer, "not_seated");
    if (!peer.reacts.take()) return this._error(peer, "rate_limited");
    for (const p of this._listeners()) this._send(p, "reaction", { seat: peer.seat, r });
  }

  /** "I'm back": a player whose seat the clock gave to a computer plays it again. @param {Peer} peer */
  _back(peer) {
    if (peer.seat === null) return this._error(peer, "not_seated");
    if (!this.away.has(peer.seat)) return this._error(peer, "wrong_phase");
    this._hereAgain(peer.seat);
    this._changed(true);
  }

  /** A seat is no longer the clock's computer's (its player is back, or the host changed it). @param {number} seat */
  _hereAgain(seat) {
    this.away.delete(seat);
    this.room.away = [...this.away];
    this.loop.clock?.back(seat);
  }

  /** @param {string} key */
  _gone(key) {
    const peer = this.peers.get(key);
    this.peers.delete(key);
    if (peer && peer.hello) this._changed(false);
  }

  // ------------------------------------------------------------------ the game

  /** A move was played (a guest's or a computer's): kept, and shown to every peer. @param {Played} played */
  async _played(played) {
    this.failures = 0;
    this._save();
    await this._broadcastState(played);
    this._changed(false);
  }

  /** The engine says the game is over: every peer gets the record. */
  _over() {
    this.room.phase = "over";
    countWin(this.room.series, this.seats, this.game.position.winners || []);
    this._save();
    const record = this.game.toRecord();
    for (const p of this._listeners()) this._send(p, "over", { record });
    this._changed(false);
  }

  /**
   * The engine failed the turn on (a computer's move, or the turn itself): tried again a
   * second later, COMPUTER_TRIES times; then the host is told (`stuck`) and the game waits
   * for retryComputers().
   * @param {unknown} e @param {number} seat @param {() => Promise<void>} retry
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

  /** @param {Played | null} played */
  async _broadcastState(played) {
    this.stats.sent.push({ n: this.game.moves.length, at: performance.timeOrigin + performance.now() });
    /** @type {Map<number | null, object>} */
    const cache = new Map();
    for (const p of this._listeners()) await this._stateTo(p, played, cache);
  }

  /** A turn starts (the loop's turnStarted): its seat is silent after SILENT_MS without a move, which every device is told. */
  _turnStarted() {
    clearTimeout(this.silentTimer);
    this.turnAt = performance.now();
    if (this.phase !== "playing" || this.stopping) return;
    const n = this.game.moves.length;
    this.silentTimer = setTimeout(() => {
      if (this.session && this.session.moves.length === n && this.phase === "playing" && !this.stopping) this._changed(false);
    }, SILENT_MS);
  }

  /** Whether the seat to move has been silent for SILENT_MS (a person's seat). @param {number} seat */
  silent(seat) {
    return this.phase === "playing" && !!this.session && this.session.turn === seat &&
      this.seats[seat]?.kind === "person" && performance.now() - this.turnAt >= SILENT_MS;
  }

  /** Send a peer the game as its seat sees it (and, if it is to move, its legal moves).
   * @param {Peer} peer @param {Played | null} played @param {Map<number | null, object>} [cache]  the states made so far, by seat
   */
  async _stateTo(peer, played, cache = new Map()) {
    const s = this.game;
    const seat = peer.seat;
    if (!cache.has(seat)) {
      // a state that follows a move brings its events; one that does not (a start, a peer
      // that just came) the trails so far and the earlier moves' events for the move log,
      // both cut down by the engine to what this seat may see
      const args = played ? { position: s.position, seat, events: played.events, move: played.move }
        : { position: s.position, seat, log: s.events };
      const view = await this.engine.ask("room_view", args);
      this.stats.views++;
      const turn = await s.legalMoves();   // the engine's answer for the turn on (the loop's too)
      // no moves for a seat a computer plays now (the clock gave it one: `away`)
      const legal = seat !== null && s.turn === seat && this.phase === "playing" && !this.away.has(seat) ? turn : null;
      const state = { n: s.moves.length, position: view.position, events: view.events || null, move: view.move || null, legal, over: overIn(turn) };
      cache.set(seat, played ? state : { ...state, trails: s.trails(), log: view.log });
    }
    this._send(peer, "state", cache.get(seat));
  }

  // ------------------------------------------------------------------ the host's own controls

  /**
   * Start the game: every person seat must be taken.  Resolves to null once started, or
   * to why not: {code: "seats_free"}, or the engine's refusal (an EngineError: the host
   * is told its words).
   * @returns {Promise<null | {code: string, message?: string}>}
   */
  async start() {
    const why = await this._queue(async () => {
      if (this.phase !== "lobby") return { code: "wrong_phase" };
      return this._deal(this.seats, 0);
    });
    return why === undefined ? { code: "engine" } : why;
  }

  /**
   * "Play again" at the end: the same room, seats and rules, a new deal; the seats turn by
   * one (seat 0 plays first: the next person does), each person keeping their seat token,
   * colour and wins.  Resolves like start().
   * @returns {Promise<null | {code: string, message?: string}>}
   */
  async rematch() {
    const why = await this._queue(async () => {
      if (this.phase !== "over") return { code: "wrong_phase" };
      return this._deal([...this.seats.slice(1), this.seats[0]], 1);
    });
    return why === undefined ? { code: "engine" } : why;
  }

  /**
   * Deal a game for these seats (every person seat taken) and play it: they become the
   * room's seats only once the engine has dealt (each connection's seat turned by `turn`).
   * Null once dealt, else why not.
   * @param {Seat[]} seats @param {number} turn
   */
  async _deal(seats, turn) {
    if (seats.some((s) => s.kind === "person" && s.token === null)) return { code: "seats_free" };
    let session;
    try {
      session = await Session.create(this.engine, {
        rules: this.room.rules,
        players: seats.map((s) => ({ name: s.name, color: s.color })),
        seats: seats.map((s) => (s.kind === "computer" ? { kind: "computer", level: s.level } : { kind: "human" })),
        seed: undefined,   // the engine draws one: a secret of the host's until the record is shown
      });
    } catch (e) {
      if (e instanceof EngineError) return e;   // the engine's refusal, said to the host
      throw e;
    }
    this.loop.leave();   // the game before (a rematch's) is closed
    const n = seats.length;
    this.seats.splice(0, n, ...seats);
    for (const p of this.peers.values()) if (p.seat !== null) p.seat = (p.seat + n - turn) % n;
    this.away = new Set([...this.away].map((s) => (s + n - turn) % n));
    this.room.away = [...this.away];
    this.loop.clock?.reset();   // a new game: no clock move in a row yet
    this.session = session;
    this.room.phase = "playing";
    this._save();
    this._changed(false);   // the room first: each device knows its (turned) seat before the game's state
    // the loop takes the game up next, before anything a guest sends on its first state:
    // queued after the states went out, a guest quick to move (the first told, while the
    // engine worked on the others' states) had its move handed to a loop with no game,
    // dropped without a word, and the game waited for it for ever
    this._queue(() => this.loop.begin(session));
    await this._broadcastState(null);
    return null;
  }

  /**
   * A seat to a computer (a player who is gone), or a computer seat back to a free person seat;
   * `name` (in the host's language) names it while the game has not begun.
   * @param {number} seat @param {"person" | "computer"} kind @param {string} [level] @param {string} [name]
   */
  setKind(seat, kind, level = "medium", name = "") {
    return this._queue(async () => {
      const s = this.seats[seat];
      if (!s || this.phase === "over") return;
      await this._release(seat);
      this._hereAgain(seat);
      s.kind = kind;
      s.level = level;
      s.person = randomText(16);
      if (name && this.phase === "lobby") s.name = name;
      if (this.session) this.session.seats[seat] = kind === "computer" ? { kind, level } : { kind: "human", level };
      this._changed(true);
      if (this.session && this.phase === "playing") await this.loop.advance();
    });
  }

  /** Send a seat's player back to the lobby: the seat is free for whoever takes it. @param {number} seat */
  freeSeat(seat) { return this.setKind(seat, "person", "medium"); }

  /**
   * Take a guest out of their seat in the lobby (a squatter, a friend in the wrong seat):
   * the seat is free again under its first name; the guest is told and watches.
   * @param {number} seat @param {string} name  the seat's name while free (in the host's language)
   */
  removeSeat(seat, name) {
    return this._queue(async () => {
      const s = this.seats[seat];
      if (!s || this.phase !== "lobby" || s.kind !== "person" || s.token === null) return;
      await this._release(seat);
      s.name = name;
      this._changed(true);
    });
  }

  /**
   * Take a seat's token back: kept with the host's signature for its browser's next hello
   * (which then forgets it); a peer in that seat is sent the signature now, loses the seat
   * and may not take another on this connection.
   * @param {number} seat
   */
  async _release(seat) {
    const s = this.seats[seat];
    if (s.token === null) return;
    const sig = await signRelease(this.room.hostKey.privateJwk, this.room.id, s.token);
    this.room.released = [...this.room.released, { token: s.token, seat, sig }].slice(-RELEASED);
    s.token = null;
    for (const p of this.peers.values()) {
      if (p.seat === seat) {
        p.seat = null;
        p.removed = true;
        this._send(p, "removed", { seat, sig });
      }
    }
  }

  // ------------------------------------------------------------------ what peers are told

  _listeners() { return [...this.peers.values()].filter((p) => p.hello); }

  /** Whether a seat's player is connected now. @param {number} seat */
  online(seat) { return this._listeners().some((p) => p.seat === seat); }

  /** The room as every device is told it (each with its own `you`). @returns {RoomInfo} */
  roomInfo() {
    return {
      phase: this.phase,
      rules: this.room.rules,
      seats: this.seats.map((s, i) => ({
        kind: s.kind, level: s.level, name: s.name, color: s.color, taken: s.token !== null,
        online: s.kind === "computer" || this.online(i), silent: this.silent(i), away: this.away.has(i),
      })),
      clock: Number(this.room.clock) || 0,
      spectators: this._listeners().filter((p) => p.seat === null).length,
      series: seriesInfo(this.room.series, this.seats),
    };
  }

  /** What the clock says now: the seat whose turn is timed and the time it has left (ms), or none. */
  _clockInfo() {
    const left = this.loop.clock?.left() ?? null;
    const seat = this.loop.clock?.timing?.seat ?? null;
    return left === null || seat === null ? { seat: null, left: null } : { seat, left: Math.round(left) };
  }

  _clockToAll() {
    const info = this._clockInfo();
    for (const p of this._listeners()) this._send(p, "clock", info);
  }

  /** @param {Peer} peer */
  _roomTo(peer) { this._send(peer, "room", { ...this.roomInfo(), you: { seat: peer.seat } }); }

  /** Every peer is told the room (and the host's screen); kept first if `save`. @param {boolean} save */
  _changed(save) {
    if (save) this._save();
    for (const p of this._listeners()) this._roomTo(p);
    this.changed();
  }

  /** Keep the room as it is now (the host changed something of its own: the table listed). */
  keep() { this._save(); }

  _save() {
    if (this.stopped) return;
    this.room.save = this.session ? this.session.toSave() : null;
    this.persist(this.room);
  }

  /**
   * Hand the room over (another tab hosts it now): the turn loop stops (a computer's move
   * on its way is dropped), and once the work under way is done, nothing more is done,
   * saved or sent.  Resolves when the last job has finished.
   */
  async stop() {
    this.stopping = true;
    this.loop.stop();
    this.loop.clock?.stop();
    await this._queue(() => { this.stopped = true; });
    clearTimeout(this.silentTimer);
  }

  /** @param {Peer} peer @param {string} type @param {object} [fields] */
  _send(peer, type, fields) {
    if (this.stopped) return;
    const text = encode(type, fields);
    this.stats.bytes += text.length;
    this.stats.messages++;
    peer.transport.send(peer.id, text);
  }

  /** @param {Peer} peer @param {string} code @param {unknown} [detail] */
  _error(peer, code, detail = undefined) {
    this.stats.refused++;
    this._send(peer, "error", detail ? { code, detail: String(detail).slice(0, 300) } : { code });
  }
}

// ------------------------------------------------------------------ the series

/**
 * The games of a room's series: how many were played, and each person's wins, by the
 * `person` of their seat (a seat turns at each rematch, a person keeps their wins).
 * @typedef {{games: number, wins: {person: string, name: string, color: string, wins: number}[]}} Series
 */

/** A seat's person, made for a seat kept before rooms had one. @param {Seat} seat */
function personOf(seat) {
  if (typeof seat.person !== "string") seat.person = randomText(16);
  return seat.person;
}

/** A stored series, or a new one if it is missing or damaged. @param {unknown} v @returns {Series} */
function readSeries(v) {
  const s = /** @type {{games?: unknown, wins?: unknown} | null | undefined} */ (v);
  const ok = s && typeof s.games === "number" && Number.isSafeInteger(s.games) && s.games >= 0 && Array.isArray(s.wins) &&
    s.wins.every((w) => w && typeof w.person === "string" && typeof w.name === "string" &&
      typeof w.color === "string" && Number.isSafeInteger(w.wins));
  return ok ? /** @type {Series} */ (v) : { games: 0, wins: [] };
}

/** A game is over: one more game, and a win to each winner's person. @param {Series} series @param {Seat[]} seats @param {number[]} winners */
function countWin(series, seats, winners) {
  series.games++;
  for (const seat of winners) {
    const s = seats[seat];
    if (!s) continue;
    const person = personOf(s);
    const entry = series.wins.find((w) => w.person === person);
    if (entry) { entry.wins++; entry.name = s.name; } else series.wins.push({ person, name: s.name, color: s.color, wins: 1 });
  }
}

/**
 * The series as every device is told it (no person's key: those stay on the host): the
 * games so far and each person's wins, the seated first in seat order, then those who left.
 * @param {Series} series @param {Seat[]} seats
 */
function seriesInfo(series, seats) {
  const here = seats.map((s) => {
    const w = series.wins.find((e) => e.person === s.person);
    return { name: s.name, color: s.color, wins: w ? w.wins : 0 };
  });
  const gone = series.wins.filter((w) => !seats.some((s) => s.person === w.person))
    .map(({ name, color, wins }) => ({ name, color, wins }));
  return { games: series.games, wins: [...here, ...gone] };
}
