// The one turn loop.  Every page that plays hands its game to a TurnLoop and
// supplies hooks: what to draw, what to save, where the deal comes from.  The
// loop owns the rest:
//
//   the game on      a Session (or a variant's): begin(), deal(), stop()
//   the dispatch     before every turn it asks the engine whose turn it is and
//                    what may be played (session.legalMoves()); the answer says
//                    whether the game is over (overIn: the one test), and the
//                    loop hands the turn to a human here (the page's turn
//                    controller), the hot-seat screen, the elimination bonus's
//                    exchange, a computer, a seat played elsewhere (a link to
//                    send, a room's guest), or the end
//   computers        the engine's bot within the level's budget (budgets.js)
//   every move       through the one play path (play.js), then on to the next turn
//   one token        `step`: whatever moves the game on (a move, undo, redo, a
//                    new game, the page leaving it) bumps it, and an answer that
//                    comes back for an older step is dropped; the session's own
//                    queue drops a move chosen before the game changed ("stale")
//   failures         an engine refusal or failure is handed to the page's
//                    `failed` hook with a `retry`; a refused move is offered again
//
//   a turn clock     `clock` (lib/game/clock.js), if the page sets one: started
//                    each turn, told each move, stopped at the end
//
// Modelled on a round controller (lichess ui/round) and a game's flow
// (boardgame.io): the moves are the engine's, the page draws.  A rematch is
// `deal(make)`: a new game in the same table, the old one closed.

import { playMove } from "./play.js";
import { overIn, hasCode, STALE } from "./session.js";
import { budgetFor } from "./budgets.js";
import { engineDown } from "../engine/client.js";
/** @import {Classic, GameKind, GameSession} from "./session.js" */
/** @import {PlaySteps} from "./play.js" */
/** @import {TurnClock} from "./clock.js" */

/** Who plays a seat: a person at this page, the engine, or someone elsewhere (a link, a room's guest). */
/** @typedef {"human" | "computer" | "remote"} Player */

/**
 * What the loop was doing when the engine refused or failed: asking for the turn, a
 * computer's move, or redoing moves.
 * @typedef {{during: "turn" | "computer" | "redo", seat: number | null, retry: () => Promise<void>}} Failure
 */

/**
 * The page's part: each hook is optional.
 * @template {GameKind} K  the kind of game (a variant's; any on the game page)
 * @template {GameSession<K>} S  the game's session
 * @typedef {object} TurnHooks
 * @property {PlaySteps<K>["board"]} [board]  the Board the moves are animated on (none: the referee's)
 * @property {(seat: number) => Player} [player]  who plays a seat (default: the session's seats,
 *           a human unless a computer)
 * @property {(seat: number) => boolean} [hidesHand]  whether a human's turn starts behind the
 *           hot-seat screen (default: never)
 * @property {() => void} [stop]  the loop dropped what was on (a new step): stop the turn controller
 * @property {() => (void | Promise<void>)} [waiting]  the engine is about to be asked for the
 *           turn: draw the game as it stands ("busy"); awaited (an embedded board waits for
 *           its reader to come near before it starts the engine)
 * @property {(turn: K["answer"]) => void} [answered]  the engine answered for the position on
 * @property {(seat: number, turn: K["answer"], player: Player) => void} [turnStarted]  a turn starts
 *           (once a turn, whoever plays it; not again when it is offered again, after the
 *           hot-seat screen or a refused move): a turn clock starts here
 * @property {(seat: number, turn: K["answer"]) => void} [human]  a human's turn here, with the
 *           engine's answer (its phase and moves): start the turn controller
 * @property {(seat: number, turn: K["answer"]) => void} [exchange]  the elimination bonus's exchange
 *           for a human here (default: `human`)
 * @property {(seat: number) => void} [pass]  the hot-seat screen; reveal() goes on
 * @property {(seat: number) => void} [computer]  a computer is thinking
 * @property {(seat: number, turn: K["answer"]) => void | Promise<void>} [remote]  the seat is played
 *           elsewhere: the link to send, the guest's state (awaited)
 * @property {(session: S, turn: K["answer"]) => void | Promise<void>} [over]  the engine says the
 *           game is over (awaited)
 * @property {() => number} [computerPause]  the least time (ms) a computer's move is seen
 *           thinking (default 0)
 * @property {(seat: number | null) => void} [freeze]  `seat`'s move is about to be played: freeze the
 *           controls (null: a move played on a game over, which the engine refuses)
 * @property {(r: K["played"], seat: number) => void} [accepted]  the engine played `seat`'s move: save, sounds
 * @property {(r: K["played"], seat: number) => (void | Promise<void>)} [shown]  the move is on the
 *           board: its words, panels, messages (awaited)
 * @property {(r: K["played"]) => boolean} [goesOn]  whether the next turn follows a move (default:
 *           yes; a puzzle or a lesson's task stops after the reader's move)
 * @property {(change: {kind: "undo" | "redo", count: number, failed: boolean}) => void} [changed]
 *           undo or redo changed the game: redraw the log, save, say it
 * @property {(e: unknown, failure: Failure) => (void | Promise<void>)} [failed]  the engine refused
 *           or failed: say it, recover (the engine restarted), or retry (awaited)
 */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * @template {GameKind} [K=Classic]  the kind of game it plays (a variant's; the game page's: either)
 * @template {GameSession<K>} [S=GameSession<K>]  the game's session (a variant's, a link's)
 */
export class TurnLoop {
  /** @param {TurnHooks<K, S>} hooks */
  constructor(hooks = {}) {
    this.hooks = hooks;
    /** @type {S | null} the game on */
    this.session = null;
    /** @type {K["answer"] | null} the engine's answer for the turn on (null while it is asked) */
    this.turn = null;
    /** Whether the engine said the game on is over (false while the turn is asked). */
    this.over = false;
    /** The staleness token: bumped whenever the game or the page moves on. */
    this.step = 0;
    /** The session's version the turn on was offered at: its moves are played at it, or dropped. */
    this.turnAt = 0;
    /** @type {number | null} hot-seat: the seat whose hand is showing */
    this.revealedTo = null;
    /** Whether a move is being played (the human's controls are frozen). */
    this.busy = false;
    /** @type {{session: S | null, version: number}} the turn turnStarted last told */
    this._started = { session: null, version: -1 };
    /** @type {TurnClock | null} the turn clock, if the game has one (set by the page) */
    this.clock = null;
  }

  /** The game on, where the caller knows there is one (a hook, a control shown only with a
   *  game): none is a bug, said as such rather than as a null's property. @returns {S} */
  get game() {
    if (!this.session) throw new Error("no game is on");
    return this.session;
  }

  /** Whether `step` is still the loop's (nothing moved the game on since). @param {number} step */
  current(step) { return step === this.step; }

  /** Drop whatever is on (answers on their way are ignored); returns the new step. */
  stop() {
    this.step++;
    this.hooks.stop?.();
    return this.step;
  }

  /** The page leaves the game (none on now): dropped, and closed. */
  leave() {
    this.stop();
    this.clock?.stop();
    this.session?.close();
    this.session = null;
    this.turn = null;
    this.over = false;
  }

  /**
   * Take a game: a new deal, a resumed save, a link's game.  The game before it is closed
   * (its late answers dropped).  Resolves once the first turn is dispatched.
   * @param {S} session
   */
  begin(session) {
    if (this.session && this.session !== session) this.session.close();
    this.session = session;
    this.turn = null;
    this.over = false;
    this.revealedTo = null;
    this.turnAt = session.version;
    return this.advance();
  }

  /**
   * A new game in the same table (a new game, a rematch): `make()` deals it (the page's
   * deal: the engine's new_game, the day's deal, a save), and `take(session)` takes it up
   * (default: begin; a page that draws a new game first calls begin itself).  A deal
   * overtaken by another step is dropped; `make`'s error is thrown only if nothing overtook it.
   * @param {() => Promise<S>} make
   * @param {(session: S) => (void | Promise<void>)} [take]
   * @returns {Promise<S | null>}
   */
  async deal(make, take = (session) => this.begin(session)) {
    const step = this.stop();
    let session;
    try {
      session = await make();
    } catch (e) {
      if (this.current(step)) throw e;
      return null;
    }
    if (!this.current(step)) { session.close(); return null; }
    await take(session);
    return session;
  }

  /** Go on from where the game stands: ask the engine for the turn, and hand it on. */
  advance() {
    return this._dispatch(this.stop());
  }

  /** @param {number} step */
  async _dispatch(step) {
    const s = this.session;
    if (!s) return;
    this.busy = false;
    this.turn = null;
    this.over = false;
    await this.hooks.waiting?.();
    if (!this.current(step)) return;
    let turn;
    try {
      turn = await s.legalMoves();
    } catch (e) {
      if (this.current(step)) await this._failed(e, "turn", null);
      return;
    }
    if (!this.current(step)) return;
    this.turn = turn;
    this.over = overIn(turn);
    this.turnAt = s.version;
    this.hooks.answered?.(turn);
    if (this.over) {
      this.clock?.stop();
      await this.hooks.over?.(s, turn);
      return;
    }
    const seat = /** @type {number} */ (turn.turn);   // a game on has a seat to move
    const player = this.playerOf(seat);
    if (this._started.session !== s || this._started.version !== s.version) {
      this._started = { session: s, version: s.version };   // once a turn, not on each dispatch of it
      this.clock?.start(seat, player);
      this.hooks.turnStarted?.(seat, turn, player);
    }
    if (player === "computer") return this._computer(step, seat);
    if (player === "remote") {
      await this.hooks.remote?.(seat, turn);
      return;
    }
    if (this.hooks.hidesHand?.(seat) && this.revealedTo !== seat) {
      this.hooks.pass?.(seat);
      return;
    }
    this.revealedTo = seat;
    const human = turn.phase === "exchange" && this.hooks.exchange ? this.hooks.exchange : this.hooks.human;
    human?.(seat, turn);
  }

  /** Who plays `seat` (the page's `player` hook, else the session's seats). @param {number} seat @returns {Player} */
  playerOf(seat) {
    if (this.hooks.player) return this.hooks.player(seat);
    return this.session?.isHuman(seat) ? "human" : "computer";
  }

  /** The hot-seat screen's "show my hand": the seat on turn sees it. */
  reveal() {
    if (!this.turn || this.over) return Promise.resolve();
    this.revealedTo = this.turn.turn;   // a game going on has a seat to move
    return this.advance();
  }

  /** @param {number} step @param {number} seat */
  async _computer(step, seat) {
    const s = this.session;
    if (!s) return;
    const at = s.version;
    this.hooks.computer?.(seat);
    const t0 = performance.now();
    let move;
    try {
      move = await s.botMove(budgetFor(s.seats[seat]?.level));
    } catch (e) {
      if (this.current(step)) await this._failed(e, "computer", seat);
      return;
    }
    if (!this.current(step)) return;
    const wait = (this.hooks.computerPause?.() ?? 0) - (performance.now() - t0);
    if (wait > 0) {
      await sleep(wait);
      if (!this.current(step)) return;
    }
    let r;
    try {
      r = await this._move(move, step, at);
    } catch (e) {
      if (this.current(step)) await this._failed(e, "computer", seat);
      return;
    }
    await this._next(r, step);
  }

  /**
   * Play a move chosen on the turn on (a human's, from the turn controller or the exchange
   * panel; a guest's, a host page's): the engine plays it, the board shows it, the next
   * turn follows.  Resolves to the engine's answer once the next turn is dispatched, or to
   * null if the game moved on meanwhile.  A refusal or failure is thrown to the caller (who
   * words it) once the turn is offered again (the engine refused the move) or the loop has
   * stopped (the engine failed: the page recovers).
   * @param {K["move"]} move @param {number} [at]  the session's version it was chosen at
   * @returns {Promise<K["played"] | null>}
   */
  async play(move, at = this.turnAt) {
    const step = this.step;
    if (!this.session) return null;
    let r;
    try {
      r = await this._move(move, step, at);
    } catch (e) {
      if (!this.current(step)) return null;
      if (engineDown(e)) this.stop();
      else await this.advance();   // the same turn, offered again
      throw e;
    }
    await this._next(r, step);
    return r;
  }

  /**
   * One move through the play path; null if the game moved on meanwhile.
   * @param {K["move"]} move @param {number} step @param {number} at @returns {Promise<K["played"] | null>}
   */
  async _move(move, step, at) {
    const s = this.session;
    if (!s) return null;
    const h = this.hooks;
    const mover = s.turn;   // null: the game is over, and the engine refuses the move
    this.busy = true;
    try {
      const r = await playMove(s, move, {
        board: h.board,
        at,
        current: () => this.current(step),
        freeze: () => h.freeze?.(mover),
        // the engine played it: a seat was to move
        accepted: (played) => {
          if (mover === null) return;
          this.clock?.moved(mover, played.move);
          h.accepted?.(played, mover);
        },
        shown: async (played) => { if (mover !== null) await h.shown?.(played, mover); },
      });
      return r && this.current(step) ? r : null;
    } catch (e) {
      if (this.current(step)) this.busy = false;
      if (hasCode(e, STALE)) return null;   // the game changed first: the new step goes on
      throw e;
    }
  }

  /** After a move: the next turn, unless the page stops after it. @param {K["played"] | null} r @param {number} step */
  async _next(r, step) {
    if (!r || !this.current(step)) return;
    if (this.hooks.goesOn?.(r) ?? true) await this.advance();
    else this.busy = false;
  }

  /**
   * Take back the last human move and the computers' after it (a move on its way is played
   * first, then taken back); resolves to how many moves.
   */
  async undo() {
    const s = this.session;
    if (!s || (!s.canUndo() && !s.pending && !this.busy)) return 0;
    const step = this.stop();
    let n;
    try { n = await s.undo(); } catch { return 0; }   // the game was closed meanwhile
    if (!this.current(step) || this.session !== s) return 0;   // a later step does the rest
    this.turn = null;
    this.over = false;
    if (n) {
      this._revealMover();
      this.hooks.changed?.({ kind: "undo", count: n, failed: false });
    }
    this.advance();
    return n;
  }

  /** Play again what the last undo took back; resolves to how many moves. */
  async redo() {
    const s = this.session;
    if (!s || (!s.canRedo() && !s.pending)) return 0;
    const step = this.stop();
    this.busy = true;
    /** @type {unknown} */
    let failed = null;
    /** @type {K["played"]["events"][]} */
    let redone = [];
    try {
      redone = await s.redo();
    } catch (e) {
      if (hasCode(e, STALE)) return 0;
      failed = e;
    }
    if (!this.current(step) || this.session !== s) return 0;
    this.turn = null;
    this.over = false;
    if (failed) {
      await this._failed(failed, "redo", null);
      if (engineDown(failed)) return 0;
    }
    if (failed || redone.length) {
      this._revealMover();
      this.hooks.changed?.({ kind: "redo", count: redone.length, failed: !!failed });
    }
    this.advance();
    return redone.length;
  }

  /** After undo or redo: a human to move sees their hand at once (they were at the device). */
  _revealMover() {
    const seat = this.session?.turn ?? null;
    if (seat === null) this.revealedTo = null;   // over: nobody's hand
    else if (this.playerOf(seat) === "human") this.revealedTo = seat;
  }

  /**
   * The engine refused or failed: the page's `failed` hook says it, recovers, or retries
   * (awaited: a retry stays within the step that failed).
   * @param {unknown} e @param {Failure["during"]} during @param {number | null} seat
   */
  async _failed(e, during, seat) {
    this.busy = false;
    const failure = { during, seat, retry: () => this.advance() };
    if (this.hooks.failed) await this.hooks.failed(e, failure);
    else console.error(`the engine failed (${during})`, e);
  }
}
