// The games the page can play, and what differs between them: the session
// that keeps a game, the controller of a human's turn, the seats and colours
// setup offers, and how the end is told.  The page asks variantOf() once per
// game and uses what it gets; it never asks which game it is playing.

import { Session } from "../../lib/game/session.js";
import { CourseSession, COURSE_COLORS, COURSE_MIN, COURSE_MAX, isCourse, courseView } from "../../lib/game/course-session.js";
import { ClassicTurn } from "../../lib/turns/classic.js";
import { CourseTurn } from "../../lib/turns/course.js";
import { winnersText } from "../../lib/words/movelog.js";
import { t } from "../../lib/words/i18n.js";
import { COLOR_NAMES, DEFAULT_COLORS } from "../../lib/views/style.js";
/** @import {EngineClient} from "../../lib/engine/client.js" */
/** @import {Classic, GameSession} from "../../lib/game/session.js" */
/** @import {Course} from "../../lib/game/course-session.js" */
/** @import {TurnDeps, ClassicKind} from "../../lib/turns/classic.js" */
/** @import {CourseKind} from "../../lib/turns/course.js" */
/** @import {BoardView} from "../../lib/views/board.js" */
/** @import {Place, Position, Rules, Square} from "../../lib/types.js" */

/** Either game the page plays (the classic game's kind or the course's). @typedef {Classic | Course} AnyKind */
/** The game on the page: either variant's session. @typedef {GameSession<AnyKind>} AnySession */
/** Either variant's position. @typedef {AnyKind["position"]} AnyPosition */
/** Either variant's human turn (the page's turn controllers). @typedef {ClassicKind | CourseKind} AnyTurnKind */
/**
 * What the page asks of either variant's turn controller (turns/classic.js's TurnController:
 * ClassicTurn, CourseTurn), with ClassicTurn's hint; each is only ever started on its own game.
 * @typedef {{
 *   human: object | null,
 *   advice: {text: string} | null,
 *   start(seat: number, legal: AnyKind["answer"]): void,
 *   stop(): void,
 *   refresh(): void,
 *   selectTile(i: number, fromClick?: boolean): void,
 *   rotateTile(i: number, dir: number): void,
 *   hoverTile(i: number | null): void,
 *   place(i?: number | null): void,
 *   chooseStart(place: Place): void,
 *   selectStart(place: Place): void,
 *   clickSquare(square: Square): void,
 *   hoverMark(place: Place | null): void,
 *   back(): void,
 *   handleKey(e: KeyboardEvent): boolean | void,
 *   hint?(): unknown,
 * }} AnyTurn
 */

/** A new game as the setup chooses it (setup.js): its rule set, players, seats ({kind, level}:
 *  the session checks them), seed and turn clock (seconds a move, 0: none).
 *  @typedef {{rules: Rules, players: {name: string, color?: string}[], seats: {kind: string, level: string}[], seed?: number | string, clock?: number}} NewGame */

/** A game's end in words: the headline (or a `detail` said in its place), each player's line,
 *  the final scores (if the rule set scores), whether it is a ranking, whether it has a share link.
 *  @typedef {{headline: string, detail?: string, lines: string[], scores: number[] | null, ranked: boolean, shares: boolean}} Result */

/**
 * What differs between the page's games: one entry of VARIANTS.  Its functions are written
 * for either game's session and positions; variantOf() gives each only its own game's.
 * @typedef {{
 *   name: "classic" | "course",
 *   preset: string,
 *   Session: {create(engine: EngineClient, game: NewGame): Promise<AnySession>, fromSave(engine: EngineClient, save: unknown): Promise<AnySession>},
 *   turn(deps: TurnDeps<AnyTurnKind>): AnyTurn,
 *   seats: readonly [number, number],
 *   palette: readonly string[],
 *   newColors: readonly string[],
 *   colorsByAge: boolean,
 *   levels: boolean,
 *   startKey: string,
 *   view(position: AnyPosition): BoardView,
 *   playerNotes(session: AnySession, seat: number, position: AnyPosition): string[],
 *   result(session: AnySession, engine: EngineClient): Promise<Result>,
 * }} Variant
 */

/** The scoring a classic rule set uses (null: the last marker standing wins). @param {Rules} rules */
function scoringOf(rules) {
  if (rules === "solo") return "tiles_placed";
  if (rules && typeof rules === "object") return rules.scoring || (rules.preset === "solo" ? "tiles_placed" : null);
  return null;
}


/**
 * A classic game's end: the winners, and each player's score when the rule set
 * scores (the engine's `result`).
 * @param {Session} session @param {EngineClient} engine @returns {Promise<Result>}
 */
async function classicResult(session, engine) {
  const pos = session.position;
  /** @type {Result} */
  const out = { headline: winnersText(pos.winners, session.players), lines: [], scores: null, ranked: false, shares: true };
  const scoring = scoringOf(session.rules);
  if (!scoring) return out;
  try {
    const r = await engine.ask("result", { position: pos });
    if (!r.scores) return out;
    if (scoring === "tiles_placed") {
      out.detail = t("game.over.tilesPlaced", { count: r.scores[0], headline: out.headline });
    } else {
      out.scores = r.scores;
      out.lines = session.players.map((p, i) => t(`game.over.score.${scoring}`, { name: p.name, count: r.scores[i] }));
    }
  } catch { /* the headline says who won */ }
  return out;
}

/** A course game's end: the ranking (players out in the same round share a rank); no share link.
 *  @param {CourseSession} session @returns {Promise<Result>} */
async function courseResult(session) {
  const r = session.result(session.position);
  return { headline: r.headline, lines: r.lines, scores: null, ranked: true, shares: false };
}

/** A classic seat's state: its tiles and the dragon, or out. @param {Session} session @param {number} seat @param {Position} position */
function classicNotes(session, seat, position) {
  if (session.outSeats(position).includes(seat)) return [t("game.players.out")];
  const n = session.handOf(position, seat).length;
  return [t("game.players.tiles", { count: n }), ...(position.dragon === seat ? [t("game.players.dragonNote")] : [])];
}

/** The game a variant's turn controller is given: its own variant's session (variantOf), or a bug.
 *  @template T @param {new (...args: never[]) => T} Kind @param {unknown} game @returns {T} */
function ofClass(Kind, game) {
  if (!(game instanceof Kind)) throw new Error(`not a game of ${Kind.name}`);
  return game;
}

/** @type {{classic: Variant, course: Variant}} */
export const VARIANTS = {
  classic: {
    name: "classic",
    preset: "classic",
    Session,
    // a human's turn; the hint is the classic game's
    turn: (deps) => {
      const game = () => ofClass(Session, deps.game());
      return new ClassicTurn({ ...deps, game, hintMove: () => game().hint() });
    },
    seats: [2, 8],
    palette: COLOR_NAMES,        // the colours a seat may take
    newColors: DEFAULT_COLORS,   // the order new seats get them in
    colorsByAge: false,
    levels: true,                // computers come in easy, medium and hard
    startKey: "replay.startClassic",  // i18n key: the replay's words for position 0
    view: (/** @type {Position} */ position) => position,
    playerNotes: classicNotes,
    result: classicResult,
  },
  course: {
    name: "course",
    preset: "neu",               // the setup's preset and the engine's rule set (saves keep it)
    Session: {
      // the course's colours go by seat (colorsByAge): a player without one gets its seat's
      create: (engine, { players, seats, seed }) => CourseSession.create(engine, {
        players: players.map((p, i) => ({ name: p.name, color: p.color ?? COURSE_COLORS[i] })), seats, seed,
      }),
      fromSave: (engine, save) => CourseSession.fromSave(engine, save),
    },
    turn: (deps) => new CourseTurn({ ...deps, game: () => ofClass(CourseSession, deps.game()) }),
    seats: [COURSE_MIN, COURSE_MAX],
    palette: COURSE_COLORS,
    newColors: COURSE_COLORS,
    colorsByAge: true,           // the course colours avatars by age: seat order
    levels: false,               // the course has one computer player
    startKey: "replay.startNeu",
    view: courseView,
    playerNotes: (/** @type {CourseSession} */ session, /** @type {number} */ seat, /** @type {import("../../lib/types.js").CoursePosition} */ position) => session.playerNotes(seat, position),
    result: courseResult,
  },
};

/** The variant of a session, a save, a position, or a rule set ("neu": the setup's and the
 *  engine's name of the course; "classic", {preset, ...}).  @param {unknown} value @returns {Variant} */
export function variantOf(value) {
  if (value instanceof Session || value instanceof CourseSession) return value.variant === "course" ? VARIANTS.course : VARIANTS.classic;
  return value === "neu" || isCourse(value) ? VARIANTS.course : VARIANTS.classic;
}
