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

applyTo(document);
drawIcons();
// what the page ignored in its address or put aside from its storage, said in its notice bar
document.getElementById("notice-close")?.addEventListener("click", () => notice(null));
tellRefusals();
const board = new Board($("board"), { width: 10, height: 10, label: t("tutorial.course.board") });
let game = null;

const stepper = new Stepper({
  board,
  events: (k) => game.events[k],
  draw: (k) => {
    board.setPosition(courseView(game.positions[k]));
    board.setTrails(trailsOf(game.events.slice(0, k), game.players.length));
  },
  told: (k) => {
    $("step").textContent = `${k} / ${game.moves.length}`;
    $("caption").textContent = k === 0 ? t("tutorial.course.deal")
      : sentences(describeCourse(game.events[k - 1], game.players).map((l) => l.text));
    $("first").disabled = $("prev").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === game.moves.length;
  },
});
const step = (k, animate = false) => stepper.step(k, animate);

/** The move index of the first event of a kind (the buttons that jump to a moment). */
function firstMove(test) {
  return game.events.findIndex((ev) => ev.some(test)) + 1;
}

async function main() {
  const [tiles, resp] = await Promise.all([
    loadTileSet(siteURL("tiles.json")),
    fetch(new URL("../../../tutorial/course-game.json", import.meta.url)),
  ]);
  game = await resp.json();
  board.setTileSet(tiles);
  board.setSeats(seatStyles(game.players));
  stepper.bounds(0, game.moves.length);
  stepper.wire({ first: $("first"), prev: $("prev"), next: $("next"), last: $("last") });
  $("to-round").addEventListener("click", () => step(firstMove((e) => e.type === "round") ));
  $("to-loop").addEventListener("click", () => step(firstMove((e) => e.type === "out" && e.reason === "loop")));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") step(stepper.at + 1, true);
    if (e.key === "ArrowLeft") step(stepper.at - 1);
  });
  $("bar").hidden = false;
  await step(0);
}

main().catch((e) => { $("caption").textContent = String(e.message || e); });
