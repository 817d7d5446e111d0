// The course variant (Northeastern CS4500, Fall 2019: docs/course.md) on the game
// page.  Everything here asks the engine's course operations (course_*) for the
// rules (its saves and positions keep the name "neu"); it only turns their
// answers into what the views draw.
//
//   CourseSession  a course game kept by the page (positions, undo/redo, save), like Session
//
// Its events in words are describeCourse's (words/courselog.js).
// A human's turn in a course game is played by CourseTurn (turns/course.js).

import { GameSession } from "./session.js";
import { EngineError } from "../engine/client.js";
import { describeCourse, rankingHeadline } from "../words/courselog.js";
import { t, list } from "../words/i18n.js";
/** @import {EngineClient} from "../engine/client.js" */
/** @import {CourseEvent, CourseMove, CoursePlayed, CoursePlayer, CoursePosition, CourseLegalMoves, PathStep} from "../types.js" */
/** @import {Seat} from "./session.js" */

/** The course variant's kind. @typedef {{position: CoursePosition, move: CourseMove, event: CourseEvent, answer: CourseLegalMoves, played: CoursePlayed}} Course */

/** A course game's save: the start position, the moves since, the computers' seed.
 *  @typedef {{format: "tsuro-save/1", variant: "neu", start: CoursePosition, moves: CourseMove[], seats: Seat[], seed: number | null, savedAt: string}} CourseSave */

/** The course's avatar colours, oldest player first. */
export const COURSE_COLORS = ["white", "black", "red", "green", "blue"];
export const COURSE_MIN = 3;
export const COURSE_MAX = 5;

/** Whether a saved game or a position belongs to the course variant (stored and written as "neu").
 *  @param {unknown} value */
export function isCourse(value) {
  if (!value || typeof value !== "object") return false;
  const v = /** @type {{variant?: unknown, rules?: unknown}} */ (value);
  return v.variant === "neu" || v.rules === "neu";
}

/** What board.js draws for a course-variant position (drawing data only). @param {CoursePosition} position */
export function courseView(position) {
  return {
    tiles: position.tiles,
    markers: position.avatars,
    out: position.out.map((o) => o.seat),
    turn: position.turn,
  };
}

// ------------------------------------------------------------------ the session

/** @extends {GameSession<Course>} */
export class CourseSession extends GameSession {
  /**
   * @param {EngineClient} engine
   * @param {object} opts  GameSession's, and the seed that steers the computers (a whole number; else none)
   * @param {CoursePosition} [opts.start]
   * @param {unknown} [opts.seats]
   * @param {CoursePosition[]} opts.positions
   * @param {CourseEvent[][]} opts.events
   * @param {CourseMove[]} opts.moves
   * @param {PathStep[][] | null} [opts.startTrails]
   * @param {unknown} [opts.seed]
   */
  constructor(engine, { seed, ...opts }) {
    super(engine, opts);
    /** @type {number | null} */
    this.seed = typeof seed === "number" && Number.isInteger(seed) ? seed : null;
  }

  get variant() { return "course"; }
  get rules() { return "neu"; }
  get boardSize() { return { width: 10, height: 10 }; }

  /** A new course game (the referee's deal is always 0, 1, 2, ...: the seed only steers the computers).
   *  @param {EngineClient} engine @param {{players: CoursePlayer[], seats?: unknown, seed?: unknown}} options */
  static async create(engine, { players, seats, seed }) {
    const r = await engine.ask("course_new_game", { players });
    return new CourseSession(engine, { start: r.position, seats, positions: [r.position], events: [], moves: [], seed });
  }

  /** A saved course game (as stored): the start position checked and every move played again by the engine.
   *  @param {EngineClient} engine @param {unknown} save */
  static async fromSave(engine, save) {
    const s = save && typeof save === "object" ? /** @type {Partial<CourseSave>} */ (save) : null;
    if (!s || s.format !== "tsuro-save/1" || !isCourse(s) || !s.start) {
      throw new EngineError("bad_save", "it holds no course-variant game");
    }
    await engine.ask("course_legal_moves", { position: s.start });   // the engine checks the start
    const game = new CourseSession(engine, {
      start: s.start, seats: s.seats, positions: [s.start], events: [], moves: [], seed: s.seed,
    });
    for (const m of s.moves || []) await game._apply(m);
    return game;
  }

  toRecord() { return null; }

  /** @returns {CourseSave} */
  toSave() {
    return {
      format: "tsuro-save/1", variant: "neu", start: this.start, moves: this.moves.slice(),
      seats: this.seats, seed: this.seed, savedAt: new Date().toISOString(),
    };
  }

  /** @param {CoursePosition} position */
  _askTurn(position) { return this.engine.ask("course_legal_moves", { position }); }

  /** @param {CourseMove} move */
  async _apply(move) {
    return this._add(await this.engine.ask("course_play", { position: this.position, move }));
  }

  _botSeed() {
    return this.seed !== null ? this.seed * 1000 + this.moves.length : Math.floor(Math.random() * 2 ** 31);
  }

  async botMove() {
    const r = await this.engine.ask("course_bot_move", { position: this.position, seed: this._botSeed() });
    return r.move;
  }

  /** @returns {Promise<CourseMove | null>} */
  async hint() { return null; }

  /** @param {CoursePosition} position */
  view(position) { return courseView(position); }
  /** @param {CoursePosition} position */
  outSeats(position) { return position.out.map((o) => o.seat); }
  /** @param {CoursePosition} position @param {number} seat */
  handOf(position, seat) { return position.turn === seat ? position.handed : []; }
  /** @param {CoursePosition} position */
  winnersOf(position) { return (position.ranking && position.ranking[0]) || []; }
  /** @param {CourseEvent[]} events */
  describe(events) { return describeCourse(events, this.players); }

  /** A player's line in the players panel. @param {number} seat @param {CoursePosition} position */
  playerNotes(seat, position) {
    const o = position.out.find((x) => x.seat === seat);
    if (o) return [t(o.reason === "loop" ? "neu.outLoop" : "neu.outEdge", { round: o.round })];
    if (position.phase === "opening" && !position.avatars[seat]) return [t("neu.notPlaced")];
    return position.phase === "over" ? [] : [t("neu.onBoard")];
  }

  /** The game-over headline and the ranking, in words. @param {CoursePosition} position */
  result(position) {
    const ranking = position.ranking || [];
    const names = (/** @type {number[]} */ rank) => list(rank.map((s) => this.players[s].name));
    return {
      headline: rankingHeadline(ranking, this.players),
      lines: ranking.map((rank, i) => t(rank.length > 1 ? "neu.rankShared" : "neu.rank", { rank: i + 1, names: names(rank) })),
    };
  }
}
