// The course variant's tutorial page (tutorial/course.html): one real course
// game, found by tools/tutorial_links.py --course, stepped through from its
// precomputed positions and events (tutorial/course-game.json), so the page
// needs no engine.  The words come from js/i18n.js and describeCourse.

import { Board } from "../../lib/views/board.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { siteURL } from "../../build-info.js";
import { courseView } from "../../lib/game/course-session.js";
import { describeCourse } from "../../lib/words/courselog.js";
import { trailsOf } from "../../lib/game/session.js";
import { applyTo, sentences, t } from "../../lib/words/i18n.js";
import { drawIcons } from "../../lib/views/icon.js";
import { notice, tellRefusals } from "../../lib/shell/page.js";
import { $ } from "../../lib/shell/dom.js";
import { Stepper } from "../../lib/views/stepper.js";
/** @import {CourseEvent, CourseMove, CoursePlayer, CoursePosition} from "../../lib/types.js" */

/**
 * tutorial/course-game.json: the game's players, moves, the position before each move
 * and after the last, and each move's events.
 * @typedef {{players: CoursePlayer[], moves: CourseMove[], positions: CoursePosition[], events: CourseEvent[][], seed: number}} CourseGame
 */

applyTo(document);
drawIcons();
// what the page ignored in its address or put aside from its storage, said in its notice bar
document.getElementById("notice-close")?.addEventListener("click", () => notice(null));
tellRefusals();
const board = new Board($("board"), { width: 10, height: 10, label: t("tutorial.course.board") });
/** @type {CourseGame | null} */
let game = null;
/** The game, once main() loaded it (the stepper and buttons are wired only then). */
function loaded() {
  if (!game) throw new Error("the course game is not loaded yet");
  return game;
}

const stepper = new Stepper({
  board,
  events: (k) => loaded().events[k],
  draw: (k) => {
    const game = loaded();
    board.setPosition(courseView(game.positions[k]));
    board.setTrails(trailsOf(game.events.slice(0, k), game.players.length));
  },
  told: (k) => {
    const game = loaded();
    $("step").textContent = `${k} / ${game.moves.length}`;
    $("caption").textContent = k === 0 ? t("tutorial.course.deal")
      : sentences(describeCourse(game.events[k - 1], game.players).map((l) => l.text));
    $("first").disabled = $("prev").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === game.moves.length;
  },
});
const step = (/** @type {number} */ k, animate = false) => stepper.step(k, animate);

/** The move index of the first event of a kind (the buttons that jump to a moment).
 *  @param {(event: CourseEvent) => boolean} test */
function firstMove(test) {
  return loaded().events.findIndex((ev) => ev.some(test)) + 1;
}

async function main() {
  const [tiles, resp] = await Promise.all([
    loadTileSet(siteURL("tiles.json")),
    fetch(new URL("../../../tutorial/course-game.json", import.meta.url)),
  ]);
  game = /** @type {CourseGame} */ (await resp.json());
  board.setTileSet(tiles);
  board.setSeats(seatStyles(game.players));
  stepper.bounds(0, game.moves.length);
  stepper.wire({ first: $("first"), prev: $("prev"), next: $("next"), last: $("last") });
  $("to-round").addEventListener("click", () => step(firstMove((e) => e.type === "round") ));
  $("to-loop").addEventListener("click", () => step(firstMove((e) => e.type === "out" && e.reason === "loop")));
  document.addEventListener("keydown", (e) => {
    const at = stepper.at ?? 0;   // step(0) below shows the first position
    if (e.key === "ArrowRight") step(at + 1, true);
    if (e.key === "ArrowLeft") step(at - 1);
  });
  $("bar").hidden = false;
  await step(0);
}

main().catch((e) => { $("caption").textContent = String(e.message || e); });
