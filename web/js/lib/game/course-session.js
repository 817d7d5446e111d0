// The course variant (Northeastern CS4500, Fall 2019: docs/course.md) on the game
// page.  Everything here asks the engine's course operations (course_*) for the
// rules (its saves and positions keep the name "neu"); it only turns their
// answers into what the views draw.
//
//   CourseSession  a course game kept by the page (positions, undo/redo, save), like Session
//
// Its events in words are describeCourse's (words/courselog.js).
// A human's turn in a course game is played by CourseTurn (turns/course.js).

import { Session } from "./session.js";
import { EngineError } from "../engine/client.js";
import { describeCourse, rankingHeadline } from "../words/courselog.js";
import { t, list } from "../words/i18n.js";

/** The course's avatar colours, oldest player first. */
export const COURSE_COLORS = ["white", "black", "red", "green", "blue"];
export const COURSE_MIN = 3;
export const COURSE_MAX = 5;

/** Whether a saved game or a position belongs to the course variant (stored and written as "neu"). */
export function isCourse(value) {
  return !!value && (value.variant === "neu" || value.rules === "neu");
}

/** What board.js draws for a course-variant position (drawing data only). */
export function courseView(position) {
  return {
    tiles: position.tiles,
    markers: position.avatars,
    out: position.out.map((o) => o.seat),
    turn: position.turn,
  };
}

// ------------------------------------------------------------------ the session

export class CourseSession extends Session {
  constructor(engine, opts) {
    super(engine, opts);
    this.seed = Number.isInteger(opts.seed) ? opts.seed : null;
  }

  get variant() { return "course"; }
  get rules() { return "neu"; }
  get boardSize() { return { width: 10, height: 10 }; }

  /** A new course game (the referee's deal is always 0, 1, 2, ...: the seed only steers the computers). */
  static async create(engine, { players, seats, seed }) {
    const r = await engine.ask("course_new_game", { players });
    return new CourseSession(engine, { start: r.position, seats, positions: [r.position], events: [], moves: [], seed });
  }

  /** A saved course game: the start position checked and every move played again by the engine. */
  static async fromSave(engine, save) {
    if (!save || save.format !== "tsuro-save/1" || !isCourse(save) || !save.start) {
      throw new EngineError("bad_save", "it holds no course-variant game");
    }
    await engine.ask("course_legal_moves", { position: save.start });
    const s = new CourseSession(engine, {
      start: save.start, seats: save.seats, positions: [save.start], events: [], moves: [], seed: save.seed,
    });
    for (const m of save.moves || []) await s._apply(m);
    return s;
  }

  toRecord() { return null; }

  toSave() {
    return {
      format: "tsuro-save/1", variant: "neu", start: this.start, moves: this.moves.slice(),
      seats: this.seats, seed: this.seed, savedAt: new Date().toISOString(),
    };
  }

  _askTurn(position) { return this.engine.ask("course_legal_moves", { position }); }

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

  async hint() { return null; }

  view(position) { return courseView(position); }
  outSeats(position) { return position.out.map((o) => o.seat); }
  handOf(position, seat) { return position.turn === seat ? position.handed : []; }
  winnersOf(position) { return (position.ranking && position.ranking[0]) || []; }
  describe(events) { return describeCourse(events, this.players); }

  /** A player's line in the players panel. */
  playerNotes(seat, position) {
    const o = position.out.find((x) => x.seat === seat);
    if (o) return [t(o.reason === "loop" ? "neu.outLoop" : "neu.outEdge", { round: o.round })];
    if (position.phase === "opening" && !position.avatars[seat]) return [t("neu.notPlaced")];
    return position.phase === "over" ? [] : [t("neu.onBoard")];
  }

  /** The game-over headline and the ranking, in words. */
  result(position) {
    const ranking = position.ranking || [];
    const names = (rank) => list(rank.map((s) => this.players[s].name));
    return {
      headline: rankingHeadline(ranking, this.players),
      lines: ranking.map((rank, i) => t(rank.length > 1 ? "neu.rankShared" : "neu.rank", { rank: i + 1, names: names(rank) })),
    };
  }
}
