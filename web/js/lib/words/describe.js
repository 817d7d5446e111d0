// The board in words, on demand (the D key, the "Describe the board" button):
// for each marker, the square it faces and from which side, what lies around
// that square, and how far it is from the edge; who is out; and the chosen
// tile's outcome as the engine reported it (the turn controller's advice).
// Only geometry and the engine's answers: no rule is decided here.

import { list, sentences, t } from "./i18n.js";
import { placeName, squareName } from "./coords.js";

/** Lines describing a position: {markers, tiles, out, turn} as board.js draws it. */
export function describeBoard(view, players, { width = 6, height = 6 } = {}) {
  const lines = [];
  const placed = new Set((view.tiles || []).map(([x, y]) => `${x},${y}`));
  const out = new Set(view.out || []);
  lines.push(t("describe.tiles", { count: placed.size, total: width * height }));
  (view.markers || []).forEach((m, seat) => {
    const name = players[seat] ? players[seat].name : t("log.seat", { n: seat + 1 });
    if (out.has(seat)) { lines.push(t("describe.out", { name })); return; }
    if (!m) { lines.push(t("describe.notPlaced", { name })); return; }
    const [x, y] = m;
    const onBoard = x >= 0 && y >= 0 && x < width && y < height;
    if (!onBoard) { lines.push(t("describe.out", { name })); return; }
    /** @type {{tiles: string[], empty: string[]}} */
    const around = { tiles: [], empty: [] };
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      (placed.has(`${nx},${ny}`) ? around.tiles : around.empty).push(squareName([nx, ny]));
    }
    const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
    const parts = [
      t(view.turn === seat ? "describe.markerTurn" : "describe.marker", { name, place: placeName(m, width, height), square: squareName([x, y]) }),
      edge === 0 ? t("describe.atEdge", { square: squareName([x, y]) }) : t("describe.fromEdge", { count: edge }),
    ];
    if (around.tiles.length) parts.push(t("describe.aroundTiles", { count: around.tiles.length, squares: list(around.tiles) }));
    if (around.empty.length) parts.push(t("describe.aroundEmpty", { count: around.empty.length, squares: list(around.empty) }));
    lines.push(sentences(parts));
  });
  return lines;
}
