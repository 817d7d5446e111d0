// The course variant's events in words (docs/course.md): the move log, the replay
// and the tutorial tell a course move with these, as movelog.js tells a
// classic one.

import { seatName, placedText, headline } from "./movelog.js";
import { placeName } from "./coords.js";
import { t, list } from "./i18n.js";

/** The ranking's headline: who came first. */
export function rankingHeadline(ranking, players) {
  return headline((ranking[0] || []).map((s) => players[s].name));
}

/** Sentences for one move's events: [{seat, kind, text}] like movelog.describe. */
export function describeCourse(events, players) {
  const name = (s) => seatName(players, s);
  const where = (p) => placeName(p, 10, 10);
  const lines = [];
  const place = events.find((e) => e.type === "place");
  const start = events.find((e) => e.type === "start");
  for (const e of events) {
    switch (e.type) {
      case "place":
        if (start) {
          // the avatar told on the tile it stands on, as the port buttons name it
          const avatar = where([e.square[0], e.square[1], start.port]);
          lines.push({ seat: e.seat, kind: "start", text: placedText("neu.opens", e, { name: name(e.seat), place: avatar }) });
        } else {
          lines.push({ seat: e.seat, kind: "place", text: placedText("log.place", e, { name: name(e.seat) }) });
        }
        break;
      case "move":
        if (place && !start && e.to) {
          const key = e.seat === place.seat ? "neu.moves" : "neu.carried";
          lines.push({ seat: e.seat, kind: "move", text: t(key, { name: name(e.seat), place: where(e.to) }) });
        }
        break;
      case "collision":
        lines.push({ seat: null, kind: "collision", text: t("neu.collision", { names: list(e.seats.map(name)) }) });
        break;
      case "out":
        lines.push({ seat: e.seat, kind: "out", text: t(e.reason === "loop" ? "neu.loop" : "log.edge", { name: name(e.seat) }) });
        break;
      case "round":
        lines.push({ seat: null, kind: "round", text: e.round === 1 ? t("neu.roundOne") : t("neu.round", { round: e.round }) });
        break;
      case "game_over":
        lines.push({ seat: null, kind: "over", text: t("log.over", { result: rankingHeadline(e.ranking, players) }) });
        break;
      default:
        break; // "start" is told with its tile; "deal" is shown in the hand
    }
  }
  return lines;
}
