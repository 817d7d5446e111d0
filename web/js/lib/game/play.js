// Playing one move: the one sequence every move takes, played by the turn loop
// (turnloop.js) for every page that plays.  The turn is
// frozen, the session asks the engine to `play` (the record, positions and
// trails grow there), the game is saved, the board animates the move's events
// and draws the new position, then the page goes on to the next seat.  What
// differs between pages comes in as the steps below; none of them decides a rule.

/** @import {GameKind} from "./session.js" */
/** @import {Board, BoardView} from "../views/board.js" */
/** @import {PathStep} from "../types.js" */

/**
 * What the play path needs of a game: a Session (or a variant's), or a room guest's view
 * of the host's game.
 * @template {GameKind} K
 * @typedef {object} Playable
 * @property {(move: K["move"], at?: number) => Promise<K["played"]>} play
 * @property {K["position"]} position
 * @property {(position: K["position"]) => BoardView} view
 * @property {() => PathStep[][]} trails
 */

/**
 * @template {GameKind} K
 * @typedef {object} PlaySteps
 * @property {Pick<Board, "animate" | "setPosition" | "setTrails">} [board]
 *           the Board view (none: a game kept where nobody looks, the room's referee)
 * @property {() => void} [freeze]    before the engine is asked: stop the turn, take away its aids
 * @property {(r: K["played"]) => void} [accepted]
 *           the engine played it: save the game, sounds (before the animation)
 * @property {(r: K["played"]) => (void | Promise<void>)} [shown]
 *           the move is on the board: its words, panels, messages (awaited)
 * @property {() => (void | Promise<void>)} [next]  the next seat's turn
 * @property {() => boolean} [current]  false once the page has moved on (another game,
 *           an undo): the rest of the sequence is dropped
 * @property {number} [at]  the session's version the move was chosen at (a turn's legal
 *           moves, a computer's move): if the game changed since, the session drops it
 *           (EngineError, code "stale"); default: the version when playMove is called
 */

/**
 * Play `move` in `session` and show it.  An engine refusal or failure (EngineError)
 * is thrown to the caller after `freeze`, before anything else changed.
 * @template {GameKind} K
 * @param {Playable<K>} session  a Session (or CourseSession)
 * @param {K["move"]} move   the engine's move object (from legal_moves, a bot, the host page)
 * @param {PlaySteps<K>} steps
 * @returns {Promise<K["played"] | null>} the engine's answer, or null if the page moved on meanwhile
 */
export async function playMove(session, move, { board, freeze, accepted, shown, next, current = () => true, at }) {
  freeze?.();
  const r = await session.play(move, at);
  if (!current()) return null;
  accepted?.(r);
  if (board) {
    await board.animate(r.events);
    if (!current()) return null;
    board.setPosition(session.view(session.position));
    board.setTrails(session.trails());
  }
  await shown?.(r);
  await next?.();
  return r;
}
