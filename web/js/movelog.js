// Words for the engine's events: the move log and screen-reader announcements.

export function placeText(p) {
  if (!p) return "";
  return `[${p[0]}, ${p[1]}, ${p[2]}]`;
}

export function listNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Sentences describing one move's events.
 * @returns {{seat:number|null, text:string, kind:string}[]}
 */
export function describe(events, players) {
  const name = (s) => (players[s] ? players[s].name : `Seat ${s + 1}`);
  const lines = [];
  const draws = new Map();
  const flushDraws = () => {
    if (!draws.size) return;
    const parts = [...draws].map(([s, k]) => (k > 1 ? `${name(s)} (${k})` : name(s)));
    lines.push({ seat: null, kind: "draw", text: `${listNames(parts)} ${draws.size > 1 ? "draw" : "draws"} from the pile.` });
    draws.clear();
  };
  const outs = events.filter((e) => e.type === "out");
  const collided = new Set();
  const active = events.find((e) => e.type === "place")?.seat;
  for (const e of events) {
    if (e.type !== "draw") flushDraws();
    switch (e.type) {
      case "start":
        lines.push({ seat: e.seat, kind: "start", text: `${name(e.seat)} starts at ${placeText(e.place)}.` });
        break;
      case "place":
        lines.push({ seat: e.seat, kind: "place", text: `${name(e.seat)} plays tile ${e.tile} (${e.rot}°) on [${e.square[0]}, ${e.square[1]}].` });
        break;
      case "move":
        if (e.seat !== active) lines.push({ seat: e.seat, kind: "move", text: `${name(e.seat)}'s marker is carried along too.` });
        break;
      case "out":
        if (e.reason === "collision") {
          if (collided.has(e.seat)) break;
          const pair = outs.filter((o) => o.reason === "collision" && (o.seat === e.seat || o.seat === e.with || o.with === e.seat));
          pair.forEach((o) => collided.add(o.seat));
          const who = [...new Set(pair.map((o) => o.seat))].sort((a, b) => a - b).map(name);
          lines.push({ seat: e.seat, kind: "out", text: `${listNames(who)} collide: ${who.length > 1 ? "both are" : "out"} out.` });
        } else {
          lines.push({ seat: e.seat, kind: "out", text: `${name(e.seat)} goes off the edge of the board: out.` });
        }
        break;
      case "reshuffle":
        lines.push({ seat: null, kind: "reshuffle", text: `${e.returned} tile${e.returned === 1 ? " goes" : "s go"} back into the pile, which is shuffled (${e.pile} tiles).` });
        break;
      case "dragon":
        if (e.reason === "taken") lines.push({ seat: e.seat, kind: "dragon", text: `The pile is empty: ${name(e.seat)} takes the dragon tile and will draw first.` });
        else if (e.reason === "returned") lines.push({ seat: e.from, kind: "dragon", text: `${name(e.from)} draws and gives back the dragon tile.` });
        else if (e.reason === "passed") lines.push({ seat: e.seat, kind: "dragon", text: `The dragon tile passes from ${name(e.from)} to ${name(e.seat)}.` });
        else lines.push({ seat: null, kind: "dragon", text: `The dragon tile is set aside again.` });
        break;
      case "draw":
        draws.set(e.seat, (draws.get(e.seat) || 0) + 1);
        break;
      case "skip":
        lines.push({ seat: e.seat, kind: "skip", text: `${name(e.seat)} has no tiles and is skipped.` });
        break;
      case "exchange_offer":
        lines.push({ seat: e.seat, kind: "exchange", text: `${name(e.seat)} may exchange tiles with the players just eliminated.` });
        break;
      case "exchange":
        lines.push({ seat: e.seat, kind: "exchange", text: e.pairs.length ? `${name(e.seat)} exchanges ${e.pairs.length} tile${e.pairs.length === 1 ? "" : "s"}.` : `${name(e.seat)} keeps their tiles.` });
        break;
      case "game_over":
        lines.push({ seat: null, kind: "over", text: `Game over: ${winnersText(e.winners, players)}` });
        break;
      default:
        break;
    }
  }
  flushDraws();
  return lines;
}

export function winnersText(winners, players) {
  const names = (winners || []).map((s) => (players[s] ? players[s].name : `Seat ${s + 1}`));
  if (players.length === 1) return names.length ? "the marker is still on the board: well played!" : "the marker has left the board.";
  if (!names.length) return "nobody wins.";
  if (names.length === 1) return `${names[0]} wins!`;
  return `${listNames(names)} share the win.`;
}
