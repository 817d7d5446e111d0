// A link game kept by the page: a Session whose moves are played by the
// engine's `link_play`, so that every reshuffle is the one the game's seed
// gives (docs/linkplay.md) and the page never picks or computes a shuffle;
// and whose computers' moves are seeded by the move's number, so that every
// device that holds the game draws the same one.
// The message's other fields (game, seats, host, commit, shares, secret) ride
// along unchanged; message() is the game so far as a link carries it.

import { Session, botFor } from "../../lib/game/session.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {LinkMessage} from "../../lib/types.js" */

export class LinkSession extends Session {
  /**
   * @param {Engine} engine @param {any} opts  Session's
   * @param {Omit<LinkMessage, "record">} fields  the message's other fields
   */
  constructor(engine, opts, fields) {
    super(engine, opts);
    this.fields = fields;
  }

  /**
   * A dealt link game, every move replayed by the engine (`positions`).
   * @param {Engine} engine @param {LinkMessage} message  a message with a record
   */
  static async of(engine, message) {
    const { record, ...rest } = message;
    const r = await engine.ask("positions", { record });
    const seats = message.seats.map((s) => (s === "person" ? { kind: "human" } : { kind: "computer", level: s.split(":")[1] }));
    return new LinkSession(engine, {
      record, seats, positions: r.positions, events: r.events, moves: (record.moves || []).slice(),
    }, rest);
  }

  /** The game so far as a message (its record with every move played here). @returns {LinkMessage} */
  message() {
    return { ...this.fields, record: this.toRecord() };
  }

  /** A computer's move as every device asks it: seeded by the move's number, a fixed search.
   *  @param {number} seat */
  botArgs(seat) {
    return { bot: botFor(this.seats[seat]?.level), seed: this.moves.length, iterations: 32 };
  }

  /** One move through `link_play`: the engine checks it and draws any reshuffle from the seed. */
  async _apply(move) {
    return this._add(await this.engine.ask("link_play", { message: this.message(), move }));   // counted: session.js's queue
  }
}
