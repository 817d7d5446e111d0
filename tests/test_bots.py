"""The computer players: determinism, honesty about hidden tiles, survival,
strength in a short match, the API ops and the selfplay CLI."""

from __future__ import annotations

import contextlib
import io
import json
import random
from dataclasses import fields
from typing import Any

import pytest
from helpers import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from tsuro_core import api, notation, steps
from tsuro_core.__main__ import main as cli_main
from tsuro_core.board import follow
from tsuro_core.bots import get_bot, view_for
from tsuro_core.bots.sim import Sim, playout
from tsuro_core.game import Game
from tsuro_core.rules import PRESETS, VARIANTS, Rules, parse_rules
from tsuro_core.selfplay import play_game, run
from tsuro_core.tiles import CONN, identify

BOTS = ("random", "survivor", "planner")
FAST = {"iterations": 8}  # the planner, with fixed work: exactly reproducible


def reach(seed: int, players: int, plies: int, rules: Any = None) -> Game:
    """A game after ``plies`` random legal moves (stopping early if it ends)."""
    rng = random.Random(seed)
    game = Game.new(parse_rules(rules) if rules else PRESETS["classic"], players, seed)
    for _ in range(plies):
        if game.over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def mid_games(count: int, players: int = 2) -> list[Game]:
    """Seeded games in the tile phase, a few moves in, still going."""
    games = []
    seed = 0
    while len(games) < count:
        g = reach(seed, players, players + 2 + seed % 5)
        seed += 1
        if g.phase == "tile":
            games.append(g)
    return games


def choose(name: str, game: Game, seed: int = 0, **options: Any) -> dict[str, Any]:
    return (
        get_bot(name)
        .choose(
            view_for(game, game.turn),
            seed=seed,  # type: ignore[arg-type]
            budget_ms=None,
            **options,
        )
        .move
    )


def is_legal(game: Game, move: dict[str, Any]) -> bool:
    trial = game.copy()
    trial.rng = random.Random(0)
    try:
        trial.play(move)
    except ValueError:
        return False
    return True


# ------------------------------------------------------------------ views


def test_view_shows_own_hand_and_counts_only() -> None:
    game = mid_games(1, 3)[0]
    seat = game.turn
    view = view_for(game, seat)  # type: ignore[arg-type]
    assert view.hand == tuple(game.hands[seat])  # type: ignore[index]
    for s in range(game.n):
        if s != seat and game.alive[s]:
            assert view.hands[s] is None
        assert view.hand_sizes[s] == len(game.hands[s])
    assert view.pile_size == len(game.pile)
    unseen = set(view.unseen())
    assert unseen == set(game.pile) | {t for s in range(game.n) if s != seat for t in game.hands[s]}


def test_open_hands_views_show_every_hand() -> None:
    game = reach(3, 3, 5, "open-hands")
    view = view_for(game, game.turn)  # type: ignore[arg-type]
    assert all(h is not None for h in view.hands)
    assert set(view.unseen()) == set(game.pile)


def test_determinize_is_consistent_with_the_view() -> None:
    for game in mid_games(5, 4):
        view = view_for(game, game.turn)  # type: ignore[arg-type]
        for k in range(5):
            sample = view.determinize(random.Random(k))
            assert view_for(sample, game.turn) == view  # type: ignore[arg-type]
            assert sorted(
                sample.pile
                + [t for h in sample.hands for t in h]
                + [t for _, t, _ in sample.placed]
            ) == list(range(35))


def hidden_changed(game: Game, rng: random.Random) -> Game:
    """The same position with every hidden tile of the mover's opponents and the
    pile dealt afresh: what the mover sees is unchanged."""
    other = game.copy()
    seat = game.turn
    hidden = [s for s in range(game.n) if s != seat and game.alive[s]]
    pool = other.pile + [t for s in hidden for t in other.hands[s]]
    rng.shuffle(pool)
    for s in hidden:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    other.pile = pool
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_planner_never_reads_hidden_tiles(players: int) -> None:
    rng = random.Random(players)
    changed = 0
    for game in mid_games(6, players):
        other = hidden_changed(game, rng)
        changed += other.pile != game.pile or other.hands != game.hands
        assert view_for(other, other.turn) == view_for(game, game.turn)  # type: ignore[arg-type]
        for name in BOTS:
            assert choose(name, other, 5, **FAST) == choose(name, game, 5, **FAST)
    assert changed >= 5


def test_planner_hides_hidden_tiles_through_the_api() -> None:
    game = mid_games(1, 3)[0]
    pos = notation.to_position(game)
    other = notation.to_position(hidden_changed(game, random.Random(1)))
    assert other != pos
    answers = [
        api.call("hint", {"position": p, "iterations": 10, "seed": 3})["result"]["move"]
        for p in (pos, other)
    ]
    assert answers[0] == answers[1]


# ------------------------------------------------------------ determinism


@pytest.mark.parametrize("name", BOTS)
def test_same_seed_same_move(name: str) -> None:
    for game in mid_games(4, 3):
        assert choose(name, game, 11, **FAST) == choose(name, game, 11, **FAST)
    start = Game.new(PRESETS["classic"], 3, 9)
    assert choose(name, start, 2, **FAST) == choose(name, start, 2, **FAST)


def test_bots_use_no_global_random() -> None:
    game = mid_games(1, 2)[0]
    random.seed(1)
    a = [choose(n, game, 4, **FAST) for n in BOTS]
    random.seed(2)
    b = [choose(n, game, 4, **FAST) for n in BOTS]
    assert a == b


def test_planner_respects_its_time_budget() -> None:
    game = Game.new(PRESETS["classic"], 4, 21)
    bot = get_bot("planner")
    while not game.over:
        choice = bot.choose(view_for(game, game.turn), seed=1, budget_ms=30)  # type: ignore[arg-type]
        assert choice.info.get("iterations", 0) >= 0
        game.play(choice.move)
    # the timing itself is measured by selfplay's move_ms (docs/bots.md)


# ------------------------------------------------------- legal moves


@pytest.mark.parametrize("name", BOTS)
def test_bots_play_whole_games_legally(name: str) -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        game = Game.new(PRESETS["classic"], players, seed)
        k = 0
        while not game.over:
            move = choose(name, game, k, iterations=2)
            assert is_legal(game, move), (seed, k, move)
            game.play(move)
            k += 1


@pytest.mark.parametrize("name", BOTS)
def test_bots_choose_a_legal_exchange(name: str) -> None:
    found = 0
    for seed in range(200):
        game = Game.new(parse_rules("elimination-bonus"), 4, seed)
        rng = random.Random(seed)
        while not game.over and game.phase != "exchange":
            game.play(rng.choice(game.legal_moves()))
        if game.phase == "exchange":
            move = choose(name, game, seed, iterations=4)
            assert "exchange" in move and is_legal(game, move)
            found += 1
            if found == 3:
                return
    assert found, "no exchange arose in 200 seeded games"


def survivor_can_survive(game: Game) -> bool:
    seat = game.turn
    cell = game.markers[seat] >> 3  # type: ignore[index,operator]
    ok = False
    for t, q in game.placements():
        game.cells[cell] = CONN[t][q]
        end = follow(game.cells, game.nxt, game.markers[seat])  # type: ignore[index,arg-type]
        ok = ok or game.geo.on_board[end >> 3]
    game.cells[cell] = None
    return ok


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8), plies=st.integers(0, 60))
def test_survivor_never_self_eliminates_when_it_can_help_it(
    seed: int, players: int, plies: int
) -> None:
    game = reach(seed, players, plies)
    if game.phase != "tile":
        return
    seat = game.turn
    move = choose("survivor", game, seed)
    can = survivor_can_survive(game)
    after = game.copy()
    after.rng = random.Random(0)
    after.play(move)
    if can:
        assert after.alive[seat]  # type: ignore[index]


# ---------------------------------------------------------- simulation

SIM_RULE_SETS: list[Any] = [
    *PRESETS,
    *VARIANTS,
    {"preset": "classic", "width": 4, "height": 5, "hand_size": 2},
    {"preset": "classic", "dragon_from": 2, "scoring": "longest_path"},
    {
        "preset": "classic",
        "hand_size": 5,
        "dragon_from": 5,
        "elimination_bonus": True,
        "scoring": "most_crossings",
    },
    {"preset": "classic", "min_players": 3, "max_players": 4, "scoring": "tiles_placed"},
    {"preset": "solo", "width": 3, "height": 3, "hand_size": 1},
]
"""Every preset, every named variant, and every option at a value other than
its preset's (the test below checks that none is missing)."""


def test_sim_rule_sets_cover_every_option() -> None:
    changed = set()
    for value in SIM_RULE_SETS:
        rules = parse_rules(value)
        base = PRESETS[rules.preset]
        changed |= {
            f.name for f in fields(Rules) if getattr(rules, f.name) != getattr(base, f.name)
        }
    assert changed == {f.name for f in fields(Rules)} - {"preset"}


@pytest.mark.parametrize("rules_json", SIM_RULE_SETS, ids=str)
def test_sim_follows_the_rules_exactly(rules_json: Any) -> None:
    """The planner's lean simulation reaches the same states as Game, move by move,
    through the default policy and Sim.place, and ends with the same winners and
    scores (an elimination-bonus exchange: Game exchanges nothing, as Sim does)."""
    rules = parse_rules(rules_json)
    sizes = list(range(rules.min_players, rules.max_players + 1))
    for seed in range(24 if len(sizes) > 1 else 8):
        n = sizes[seed % len(sizes)]
        game = Game.new(rules, n, seed)
        game.rng = random.Random(seed)
        sim = Sim.from_game(game, random.Random(seed))
        policy = random.Random(seed + 99)
        while not game.over:
            before = sim.cells[:]
            markers = set(sim.markers)
            playout(sim, policy, 1)
            if game.phase == "start":
                game.choose_start(next(m for m in sim.markers if m not in markers))
            else:
                cell = next(i for i, c in enumerate(before) if c != sim.cells[i])
                game.place_tile(*identify(sim.cells[cell]))
                if game.phase == "exchange":
                    game.exchange([])
            assert (
                game.cells,
                game.markers,
                game.alive,
                game.hands,
                game.pile,
                game.dragon,
                game.turn,
                len(game.placed),
            ) == (
                sim.cells,
                sim.markers,
                sim.alive,
                sim.hands,
                sim.pile,
                sim.dragon,
                sim.turn,
                sim.placed,
            )
        assert game.winners == sim.winners
        rewards = [sim.reward(s) for s in range(n)]
        if n == 1:  # solo: the score, tiles placed
            assert rewards == [len(game.placed) / 35]
        else:
            assert rewards == [
                1 / len(game.winners) if s in game.winners else 0.0 for s in range(n)
            ]


def test_sim_winners_follow_the_scoring() -> None:
    """In longest-path games the simulation's winner is the longest path, not the
    last marker standing (the drift issue 11 found)."""
    differ = 0
    for seed in range(30):
        game = Game.new(parse_rules("longest-path"), 3, seed)
        sim = Sim.from_game(game, random.Random(seed))
        playout(sim, random.Random(seed))
        scores = steps.scores("longest_path", sim.cells, sim.nxt, sim.markers, 0)
        assert sim.winners == [s for s in range(3) if scores[s] == max(scores)]
        differ += sim.winners != [s for s in range(3) if sim.alive[s]]
    assert differ > 0  # some games are won by a marker already out


# ----------------------------------------------------------- strength


def test_survivor_beats_random_in_a_short_match() -> None:
    summary = run(["survivor", "random"], 30, seed=100)
    assert summary["games"] == 30
    assert summary["share"]["survivor"] >= 0.6  # measured ~0.85 over 1,000 games
    assert abs(summary["share"]["survivor"] + summary["share"]["random"] - 1.0) < 1e-6


def test_selfplay_rotates_seats() -> None:
    seen = {tuple(play_game(["survivor", "random", "random"], 7, r)["seats"]) for r in range(3)}
    assert {s[0] for s in seen} == {"survivor", "random"}
    assert len(seen) == 3


# ----------------------------------------------------------------- API


def positions() -> list[dict[str, Any]]:
    result = [notation.to_position(Game.new(PRESETS["classic"], 3, 1))]
    result += [notation.to_position(g) for g in mid_games(2, 2) + mid_games(2, 4)]
    return result


@pytest.mark.parametrize("name", BOTS)
def test_bot_move_op_answers_legal_moves(name: str) -> None:
    for pos in positions():
        answer = api.call("bot_move", {"position": pos, "bot": name, "seed": 1, "budget_ms": 30})
        assert answer["ok"], answer
        result = answer["result"]
        assert result["thinking_ms"] >= 0 and result["bot"] == name
        played = api.call("play", {"position": pos, "move": result["move"], "seed": 0})
        assert played["ok"], played


def test_hint_op_answers_a_legal_move_for_the_active_player() -> None:
    for pos in positions():
        answer = api.call("hint", {"position": pos, "budget_ms": 30})
        assert answer["ok"], answer
        assert answer["result"]["bot"] == "planner"
        assert answer["result"]["seat"] == pos["turn"]
        assert api.call("play", {"position": pos, "move": answer["result"]["move"]})["ok"]


def test_bot_ops_report_errors_as_values() -> None:
    pos = positions()[1]
    assert api.call("bot_move", {"position": pos, "bot": "nobody"})["error"]["code"] == "bad_args"
    assert api.call("hint", {"position": pos, "budget_ms": -5})["error"]["code"] == "bad_args"
    assert api.call("hint", {"position": pos, "seed": [1]})["error"]["code"] == "bad_args"
    by_text = [
        api.call("bot_move", {"position": pos, "bot": "survivor", "seed": "abc"}) for _ in range(2)
    ]
    assert by_text[0]["ok"] and by_text[0]["result"]["move"] == by_text[1]["result"]["move"]
    over = notation.to_position(play_random(3))  # a finished game: nothing to hint
    assert api.call("hint", {"position": over})["error"]["code"] == "game_over"


# ----------------------------------------------------------------- CLI


def test_selfplay_cli_json_shape() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(
            [
                "selfplay",
                "--bots",
                "survivor,random,random",
                "--games",
                "3",
                "--seed",
                "5",
                "--budget-ms",
                "20",
                "--json",
            ]
        )
    assert status == 0
    data = json.loads(out.getvalue())
    assert set(data) == {"games", "share", "ci95", "move_ms", "rules"}
    assert data["games"] == 3 and data["rules"] == "classic"
    assert set(data["share"]) == set(data["ci95"]) == set(data["move_ms"]) == {"survivor", "random"}
    assert abs(sum(data["share"].values()) - 1.0) < 1e-3
    for name, (lo, hi) in data["ci95"].items():
        assert 0.0 <= lo <= data["share"][name] <= hi <= 1.0
        assert set(data["move_ms"][name]) == {"median", "max"}


def test_selfplay_cli_takes_rules_as_the_api_does() -> None:
    for rules, bots, want in (
        ("longest-path", "survivor,random", {"preset": "classic", "scoring": "longest_path"}),
        (
            '{"preset": "classic", "elimination_bonus": true}',
            "survivor,random,random",
            {"preset": "classic", "elimination_bonus": True},
        ),
        ("solo", "survivor", "solo"),
    ):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = cli_main(
                ["selfplay", "--bots", bots, "--games", "2", "--rules", rules, "--json"]
            )
        data = json.loads(out.getvalue())
        assert status == 0 and data["rules"] == want
        if rules == "solo":  # solo reports the mean score (tiles placed)
            lo, hi = data["score"]["ci95"]
            assert lo <= data["score"]["mean"] <= hi and 1 <= data["score"]["mean"] <= 35

    def refused(argv: list[str]) -> str:  # status 2, one line on stderr
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            assert cli_main(argv) == 2
        assert err.getvalue().count("\n") == 1
        return err.getvalue()

    for rules in ("nope", '{"preset": "classic", "width": 99}', "{not json"):
        assert "--rules" in refused(
            ["selfplay", "--bots", "random,random", "--games", "1", "--rules", rules]
        )
    # solo seats one player
    assert "1 to 1 players" in refused(["selfplay", "--bots", "random,random", "--rules", "solo"])


def test_selfplay_cli_text_and_jobs() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli_main(["selfplay", "--bots", "random,random", "--games", "2", "--jobs", "2"])
    assert "random" in out.getvalue() and "share" in out.getvalue()
