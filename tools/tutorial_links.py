#!/usr/bin/env python3
"""Find the positions the rules tutorial (web/tutorial/index.html) embeds, and
print their share-link fragments.

Every example comes from a real seeded game played by the engine with random
moves, so each is a position a game can reach; the search is deterministic.
Run it again only to change the examples, then paste the fragments into the
tutorial page:  python3 tools/tutorial_links.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tsuro_core.api import call  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def ok(op, args):
    r = call(op, args)
    if not r["ok"]:
        raise SystemExit(f"{op}: {r['error']}")
    return r["result"]


def players(n):
    colors = ["red", "blue", "green", "yellow", "purple", "orange", "black", "white"]
    return [{"name": NAMES[i], "color": colors[i]} for i in range(n)]


def games(n, seeds):
    """Yield (seed, position, legal_moves(all), record-so-far) at every tile turn of random games."""
    for seed in seeds:
        g = ok("new_game", {"players": players(n), "seed": seed})
        pos, record = g["position"], g["record"]
        rng = random.Random(seed)
        while pos["turn"] is not None:
            lm = ok("legal_moves", {"position": pos, "all": True})
            yield seed, pos, lm, record
            legal = [m for m in lm["moves"] if m.get("legal", True)]
            move = rng.choice(legal)["move"]
            r = ok("play", {"position": pos, "move": move, "seed": f"{seed}/{len(record['moves'])}"})
            pos = r["position"]
            record = {**record, "moves": record["moves"] + [r["move"]]}
            yield_events = r["events"]
            record["_events"] = yield_events


def link(value):
    value = {k: v for k, v in value.items() if not k.startswith("_")}
    return ok("encode_link", {"record": value} if "deal" in value else {"position": value})["fragment"]


def find(pred, n=2, seeds=range(1, 400)):
    for seed, pos, lm, record in games(n, seeds):
        if lm["phase"] == "tile" and pred(pos, lm):
            return seed, pos, lm
    raise SystemExit("no example found")


def main():
    out = {}
    # 1. Start: everyone picks a start mark (a fresh deal).
    g = ok("new_game", {"players": players(2), "seed": 7})
    out["start"] = link(g["position"])

    # 2. Placing a tile: early in a game, every placement safe or not.
    _, pos, _ = find(lambda p, lm: len(p["tiles"]) == 2 and p["turn"] == 0
                     and sum(m["self_eliminating"] for m in lm["moves"]) >= 1, seeds=range(3, 200))
    out["place"] = link(pos)

    # 3. Following a path: a legal placement carries the marker through 5+ tiles.
    _, pos, _ = find(lambda p, lm: any(m["legal"] and not m["self_eliminating"] and
                                       max(len(q["path"]) for q in m["paths"]) >= 6 for m in lm["moves"]),
                     seeds=range(1, 200))
    out["path"] = link(pos)

    # 4. Off the edge: a legal placement sends an opponent off the edge.
    _, pos, _ = find(lambda p, lm: any(m["legal"] and any(o["seat"] != p["turn"] and o["reason"] == "edge"
                                                          for o in m["out"]) for m in lm["moves"]),
                     seeds=range(1, 200))
    out["edge"] = link(pos)

    # 5. Collision: a placement joins two markers' paths.
    _, pos, _ = find(lambda p, lm: any(any(o["reason"] == "collision" for o in m["out"]) for m in lm["moves"])
                     and any(m["legal"] and not m["self_eliminating"] for m in lm["moves"]),
                     n=3, seeds=range(1, 600))
    out["collision"] = link(pos)

    # 6. Forced: every placement of every tile in hand eliminates the player.
    _, pos, _ = find(lambda p, lm: lm["moves"] and all(m["self_eliminating"] for m in lm["moves"])
                     and len(p["hands"][p["turn"]]) >= 2, seeds=range(1, 600))
    out["forced"] = link(pos)

    # 7. The dragon tile: a 4-player record in which someone takes it.
    for seed in range(1, 300):
        for _, pos, lm, record in games(4, [seed]):
            ev = record.get("_events") or []
            if any(e["type"] == "dragon" and e["reason"] == "taken" for e in ev):
                k = len(record["moves"])
                rec = {key: v for key, v in record.items() if not key.startswith("_")}
                out["dragon"] = f"{link(rec)}&from={k - 1}&at={k - 1}&to={min(k + 3, k + 3)}"
                break
        if "dragon" in out:
            break
    for key, frag in out.items():
        print(f"{key}\t{frag}")


if __name__ == "__main__":
    main()
