// A game in progress, kept by the page: the record (or the position it
// started from), every position so far and the events of every move.  The
// engine is stateless; all rules come from it.  Undo and redo only move
// along the list this keeps.  (neu.js's CourseSession keeps a course-variant
// game the same way.)  A session makes its save (toSave) and reads it back
// (fromSave); saves.js keeps the saves in localStorage.
//
// Every change to the game (a move played, undo, redo) goes through one
// queue, in the order asked: a change waits for the one before it, so an
// engine's answer is only ever applied to the position it was asked about.
// `version` counts the changes; a move chosen at one version (a computer's
// move, a human's from a turn's legal moves) and played at another is
// dropped, never applied (the code "stale": the page has moved on).
//
// Whose turn it is, what they may do, and whether the game is over are the
// engine's answer for the position on (legalMoves, asked once per position);
// the turn loop (turnloop.js) asks it before every turn.

import { describe } from "../words/movelog.js";
import { HARD_BUDGET_MS, HARD_MIN_STEPS, HINT_BUDGET_MS } from "./budgets.js";
import { EngineError } from "../engine/client.js";
/** @import {EngineClient} from "../engine/client.js" */
/** @import {CourseEvent, GameEvent, GameRecord, Move, PathStep, Played, Player, Position, LegalMoves, CourseLegalMoves, PlacedTile, Rules} from "../types.js" */
/** @import {LogLine} from "../words/movelog.js" */
/** The engine's answer for a turn: legal_moves' (course_legal_moves' for the course). @typedef {LegalMoves | CourseLegalMoves} TurnAnswer */

/**
 * What one variant's game is made of, in the engine's shapes: its positions, its moves and
 * their events, the engine's answer for a turn (whose phase says whether the game is over)
 * and for a move played.  A session is typed by one (Classic here, course-session.js's
 * Course); the turn loop and the play path by any.
 * @typedef {object} GameKind
 * @property {{players: {name: string, color?: string}[], turn: number | null, tiles: PlacedTile[]}} position
 * @property {object} move
 * @property {GameEvent | CourseEvent} event
 * @property {{phase: string, turn: number | null}} answer
 * @property {{position: object, move: object, events: (GameEvent | CourseEvent)[]}} played
 */
/** The classic game's kind. @typedef {{position: Position, move: Move, event: GameEvent, answer: LegalMoves, played: Played}} Classic */

/** A move's answer as the session keeps it: the position after it, its events, the move as played.
 *  @template {GameKind} K @typedef {{position: K["position"], events: K["event"][], move: K["move"]}} Added */

/** Who plays a seat here: a person, or the engine's bot at a level ("easy", "medium", "hard"). @typedef {{kind: "human" | "computer", level: string}} Seat */

/** A classic game's save (localStorage, saves.js): its record, or the position it started from and the moves since.
 *  @typedef {{format: "tsuro-save/1", record?: GameRecord, start?: Position, moves?: Move[], seats: Seat[], clock?: number, savedAt: string}} ClassicSave */

/** @type {Readonly<Record<string, string>>} */
export const BOTS = { easy: "random", medium: "survivor", hard: "planner" };

/** The engine's bot for a level; one the page does not know (a damaged save, a link) plays medium.
 *  @param {unknown} level */
export function botFor(level) {
  return typeof level === "string" && Object.hasOwn(BOTS, level) ? BOTS[level] : BOTS.medium;
}

/** A seat as a save or a caller gives it, made one the page knows: human, or a computer of a known level.
 *  @param {unknown} seat @returns {Seat} */
function seatOf(seat) {
  const given = seat && typeof seat === "object" ? /** @type {{kind?: unknown, level?: unknown}} */ (seat) : {};
  const computer = given.kind === "computer";
  const level = computer && typeof given.level === "string" && Object.hasOwn(BOTS, given.level) ? given.level : "medium";
  return { kind: computer ? "computer" : "human", level };
}

/**
 * Whether the engine's answer for a turn (legalMoves) says the game is over: the one
 * test of the end, for every page and variant (docs/frontend.md).
 * @param {{phase: string}} turn
 */
export function overIn(turn) {
  return turn.phase === "over";
}

/** The error of a change dropped because the game changed first (a move chosen before an undo). */
export const STALE = "stale";
const stale = () => new EngineError(STALE, "the game changed before this move was played");

/** Whether `e` is an error with this code (an EngineError's; whatever was thrown).
 *  @param {unknown} e @param {string} code */
export function hasCode(e, code) {
  return !!e && typeof e === "object" && "code" in e && e.code === code;
}

/**
 * A game kept by a page, of any variant: every position so far (positions[0] = the start),
 * the events and moves of each move, the seats, undo and redo, and one queue for every
 * change.  What a variant's rules decide (how a move or a turn is asked of the engine, a
 * save, the words) is its subclass's: Session (the classic game), CourseSession.
 * @template {GameKind} K
 */
export class GameSession {
  /**
   * @param {EngineClient} engine  the engine client (lib/engine/client.js: an Engine, a LazyEngine)
   * @param {object} opts
   * @param {K["position"]} [opts.start]  the position the game started from (default: positions[0])
   * @param {unknown} [opts.seats]        [{kind: "human"|"computer", level}] per seat (checked: seatOf)
   * @param {K["position"][]} opts.positions  every position so far (positions[0] = start)
   * @param {K["event"][][]} opts.events   the events of each move
   * @param {K["move"][]} opts.moves       the moves so far (record moves, with reshuffles)
   * @param {PathStep[][] | null} [opts.startTrails]  the seats' trails at the start position
   *        (a game taken up from a step of another; default: none)
   */
  constructor(engine, { start, seats, positions, events, moves, startTrails = null }) {
    this.engine = engine;
    this.start = start || positions[0];
    this.positions = positions;
    this.events = events;
    this.moves = moves;
    this.startTrails = startTrails;
    const n = this.start.players.length;
    /** @type {Seat[]} */
    this.seats = Array.isArray(seats) && seats.length === n ? seats.map(seatOf)
      : Array.from({ length: n }, () => ({ kind: "human", level: "medium" }));
    /** @type {K["move"][][]} what undo took back, the last batch last */
    this.redoStack = [];
    /** How many changes the game has had (moves played, undone, redone). */
    this.version = 0;
    this.closed = false;
    /** The turn clock's seconds a move (0: none), kept in the save. */
    this.clock = 0;
    /** @type {Promise<unknown>} the last change asked for (each waits for the one before) */
    this._queue = Promise.resolve();
    /** How many changes are asked for and not done yet. */
    this.pending = 0;
    /** @type {WeakMap<object, Promise<K["answer"]>>} the engine's answer for the turn, by position */
    this._turns = new WeakMap();
  }

  /**
   * Run `change` once every change asked before it is done.  `at`: the version the
   * change was decided at; if the game has changed since, it is dropped (code "stale").
   * @template T @param {() => Promise<T> | T} change @param {number} [at] @returns {Promise<T>}
   */
  _enqueue(change, at) {
    this.pending++;
    const run = this._queue.then(() => {
      if (this.closed || (at !== undefined && at !== this.version)) throw stale();
      return change();
    });
    this._queue = run.catch(() => {}).then(() => { this.pending--; });
    return run;
  }

  /** The page has left this game (a new game, a restore): whatever is still queued is dropped. */
  close() { this.closed = true; }

  /** @returns {K["position"]} */
  get position() { return this.positions[this.positions.length - 1]; }
  /** @returns {K["position"]["players"]} */
  get players() { return this.start.players; }
  /** The seat to move in the position on, as the engine wrote it (the turn loop asks the engine). */
  get turn() { return this.position.turn; }

  // ------------------------------------------------------------ what a variant says

  /** The variant's name ("classic", "course"). @returns {string} */
  get variant() { throw new Error("a variant names itself"); }
  /** Its rule set, as a position writes it. @returns {Rules} */
  get rules() { throw new Error("a variant has its rules"); }
  /** The board's size. @returns {{width: number, height: number}} */
  get boardSize() { throw new Error("a variant has its board"); }
  /** What board.js draws for a position of this game.
   *  @param {K["position"]} _position @returns {import("../views/board.js").BoardView} */
  view(_position) { throw new Error("a variant draws its positions"); }
  /** The seats out of the game in a position. @param {K["position"]} _position @returns {number[]} */
  outSeats(_position) { throw new Error("a variant says who is out"); }
  /** The tiles a seat holds in a position. @param {K["position"]} _position @param {number} _seat @returns {number[]} */
  handOf(_position, _seat) { throw new Error("a variant says who holds what"); }
  /** The winners of a finished position. @param {K["position"]} _position @returns {number[]} */
  winnersOf(_position) { throw new Error("a variant says who won"); }
  /** One move's events in words. @param {K["event"][]} _events @returns {LogLine[]} */
  describe(_events) { throw new Error("a variant tells its moves"); }
  /** The whole game as a record (null: none, a game begun from a position). @returns {GameRecord | null} */
  toRecord() { throw new Error("a variant records its games"); }
  /** What to keep in localStorage to resume this game. @returns {object} */
  toSave() { throw new Error("a variant saves its games"); }
  /** Ask the engine for the turn in `position`. @param {K["position"]} _position @returns {Promise<K["answer"]>} */
  _askTurn(_position) { throw new Error("a variant asks its turns"); }
  /** Ask the engine to play `move` on the position now, and add the answer (within a queued change).
   *  @param {K["move"]} _move @returns {Promise<K["played"]>} */
  _apply(_move) { throw new Error("a variant plays its moves"); }
  /** A computer player's move. @param {number} [_budgetMs] @returns {Promise<K["move"]>} */
  botMove(_budgetMs) { throw new Error("a variant has its computers"); }
  /** A suggested move for the active player, if the variant has hints.
   *  @param {number} [_budgetMs] @returns {Promise<K["move"] | null>} */
  hint(_budgetMs) { throw new Error("a variant has its hints"); }

  // ------------------------------------------------------------ the game

  /** Whether a person plays `seat` (a seat of none: the table's, as nobody's computer). @param {number | null} seat */
  isHuman(seat) { return seat === null || this.seats[seat]?.kind !== "computer"; }
  get humanCount() { return this.seats.filter((s) => s.kind !== "computer").length; }

  /**
   * The engine's answer for the turn in the position on: its phase ("over" once the game
   * is), the seat to move, and the moves (tile moves with outcomes, illegal ones too,
   * marked).  Asked once per position: the turn loop, a page's check and the referee's
   * state share the answer.
   * @returns {Promise<K["answer"]>}
   */
  legalMoves() {
    const position = this.position;
    let answer = this._turns.get(position);
    if (!answer) {
      const asked = this._askTurn(position);
      answer = asked;
      this._turns.set(position, asked);
      asked.catch(() => { if (this._turns.get(position) === asked) this._turns.delete(position); });
    }
    return answer;
  }

  /** Whether the game is over: the engine's answer for the turn (overIn). */
  async isOver() { return overIn(await this.legalMoves()); }

  /** Add one move's answer to the game (positions, events, moves).
   *  @template {Added<K>} R @param {R} r @returns {R} */
  _add(r) {
    if (this.closed) throw stale();
    this.positions.push(r.position);
    this.events.push(r.events);
    this.moves.push(r.move);
    this.version++;
    return r;
  }

  /**
   * Play a move (a human's or a bot's), after every change asked before it; forgets what
   * could be redone.  `at`: the version the move was chosen at (default: now); if the game
   * has changed since, the move is dropped (EngineError, code "stale").
   * @param {K["move"]} move @param {number} [at] @returns {Promise<K["played"]>}
   */
  play(move, at = this.version) {
    return this._enqueue(async () => {
      const r = await this._apply(move);
      this.redoStack = [];
      return r;
    }, at);
  }

  /** The seat that made move k. @param {number} k */
  moverOf(k) { return this.positions[k].turn; }

  /** How many moves undo would take back (the computers' moves after the last human move, and it). */
  undoCount() {
    let k = this.moves.length;
    while (k > 0 && !this.isHuman(this.moverOf(k - 1))) k--;
    if (k === 0) return 0;
    return this.moves.length - (k - 1);
  }

  canUndo() { return this.undoCount() > 0; }
  canRedo() { return this.redoStack.length > 0; }

  /** Take back the last human move and the computers' after it, once the changes asked before
   *  are done (a move on its way is played first, then taken back); resolves to how many. */
  undo() {
    return this._enqueue(() => {
      const n = this.undoCount();
      if (!n) return 0;
      const taken = this.moves.splice(this.moves.length - n, n);
      this.positions.splice(this.positions.length - n, n);
      this.events.splice(this.events.length - n, n);
      this.redoStack.push(taken);
      this.version++;
      return n;
    });
  }

  /** Play again what the last undo took back (queued like undo); the events of each move replayed.
   *  @returns {Promise<K["played"]["events"][]>} */
  redo() {
    return this._enqueue(async () => {
      const batch = this.redoStack.pop();
      if (!batch) return [];
      const stack = this.redoStack;
      const out = [];
      for (const m of batch) out.push((await this._apply(m)).events);
      this.redoStack = stack;
      return out;
    });
  }

  /** Each seat's trail so far (or up to move `upto`): the path segments its marker travelled. */
  trails(upto = this.events.length) {
    const trails = trailsOf(this.events.slice(0, upto), this.players.length);
    (this.startTrails || []).forEach((path, seat) => { if (trails[seat]) trails[seat].unshift(...path); });
    return trails;
  }
}

/**
 * The classic game (and its rule sets): a record, or the position it started from, and the
 * engine's classic operations.
 * @extends {GameSession<Classic>}
 */
export class Session extends GameSession {
  /**
   * @param {EngineClient} engine
   * @param {object} opts  GameSession's, and:
   * @param {GameRecord | null} [opts.record]  a record (game from its deal), or none (a game from `start`)
   * @param {Position} [opts.start]
   * @param {unknown} [opts.seats]
   * @param {Position[]} opts.positions
   * @param {GameEvent[][]} opts.events
   * @param {Move[]} opts.moves
   * @param {((n: number) => (number | string | undefined)) | null} [opts.playSeed]
   *        the seed of move n for the engine's `play` (how the game's randomness is
   *        drawn; default: the record's seed and n)
   * @param {PathStep[][] | null} [opts.startTrails]
   */
  constructor(engine, { record = null, playSeed = null, ...opts }) {
    super(engine, opts);
    this.record = record;
    this.playSeed = playSeed;
  }

  /** A new dealt game.
   *  @param {EngineClient} engine @param {{rules?: Rules, players?: number | Player[], seats?: unknown, seed?: number | string | null}} options */
  static async create(engine, { rules, players, seats, seed }) {
    /** @type {import("../types.js").NewGameArgs} */
    const args = { rules, players };
    if (seed !== undefined && seed !== null && seed !== "") args.seed = seed;
    const r = await engine.ask("new_game", args);
    return new Session(engine, { record: r.record, seats, positions: [r.position], events: [], moves: [] });
  }

  /** A game from a record (a saved game or a share link), every move replayed by the engine.
   *  @param {EngineClient} engine @param {GameRecord} record @param {unknown} [seats]
   *  @param {{playSeed?: (n: number) => (number | string | undefined), startTrails?: PathStep[][]}} [opts] */
  static async fromRecord(engine, record, seats, opts = {}) {
    const r = await engine.ask("positions", { record });
    return new Session(engine, {
      ...opts, record, seats, positions: r.positions, events: r.events, moves: (record.moves || []).slice(),
    });
  }

  /**
   * A game on a position the page already holds from the engine or the site (a shipped
   * puzzle, a link's step): nothing is asked until a move is played, which the engine judges.
   * @param {EngineClient} engine @param {Position} position
   * @param {{playSeed?: (n: number) => (number | string | undefined), startTrails?: PathStep[][]}} [opts]
   */
  static at(engine, position, opts = {}) {
    return new Session(engine, { ...opts, start: position, positions: [position], events: [], moves: [] });
  }

  /**
   * A game continued from a position (moves, if any, played on from it).  A position marked
   * `"sketch": true` (a lesson's drawing, which the engine accepts though no game reaches it:
   * perhaps nobody can move) never becomes a game: refused with the code "sketch".
   * @param {EngineClient} engine @param {Position} position @param {unknown} [seats] @param {Move[]} [moves]
   */
  static async fromPosition(engine, position, seats, moves = []) {
    if (position && typeof position === "object" && position.sketch === true) {
      throw new EngineError("sketch", "this position is a sketch, not a game");
    }
    const r = await engine.ask("validate", { position });
    if (!r.valid) throw new EngineError("invalid", "not a valid position");
    const s = new Session(engine, { start: position, seats, positions: [position], events: [], moves: [] });
    for (const m of moves) await s._apply(m);   // before anyone else holds it: nothing to queue behind
    return s;
  }

  get rules() { return this.start.rules; }
  get variant() { return "classic"; }
  get boardSize() {
    const r = this.rules && typeof this.rules === "object" ? this.rules : {};
    return { width: r.width || 6, height: r.height || 6 };
  }

  /** What board.js draws for a position of this game (a classic position as it is). @param {Position} position */
  view(position) { return position; }
  /** The seats out of the game in a position. @param {Position} position */
  outSeats(position) { return position.out || []; }
  /** The tiles a seat holds in a position. @param {Position} position @param {number} seat */
  handOf(position, seat) { return (position.hands && position.hands[seat]) || []; }
  /** The winners of a finished position. @param {Position} position */
  winnersOf(position) { return position.winners || []; }
  /** One move's events in words (movelog.js). @param {GameEvent[]} events */
  describe(events) { return describe(events, this.players); }

  /** The whole game as a record, with the moves so far (null if it began from a position). @returns {GameRecord | null} */
  toRecord() {
    if (!this.record) return null;
    return { ...this.record, moves: this.moves.slice() };
  }

  /** What to keep in localStorage to resume this game. @returns {ClassicSave} */
  toSave() {
    const record = this.toRecord();
    const base = record ? { record } : { start: this.start, moves: this.moves.slice() };
    const clock = this.clock > 0 ? { clock: this.clock } : {};
    return { format: "tsuro-save/1", ...base, seats: this.seats, ...clock, savedAt: new Date().toISOString() };
  }

  /** A saved game (as stored: the engine checks its record or position, and every move).
   *  @param {EngineClient} engine @param {unknown} save */
  static async fromSave(engine, save) {
    const s = save && typeof save === "object" ? /** @type {Partial<ClassicSave>} */ (save) : null;
    if (!s || s.format !== "tsuro-save/1") {
      throw new EngineError("old_save", "it was saved by another version of the game");
    }
    const session = s.record ? await Session.fromRecord(engine, s.record, s.seats)
      : s.start ? await Session.fromPosition(engine, s.start, s.seats, s.moves || []) : null;
    if (!session) throw new EngineError("bad_save", "it holds no game");
    // the turn clock's seconds a move, when the game had one (at most an hour)
    const clock = Number(s.clock);
    session.clock = clock > 0 && clock <= 3600 ? clock : 0;
    return session;
  }

  /** Ask the engine for the turn in `position`. @param {Position} position @returns {Promise<LegalMoves>} */
  _askTurn(position) {
    return this.engine.ask("legal_moves", { position, all: true });
  }

  _seed() {
    if (this.playSeed) return this.playSeed(this.moves.length);
    const seed = this.record && this.record.seed;
    return seed === undefined || seed === null ? undefined : `${seed}/${this.moves.length}`;
  }

  /** Ask the engine to play `move` on the position now, and add the answer (within a queued change).
   *  @param {Move} move @returns {Promise<Played>} */
  async _apply(move) {
    /** @type {import("../types.js").PlayArgs} */
    const args = { position: this.position, move };
    const seed = this._seed();
    if (seed !== undefined) args.seed = seed;
    return this._add(await this.engine.ask("play", args));
  }

  /** A whole-number seed for a bot's choice: from the game's seed if it has one. */
  _botSeed() {
    const seed = this.record && this.record.seed;
    if (typeof seed === "number" && Number.isInteger(seed)) return seed * 1000 + this.moves.length;
    return Math.floor(Math.random() * 2 ** 31);
  }

  /**
   * What the engine's bot is asked with for `seat`'s move: its level's bot, seeded, within
   * `budgetMs`, and the hard bot with its floor of work (budgets.js); a link game asks for
   * the same move on every device: link/session.js.
   * @param {number} seat @param {number} budgetMs
   * @returns {{bot: string, seed: number | string, budget_ms?: number, iterations?: number, min_steps?: number}}
   */
  botArgs(seat, budgetMs) {
    const bot = botFor(this.seats[seat]?.level);
    return { bot, seed: this._botSeed(), budget_ms: budgetMs, ...(bot === BOTS.hard ? { min_steps: HARD_MIN_STEPS } : {}) };
  }

  /** A computer player's move: the engine's bot, or (an engine without bots) a random legal move.
   *  @param {number} [budgetMs] @returns {Promise<Move>} */
  async botMove(budgetMs = HARD_BUDGET_MS) {
    try {
      const seat = /** @type {number} */ (this.turn);   // a computer moves in a game going on
      const r = await this.engine.ask("bot_move", { position: this.position, ...this.botArgs(seat, budgetMs) });
      if (r && r.move) return r.move;
    } catch (e) {
      if (!hasCode(e, "unknown_op")) throw e;
    }
    const legal = await this.legalMoves();
    const moves = (legal.moves || []).filter((m) => m.legal !== false);
    return moves[Math.floor(Math.random() * moves.length)].move;
  }

  /** A suggested move for the active player (the engine's hint, if it has one).
   *  @param {number} [budgetMs] @returns {Promise<Move | null>} */
  async hint(budgetMs = HINT_BUDGET_MS) {
    try {
      const r = await this.engine.ask("hint",
        { position: this.position, budget_ms: budgetMs, min_steps: HARD_MIN_STEPS, seed: this._botSeed() });
      return r && r.move ? r.move : null;
    } catch {
      return null;
    }
  }
}

/**
 * Add one move's marker travels (its events) to the seats' trails.
 * @param {PathStep[][]} trails @param {readonly (GameEvent | CourseEvent)[] | null | undefined} events
 */
export function addTrails(trails, events) {
  for (const e of events || []) if (e.type === "move" && e.path) trails[e.seat].push(...e.path);
  return trails;
}

/**
 * Each of `seats` seats' trail after these moves' events (a list per move).
 * @param {readonly (readonly (GameEvent | CourseEvent)[])[]} eventLists @param {number} seats @returns {PathStep[][]}
 */
export function trailsOf(eventLists, seats) {
  /** @type {PathStep[][]} */
  const trails = Array.from({ length: seats }, () => []);
  for (const events of eventLists) addTrails(trails, events);
  return trails;
}
