"""Every path the site's engine can take, through the JSON API: each op, each
bot and the hint, each rule set and variant, the course variant, and the error
paths.  Prints one JSON line, the answers (timings removed), so that the same
script run in CPython and in Pyodide can be compared answer for answer.

build.py runs it inside Pyodide (tools/precompile.mjs) to learn which standard
library modules the engine needs (those go into the trimmed stdlib the site
ships); tests/node run it under exactly that stdlib, and after a memory
snapshot's restore.  Standard library and tsuro_core only.
"""

from __future__ import annotations

import json

from tsuro_core.api import handle_json

RULE_SETS = [
    "classic",
    "solo",
    "open-hands",
    "longest-path",
    "most-crossings",
    "elimination-bonus",
    {"preset": "classic", "width": 4, "height": 5, "dragon_from": 2},
]
BOTS = ["random", "survivor", "planner"]


def _strip(value):
    """The answer without wall-clock figures (thinking_ms, elapsed...)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if not k.endswith("_ms")}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


class Run:
    def __init__(self) -> None:
        self.answers: list = []

    def ask(self, op, args=None, raw: str | None = None, keep: bool = True):
        text = (
            raw if raw is not None else json.dumps({"op": op, "args": {} if args is None else args})
        )
        answer = json.loads(handle_json(text))
        if keep:
            self.answers.append(_strip(answer))
        return answer

    def ok(self, op, args=None):
        answer = self.ask(op, args)
        if not answer["ok"]:
            raise AssertionError(f"{op} failed: {answer}")
        return answer["result"]


def play_game(run: Run, rules, players: int, seed: int) -> None:
    """A whole seeded game through the API, the bots taking turns choosing."""
    pos = run.ok("new_game", {"rules": rules, "players": players, "seed": seed})["position"]
    k = 0
    while pos["turn"] is not None:
        moves = run.ok("legal_moves", {"position": pos})
        bot = BOTS[k % len(BOTS)]
        extra = {"iterations": 3} if bot == "planner" else {}
        move = run.ok("bot_move", {"position": pos, "bot": bot, "seed": k, **extra})["move"]
        if moves["phase"] == "tile" and k % 5 == 0:
            run.ok("preview", {"position": pos, "tile": move["tile"], "rot": move.get("rot", 0)})
        if k % 7 == 0:
            run.ok("hint", {"position": pos, "seed": k, "iterations": 2})
        pos = run.ok("play", {"position": pos, "move": move, "seed": seed + k})["position"]
        k += 1
    run.ok("result", {"position": pos})
    link = run.ok("encode_link", {"position": pos})
    run.ok("decode_link", link)


def record_paths(run: Run) -> None:
    """Records: replay, positions, validate, links, from a seeded game's record."""
    import random

    from tsuro_core import notation
    from tsuro_core.game import Game

    game = Game.new(players=3, seed=42)
    rng = random.Random(1)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    record = notation.to_record(game)
    run.ok("replay", {"record": record})
    run.ok("positions", {"record": record})
    run.ok("validate", {"record": record})
    run.ok("validate", {"position": notation.to_position(game)})
    link = run.ok("encode_link", {"record": record})
    run.ok("decode_link", link)


def neu_game(run: Run) -> None:
    """The course variant, start to end, its bot choosing every move."""
    pos = run.ok("neu_new_game", {"players": [{"name": n} for n in ("ann", "bo", "cy")]})[
        "position"
    ]
    k = 0
    while True:
        options = run.ok("neu_legal_moves", {"position": pos})
        if pos.get("phase") == "over" or options.get("phase") == "over":
            break
        move = run.ask("neu_bot_move", {"position": pos, "seed": k})
        if not move["ok"]:
            break
        answer = run.ok("neu_play", {"position": pos, "move": move["result"]["move"]})
        pos = answer["position"]
        k += 1
        if "result" in answer or k > 200:
            break


def error_paths(run: Run) -> None:
    """Errors are values, with a stable code."""
    start = run.ok("new_game", {"players": 2, "seed": 3})["position"]
    run.ask(None, raw="{not json")
    run.ask(None, raw="[1, 2]")
    run.ask("no-such-op")
    run.ask("version", raw=json.dumps({"op": "version", "args": 3}))
    run.ask("new_game", {"rules": "no-such-rules"})
    run.ask("new_game", {"rules": {"preset": "classic", "width": 99}})
    run.ask("new_game", {"players": "lots"})
    run.ask("new_game", {"players": 2, "seed": "text seeds deal alike everywhere"})
    run.ask("legal_moves", {})
    run.ask("legal_moves", {"position": {"rules": "classic"}})
    run.ask("play", {"position": start, "move": {"start": [99, 99, "Z"]}})
    run.ask("play", {"position": start, "move": "nonsense"})
    run.ask("preview", {"position": start, "tile": 999, "rot": 7})
    run.ask("replay", {"record": {"moves": "x"}})
    run.ask("decode_link", {"link": "p=not-a-link"})
    run.ask("bot_move", {"position": start, "bot": "no-such-bot"})
    run.ask("bot_move", {"position": start, "bot": "random", "budget_ms": -1})
    run.ask("hint", {"position": start, "iterations": True})
    run.ask("neu_new_game", {"players": [{"name": "solo"}]})
    run.ask("neu_play", {"position": {"nonsense": 1}, "move": {}})
    run.ask("neu_bot_move", {})
    # Strict input (docs/reliability.md): deep nesting, NaN, floats, oversized work.
    run.ask(None, raw='{"op": "validate", "args": {"position": ' + "[" * 5000)
    run.ask(None, raw='{"op": "new_game", "args": {"seed": NaN}}')
    run.ask("new_game", {"seed": 1.5})
    run.ask("play", {"position": start, "move": {"tile": 1, "rot": 90.0}})
    run.ask("decode_link", {"fragment": "r=1" + "A" * 70_000})
    run.ask("hint", {"position": start, "iterations": 33})
    huge = {
        "format": "tsuro-position/1",
        "players": [{"name": f"P{i}"} for i in range(8)],
        "rules": {"preset": "classic", "hand_size": 6, "elimination_bonus": True},
        "markers": [[0, 2, "H"]] + [[-1, s % 6, "C"] for s in range(1, 7)] + [[5, 3, "C"]],
        "hands": [[0, 1, 2, 3, 4]] + [list(range(5 + 5 * k, 10 + 5 * k)) for k in range(6)] + [[]],
        "out": [1, 2, 3, 4, 5, 6],
        "turn": 0,
        "exchange": [1, 2, 3, 4, 5, 6],
    }
    run.ask("legal_moves", {"position": huge})
    for bot in BOTS:
        run.ask("bot_move", {"position": huge, "bot": bot, "seed": 1, "iterations": 1})


def main() -> list:
    run = Run()
    for op in ("version", "tiles", "rules"):
        run.ok(op)
    for i, rules in enumerate(RULE_SETS):
        players = 1 if rules == "solo" else 2 + i % 4
        play_game(run, rules, players, seed=100 + i)
    record_paths(run)
    neu_game(run)
    error_paths(run)
    # The planner within a time budget (not compared: its answer depends on the clock).
    pos = run.ok("new_game", {"players": 4, "seed": 9})["position"]
    assert run.ask("hint", {"position": pos, "budget_ms": 50}, keep=False)["ok"]
    return run.answers


if __name__ == "__main__":
    print(json.dumps(main(), sort_keys=True, separators=(",", ":")))
