// Words for the engine's events: the move log and screen-reader announcements.
// Squares and places are told in board coordinates (coords.js: "C4", "the top
// edge at B1"); the words come from the catalogues (i18n.js).

import { t, list } from "./i18n.js";
import { placeName, squareName, startName } from "./coords.js";

/** @import {GameEvent, OutEvent, Square} from "../types.js" */
/** One line of the log: the seat it is about (null: the table's), its kind, its words. @typedef {{seat: number | null, text: string, kind: string}} LogLine */
/** Whom the words name: the players by seat. @typedef {readonly ({name: string} | null | undefined)[]} Named */

/** A seat's name, or "Seat n" for a seat without a player. @param {Named} players @param {number} s */
export function seatName(players, s) {
  const p = players[s];
  return p ? p.name : t("log.seat", { n: s + 1 });
}


/** "plays tile 14 on C4" or "..., turned 90°, on C4": the key's turned form when rot is not 0.
 *  @param {string} key @param {{tile: number, rot: number, square: Square}} e @param {Record<string, unknown>} [extra] */
export function placedText(key, e, extra = {}) {
  return t(e.rot ? `${key}Turned` : key, { tile: e.tile, rot: e.rot, square: squareName(e.square), ...extra });
}

/**
 * Sentences describing one move's events.
 * @param {readonly GameEvent[]} events @param {Named} players @param {{width?: number, height?: number}} [size]
 * @returns {LogLine[]}
 */
export function describe(events, players, { width = 6, height = 6 } = {}) {
  const name = (/** @type {number} */ s) => seatName(players, s);
  /** @type {LogLine[]} */
  const lines = [];
  /** @type {Map<number, number>} */
  const draws = new Map();
  const flushDraws = () => {
    if (!draws.size) return;
    const parts = [...draws].map(([s, k]) => (k > 1 ? t("log.drawCount", { name: name(s), count: k }) : name(s)));
    lines.push({ seat: null, kind: "draw", text: t("log.draws", { names: list(parts), count: draws.size }) });
    draws.clear();
  };
  const outs = events.filter((e) => e.type === "out");
  /** @type {Set<number>} */
  const collided = new Set();
  const active = events.find((e) => e.type === "place")?.seat;
  for (const e of events) {
    if (e.type !== "draw") flushDraws();
    switch (e.type) {
      case "start":
        lines.push({ seat: e.seat, kind: "start", text: t("log.start", { name: name(e.seat), place: startName(e.place) }) });
        break;
      case "place":
        lines.push({ seat: e.seat, kind: "place", text: placedText("log.place", e, { name: name(e.seat) }) });
        break;
      case "move": {
        const key = e.seat === active ? "log.move" : "log.carried";
        const count = (e.path || []).length;
        lines.push({ seat: e.seat, kind: "move", text: t(key, { name: name(e.seat), count, place: placeName(e.to, width, height) }) });
        break;
      }
      case "out":
        if (e.reason === "collision") {
          if (collided.has(e.seat)) break;
          const pair = outs.filter((o) => o.reason === "collision" && (o.seat === e.seat || o.seat === e.with || o.with === e.seat));
          pair.forEach((o) => collided.add(o.seat));
          const who = [...new Set(pair.map((o) => o.seat))].sort((a, b) => a - b).map(name);
          lines.push({ seat: e.seat, kind: "out", text: t(who.length > 1 ? "log.collide" : "log.collideOne", { names: list(who) }) });
        } else {
          lines.push({ seat: e.seat, kind: "out", text: t("log.edge", { name: name(e.seat) }) });
        }
        break;
      case "reshuffle":
        lines.push({ seat: null, kind: "reshuffle", text: t("log.reshuffle", { count: e.returned, pile: e.pile }) });
        break;
      case "dragon":
        if (e.reason === "taken") lines.push({ seat: e.seat, kind: "dragon", text: t("log.dragonTaken", { name: name(e.seat) }) });
        else if (e.reason === "returned") lines.push({ seat: e.from, kind: "dragon", text: t("log.dragonReturned", { name: name(e.from) }) });
        else if (e.reason === "passed") lines.push({ seat: e.seat, kind: "dragon", text: t("log.dragonPassed", { from: name(e.from), name: name(e.seat) }) });
        else lines.push({ seat: null, kind: "dragon", text: t("log.dragonAside") });
        break;
      case "draw":
        draws.set(e.seat, (draws.get(e.seat) || 0) + 1);
        break;
      case "skip":
        lines.push({ seat: e.seat, kind: "skip", text: t("log.skip", { name: name(e.seat) }) });
        break;
      case "exchange_offer":
        lines.push({ seat: e.seat, kind: "exchange", text: t("log.exchangeOffer", { name: name(e.seat) }) });
        break;
      case "exchange":
        lines.push({
          seat: e.seat, kind: "exchange",
          text: e.pairs.length ? t("log.exchange", { name: name(e.seat), count: e.pairs.length }) : t("log.keep", { name: name(e.seat) }),
        });
        break;
      case "game_over":
        lines.push({ seat: null, kind: "over", text: t("log.over", { result: winnersText(e.winners, players) }) });
        break;
      case "clock":   // the turn clock played this move
        lines.push({ seat: e.seat, kind: "clock", text: t("log.clock", { name: name(e.seat) }) });
        break;
      default:
        break;
    }
  }
  flushDraws();
  return lines;
}

/** Who won, in words: "Ann wins!", "Ann and Bob share the win.", "nobody wins."
 *  @param {readonly number[] | null | undefined} winners @param {Named} players */
export function winnersText(winners, players) {
  const names = (winners || []).map((s) => seatName(players, s));
  if (players.length === 1) return t(names.length ? "log.soloStays" : "log.soloOut");
  return headline(names);
}

/** The headline for the names of the winners (shared by the course variant). @param {string[]} names */
export function headline(names) {
  if (!names.length) return t("log.nobody");
  if (names.length === 1) return t("log.wins", { name: names[0] });
  return t("log.share", { names: list(names) });
}
