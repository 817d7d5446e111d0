// Stepping through a game's positions on a board: the game page's replay after
// the game, the embed's record boards, the review, the course tutorial and the
// lesson player all step with this. One step forward is animated (the move's
// events, at the site's motion setting) when there is a move between the two;
// any other jump is drawn at once.

/**
 * @typedef {object} StepperParts
 * @property {{animate(events: object[], opts?: {speed?: number}): Promise<void>}} board  the Board view
 * @property {(k: number) => (object[] | null | undefined)} events   the events of move k (from
 *           position k to k + 1); none: k + 1 does not follow from k (drawn at once)
 * @property {(k: number) => void} draw         draw position k on the board (position and trails)
 * @property {(k: number) => void} [told]       after a step: the words, buttons and panels for position k
 * @property {() => (number | undefined)} [speed]  the animation speed (default: the board's, motion.js)
 */

export class Stepper {
  /** @param {StepperParts} parts */
  constructor({ board, events, draw, told = () => {}, speed = () => undefined }) {
    this.board = board;
    this.events = events;
    this.draw = draw;
    this.told = told;
    this.speed = speed;
    /** @type {number | null} the position on show (null: none yet) */
    this.at = null;
    this.from = 0;  // the first position one may step to
    this.to = 0;    // the last
  }

  /**
   * The positions one may step between (and forget the one on show).
   * @param {number} from
   * @param {number} to
   */
  bounds(from, to) {
    this.from = from;
    this.to = to;
    this.at = null;
  }

  /**
   * Show position k (kept within the bounds); a step of one forward is animated when `animate`.
   * @param {number} k
   * @param {boolean} [animate]
   * @returns {Promise<void>}
   */
  async step(k, animate = false) {
    k = Math.max(this.from, Math.min(this.to, k));
    const prev = this.at;
    this.at = k;
    const events = animate && prev !== null && k === prev + 1 ? this.events(prev) : null;
    if (events && prev !== null) {
      this.draw(prev);
      const speed = this.speed();
      await this.board.animate(events, speed === undefined ? {} : { speed });
      if (this.at !== k) return;   // stepped elsewhere meanwhile
    }
    this.draw(k);
    this.told(k);
  }

  /**
   * Wire the four buttons: first, previous, next (animated), last.
   * @param {{first?: HTMLElement | null, prev?: HTMLElement | null, next?: HTMLElement | null, last?: HTMLElement | null}} buttons
   */
  wire({ first, prev, next, last }) {
    first?.addEventListener("click", () => this.step(this.from));
    prev?.addEventListener("click", () => this.step((this.at ?? this.from) - 1));
    next?.addEventListener("click", () => this.step((this.at ?? this.from) + 1, true));
    last?.addEventListener("click", () => this.step(this.to));
  }
}
