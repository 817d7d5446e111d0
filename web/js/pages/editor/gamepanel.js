// The board editor's game settings: the rule set (preset, winner, elimination
// bonus, open hands), how many players, the phase and who moves, the dragon,
// and whether the hands and the pile are set here or dealt by the engine.  The
// fields are the page's own (editor.html); this fills their options and values
// and reports each change.  The rule sets' player ranges are the engine's
// (`rules` op), not written here.

import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { PHASES } from "./draft.js";
/** @import {Rules, RuleOptions, RuleSet, RuleSets} from "../../lib/types.js" */
/** @import {DraftState} from "./draft.js" */

/** The rules' fields as the page shows them (fieldsOf).
 *  @typedef {{preset: string, scoring: string, bonus: boolean, open: boolean}} RuleFields */

/** The rules as a position writes them: a preset's name, or its options that differ.
 *  @param {RuleFields} fields @returns {Rules} */
export function rulesOf({ preset, scoring, bonus, open }) {
  /** @type {RuleOptions} */
  const options = {};
  if (scoring !== "survival") options.scoring = scoring;
  if (bonus) options.elimination_bonus = true;
  if (open) options.open_hands = true;
  return Object.keys(options).length ? { preset, ...options } : preset;
}

/** The fields of a position's rules (a preset's or variant's name, or an options object);
 *  `variants`: the engine's variant names and their options (the `rules` op).
 *  @param {Rules | null | undefined} rules @param {Record<string, RuleOptions>} [variants] @returns {RuleFields} */
export function fieldsOf(rules, variants = {}) {
  /** @type {RuleOptions} */
  const r = typeof rules === "string" ? variants[rules] || { preset: rules } : rules || {};
  return { preset: r.preset || "classic", scoring: r.scoring || "survival", bonus: !!r.elimination_bonus, open: !!r.open_hands };
}

export class GamePanel {
  /**
   * @param {object} actions
   * @param {(rules: Rules) => void} actions.rules
   * @param {(n: number) => void} actions.count
   * @param {<K extends "phase" | "mover" | "dragon">(key: K, value: DraftState[K]) => void} actions.set
   * @param {(mode: DraftState["handsMode"]) => void} actions.hands
   * @param {(mode: DraftState["pileMode"]) => void} actions.pile
   * @param {() => void} actions.redeal
   */
  constructor(actions) {
    this.act = actions;
    /** @type {Record<string, RuleSet> | null} the engine's presets: {classic: {min_players, max_players, ...}, ...} */
    this.presets = null;
    /** @type {Record<string, RuleOptions>} and variants: {"longest-path": {preset, scoring}, ...} */
    this.variants = {};
    const rules = () => this.act.rules(rulesOf({
      preset: $("ed-preset").value, scoring: $("ed-scoring").value, bonus: $("ed-bonus").checked, open: $("ed-open").checked,
    }));
    for (const id of ["ed-preset", "ed-scoring", "ed-bonus", "ed-open"]) $(id).addEventListener("change", rules);
    $("ed-count").addEventListener("change", () => this.act.count(Number($("ed-count").value)));
    $("ed-phase").addEventListener("change", () => this.act.set("phase", $("ed-phase").value));
    $("ed-mover").addEventListener("change", () => this.act.set("mover", Number($("ed-mover").value)));
    $("ed-dragon").addEventListener("change", () => {
      const v = $("ed-dragon").value;
      this.act.set("dragon", v === "" ? null : Number(v));
    });
    $("ed-hands").addEventListener("change", () => this.act.hands($("ed-hands").value));
    $("ed-pile").addEventListener("change", () => this.act.pile($("ed-pile").value));
    $("btn-redeal").addEventListener("click", () => this.act.redeal());
    for (const p of PHASES) $("ed-phase").add(new Option(t(`editor.phase.${p}`), p));
  }

  /** The rule sets (their player ranges) and the variants' names, from the engine's `rules`.
   *  @param {RuleSets} answer */
  setRuleSets(answer) {
    this.presets = answer.presets;
    this.variants = answer.variants;
  }

  /** @param {import("./draft.js").Draft} draft @param {string | null} phase  the phase the engine read */
  update(draft, phase) {
    const f = fieldsOf(draft.get("rules"), this.variants);
    $("ed-preset").value = f.preset;
    $("ed-scoring").value = f.scoring;
    $("ed-bonus").checked = f.bonus;
    $("ed-open").checked = f.open;
    const range = this.presets?.[f.preset];
    const lo = range ? range.min_players : draft.n, hi = range ? range.max_players : draft.n;
    fill($("ed-count"), Array.from({ length: hi - lo + 1 }, (_, i) => [String(lo + i), String(lo + i)]), String(draft.n));
    const seats = draft.players.map((p, s) => [String(s), p.name || t("common.player_name", { n: s + 1 })]);
    $("ed-phase").value = draft.get("phase") || phase || "start";
    fill($("ed-mover"), seats, String(draft.get("mover")));
    $("ed-mover").disabled = draft.get("phase") === "over";
    fill($("ed-dragon"), [["", t("editor.game.nobody")], ...seats], draft.get("dragon") === null ? "" : String(draft.get("dragon")));
    $("ed-hands").value = draft.get("handsMode");
    $("ed-pile").value = draft.get("pileMode");
    $("btn-redeal").hidden = draft.get("handsMode") !== "deal" && draft.get("pileMode") !== "rest";
  }
}

/** A select's options [[value, text], ...] (rebuilt only when they change) and its value.
 *  @param {HTMLSelectElement} select @param {string[][]} options @param {string} value */
function fill(select, options, value) {
  const now = [...select.options].map((o) => `${o.value}\u0000${o.text}`).join("\u0001");
  const want = options.map(([v, text]) => `${v}\u0000${text}`).join("\u0001");
  if (now !== want) select.replaceChildren(...options.map(([v, text]) => new Option(text, v)));
  select.value = value;
}
