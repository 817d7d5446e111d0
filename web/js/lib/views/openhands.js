// Open hands (a rule set where every hand is public): every player's tiles
// under an embedded board or a lesson's, each with its player's name.

import { tileSVG } from "./svg.js";
import { isolate, t } from "../words/i18n.js";
/** @import {Position} from "../types.js" */
/** @import {TileSet} from "./tileset.js" */

/**
 * Fill `list` (a <ul>) with the hands of `position` when its rules open them; hide it otherwise.
 * @param {HTMLElement} list @param {Position} position @param {TileSet | null} tileset
 */
export function showOpenHands(list, position, tileset) {
  const rules = /** @type {any} */ (position.rules);
  const open = rules && typeof rules === "object" && rules.open_hands && position.hands;
  list.hidden = !open || !tileset;
  if (list.hidden || !tileset || !position.hands) return;
  const hands = position.hands;
  list.replaceChildren(...position.players.map((p, seat) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = isolate(p.name);
    li.append(name, ...(hands[seat] || []).map((tile) => tileSVG(tileset, tile, 0, { title: t("embed.tile", { n: tile }) })));
    return li;
  }));
}
