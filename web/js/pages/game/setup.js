// The setup dialog (index.html's <dialog id="setup">): the rule set, the
// seats (name, colour, human or computer), the time per move (the turn
// clock), the seed and the animation speed.
// It remembers the form in localStorage and hands the chosen game to
// onStart({rules, players, seats, seed}); the seats and colours each rule set
// allows come from variants.js.

import { seatStyles, COLOR_NAMES } from "../../lib/views/style.js";
import { playerIcon } from "../../lib/views/icon.js";
import { VARIANTS, variantOf } from "./variants.js";
import { t, tAll } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { replaceSaid } from "../../lib/shell/page.js";
import { readSetup, rememberSetup } from "../../lib/shell/settings.js";
/** @import {Setup, SeatChoice} from "../../lib/shell/settings.js" */
/** @import {NewGame} from "./variants.js" */

const LEVELS = ["easy", "medium", "hard"];

/** The name a seat gets when the player gave none: "Player 2", or for a computer "Medium computer"
 *  ("Computer" when the rule set has one kind of computer player).
 *  @param {{kind: string, level?: string}} seat @param {number} i @param {boolean} [levels] */
export function defaultName(seat, i, levels = true) {
  if (seat.kind !== "computer") return t("common.player_name", { n: i + 1 });
  return levels ? t(`game.setup.computer.${seat.level || "medium"}`) : t("game.setup.computer");
}

/** Whether `name` is one the page made up (in any language), so a change of kind may rename it.
 *  @param {string} name */
export function isDefaultName(name) {
  if (!name) return true;
  const made = new Set([...tAll("game.setup.computer"), ...LEVELS.flatMap((l) => tAll(`game.setup.computer.${l}`))]);
  for (let n = 1; n <= 8; n++) tAll("common.player_name", { n }).forEach((x) => made.add(x));
  return made.has(name);
}

export class SetupDialog {
  /**
   * @param {object} deps
   * @param {(game: NewGame) => void} deps.onStart  start the chosen game
   * @param {() => boolean} deps.canCancel  whether a game is on behind the dialog (Escape returns to it)
   */
  constructor({ onStart, canCancel }) {
    this.onStart = onStart;
    this.canCancel = canCancel;
    /** @type {SeatChoice[]} the seats as the form last read them */
    this.seats = [];
    /** @type {string} the remembered setup the form was filled from (JSON) */
    this.filled = "";
    /** @type {Setup} the choices as the form showed them when filled or remembered */
    this.shown = {};
    this.fill(readSetup());
    const count = $("set-count");
    count.addEventListener("change", () => this.resize(Number(count.value)));
    $("set-preset").addEventListener("change", () => { this.read(); this.fitPreset(true); this.renderSeats(); });
    $("setup-form").addEventListener("submit", (/** @type {SubmitEvent} */ e) => { e.preventDefault(); this.start(); });
    $("btn-cancel-setup").addEventListener("click", () => $("setup").close());
    $("setup-live").addEventListener("click", () => this.playLive());
    $("setup").addEventListener("cancel", (/** @type {Event} */ e) => { if (!this.canCancel()) e.preventDefault(); });
    this.renderSeats();
  }

  /** Fill the form with a remembered setup (settings.js, checked). @param {Setup} saved */
  fill(saved) {
    this.filled = JSON.stringify(saved);
    this.seats = Array.isArray(saved.seats) && saved.seats.length ? saved.seats.map((s) => ({ ...s })) : [
      { name: defaultName({ kind: "human" }, 0), color: "red", kind: "human", level: "medium" },
      { name: defaultName({ kind: "computer", level: "medium" }, 1), color: "blue", kind: "computer", level: "medium" },
    ];
    $("set-preset").value = saved.preset || "classic";
    $("set-scoring").value = saved.scoring || "survival";
    $("set-bonus").checked = !!saved.elimination_bonus;
    $("set-open").checked = !!saved.open_hands;
    $("set-speed").value = String(saved.speed ?? "auto");
    $("set-clock").value = String(saved.clock ?? 0);
    this.fitPreset();
    this.shown = this.choices();
  }

  /** The form's choices, as remembered (settings.js). @returns {Setup} */
  choices() {
    return {
      preset: $("set-preset").value, scoring: $("set-scoring").value,
      elimination_bonus: $("set-bonus").checked, open_hands: $("set-open").checked,
      speed: $("set-speed").value === "auto" ? "auto" : Number($("set-speed").value),
      clock: Number($("set-clock").value),
      seats: this.seats.map((s) => ({ ...s })),
    };
  }

  get isOpen() { return $("setup").open; }
  close() { if (this.isOpen) $("setup").close(); }

  /** Open the dialog, with a message (why a game could not start or resume) if any.  The form
   *  shows the setup as remembered now: another tab may have changed it since.
   *  @param {string | null} message @param {boolean} canCancel */
  open(message, canCancel) {
    const m = $("setup-message");
    m.hidden = !message;
    m.textContent = message || "";
    $("btn-cancel-setup").hidden = !canCancel;
    if (!this.isOpen) {
      const saved = readSetup();
      if (JSON.stringify(saved) !== this.filled) this.fill(saved);
    }
    this.renderSeats();
    if (!this.isOpen) $("setup").showModal();
  }

  /** Put `text` in the dialog's message in place of `before`, or after what it says (what
   *  the page ignored from outside, say).  @param {string} text @param {string} before */
  note(text, before) {
    const m = $("setup-message");
    replaceSaid(m, text, m.hidden ? "" : before);
    m.hidden = false;
  }

  solo() { return $("set-preset").value === "solo"; }
  /** The chosen rule set's variant (variants.js). */
  variant() { return variantOf($("set-preset").value); }

  /** Make the seats `n`, the new ones computers in free colours. @param {number} n */
  resize(n, render = true) {
    if (render) this.read();
    const v = this.variant();
    while (this.seats.length < n) {
      const used = new Set(this.seats.map((s) => s.color));
      // as many colours as seats at most: one is always free
      const color = v.newColors.find((c) => !used.has(c)) || COLOR_NAMES.find((c) => !used.has(c)) || COLOR_NAMES[0];
      const seat = { color, kind: "computer", level: "medium" };
      this.seats.push({ name: defaultName(seat, this.seats.length, v.levels), ...seat });
    }
    this.seats.length = n;
    if (render) this.renderSeats();
  }

  /** Seat counts and colours the chosen rule set allows: the course variant is
   *  for 3-5 players in the course's colours (white, black, red, green, blue, by age). */
  fitPreset(chosen = false) {
    const v = this.variant();
    const [lo, hi] = v.seats;
    const count = $("set-count");
    count.replaceChildren();
    for (let n = lo; n <= hi; n++) count.add(new Option(t("game.setup.countOption", { count: n }), String(n)));
    this.resize(Math.min(hi, Math.max(lo, this.seats.length)), false);
    const fits = this.seats.every((s, i) => v.palette.includes(s.color) && this.seats.findIndex((t) => t.color === s.color) === i);
    if (v.colorsByAge && (chosen || !fits)) {
      this.seats.forEach((s, i) => { s.color = v.palette[i]; });
    }
    count.value = String(this.seats.length);
  }

  renderSeats() {
    const solo = this.solo();
    const v = this.variant();
    $("setup-form").classList.toggle("solo", solo);
    for (const name of Object.keys(VARIANTS)) $("setup-form").classList.toggle(name, name === v.name);
    const list = $("seats");
    list.replaceChildren();
    const shown = solo ? this.seats.slice(0, 1) : this.seats;
    const styles = seatStyles(shown);
    shown.forEach((seat, i) => {
      const li = document.createElement("li");
      li.className = "seat seat-row";
      const name = document.createElement("input");
      name.className = "seat-name";
      name.value = seat.name;
      name.maxLength = 40;
      name.required = true;
      name.setAttribute("aria-label", t("game.setup.seatName", { n: i + 1 }));
      name.dataset.seat = String(i);
      const col = document.createElement("select");
      col.className = "seat-color";
      col.setAttribute("aria-label", t("game.setup.seatColor", { n: i + 1 }));
      for (const c of v.palette) col.add(new Option(t(`common.color.${c}`), c));
      col.value = seat.color;
      col.addEventListener("change", () => {
        // keep colours distinct: swap with whoever had it
        this.read();
        const other = this.seats.findIndex((s, k) => k !== i && s.color === col.value);
        if (other >= 0) this.seats[other].color = seat.color;
        this.seats[i].color = col.value;
        this.renderSeats();
      });
      const kind = document.createElement("select");
      kind.className = "seat-kind";
      kind.setAttribute("aria-label", t("game.setup.seatKind", { n: i + 1 }));
      kind.add(new Option(t("game.setup.human"), "human"));
      if (v.levels) {
        for (const l of LEVELS) kind.add(new Option(t(`game.setup.kind.${l}`), `computer:${l}`));
        kind.value = seat.kind === "computer" ? `computer:${seat.level || "medium"}` : "human";
      } else {
        kind.add(new Option(t("game.setup.computer"), "computer:medium"));   // one computer player
        kind.value = seat.kind === "computer" ? "computer:medium" : "human";
      }
      if (solo) kind.disabled = true, kind.value = "human";
      // a made-up name follows the seat's kind: "Player 2" becomes "Hard computer" and back
      kind.addEventListener("change", () => {
        const [k, level] = kind.value.split(":");
        if (isDefaultName(name.value.trim())) name.value = defaultName({ kind: k, level }, i, v.levels);
        this.read();
      });
      li.append(playerIcon(styles[i]), name, col, kind);
      list.appendChild(li);
    });
  }

  /** The seats as the form shows them. */
  read() {
    const solo = this.solo();
    [...$("seats").children].forEach((li, i) => {
      const name = li.querySelector(".seat-name").value.trim();
      const [kind, level] = li.querySelector(".seat-kind").value.split(":");
      this.seats[i] = {
        name: name || defaultName({ kind, level }, i, this.variant().levels),
        color: li.querySelector(".seat-color").value,
        kind: solo ? "human" : kind,
        level: level || this.seats[i]?.level || "medium",
      };
    });
  }

  /** The rule set chosen, as new_game takes it. */
  rules() {
    if (this.solo()) return "solo";
    if (this.variant().name !== "classic") return this.variant().preset;
    const opts = {};
    if ($("set-scoring").value !== "survival") opts.scoring = $("set-scoring").value;
    if ($("set-bonus").checked) opts.elimination_bonus = true;
    if ($("set-open").checked) opts.open_hands = true;
    return Object.keys(opts).length ? { preset: "classic", ...opts } : "classic";
  }

  /** Keep what the player changed in this form, over what is stored now: a choice another
   *  tab made meanwhile stays.  (Refused, in private mode: it is not remembered.) */
  remember() {
    const now = this.choices();
    const shown = new Map(Object.entries(this.shown));
    const changed = Object.fromEntries(Object.entries(now)
      .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(shown.get(k))));
    if (rememberSetup(changed)) this.fill(readSetup());   // the form as remembered now
    else this.shown = now;
  }

  /** "Play live": the seats and rules chosen here open a room (room.html reads them). */
  playLive() {
    this.read();
    this.remember();
    location.href = "room.html";
  }

  start() {
    this.read();
    const names = new Set();
    for (const s of this.seats) {
      let n = s.name, k = 2;
      while (names.has(n)) n = `${s.name} ${k++}`;
      s.name = n;
      names.add(n);
    }
    const seats = this.solo() ? this.seats.slice(0, 1) : this.seats;
    const seedText = $("set-seed").value.trim();
    // Digits become a number only while JavaScript keeps them exactly (the engine
    // refuses larger numbers in records); longer seeds travel as text.
    const asNumber = /^-?\d+$/.test(seedText) ? Number(seedText) : NaN;
    const seed = seedText === "" ? undefined : Number.isSafeInteger(asNumber) ? asNumber : seedText;
    /** @type {NewGame} */
    const game = {
      rules: this.rules(),
      players: seats.map((s) => ({ name: s.name, color: s.color })),
      seats: seats.map((s) => ({ kind: s.kind, level: s.level })),
      seed,
      clock: this.variant().name === "classic" ? Number($("set-clock").value) : 0,
    };
    this.remember();
    $("setup").close();
    this.onStart(game);
  }
}
