// The engine's problems with a position being edited (check_position), in the
// player's words: one catalogue key per code (editor.problem.<code>), filled with
// the problem's parameters told as the board tells them (squares "C3", places
// "the top side of C3 (left point)", players by name).  A code this page does not
// know yet gets the engine's own message (docs/editor.md lists them).

import { t, hasKey, list } from "../../lib/words/i18n.js";
import { squareName, placeName } from "../../lib/words/coords.js";
import { seatName } from "../../lib/words/movelog.js";
/** @import {PositionProblem, Player, Square, TileWhere} from "../../lib/types.js" */

/**
 * One problem in words.
 * @param {PositionProblem} p
 * @param {Player[]} players
 * @param {{width?: number, height?: number}} [size]
 */
export function problemText(p, players, { width = 6, height = 6 } = {}) {
  const name = (/** @type {number} */ s) => seatName(players, s);
  const key = `editor.problem.${p.code}`;
  if (!hasKey(key)) return t("editor.problem.other", { detail: p.message });
  const seats = p.seats || [];
  return t(key, {
    name: p.seat === undefined || p.seat === null ? "" : name(p.seat),
    other: p.other === undefined ? "" : name(p.other),
    names: list(seats.map(name)),
    got: list((p.got || []).map(name)),
    tile: p.tile ?? "",
    square: p.square ? squareName(p.square) : "",
    place: p.place ? placeName(p.place, width, height) : "",
    first: p.places ? whereWords(p.places[0], players) : "",
    second: p.places ? whereWords(p.places[1], players) : "",
    count: p.count ?? seats.length,
    max: p.max ?? "",
    players: p.players ?? "",
    min: p.min ?? "",
    detail: p.message,
  });
}

/** Where a tile is: "on C3", "in Ann’s hand", "in the pile".
 *  @param {TileWhere} where @param {Player[]} players */
export function whereWords(where, players) {
  if (where.square) return t("editor.where.square", { square: squareName(where.square) });
  if (where.hand !== undefined) return t("editor.where.hand", { name: seatName(players, where.hand) });
  return t("editor.where.pile");
}

/** The squares a problem is about, to ring on the board. @param {PositionProblem} p */
export function problemSquares(p) {
  /** @type {Square[]} */
  const squares = [];
  if (p.square) squares.push(p.square);
  if (p.place) squares.push([p.place[0], p.place[1]]);
  for (const w of p.places || []) if (w.square) squares.push(w.square);
  return squares;
}
