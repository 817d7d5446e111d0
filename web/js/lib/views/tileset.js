// The tile table as drawing data: which ports each tile joins at each
// rotation.  It comes from dist/tiles.json (written by build.py from the
// engine, so it is there before Python is) or from the engine's `tiles` op.
// Nothing here is a rule: only geometry for drawing, and which rotations
// look the same (so a hand tile turned to 180 degrees finds the engine's
// canonical placement for it).

import { PORTS, portIndex } from "../words/coords.js";

export { PORTS, portIndex };   // the notation's port letters (coords.js)

export class TileSet {
  /** @param {Array<{tile:number, paths:number[][][], distinct:number[]}>} table */
  constructor(table) {
    if (!Array.isArray(table) || table.length === 0) throw new Error("empty tile table");
    this.table = new Map(table.map((t) => [t.tile, t]));
    this.count = table.length;
  }

  /** The port pairs of tile `index` turned `rot` degrees clockwise. */
  pairs(index, rot = 0) {
    const t = this.table.get(index);
    if (!t) return [];
    return t.paths[(((rot / 90) % 4) + 4) % 4];
  }

  /** The smallest rotation that looks the same as `rot` (the engine's canonical one). */
  canonical(index, rot) {
    const t = this.table.get(index);
    if (!t) return rot;
    const want = key(t.paths[(((rot / 90) % 4) + 4) % 4]);
    for (const d of t.distinct) if (key(t.paths[d / 90]) === want) return d;
    return rot;
  }

  /** The rotations of tile `index` that look different from each other. */
  distinct(index) {
    const t = this.table.get(index);
    return t ? t.distinct : [0];
  }
}

function key(pairs) {
  return pairs.map((p) => [...p].sort((a, b) => a - b).join("-")).sort().join(",");
}

let cached = null;

/**
 * The tile table: tiles.json at the site root (a page at the root or one
 * level down), else null.  `engine` (optional) is asked for `tiles` if the
 * file cannot be had.
 */
export function loadTileSet(url, engine) {
  if (cached) return cached;
  cached = fetch(url)
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`tiles.json: HTTP ${r.status}`))))
    .catch(async (e) => {
      if (!engine) throw e;
      const r = await engine.ask("tiles");
      return r.tiles;
    })
    .then((table) => new TileSet(table));
  return cached;
}
