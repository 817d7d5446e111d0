// The end of a room's game, on every screen: the host sends the whole record
// (only now is the deal shown), and this page's own engine replays it: the
// result, a replay that steps through every position (the one Stepper), a
// share link and "Embed this game / this position" (lib/shell/embedcode.js,
// as on the game page), at the step the replay shows.

import { Session } from "../../lib/game/session.js";
import { Stepper } from "../../lib/views/stepper.js";
import { describe } from "../../lib/words/movelog.js";
import { list, sentences, t } from "../../lib/words/i18n.js";
import { setPhase } from "../../lib/shell/page.js";
import { $ } from "../../lib/shell/dom.js";
import { EmbedCode } from "../../lib/shell/embedcode.js";
import { showFigures } from "../../lib/shell/figures.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {Board} from "../../lib/views/board.js" */
/** @import {GameRecord} from "../../lib/types.js" */
/** @import {RoomMessage} from "./protocol.js" */

/** @type {Stepper | null} */
let stepper = null;
/** @type {Session | null} */
let finished = null;
/** @type {EmbedCode | null} */
let embedCode = null;

/** @param {Engine} engine @param {Board} board @param {GameRecord} record @param {RoomMessage | null | undefined} room  the room, as this page was last told it */
export async function showGameOver(engine, board, record, room) {
  const session = await Session.fromRecord(engine, record, null);
  finished = session;
  embedCode = embedCode || new EmbedCode({ engine, at: () => (finished && stepper ? { session: finished, k: stepper.at ?? 0 } : null) });
  embedCode.reset(true);
  const players = record.players;
  const winners = session.position.winners || [];
  const names = list(winners.map((s) => players[s].name));
  $("winners").textContent = winners.length ? t("room.won", { names, count: winners.length }) : t("room.nobody");
  $("turn-banner").textContent = $("winners").textContent;
  $("over-panel").hidden = false;
  $("play-panel").hidden = true;
  showFigures(engine, record, $("figures"));
  setPhase("over");
  const last = session.moves.length;
  stepper = new Stepper({
    board,
    events: (k) => session.events[k],
    draw: (k) => { board.setPosition(session.positions[k]); board.setTrails(session.trails(k)); },
    told: (k) => {
      $("rp-range").value = String(k);
      $("rp-text").textContent = k === 0 ? t("replay.startClassic")
        : t("replay.step", { k, n: last, text: sentences(describe(session.events[k - 1], players).map((l) => l.text)) });
    },
  });
  stepper.bounds(0, last);
  $("rp-range").max = String(last);
  await stepper.step(last);
  const { fragment } = await engine.ask("encode_link", { record });
  const game = new URL(`./#${fragment}`, location.href).href;
  $("share-link").value = game;
  if (room) $("players-panel").hidden = false;
}

$("rp-first").addEventListener("click", () => stepper?.step(0));
$("rp-prev").addEventListener("click", () => stepper?.step((stepper.at ?? 0) - 1));
$("rp-last").addEventListener("click", () => stepper?.step(Number(/** @type {HTMLInputElement} */ ($("rp-range")).max)));
$("rp-next").addEventListener("click", () => stepper?.step((stepper.at ?? 0) + 1, true));
$("rp-range").addEventListener("input", () => stepper?.step(Number(/** @type {HTMLInputElement} */ ($("rp-range")).value)));
