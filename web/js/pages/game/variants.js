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

/** The scoring a classic rule set uses (null: the last marker standing wins). */
function scoringOf(rules) {
  if (rules === "solo") return "tiles_placed";
  if (rules && typeof rules === "object") return rules.scoring || (rules.preset === "solo" ? "tiles_placed" : null);
  return null;
}


/**
 * A classic game's end: the winners, and each player's score when the rule set
 * scores (the engine's `result`).  {headline, lines, scores, ranked, shares}
 */
async function classicResult(session, engine) {
  const pos = session.position;
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

/** A course game's end: the ranking (players out in the same round share a rank); no share link. */
async function courseResult(session) {
  const r = session.result(session.position);
  return { headline: r.headline, lines: r.lines, scores: null, ranked: true, shares: false };
}

/** A classic seat's state: its tiles and the dragon, or out. */
function classicNotes(session, seat, position) {
  if (session.outSeats(position).includes(seat)) return [t("game.players.out")];
  const n = session.handOf(position, seat).length;
  return [t("game.players.tiles", { count: n }), ...(position.dragon === seat ? [t("game.players.dragonNote")] : [])];
}

export const VARIANTS = {
  classic: {
    name: "classic",
    preset: "classic",
    Session,
    Turn: ClassicTurn,
    seats: [2, 8],
    palette: COLOR_NAMES,        // the colours a seat may take
    newColors: DEFAULT_COLORS,   // the order new seats get them in
    colorsByAge: false,
    levels: true,                // computers come in easy, medium and hard
    startKey: "replay.startClassic",  // i18n key: the replay's words for position 0
    view: (position) => position,
    playerNotes: classicNotes,
    result: classicResult,
  },
  course: {
    name: "course",
    preset: "neu",               // the setup's preset and the engine's rule set (saves keep it)
    Session: CourseSession,
    Turn: CourseTurn,
    seats: [COURSE_MIN, COURSE_MAX],
    palette: COURSE_COLORS,
    newColors: COURSE_COLORS,
    colorsByAge: true,           // the course colours avatars by age: seat order
    levels: false,               // the course has one computer player
    startKey: "replay.startNeu",
    view: courseView,
    playerNotes: (session, seat, position) => session.playerNotes(seat, position),
    result: courseResult,
  },
};

/** The variant of a session, a save, a position, or a rule set ("neu": the setup's and the
 *  engine's name of the course; "classic", {preset, ...}). */
export function variantOf(value) {
  if (value instanceof Session) return VARIANTS[value.variant] || VARIANTS.classic;
  return value === "neu" || isCourse(value) ? VARIANTS.course : VARIANTS.classic;
}
