"""The course variant through the JSON API (tsuro_core.course.ops): whole games
through the ops, the refusal of illegal moves, position validation, JSON round
trips, and agreement with the course referee (tsuro_core.course.run_referee)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tsuro_core.api import call, handle_json
from tsuro_core.course import formats
from tsuro_core.course import game as course_game
from tsuro_core.course import rules as course


def ok(op: str, args: dict[str, Any]) -> dict[str, Any]:
    r = call(op, args)
    assert r["ok"], r
    return r["result"]


def error(op: str, args: dict[str, Any]) -> dict[str, Any]:
    r = call(op, args)
    assert not r["ok"], r
    return r["error"]


def players(n: int) -> list[dict[str, Any]]:
    return [{"name": f"P{i + 1}"} for i in range(n)]


def random_move(options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if options["phase"] == "opening":
        square = rng.choice(options["squares"])
        return {
            "tile": rng.choice(options["handed"]),
            "rot": rng.choice(options["rots"]),
            "square": square["square"],
            "port": rng.choice(square["ports"])["port"],
        }
    return rng.choice([m for m in options["moves"] if m["legal"]])["move"]


def play_out(
    n: int, seed: int, bots: bool = False
) -> tuple[list[dict[str, Any]], list[list[dict]]]:
    """A whole game through the ops: every position, and every move's events."""
    rng = random.Random(seed)
    pos = ok("course_new_game", {"players": players(n)})["position"]
    positions, events = [pos], []
    for k in range(2000):
        if pos["phase"] == "over":
            return positions, events
        options = ok("course_legal_moves", {"position": pos})
        if bots:
            move = ok("course_bot_move", {"position": pos, "seed": seed * 1000 + k})["move"]
        else:
            move = random_move(options, rng)
        r = ok("course_play", {"position": pos, "move": move})
        pos = r["position"]
        positions.append(pos)
        events.append(r["events"])
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------
# Whole games.


@pytest.mark.parametrize("n,seed", [(3, 1), (4, 2), (5, 3), (3, 4), (5, 5)])
@pytest.mark.parametrize("bots", [False, True], ids=["random", "bots"])
def test_whole_game_through_the_ops(n: int, seed: int, bots: bool) -> None:
    positions, events = play_out(n, seed, bots)
    start, end = positions[0], positions[-1]
    assert start["phase"] == "opening" and start["turn"] == 0 and start["handed"] == [0, 1, 2]
    assert [p["color"] for p in start["players"]] == list(course.COLORS[:n])
    # the opening: each seat in age order places one tile and its avatar
    for seat in range(n):
        assert positions[seat]["turn"] == seat and positions[seat]["phase"] == "opening"
        kinds = [e["type"] for e in events[seat]]
        assert kinds[:2] == ["place", "start"]
    assert positions[n]["phase"] == "turn" and positions[n]["round"] == 1
    assert positions[n]["turn"] == 0 and len(positions[n]["handed"]) == 2
    # the deal goes on in index order, wrapping after 34
    dealt = [t for p in positions for t in p["handed"]]
    assert dealt[: 3 * n] == list(range(3 * n))
    assert all(b == (a + 1) % 35 for p in positions[n:-1] for a, b in [p["handed"]])
    # the end: everyone ranked once, the winners first, told by the last event
    assert end["phase"] == "over" and end["turn"] is None and end["handed"] == []
    assert sorted(s for rank in end["ranking"] for s in rank) == list(range(n))
    last = events[-1][-1]
    assert last == {"type": "game_over", "winners": end["ranking"][0], "ranking": end["ranking"]}
    live = [s for s in range(n) if s not in {o["seat"] for o in end["out"]}]
    assert len(live) <= 1 and (not live or end["ranking"][0] == live)
    # every tile placed once per move, each move's events in the classic vocabulary
    assert len(end["tiles"]) == len(events)
    kinds = {e["type"] for evs in events for e in evs}
    assert kinds <= {"place", "start", "move", "out", "collision", "round", "deal", "game_over"}
    for evs in events[n:]:
        assert evs[0]["type"] == "place"
        moves = [e for e in evs if e["type"] == "move"]
        assert moves and moves[0]["seat"] == evs[0]["seat"], "the mover moves first"
        for e in evs:
            if e["type"] == "out":
                assert e["reason"] in ("edge", "loop")
                path = next(m for m in moves if m["seat"] == e["seat"])
                assert (path["to"] is None) == (e["reason"] == "loop")


def test_turn_order_skips_players_out_and_rounds_count_up() -> None:
    positions, events = play_out(5, 11)
    for before, evs, after in zip(positions, events, positions[1:]):
        if before["phase"] != "turn" or after["phase"] != "turn":
            continue
        out = {o["seat"] for o in after["out"]}
        assert after["turn"] not in out
        if after["round"] == before["round"]:
            assert after["turn"] > before["turn"]
        else:
            assert after["round"] == before["round"] + 1
            assert {"type": "round", "round": after["round"]} in evs
            assert after["turn"] == min(set(range(5)) - out)


def test_options_carry_verdicts_and_outcomes_for_previews() -> None:
    positions, _ = play_out(4, 7)
    seen = set()
    for pos in positions:
        if pos["phase"] != "turn":
            continue
        options = ok("course_legal_moves", {"position": pos})
        assert options["square"] == pos["avatars"][pos["turn"]][:2]
        assert len(options["moves"]) == 4 * len(set(pos["handed"]))
        assert any(m["legal"] for m in options["moves"])
        for m in options["moves"]:
            seen.add(m["outcome"])
            assert (m["reason"] is None) == m["legal"]
            assert m["code"] == (None if m["legal"] else course_game.VERDICT_CODES[m["reason"]])
            assert m["paths"][0]["seat"] == pos["turn"]
            first = m["paths"][0]["path"][0]
            assert first[:2] == options["square"]
            for o in m["out"]:
                p = next(x for x in m["paths"] if x["seat"] == o["seat"])
                assert (p["to"] is None) == (o["reason"] == "loop")
            assert m["self_eliminating"] == any(o["seat"] == pos["turn"] for o in m["out"])
            if m["legal"]:
                # the preview is what playing it does
                r = ok("course_play", {"position": pos, "move": m["move"]})
                played = [
                    {k: e[k] for k in ("seat", "path", "to")}
                    for e in r["events"]
                    if e["type"] == "move"
                ]
                assert played == m["paths"]
                assert [
                    {"seat": e["seat"], "reason": e["reason"]}
                    for e in r["events"]
                    if e["type"] == "out"
                ] == m["out"]
    assert {"stays", "exits"} <= seen


def test_opening_options_are_free_periphery_squares_with_inward_ports() -> None:
    pos = ok("course_new_game", {"players": players(3)})["position"]
    options = ok("course_legal_moves", {"position": pos})
    assert options["handed"] == [0, 1, 2] and options["rots"] == [0, 90, 180, 270]
    squares = {tuple(s["square"]): s["ports"] for s in options["squares"]}
    assert len(squares) == 36
    assert len(squares[0, 0]) == 4 and len(squares[4, 0]) == 6
    assert [p["port"] for p in squares[0, 0]] == ["C", "D", "E", "F"]
    assert {"port": "C", "place": [1, 0, "H"]} in squares[0, 0]
    r = ok(
        "course_play",
        {"position": pos, "move": {"tile": 0, "rot": 90, "square": [4, 0], "port": "E"}},
    )
    assert r["events"][:2] == [
        {"type": "place", "seat": 0, "tile": 0, "rot": 90, "square": [4, 0]},
        {"type": "start", "seat": 0, "place": [4, 1, "B"], "port": "E"},
    ]
    assert r["events"][2] == {"type": "deal", "seat": 1, "tiles": [3, 4, 5]}
    options = ok("course_legal_moves", {"position": r["position"]})
    taken = {tuple(s["square"]) for s in options["squares"]}
    assert not taken & {(3, 0), (4, 0), (5, 0)} and len(taken) == 33


# ---------------------------------------------------------------------------
# Refusals.


def test_illegal_moves_are_refused_with_the_reason() -> None:
    pos = ok("course_new_game", {"players": players(3)})["position"]
    cases = [
        ({"tile": 7, "rot": 0, "square": [0, 0], "port": "C"}, "not one of those handed out"),
        ({"tile": 0, "rot": 0, "square": [4, 4], "port": "C"}, "not on the periphery"),
        ({"tile": 0, "rot": 0, "square": [0, 0], "port": "A"}, "faces the edge"),
    ]
    for move, why in cases:
        e = error("course_play", {"position": pos, "move": move})
        assert e["code"] == "illegal_move" and why in e["message"]
    pos = ok(
        "course_play",
        {"position": pos, "move": {"tile": 0, "rot": 0, "square": [4, 0], "port": "D"}},
    )["position"]
    e = error(
        "course_play",
        {"position": pos, "move": {"tile": 3, "rot": 0, "square": [5, 0], "port": "D"}},
    )
    assert e["code"] == "illegal_move" and "next to a placed tile" in e["message"]
    # malformed moves are bad arguments, not rule breaking
    for move in (
        {"tile": 3, "rot": 0},
        {"tile": 3, "rot": 45, "square": [0, 9], "port": "A"},
        {"tile": 3, "rot": 0, "square": [0, 9], "port": "A", "x": 1},
        "tile 3",
    ):
        assert error("course_play", {"position": pos, "move": move})["code"] == "bad_args"


def test_a_turn_refused_by_the_rule_checker() -> None:
    """xrules/2's state as a game position: red (seat 2) may not loop when tile 3 would not."""
    pos = _course_position()
    options = ok("course_legal_moves", {"position": pos})
    loop = next(m for m in options["moves"] if m["move"] == {"tile": 34, "rot": 0})
    assert not loop["legal"] and loop["outcome"] == "loops"
    assert loop["reason"] == course.UNFORCED_LOOP
    assert loop["code"] == "unforced_loop"  # the page words the verdict by its code
    assert loop["out"] == [{"seat": 2, "reason": "loop"}] and loop["paths"][0]["to"] is None
    e = error("course_play", {"position": pos, "move": {"tile": 34, "rot": 0}})
    assert e == {"code": "illegal_move", "message": course.UNFORCED_LOOP}
    e = error("course_play", {"position": pos, "move": {"tile": 5, "rot": 0}})
    assert e["message"] == course.NOT_HANDED_OUT
    assert (
        ok("course_play", {"position": pos, "move": {"tile": 3, "rot": 0}})["events"][0]["type"]
        == "place"
    )


def _course_position(handed: tuple[int, int] = (3, 34)) -> dict[str, Any]:
    """red on C of (0, 0), blue on E of (2, 0), white on D of (0, 2); red to move."""
    state = formats.parse_state(
        [[[34, 0], "red", "C", 0, 0], [[34, 0], "blue", "E", 2, 0], [[33, 0], "white", "D", 0, 2]]
    )
    game = course_game.CourseGame(
        players=[
            {"name": n, "color": c}
            for n, c in [
                ("W", "white"),
                ("K", "black"),
                ("R", "red"),
                ("G", "green"),
                ("B", "blue"),
            ]
        ]
    )
    # black and green are out already, so that the others keep the course's colours
    state = course.CourseState(state.cells, state.avatars, ("black", "green"))
    game.state = state
    game.placed = [(0, 0, 34, 0), (2, 0, 34, 0), (0, 2, 33, 0)]
    game.phase, game.round, game.turn, game.handed, game.next_tile = "turn", 3, 2, list(handed), 9
    game.out = [
        {"seat": 1, "round": 1, "reason": "loop"},
        {"seat": 3, "round": 2, "reason": "loop"},
    ]
    game.last = {1: None, 3: None}
    pos = formats.to_position(game)
    assert ok("course_legal_moves", {"position": pos})
    return pos


def test_a_forced_loop_is_legal_and_places_the_tile() -> None:
    pos = _course_position((34, 34))
    options = ok("course_legal_moves", {"position": pos})
    assert all(m["legal"] and m["forced"] and m["outcome"] == "loops" for m in options["moves"])
    r = ok("course_play", {"position": pos, "move": {"tile": 34, "rot": 0}})
    assert {"type": "out", "seat": 2, "reason": "loop"} in r["events"]
    assert r["position"]["avatars"][2] is None
    assert [1, 0, 34, 0] in r["position"]["tiles"]


def test_when_the_checker_allows_nothing_every_option_is_forced() -> None:
    """Some options loop and the others exit: neither rule's "every option" holds."""
    for seed in range(200):
        positions, _ = play_out(4, seed)
        for pos in positions:
            if pos["phase"] != "turn":
                continue
            game = formats.from_position(pos)
            color = course.COLORS[pos["turn"]]
            if any(
                course.legal(game.state, color, t, q, game.handed)
                for t in game.handed
                for q in range(4)
            ):
                continue
            options = ok("course_legal_moves", {"position": pos})["moves"]
            assert all(m["legal"] and m["reason"] is None for m in options)
            ok("course_play", {"position": pos, "move": options[0]["move"]})
            return
    pytest.skip("no such position in these games")


def test_game_over_refuses_moves() -> None:
    positions, _ = play_out(3, 2)
    end = positions[-1]
    assert (
        error("course_play", {"position": end, "move": {"tile": 0, "rot": 0}})["code"]
        == "illegal_move"
    )
    assert error("course_bot_move", {"position": end})["code"] == "game_over"
    assert ok("course_legal_moves", {"position": end}) == {
        "phase": "over",
        "turn": None,
        "round": end["round"],
        "handed": [],
        "moves": [],
    }


# ---------------------------------------------------------------------------
# Positions: validation and round trips.


def test_new_game_players() -> None:
    pos = ok(
        "course_new_game",
        {
            "players": [
                {"name": "A", "color": "blue"},
                {"name": "B"},
                {"name": "C", "color": "white"},
            ]
        },
    )["position"]
    assert [p["color"] for p in pos["players"]] == ["blue", "black", "white"]
    for bad, why in [
        (players(2), "3-5 players"),
        (players(6), "3-5 players"),
        ([{"name": "A", "color": "pink"}, {"name": "B"}, {"name": "C"}], "pink"),
        (
            [{"name": "A", "color": "red"}, {"name": "B", "color": "red"}, {"name": "C"}],
            "same colour",
        ),
        ([{"name": ""}, {"name": "B"}, {"name": "C"}], "players[0]"),
        (None, "expected a list"),
    ]:
        e = error("course_new_game", {"players": bad})
        assert e["code"] == "bad_players" and why in e["message"], e


def _broken(pos: dict[str, Any], change) -> dict[str, Any]:
    pos = copy.deepcopy(pos)
    change(pos)
    return pos


def test_bad_positions_are_refused_naming_the_field() -> None:
    positions, _ = play_out(4, 3)
    mid = next(p for p in positions if p["phase"] == "turn" and p["out"])
    opening = positions[1]
    cases = [
        (mid, lambda p: p.update(format="tsuro-position/1"), "format"),
        (mid, lambda p: p.update(rules="classic"), "rules"),
        (mid, lambda p: p.pop("handed"), "handed: missing"),
        (mid, lambda p: p.update(extra=1), "unknown field"),
        (mid, lambda p: p.update(phase="middle"), "phase"),
        (mid, lambda p: p.update(round=0), "round"),
        (mid, lambda p: p.update(handed=[1, 2, 3]), "handed"),
        (mid, lambda p: p.update(handed=[1, 35]), "handed[1]"),
        (mid, lambda p: p.update(next_tile=35), "next_tile"),
        (mid, lambda p: p["tiles"].append(list(p["tiles"][0])), "already holds a tile"),
        (mid, lambda p: p["tiles"].__setitem__(0, [0, 0, 1, 45]), "rotation"),
        (mid, lambda p: p["tiles"].__setitem__(0, [10, 0, 1, 0]), "tiles[0] x"),
        (mid, lambda p: p["avatars"].pop(), "avatars"),
        (mid, lambda p: p["avatars"].__setitem__(p["turn"], [4, 4, "Z"]), "port"),
        (
            mid,
            lambda p: p["avatars"].__setitem__(p["turn"], [*list(p["tiles"][0][:2]), "A"]),
            "must face an empty square",
        ),
        (mid, lambda p: p["avatars"].__setitem__(p["turn"], None), "must have a place"),
        (mid, lambda p: p.update(turn=p["out"][0]["seat"]), "no avatar on the board"),
        (mid, lambda p: p["out"].append(dict(p["out"][0])), "listed twice"),
        (mid, lambda p: p["out"][0].update(reason="collision"), "reason"),
        (mid, lambda p: p.update(ranking=[[0, 1, 2, 3]]), "ranking"),
        (mid, lambda p: p["players"][0].update(color="purple"), "players[0].color"),
        (opening, lambda p: p["avatars"].__setitem__(3, [4, 4, "A"]), "must be null"),
        (opening, lambda p: p.update(out=[{"seat": 0, "round": 1, "reason": "edge"}]), "out"),
        (positions[-1], lambda p: p.update(ranking=[[0], [1]]), "every seat exactly once"),
        (positions[-1], lambda p: p.update(turn=0), "turn"),
    ]
    for base, change, why in cases:
        e = error("course_legal_moves", {"position": _broken(base, change)})
        assert e["code"] == "bad_position" and why in e["message"], (why, e)
        assert (
            error("course_play", {"position": _broken(base, change), "move": {}})["code"]
            == "bad_position"
        )
    assert error("course_legal_moves", {})["code"] == "bad_args"
    assert error("course_legal_moves", {"position": "neu"})["code"] == "bad_position"
    # a classic position is not a course-variant one
    classic = ok("new_game", {"players": 3, "seed": 1})["position"]
    assert error("course_play", {"position": classic, "move": {}})["code"] == "bad_position"


def test_the_ops_first_names_answer_the_same() -> None:
    """neu_new_game, neu_legal_moves, neu_play and neu_bot_move (the names pages and
    saves used first) are the course_* operations by another name."""
    positions, _ = play_out(3, 4)
    pos = positions[4]
    for name in ("new_game", "legal_moves", "play", "bot_move"):
        args: dict[str, Any] = {"position": pos, "seed": 7}
        if name == "new_game":
            args = {"players": players(4)}
        if name == "play":
            args["move"] = ok("course_bot_move", {"position": pos, "seed": 7})["move"]
        assert call(f"neu_{name}", args) == call(f"course_{name}", args), name


def test_positions_survive_json_round_trips() -> None:
    positions, _ = play_out(5, 9)
    for pos in positions:
        text = json.dumps(pos)
        again = formats.to_position(formats.from_position(json.loads(text)))
        assert again == pos
        assert json.dumps(again) == text
    # and through the worker's JSON-text entry point
    reply = json.loads(
        handle_json(json.dumps({"op": "course_legal_moves", "args": {"position": positions[3]}}))
    )
    assert reply["ok"] and reply["result"]["phase"] == "opening"


def test_a_refused_call_leaves_the_position_alone() -> None:
    pos = ok("course_new_game", {"players": players(3)})["position"]
    before = copy.deepcopy(pos)
    error(
        "course_play",
        {"position": pos, "move": {"tile": 9, "rot": 0, "square": [0, 0], "port": "C"}},
    )
    ok(
        "course_play",
        {"position": pos, "move": {"tile": 0, "rot": 0, "square": [0, 0], "port": "C"}},
    )
    assert pos == before


# ---------------------------------------------------------------------------
# The bot and the course referee.


def test_bot_is_seeded_and_prefers_staying_on_the_board() -> None:
    positions, _ = play_out(4, 5)
    for pos in positions[:-1]:
        a = ok("course_bot_move", {"position": pos, "seed": 42})
        assert a == ok("course_bot_move", {"position": pos, "seed": 42})
        assert a["seat"] == pos["turn"] and a["phase"] == pos["phase"]
        if pos["phase"] == "turn":
            options = ok("course_legal_moves", {"position": pos})["moves"]
            chosen = next(m for m in options if m["move"] == a["move"])
            assert chosen["legal"]
            if any(m["legal"] and not m["self_eliminating"] for m in options):
                assert not chosen["self_eliminating"]
    assert error("course_bot_move", {"position": positions[0], "seed": 1.5})["code"] == "bad_args"


def _first_legal_turn(state: course.CourseState, color: str, handed) -> tuple[int, int]:
    for t in handed:
        for q in range(4):
            if course.legal(state, color, t, q, handed):
                return t, q
    raise LookupError("no legal option")


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_ops_agree_with_the_course_referee(n: int) -> None:
    """first-s's opening, then the first legal option: the same ranking as run_referee."""
    names = [f"p{i}" for i in range(n)]
    try:
        expected = course.run_referee(names, turn=_first_legal_turn)
    except LookupError:
        pytest.skip("a player had no legal option (the referee cannot go on)")
    pos = ok("course_new_game", {"players": [{"name": x} for x in names]})["position"]
    while pos["phase"] != "over":
        game = formats.from_position(pos)
        color = course.COLORS[pos["turn"]]
        if pos["phase"] == "opening":
            t, q, port, x, y = course.first_s_initial(game.state, game.handed)
            move = {"tile": t, "rot": q * 90, "square": [x, y], "port": "ABCDEFGH"[port]}
        else:
            t, q = _first_legal_turn(game.state, color, game.handed)
            move = {"tile": t, "rot": q * 90}
        pos = ok("course_play", {"position": pos, "move": move})["position"]
    ranking = [sorted(names[s] for s in rank) for rank in pos["ranking"]]
    assert {"winners": ranking} == expected
