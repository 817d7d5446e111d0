"""``python -m tsuro_core.course xtiles|xboard|xrules|xref`` (also by its first name,
``tsuro_core.neu``): the course's test harnesses.  Each reads the course's JSON
values from stdin (formats.py) and prints its answers, one compact JSON value per
line; invalid input exits with status 2 and one line on stderr (docs/course.md,
"The harnesses")."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import jsonin, streamin
from ..tiles import CONN, port_name
from .formats import (
    CourseInputError,
    course_place_json,
    parse_action,
    parse_names,
    parse_state,
    parse_tile_query,
    parse_turn,
    read_values,
)
from .rules import apply_action, legal, run_referee


def xtiles(values: list[Any]) -> list[Any]:
    """``[tile-index, degrees, port]`` -> where a path entering at that port exits."""
    out = []
    for i, value in enumerate(values):
        tile, q, p = parse_tile_query(value, f"value {i}")
        out.append(
            [
                "if ",
                port_name(p),
                " is the entrance, ",
                port_name(CONN[tile][q][p]),
                " is the exit.",
            ]
        )
    return out


def xboard(values: list[Any]) -> list[Any]:
    """A state-pat then action-pats -> red's place, or the first event."""
    if not values:
        raise CourseInputError("expected a state-pat followed by action-pats, got no input")
    state = parse_state(values[0])
    actions = [parse_action(v, f"action {i}") for i, v in enumerate(values[1:], 1)]
    if state.place_of("red") is None:
        return ["red never played"]
    for i, (color, tile, q) in enumerate(actions, 1):
        if state.place_of(color) is None:
            raise CourseInputError(f"action {i}: no {color} avatar on the board")
        step = apply_action(state, color, tile, q)
        if step.looped:
            return ["infinite"]
        if step.collided:
            return ["collision"]
        if "red" in step.exited:
            return ["red died"]
        state = step.state
    return [course_place_json(state, "red")]


def xrules(values: list[Any]) -> list[Any]:
    """A state-pat then a turn-pat ``[action-pat, ti1, ti2]`` -> legal or cheating."""
    if len(values) != 2:
        raise CourseInputError(
            f"expected a state-pat and a turn-pat, got {len(values)} JSON values"
        )
    state = parse_state(values[0])
    color, tile, q, handed = parse_turn(values[1])
    if state.place_of(color) is None:
        raise CourseInputError(f"turn-pat: no {color} avatar on the board")
    return ["legal" if legal(state, color, tile, q, handed) else "cheating"]


def xref(values: list[Any]) -> list[Any]:
    """3-5 player names, oldest first -> the referee's result with first-s players."""
    if len(values) != 1:
        raise CourseInputError(f"expected one list of player names, got {len(values)} JSON values")
    return [run_referee(parse_names(values[0]))]


HARNESSES: dict[str, Callable[[list[Any]], list[Any]]] = {
    "xtiles": xtiles,
    "xboard": xboard,
    "xrules": xrules,
    "xref": xref,
}


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    prog: str = "python -m tsuro_core.course",
) -> int:
    """Run a harness: JSON values on stdin, answers on stdout; 2 on bad input
    (``prog``: the command's name, for the usage line)."""
    argv = sys.argv[1:] if argv is None else argv
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    if len(argv) != 1 or argv[0] not in HARNESSES:
        print(f"usage: {prog} {'|'.join(HARNESSES)} < input.json", file=stderr)
        return 2
    try:
        squeezed = streamin.read_stream(getattr(stdin, "buffer", stdin), "stdin")
        if jsonin.too_deep(squeezed.text):
            raise CourseInputError(f"the input nests deeper than {jsonin.MAX_DEPTH} levels")
        answers = HARNESSES[argv[0]](read_values(squeezed.text, squeezed.where))
    except (CourseInputError, jsonin.JsonInputError) as e:
        print(f"{argv[0]}: {e}", file=stderr)
        return 2
    for answer in answers:
        print(json.dumps(answer, separators=(",", ":")), file=stdout)
    return 0
