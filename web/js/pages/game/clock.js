// The game page's turn clock (loaded with the first game that has one: main.js):
// lib/game/clock.js on the page's loop, its face over the board, and "I'm back"
// for a seat the clock gave to a computer.

import { TurnClock } from "../../lib/game/clock.js";
import { ClockFace } from "../../lib/shell/clockface.js";
import { notice, reason } from "../../lib/shell/page.js";
import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";

/** @import {TurnLoop} from "../../lib/game/turnloop.js" */
/** @import {AnyKind, AnySession, Variant} from "./variants.js" */

/**
 * @param {object} o
 * @param {TurnLoop<AnyKind>} o.loop  the page's turn loop
 * @param {{variant: Variant | null, session: AnySession | null, away: Set<number>}} o.app  the page's state (main.js)
 * @param {{play: (name: "warn") => void}} o.sound  the page's sounds
 */
export function attach({ loop, app, sound }) {
  const el = Object.assign(document.createElement("p"), { id: "turn-clock", className: "turn-clock", hidden: true });
  el.setAttribute("role", "timer");
  $("turn-banner").after(el);
  const face = new ClockFace({ el, sound });
  const clock = new TurnClock({
    loop,
    seconds: () => (app.variant?.name === "classic" ? app.session?.clock ?? 0 : 0),
    hooks: {
      started: (seat, ms) => face.run(ms, { mine: true }),
      stopped: () => face.stop(),
      away: (seat) => {
        app.away.add(seat);
        notice(t("clock.away", { name: loop.game.players[seat].name }), { label: t("clock.back"), run: () => back(seat) });
      },
      failed: (e) => notice(t("game.botFailed", { reason: reason(e) })),
    },
  });
  loop.clock = clock;
  /** "I'm back": the seat is the human's again (their turn, if it is). @param {number} seat */
  function back(seat) {
    notice(null);
    app.away.delete(seat);
    clock.back(seat);
    if (!app.session || app.session.turn !== seat || loop.over) return;
    loop.advance();                     // the turn, the human's now (no new turn: so timed here)
    clock.start(seat, "human");
  }
}
