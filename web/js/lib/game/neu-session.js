// The course variant (`neu`: Northeastern CS4500, Fall 2019) on the game page.
// Everything here asks the engine's neu_* operations (tsuro_core/neu/game.py)
// for the rules; it only turns their answers into what the views draw.
//
//   NeuSession  a course game kept by the page (positions, undo/redo, save), like Session
//   describeNeu the engine's events in words, for the move log and the replay
//
// A human's turn in a course game is played by NeuTurn (neu-turn.js).

import { Session, EngineRefused, ask } from "./session.js";
import { seatName, placedText, headline } from "../words/movelog.js";
import { placeName } from "../words/coords.js";
import { t, list } from "../words/i18n.js";

/** The course's avatar colours, oldest player first. */
export const NEU_COLORS = ["white", "black", "red", "green", "blue"];
export const NEU_MIN = 3;
export const NEU_MAX = 5;

/** Whether a saved game or a position belongs to the course variant. */
export function isNeu(value) {
  return !!value && (value.variant === "neu" || value.rules === "neu");
}

/** What board.js draws for a course-variant position (drawing data only). */
export function neuView(position) {
  return {
    tiles: position.tiles,
    markers: position.avatars,
    out: position.out.map((o) => o.seat),
    turn: position.turn,
  };
}

// ------------------------------------------------------------------ the session

export class NeuSession extends Session {
  constructor(engine, opts) {
    super(engine, opts);
    this.seed = Number.isInteger(opts.seed) ? opts.seed : null;
  }

  get variant() { return "neu"; }
  get rules() { return "neu"; }
  get boardSize() { return { width: 10, height: 10 }; }

  /** A new course game (the referee's deal is always 0, 1, 2, ...: the seed only steers the computers). */
  static async create(engine, { players, seats, seed }) {
    const r = await ask(engine, "neu_new_game", { players });
    return new NeuSession(engine, { start: r.position, seats, positions: [r.position], events: [], moves: [], seed });
  }

  /** A saved course game: the start position checked and every move played again by the engine. */
  static async fromSave(engine, save) {
    if (!save || save.format !== "tsuro-save/1" || !isNeu(save) || !save.start) {
      throw new EngineRefused({ code: "bad_save", message: "it holds no course-variant game" });
    }
    await ask(engine, "neu_legal_moves", { position: save.start });
    const s = new NeuSession(engine, {
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

  legalMoves() { return ask(this.engine, "neu_legal_moves", { position: this.position }); }

  async _apply(move) {
    return this._add(await ask(this.engine, "neu_play", { position: this.position, move }));
  }

  _botSeed() {
    return this.seed !== null ? this.seed * 1000 + this.moves.length : Math.floor(Math.random() * 2 ** 31);
  }

  async botMove() {
    const r = await ask(this.engine, "neu_bot_move", { position: this.position, seed: this._botSeed() });
    return r.move;
  }

  async hint() { return null; }

  view(position) { return neuView(position); }
  outSeats(position) { return position.out.map((o) => o.seat); }
  handOf(position, seat) { return position.turn === seat ? position.handed : []; }
  winnersOf(position) { return (position.ranking && position.ranking[0]) || []; }
  describe(events) { return describeNeu(events, this.players); }

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

function rankingHeadline(ranking, players) {
  return headline((ranking[0] || []).map((s) => players[s].name));
}

// ------------------------------------------------------------------ the move log

/** Sentences for one move's events: [{seat, kind, text}] like movelog.describe. */
export function describeNeu(events, players) {
  const name = (s) => seatName(players, s);
  const where = (p) => placeName(p, 10, 10);
  const lines = [];
  const place = events.find((e) => e.type === "place");
  const start = events.find((e) => e.type === "start");
  for (const e of events) {
    switch (e.type) {
      case "place":
        if (start) {
          // the avatar told on the tile it stands on, as the port buttons name it
          const avatar = where([e.square[0], e.square[1], start.port]);
          lines.push({ seat: e.seat, kind: "start", text: placedText("neu.opens", e, { name: name(e.seat), place: avatar }) });
        } else {
          lines.push({ seat: e.seat, kind: "place", text: placedText("log.place", e, { name: name(e.seat) }) });
        }
        break;
      case "move":
        if (place && !start && e.to) {
          const key = e.seat === place.seat ? "neu.moves" : "neu.carried";
          lines.push({ seat: e.seat, kind: "move", text: t(key, { name: name(e.seat), place: where(e.to) }) });
        }
        break;
      case "collision":
        lines.push({ seat: null, kind: "collision", text: t("neu.collision", { names: list(e.seats.map(name)) }) });
        break;
      case "out":
        lines.push({ seat: e.seat, kind: "out", text: t(e.reason === "loop" ? "neu.loop" : "log.edge", { name: name(e.seat) }) });
        break;
      case "round":
        lines.push({ seat: null, kind: "round", text: e.round === 1 ? t("neu.roundOne") : t("neu.round", { round: e.round }) });
        break;
      case "game_over":
        lines.push({ seat: null, kind: "over", text: t("log.over", { result: rankingHeadline(e.ranking, players) }) });
        break;
      default:
        break; // "start" is told with its tile; "deal" is shown in the hand
    }
  }
  return lines;
}
