// Playing one move: the one sequence every move takes, played by the turn loop
// (turnloop.js) for every page that plays.  The turn is
// frozen, the session asks the engine to `play` (the record, positions and
// trails grow there), the game is saved, the board animates the move's events
// and draws the new position, then the page goes on to the next seat.  What
// differs between pages comes in as the steps below; none of them decides a rule.

/** @import {Move, Played, GameEvent, Position} from "../types.js" */

/**
 * @typedef {object} PlaySteps
 * @property {{animate(events: GameEvent[]): Promise<void>, setPosition(p: object): void, setTrails(t: object[]): void}} [board]
 *           the Board view (none: a game kept where nobody looks, the room's referee)
 * @property {() => void} [freeze]    before the engine is asked: stop the turn, take away its aids
 * @property {(r: Played) => void} [accepted]
 *           the engine played it: save the game, sounds (before the animation)
 * @property {(r: Played) => (void | Promise<void>)} [shown]
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
 * @param {{play(move: Move, at?: number): Promise<Played>, position: Position, view(p: Position): object,
 *          trails(): object[]}} session  a Session (or CourseSession)
 * @param {Move} move   the engine's move object (from legal_moves, a bot, the host page)
 * @param {PlaySteps} steps
 * @returns {Promise<Played | null>} the engine's answer, or null if the page moved on meanwhile
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
