// Optional sound, off by default: a move's events as short tones made with
// WebAudio (nothing is fetched): a tile placed, a marker leaving the board, a
// collision, the win. The player's choice is remembered. One `sound` per page:
// the top bar's toggle (bar.js) and the page's moves share it.

import { t } from "../words/i18n.js";
import { uiIcon } from "../views/icon.js";
import { readSetting, writeText } from "../base/storage.js";

const KEY = "tsuro.sound";

/** @import {CourseEvent, GameEvent} from "../types.js" */

// Each sound: [frequency Hz, start s, length s, wave] tones.
/** @type {Record<"place" | "out" | "collision" | "warn" | "win", [number, number, number, OscillatorType][]>} */
const SOUNDS = {
  place: [[520, 0, 0.07, "triangle"], [780, 0.05, 0.08, "triangle"]],
  out: [[440, 0, 0.14, "sawtooth"], [330, 0.12, 0.16, "sawtooth"], [220, 0.26, 0.22, "sawtooth"]],
  collision: [[140, 0, 0.2, "square"], [95, 0.08, 0.25, "square"]],
  warn: [[880, 0, 0.09, "square"], [880, 0.2, 0.09, "square"]],
  win: [[523, 0, 0.14, "triangle"], [659, 0.13, 0.14, "triangle"], [784, 0.26, 0.14, "triangle"], [1047, 0.39, 0.3, "triangle"]],
};

export class Sound {
  constructor() {
    this.on = readSetting(KEY, (text) => text === "on" || text === "off") === "on";
    /** @type {AudioContext | null} */
    this.ctx = null;
    /** @type {string[]} the names played, for tests */
    this.played = [];
  }

  /** Switch on or off (remembered). @param {boolean} on */
  set(on) {
    this.on = on;
    writeText(KEY, on ? "on" : "off"); // refused: this visit only
  }

  /** Play one sound by name, if sound is on. @param {keyof typeof SOUNDS} name */
  play(name) {
    if (!this.on || !SOUNDS[name]) return;
    /** @type {typeof AudioContext | undefined} the old WebKit's name too */
    const AC = globalThis.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext;
    if (!AC) return;
    this.ctx = this.ctx || new AC();
    const ctx = this.ctx;
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, at, len, wave] of SOUNDS[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
    this.played.push(name);
  }

  /** The sounds of one move's events (the engine's): the win, else a collision or an exit, else the placing.
   *  @param {readonly (GameEvent | CourseEvent)[] | null | undefined} events */
  forEvents(events) {
    if (!this.on || !events) return;
    const outs = events.filter((e) => e.type === "out");
    if (events.some((e) => e.type === "game_over")) this.play("win");
    else if (outs.some((e) => e.reason === "collision")) this.play("collision");
    else if (outs.length) this.play("out");
    else if (events.some((e) => e.type === "place")) this.play("place");
  }

  /** The top bar's toggle: aria-pressed says whether sound is on. @param {HTMLElement | null} button */
  wire(button) {
    if (!button) return;
    const show = () => {
      button.setAttribute("aria-pressed", this.on ? "true" : "false");
      button.replaceChildren(uiIcon(this.on ? "soundOn" : "soundOff"));
      button.setAttribute("aria-label", t("sound.label"));
      button.title = t(this.on ? "sound.isOn" : "sound.isOff");
    };
    button.addEventListener("click", () => { this.set(!this.on); show(); if (this.on) this.play("place"); });
    show();
  }
}

/** The page's sound: the bar's toggle switches it, the page plays its moves with it. */
export const sound = new Sound();
