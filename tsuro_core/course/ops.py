"""The course variant's JSON API operations (registered in :data:`tsuro_core.api.OPS`):

- ``course_new_game {players: [{name, color?}]}`` (3-5 players, oldest first)
  -> ``{position}``;
- ``course_legal_moves {position}`` -> the active player's options: in the
  opening the free periphery squares with the ports an avatar may take; on a
  turn both handed tiles at all four rotations, each with the rule checker's
  verdict (and reason) and its outcome (traced paths, who goes out);
- ``course_play {position, move}`` -> ``{position, move, events, result?}``;
  a move the rule checker refuses is an ``illegal_move`` error (the course
  would call the player a cheater and remove it; a page refuses the move);
- ``course_bot_move {position, seed?}`` -> ``{move, seat, phase}``: a legal
  option at random, preferring those that keep the avatar on the board.

Like the classic operations they are stateless: the position (formats.py)
carries the whole game from one call to the next.  Each is also answered by
its first name, ``neu_*`` (:data:`ALIASES`), which pages and saves already use.
"""

from __future__ import annotations

import random

from ..api_common import ApiError, Args, Operation, arg, seed_of
from ..shapes import CourseBotMove, CourseDealt, CourseLegalMoves, CoursePlayed
from .formats import (
    CourseBadMove,
    CourseFormatError,
    from_position,
    parse_move,
    parse_players,
    to_position,
)
from .game import CourseGame, CourseIllegalMove, bot_move, legal_moves, new_game, play


def _game(args: Args) -> CourseGame:
    try:
        return from_position(arg(args, "position"))
    except CourseFormatError as e:
        raise ApiError("bad_position", f"position: {e}") from None


def op_course_new_game(args: Args) -> CourseDealt:
    """A course-variant game before the opening: ``{players: [{name, color?}]}`` (3-5)."""
    try:
        game = new_game(parse_players(args.get("players"), defaults=True))
    except CourseFormatError as e:
        raise ApiError("bad_players", str(e)) from None
    return {"position": to_position(game)}


def op_course_legal_moves(args: Args) -> CourseLegalMoves:
    """The active player's options, with the rule checker's verdicts and outcomes."""
    return legal_moves(_game(args))


def op_course_play(args: Args) -> CoursePlayed:
    """Play one move: ``{position, move}`` -> ``{position, move, events, result?}``."""
    game = _game(args)
    move = arg(args, "move")
    try:
        if game.phase == "over":
            raise CourseIllegalMove("the game is over")
        events = play(game, *parse_move(game.phase, move))
    except CourseIllegalMove as e:
        raise ApiError("illegal_move", str(e)) from None
    except CourseBadMove as e:
        raise ApiError("bad_args", str(e)) from None
    answer: CoursePlayed = {"position": to_position(game), "move": move, "events": events}
    if game.ranking is not None:
        answer["result"] = {"winners": list(game.ranking[0]), "ranking": game.ranking}
    return answer


def op_course_bot_move(args: Args) -> CourseBotMove:
    """A computer player's move for the active player: ``{position, seed?}``."""
    game = _game(args)
    seed = seed_of(args)
    if game.phase == "over":
        raise ApiError("game_over", "the game is over: there is no move to make")
    rng = random.Random(seed) if seed is not None else random.Random()
    seat = game.turn
    assert seat is not None  # the game is not over
    return {"move": bot_move(game, rng), "seat": seat, "phase": game.phase}


OPS: dict[str, Operation] = {
    "course_new_game": op_course_new_game,
    "course_legal_moves": op_course_legal_moves,
    "course_play": op_course_play,
    "course_bot_move": op_course_bot_move,
}
"""The operations this module adds to the facade."""

ALIASES: dict[str, Operation] = {
    f"neu_{name.removeprefix('course_')}": op for name, op in OPS.items()
}
"""The same operations by the names they had first (``neu_new_game``, ...): kept,
so that a page or a caller that still asks for them is answered the same."""
