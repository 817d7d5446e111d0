// The turn clock (issue 28): a time per move for the seats people play.  The
// page that runs the game (the game page; a room's host, its referee) gives its
// TurnLoop a TurnClock; the loop starts it at each turn and tells it each move.
// When a person's time runs out, the engine chooses the move (`clock_move`: one
// that keeps the marker on the board, marked `clock: true` in the record) and
// the loop plays it as any move; after two in a row the engine says the seat
// goes to a computer until its player acts again.  The clock keeps no rule of
// its own: only the time.  How many clock moves in a row a seat had it reads
// from the game's moves (they carry the mark), so a reload keeps the count.
// Showing it is the page's (lib/shell/clockface.js).


/** @import {TurnLoop, Player} from "./turnloop.js" */

/**
 * @typedef {object} ClockHooks
 * @property {(seat: number, leftMs: number) => void} [started]  a person's turn is timed: so long left
 * @property {() => void} [stopped]  no turn is timed now (a computer's turn, the end, the clock stopped)
 * @property {(seat: number) => void} [away]  the clock played twice in a row for `seat`: a computer
 *           plays it until its player acts again (the page's player hook says so from now)
 * @property {(e: any, seat: number) => void} [failed]  the engine could not play for the seat
 */

export class TurnClock {
  /**
   * @param {object} o
   * @param {TurnLoop<any>} o.loop
   * @param {() => number} o.seconds  the time per move now (0: none)
   * @param {ClockHooks} [o.hooks]
   * @param {() => number} [o.now]
   */
  constructor({ loop, seconds, hooks = {}, now = () => performance.now() }) {
    this.loop = loop;
    this.seconds = seconds;
    this.hooks = hooks;
    this.now = now;
    /** @type {{seat: number, endsAt: number, at: number} | null} the turn being timed */
    this.timing = null;
    /** @type {Map<number, number>} by seat: the move from which its clock moves count (its player came back then) */
    this.since = new Map();
    /** @type {Map<number, any>} the engine's clock answer for a seat, while its move is played */
    this.answers = new Map();
    this.timer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
  }

  /**
   * A turn starts (the loop's dispatch): a person's is timed, anything else stops the clock.
   * @param {number} seat @param {Player} player
   */
  start(seat, player) {
    clearTimeout(this.timer);
    const ms = this.seconds() * 1000;
    const s = this.loop.session;
    if (!(ms > 0) || player === "computer" || !s) { this.stop(); return; }
    this.timing = { seat, endsAt: this.now() + ms, at: s.version };
    this.timer = setTimeout(() => { this._ranOut(); }, ms);
    this.hooks.started?.(seat, ms);
  }

  /** The time left for the turn being timed (ms), or null if none is. */
  left() {
    return this.timing ? Math.max(0, this.timing.endsAt - this.now()) : null;
  }

  /** Stop timing (the game is over or left; the host stops being the table). */
  stop() {
    clearTimeout(this.timer);
    const was = this.timing;
    this.timing = null;
    if (was) this.hooks.stopped?.();
  }

  /**
   * A move was played for `seat` (the loop's accepted): its own move clears its clock moves in
   * a row; a clock move counts, and the second in a row sends the seat to a computer.
   * @param {number} seat @param {any} move
   */
  moved(seat, move) {
    if (move?.clock && this.answers.get(seat)?.computer) this.hooks.away?.(seat);
  }

  /**
   * The clock moves `seat` had in a row, the latest last (its own move, or a computer's,
   * ends a run; so does its player's coming back).
   * @param {number} seat
   */
  missedOf(seat) {
    const s = this.loop.session;
    if (!s) return 0;
    const from = this.since.get(seat) ?? 0;
    let n = 0;
    for (let k = s.moves.length - 1; k >= from; k--) {
      if (s.positions[k]?.turn !== seat) continue;
      if (!s.moves[k]?.clock) break;
      n++;
    }
    return n;
  }

  /** The seat's player acts again: its clock moves in a row start from none. @param {number} seat */
  back(seat) { this.since.set(seat, this.loop.session?.moves.length ?? 0); }

  /** A new game: every seat's count starts from none. */
  reset() { this.since.clear(); }

  /** The time ran out: the engine chooses the seat's move, and the loop plays it (unless the seat moved first). */
  async _ranOut() {
    const timing = this.timing;
    const s = this.loop.session;
    if (!timing || !s || s.version !== timing.at) return;
    this.timing = null;
    this.hooks.stopped?.();
    const { seat, at } = timing;
    try {
      const answer = await s.engine.ask("clock_move", { position: s.position, missed: this.missedOf(seat) });
      if (this.loop.session !== s || s.version !== at) return;   // the seat moved meanwhile
      this.answers.set(seat, answer);
      await this.loop.play(answer.move, at);
    } catch (e) {
      if (this.loop.session !== s || s.version !== at) return;
      this.hooks.failed?.(e, seat);
      this.start(seat, this.loop.playerOf(seat));   // the turn is offered again: so is its time
    } finally {
      this.answers.delete(seat);
    }
  }
}
