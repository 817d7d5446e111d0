// The turn clock on screen (lib/game/clock.js keeps the time; in a room, the
// host's clock sends what is left): the time left for the turn on, counted down
// here from what it was told, so the devices' clocks need not agree.  The
// warning comes WARN_MS before the end: shown on every screen, said to screen
// readers and, if sound is on, heard by the player to move.

import { t } from "../words/i18n.js";
import { say } from "./page.js";
import { WARN_MS } from "../base/motion.js";

/** "0:42": minutes and seconds, the seconds rounded up (0:00 only at the end). @param {number} ms */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class ClockFace {
  /**
   * @param {object} o
   * @param {HTMLElement} o.el  where the time left shows (hidden when no turn is timed)
   * @param {{play: (name: "warn") => void}} o.sound
   * @param {() => number} [o.now]
   */
  constructor({ el, sound, now = () => performance.now() }) {
    this.el = el;
    // styled here, not in tsuro.css: a first visit does not carry the clock (precache.py)
    Object.assign(el.style, { margin: "-0.25rem 0 0.5rem", textAlign: "center", fontVariantNumeric: "tabular-nums" });
    this.sound = sound;
    this.now = now;
    this.endsAt = 0;
    this.mine = false;
    this.warned = false;
    this.timer = /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined);
  }

  /**
   * Count down from `leftMs`; `mine`: the player to move is at this device (the warning's
   * sound and words are for them).
   * @param {number} leftMs @param {{mine: boolean}} o
   */
  run(leftMs, { mine }) {
    clearInterval(this.timer);
    this.endsAt = this.now() + leftMs;
    this.mine = mine;
    this.warned = false;
    this.el.hidden = false;
    this._tick();
    this.timer = setInterval(() => this._tick(), 250);
  }

  /** No turn is timed now: hidden. */
  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.el.hidden = true;
    delete this.el.dataset.warn;
  }

  _tick() {
    const left = Math.max(0, this.endsAt - this.now());
    this.el.textContent = t("clock.left", { time: clockText(left) });
    const warn = left <= WARN_MS;
    this.el.style.color = warn ? "var(--bad)" : "var(--ink-dim)";
    this.el.style.fontWeight = warn ? "700" : "";
    if (warn) {
      this.el.dataset.warn = "on";
      if (!this.warned) {
        this.warned = true;
        if (this.mine) {
          say(t("clock.warn", { count: Math.ceil(left / 1000) }));
          this.sound.play("warn");
        }
      }
    }
    if (left <= 0) clearInterval(this.timer);
  }
}
