#!/usr/bin/env python3
"""Find the positions the rules tutorial (web/tutorial/index.html) embeds, and
print their share-link fragments.

Every example comes from a real seeded game played by the engine with random
moves, so each is a position a game can reach; the search is deterministic.
Run it again only to change the examples:  python3 tools/tutorial_links.py
(sections 1-7), --records (8-14), --lessons (all of them as the lesson files
data/lessons/tutorial-<key>.json that the page's boards play, and the frames'
addresses), --course (the course variant's page).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tsuro_core.api import call

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
    """Yield (seed, position, legal_moves(all), record-so-far) at every tile turn of random
    games."""
    for seed in seeds:
        g = ok("new_game", {"players": players(n), "seed": seed})
        pos, record = g["position"], g["record"]
        rng = random.Random(seed)
        while pos["turn"] is not None:
            lm = ok("legal_moves", {"position": pos, "all": True})
            yield seed, pos, lm, record
            legal = [m for m in lm["moves"] if m.get("legal", True)]
            move = rng.choice(legal)["move"]
            r = ok(
                "play", {"position": pos, "move": move, "seed": f"{seed}/{len(record['moves'])}"}
            )
            pos = r["position"]
            record = {**record, "moves": record["moves"] + [r["move"]]}
            yield_events = r["events"]
            record["_events"] = yield_events


def link(value):
    value = {k: v for k, v in value.items() if not k.startswith("_")}
    return ok("encode_link", {"record": value} if "deal" in value else {"position": value})[
        "fragment"
    ]


def find(pred, n=2, seeds=range(1, 400)):
    for seed, pos, lm, _record in games(n, seeds):
        if lm["phase"] == "tile" and pred(pos, lm):
            return seed, pos, lm
    raise SystemExit("no example found")


def main():
    for key, frag in position_examples().items():
        print(f"{key}\t{frag}")


def position_examples():
    """The fragments of sections 1-7: {key: "p=..." or "r=...&from=K&at=N&to=M"}."""
    out = {}
    # 1. Start: everyone picks a start mark (a fresh deal).
    g = ok("new_game", {"players": players(2), "seed": 7})
    out["start"] = link(g["position"])

    # 2. Placing a tile: early in a game, every placement safe or not.
    _, pos, _ = find(
        lambda p, lm: (
            len(p["tiles"]) == 2
            and p["turn"] == 0
            and sum(m["self_eliminating"] for m in lm["moves"]) >= 1
        ),
        seeds=range(3, 200),
    )
    out["place"] = link(pos)

    # 3. Following a path: a legal placement carries the marker through 5+ tiles.
    _, pos, _ = find(
        lambda p, lm: any(
            m["legal"]
            and not m["self_eliminating"]
            and max(len(q["path"]) for q in m["paths"]) >= 6
            for m in lm["moves"]
        ),
        seeds=range(1, 200),
    )
    out["path"] = link(pos)

    # 4. Off the edge: a legal placement sends an opponent off the edge.
    _, pos, _ = find(
        lambda p, lm: any(
            m["legal"] and any(o["seat"] != p["turn"] and o["reason"] == "edge" for o in m["out"])
            for m in lm["moves"]
        ),
        seeds=range(1, 200),
    )
    out["edge"] = link(pos)

    # 5. Collision: a placement joins two markers' paths.
    _, pos, _ = find(
        lambda p, lm: (
            any(any(o["reason"] == "collision" for o in m["out"]) for m in lm["moves"])
            and any(m["legal"] and not m["self_eliminating"] for m in lm["moves"])
        ),
        n=3,
        seeds=range(1, 600),
    )
    out["collision"] = link(pos)

    # 6. Forced: every placement of every tile in hand eliminates the player.
    _, pos, _ = find(
        lambda p, lm: (
            lm["moves"]
            and all(m["self_eliminating"] for m in lm["moves"])
            and len(p["hands"][p["turn"]]) >= 2
        ),
        seeds=range(1, 600),
    )
    out["forced"] = link(pos)

    # 7. The dragon tile: a 4-player record in which someone takes it.
    for seed in range(1, 300):
        for _, _pos, _lm, record in games(4, [seed]):
            ev = record.get("_events") or []
            if any(e["type"] == "dragon" and e["reason"] == "taken" for e in ev):
                k = len(record["moves"])
                rec = {key: v for key, v in record.items() if not key.startswith("_")}
                out["dragon"] = f"{link(rec)}&from={k - 1}&at={k - 1}&to={min(k + 3, k + 3)}"
                break
        if "dragon" in out:
            break
    return out


if __name__ == "__main__" and not {"--records", "--course", "--lessons"} & set(sys.argv):
    main()


# ---------------------------------------------------------------------------
# The record boards of the later sections: whole seeded games under each rule
# set, stepped through around the moment the section is about.  CLAIMS says
# what each board must show; tests/test_tutorial_examples.py checks the
# fragments in the page against it with the engine.


def play_out(rules, n, seed, careful=False):
    """A whole seeded game: (record, positions answer).  careful: never a move
    that puts anyone out while another exists (games that last)."""
    g = ok("new_game", {"rules": rules, "players": players(n), "seed": seed})
    pos, record = g["position"], g["record"]
    rng = random.Random(seed)
    while pos["turn"] is not None:
        lm = ok("legal_moves", {"position": pos, "all": True})
        legal = [m for m in lm["moves"] if m.get("legal", True)]
        if careful:
            legal = [m for m in legal if not m.get("out")] or legal
        move = rng.choice(legal)["move"]
        r = ok("play", {"position": pos, "move": move, "seed": f"{seed}/{len(record['moves'])}"})
        pos = r["position"]
        record = {**record, "moves": record["moves"] + [r["move"]]}
    return record, ok("positions", {"record": record})


def _last_move(ans):
    """The index of the game's last move (events[k] are move k's)."""
    return len(ans["events"]) - 1


def _winners(ans):
    return next(e["winners"] for e in ans["events"][-1] if e["type"] == "game_over")


def _out_seats(ans, k=None):
    moves = ans["events"] if k is None else [ans["events"][k]]
    return {e["seat"] for ev in moves for e in ev if e["type"] == "out"}


def claim_bonus(record, ans, frm, to):
    """Elimination bonus: in the window, a player who put others out exchanges tiles."""
    kinds = [e["type"] for ev in ans["events"][frm:to] for e in ev]
    return (
        _rules(record).get("elimination_bonus") is True
        and "exchange_offer" in kinds
        and "exchange" in kinds
    )


def claim_together(record, ans, frm, to):
    """The last move puts the last markers out together: they share the win."""
    last = _last_move(ans)
    w = _winners(ans)
    return to == last + 1 and len(w) >= 2 and set(w) <= _out_seats(ans, last)


def claim_exhausted(record, ans, frm, to):
    """The tiles run out with several markers on the board: they share the win."""
    last = _last_move(ans)
    final = ans["positions"][-1]
    w = _winners(ans)
    return (
        to == last + 1
        and len(w) >= 2
        and not set(w) & _out_seats(ans)
        and not final["pile"]
        and not any(final["hands"][s] for s in w)
    )


def _rules(record):
    """The record's rules as a dict (a preset's name alone: {"preset": name})."""
    rules = record.get("rules", "classic")
    return rules if isinstance(rules, dict) else {"preset": rules}


def _scoring(record):
    return _rules(record).get("scoring")


def claim_solo(record, ans, frm, to):
    """Solo: one player, and the window reaches the end of the game."""
    return (
        _rules(record).get("preset") == "solo"
        and len(record["players"]) == 1
        and to == _last_move(ans) + 1
    )


def claim_open(record, ans, frm, to):
    """Open hands: the rule set shows every hand."""
    return _rules(record).get("open_hands") is True


def claim_scored(scoring):
    def claim(record, ans, frm, to):
        """A scoring game won by a player whose marker went out: the score, not survival,
        decides."""
        return (
            _scoring(record) == scoring
            and to == _last_move(ans) + 1
            and bool(set(_winners(ans)) & _out_seats(ans))
        )

    return claim


CLAIMS = {
    "bonus": claim_bonus,
    "together": claim_together,
    "exhausted": claim_exhausted,
    "solo": claim_solo,
    "open": claim_open,
    "longest": claim_scored("longest_path"),
    "crossings": claim_scored("most_crossings"),
}

# key: (rules, players, careful play, the window (from, at, to) for a game's answer)
RECORD_EXAMPLES = {
    "bonus": (
        "elimination-bonus",
        4,
        False,
        lambda a: next(
            (
                (k, k, k + 3)
                for k, ev in enumerate(a["events"])
                if any(e["type"] == "exchange_offer" for e in ev)
            ),
            None,
        ),
    ),
    "together": (
        "classic",
        3,
        False,
        lambda a: (_last_move(a) - 1, _last_move(a) - 1, _last_move(a) + 1),
    ),
    "exhausted": (
        "classic",
        2,
        True,
        lambda a: (_last_move(a) - 2, _last_move(a) - 2, _last_move(a) + 1),
    ),
    "solo": ("solo", 1, False, lambda a: (_last_move(a) - 2, _last_move(a) - 2, _last_move(a) + 1)),
    "open": ("open-hands", 3, False, lambda a: (2, 3, 8)),
    "longest": (
        "longest-path",
        3,
        False,
        lambda a: (_last_move(a) - 2, _last_move(a) - 2, _last_move(a) + 1),
    ),
    "crossings": (
        "most-crossings",
        3,
        False,
        lambda a: (_last_move(a) - 2, _last_move(a) - 2, _last_move(a) + 1),
    ),
}


def find_record(key, seeds=range(1, 400)):
    rules, n, careful, window = RECORD_EXAMPLES[key]
    for seed in seeds:
        record, ans = play_out(rules, n, seed, careful)
        w = window(ans)
        if w and CLAIMS[key](record, ans, w[0], w[2]):
            frm, at, to = w
            return f"{link(record)}&from={frm}&at={at}&to={to}"
    raise SystemExit(f"no example found for {key}")


if __name__ == "__main__" and "--records" in sys.argv:
    for key in RECORD_EXAMPLES:
        print(f"{key}\t{find_record(key)}")


# ---------------------------------------------------------------------------
# The course variant's page (web/tutorial/course.html): one whole course game,
# with its positions and events precomputed, so the page steps through it
# without the engine.  Written to web/tutorial/course-game.json.

COURSE_FILE = Path(__file__).resolve().parent.parent / "web" / "tutorial" / "course-game.json"


def course_game(seed):
    """A 3-player course game of random legal moves: {players, moves, positions, events}."""
    names = [{"name": n} for n in NAMES[:3]]
    pos = ok("neu_new_game", {"players": names})["position"]
    rng = random.Random(seed)
    game = {"players": pos["players"], "moves": [], "positions": [pos], "events": []}
    while pos["phase"] != "over" and len(game["moves"]) < 200:
        lm = ok("neu_legal_moves", {"position": pos})
        if lm["phase"] == "opening":
            sq = rng.choice(lm["squares"])
            move = {
                "tile": rng.choice(lm["handed"]),
                "rot": rng.choice(lm["rots"]),
                "square": sq["square"],
                "port": rng.choice(sq["ports"])["port"],
            }
        else:
            move = rng.choice([m for m in lm["moves"] if m["legal"]])["move"]
        r = ok("neu_play", {"position": pos, "move": move})
        pos = r["position"]
        game["moves"].append(r["move"])
        game["positions"].append(pos)
        game["events"].append(r["events"])
    return game


def claim_course(game):
    """What the course page says: 10 x 10, an opening placement per player, two
    tiles handed per turn, and an avatar caught in a loop."""
    n = len(game["players"])
    starts = sum(1 for ev in game["events"] for e in ev if e["type"] == "start")
    deals = [e["tiles"] for ev in game["events"] for e in ev if e["type"] == "deal"]
    squares = [
        t["square"] if isinstance(t, dict) else t[:2] for p in game["positions"] for t in p["tiles"]
    ]
    return (
        starts == n
        and len(deals) > n
        and all(len(d) == 2 for d in deals[n - 1 :])
        and any(e["type"] == "out" and e["reason"] == "loop" for ev in game["events"] for e in ev)
        and any(max(sq) >= 6 for sq in squares)
        and all(0 <= v <= 9 for sq in squares for v in sq)
    )


def find_course(seeds=range(1, 500)):
    for seed in seeds:
        game = course_game(seed)
        if claim_course(game):
            game["seed"] = seed
            return game
    raise SystemExit("no course game with a loop found")


if __name__ == "__main__" and "--course" in sys.argv:
    found = find_course()
    COURSE_FILE.write_text(json.dumps(found, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{COURSE_FILE}: seed {found['seed']}, {len(found['moves'])} moves")


# ---------------------------------------------------------------------------
# The tutorial's boards as lessons (data/lessons/tutorial-<key>.json, played by
# the boards of web/tutorial/index.html): each example above as the lesson the
# authoring page (lesson-edit.html) makes of it: a position becomes one step
# with a move to try (a task where the section asks for one); a record's
# window from..to one step per position, so Next plays each move.  Written in
# lesson_check's canonical form, as the authoring page's JSON file is.

LESSONS_DIR = Path(__file__).resolve().parent.parent / "data" / "lessons"
TASKS = {"edge": {"key": "puzzle.task.eliminate", "params": {"color": "blue"}}}
"""Sections whose words ask for a move that does something: a task, not a free try."""


def lesson_of(key, fragment):
    """(lesson, the step shown first: 1 = the first) of a tutorial board's fragment."""
    link, *rest = fragment.split("&")
    opts = dict(part.split("=", 1) for part in rest)
    value = ok("decode_link", {"fragment": link})
    if "position" in value:
        step = {"position": value["position"]}
        step.update({"task": TASKS[key]} if key in TASKS else {"try": True})
        lesson = {"format": "tsuro-lesson/1", "steps": [step]}
        first = 1
    else:
        frm, at, to = (int(opts[k]) for k in ("from", "at", "to"))
        to = min(to, len(value["record"]["moves"]))  # the embed stepped no further either
        steps = [{"record": 0, "at": k} for k in range(frm, to + 1)]
        lesson = {"format": "tsuro-lesson/1", "records": [value["record"]], "steps": steps}
        first = at - frm + 1
    return ok("lesson_check", {"lesson": lesson})["lesson"], first


def lesson_text(lesson):
    """A lesson file's text: the authoring page's download, JSON.stringify(lesson, null, 1)."""
    return json.dumps(lesson, indent=1, ensure_ascii=False) + "\n"


def write_lessons():
    examples = {**position_examples(), **{k: find_record(k) for k in RECORD_EXAMPLES}}
    LESSONS_DIR.mkdir(parents=True, exist_ok=True)
    for key, frag in examples.items():
        lesson, first = lesson_of(key, frag)
        path = LESSONS_DIR / f"tutorial-{key}.json"
        path.write_text(lesson_text(lesson), encoding="utf-8")
        step = f"&step={first}" if first > 1 else ""
        print(f"{key}\t../lesson.html#src=lessons/{path.name}{step}")


if __name__ == "__main__" and "--lessons" in sys.argv:
    write_lessons()
