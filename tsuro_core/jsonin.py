"""Strict JSON at the engine's edges: what it reads from outside, what it writes.

Everything the engine takes from a caller (the worker's requests, files and
stdin for the command-line tools, read by streamin.py, the inside of share
links) goes through :func:`loads`, and every argument of the API through
:func:`check_value`; everything it writes goes through :func:`dumps`.  All
are strict, so that a value crosses between Python and JavaScript unchanged:

- input must be UTF-8 text holding one JSON value, nested at most
  :data:`MAX_DEPTH` deep (checked on the text, before the recursive parser
  runs), without ``NaN``/``Infinity`` (not JSON) or a number too large for a
  double (``1e400``: Python would read it as infinity);
- output is compact JSON with ``allow_nan=False``.

Type checks shared by every reader live here too: booleans are not numbers,
floats are not whole numbers (``90.0`` is not a rotation), text is
writable as UTF-8 (no lone surrogates), a seed is a whole number or short
text, and one kept in a record a number JavaScript holds exactly.  docs/reliability.md lists
every class of bad input and what it gets.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import Any, TypeGuard

from .errors import TsuroError

MAX_DEPTH = 32
"""The deepest nesting accepted; real positions and records nest 5 deep."""

MAX_SAFE_INT = 2**53 - 1
"""The largest whole number a JavaScript number holds exactly (Number.MAX_SAFE_INTEGER)."""

MAX_SEED_TEXT = 100
"""The longest seed given as text."""


class JsonInputError(TsuroError, ValueError):
    """Input that is not strict JSON (or not text); the message says why, in one line."""


def reject_constant(name: str) -> Any:
    """``parse_constant`` for json: NaN, Infinity and -Infinity are refused."""
    raise JsonInputError(f"{name} is not JSON (JSON has no NaN or Infinity)")


def finite_float(text: str) -> float:
    """``parse_float`` for json: a number that overflows a double (``1e400``, which
    Python reads as infinity and JavaScript as Infinity) is refused, as Infinity is."""
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise JsonInputError(f"the number {shown} is too large for JSON")
    return value


def decode_text(data: bytes, what: str = "input") -> str:
    """``data`` as UTF-8 text, or JsonInputError naming the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JsonInputError(
            f"{what} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})"
        ) from None


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level + 1) for child in children)
    return deepest


MAX_INPUT = 1 << 20
"""The longest text the engine reads from outside, in characters: a request to the API,
and the JSON of stdin or a file for the command-line tools once the blanks between
values are squeezed (streamin.py); the largest real one, a whole record, is a few
kilobytes."""

STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
"""A JSON string as the nesting check skips it: from its opening quote to its
closing one, escapes (``\\"``, ``\\\\``) taken whole, or to the end of the text if
it is left open.  Possessive (``++``, ``*+``), so a match never gives back what it
took, and it never fails once it starts at a quote: ``re.sub`` reads every
character once.  (A pattern that needed the closing quote failed at each quote
of an unterminated string after reading to the end: quadratic, minutes for a
link inflating to 256 KiB.)"""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depths(text: str) -> Iterator[int]:
    """The nesting depth of JSON text after each of its brackets, strings aside, in
    linear passes at C speed: strings removed (:data:`STRING`), then everything but
    brackets, then the steps summed.  A string left open runs to the end of the
    text, as the parser reads it (and then refuses the text)."""
    brackets = _NOT_BRACKETS.sub("", STRING.sub("", text))
    return accumulate(map(_STEP.__getitem__, brackets), initial=0)


def nesting(text: str) -> int:
    """How deeply brackets nest in JSON text, strings aside (:func:`_depths`)."""
    return max(_depths(text))


def too_deep(text: str) -> bool:
    """Whether brackets nest deeper than MAX_DEPTH in JSON text, strings aside:
    checked before parsing, so that the parser, which recurses, never meets deep
    input (Pyodide's stack is small).  Linear in the text's length, whatever it
    holds (:func:`_depths` reads each character once), and it stops at the first
    bracket too deep."""
    return next(filter(MAX_DEPTH.__lt__, _depths(text)), None) is not None


def check_depth(value: Any, what: str = "input") -> Any:
    """``value`` if it nests at most MAX_DEPTH deep, else JsonInputError."""
    if depth(value) > MAX_DEPTH:
        raise JsonInputError(f"{what} nests deeper than {MAX_DEPTH} levels")
    return value


def check_value(value: object, what: str = "input") -> object:
    """``value`` if it is a JSON value whose every string is text, else JsonInputError
    naming the field: nested at most MAX_DEPTH deep, made of objects with text keys,
    lists, text without lone surrogates (``"\\ud800"`` is a valid JSON escape but no
    text: it cannot be written as UTF-8, hashed or shown), finite numbers, booleans
    and null.  Every argument of the API passes it before an operation reads it
    (api.call and api.handle_json), so that no operation meets such a string or
    number.  One walk without recursion; a field's name is spelled out only for
    the error."""
    Link = tuple[Any, str | int] | None  # (the parent's link, this key or index)
    stack: list[tuple[object, int, Link]] = [(value, 0, None)]
    while stack:
        item, level, link = stack.pop()
        problem = None
        if isinstance(item, str):
            if not item.isascii() and not is_text(item):
                problem = "holds a lone surrogate (\\ud800-\\udfff), which is not text"
        elif isinstance(item, (dict, list)):
            if level >= MAX_DEPTH:
                raise JsonInputError(f"{what} nests deeper than {MAX_DEPTH} levels")
            if isinstance(item, list):
                stack.extend((child, level + 1, (link, i)) for i, child in enumerate(item))
                continue
            for key, child in item.items():
                if not isinstance(key, str):
                    problem = f"a key is not text ({show(key)})"
                elif not key.isascii() and not is_text(key):
                    problem = "a key holds a lone surrogate (\\ud800-\\udfff), which is not text"
                else:
                    stack.append((child, level + 1, (link, key)))
                    continue
                break
        elif isinstance(item, float):
            if not math.isfinite(item):
                problem = f"{item} is not JSON (JSON has no NaN or Infinity)"
        elif item is not None and not isinstance(item, int):  # int: whole numbers and bools
            problem = f"a {type(item).__name__} is not a JSON value"
        if problem is not None:
            field = _field(link)  # a key names itself; the root or an index, with ``what``
            name = what + field if not field or field.startswith("[") else field
            raise JsonInputError(f"{name}: {problem}")
    return value


def _field(link: Any) -> str:
    """A field's name from check_value's links: ``message.players[0].name``."""
    parts: list[str] = []
    while link is not None:
        link, key = link
        if isinstance(key, int):
            parts.append(f"[{key}]")
        elif key.isidentifier():
            parts.append(f".{key}")
        else:
            parts.append(f"[{show(key, 20)}]")
    return "".join(reversed(parts)).removeprefix(".")


def is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8 (it holds no lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(value: str, what: str) -> str:
    """``value`` if it can be written as UTF-8 (no lone surrogates), else JsonInputError."""
    if not is_text(value):
        raise JsonInputError(f"{what}: holds a lone surrogate (\\ud800-\\udfff), which is not text")
    return value


def loads(
    text: str | bytes, what: str = "input", where: Callable[[int], tuple[int, int]] | None = None
) -> Any:
    """The one JSON value in ``text``, checked as the module says; else JsonInputError,
    naming the line and column (``where``: of a place in the text, when the text is
    not the input as given: streamin.Squeezed.where)."""
    if isinstance(text, (bytes, bytearray)):
        text = decode_text(bytes(text), what)
    if too_deep(text):
        raise JsonInputError(f"{what} nests deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(text, parse_constant=reject_constant, parse_float=finite_float)
    except RecursionError:
        raise JsonInputError(f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except JsonInputError as e:
        raise JsonInputError(f"{what}: {e}") from None
    except json.JSONDecodeError as e:
        line, column = where(e.pos) if where else (e.lineno, e.colno)
        raise JsonInputError(
            f"{what} is not JSON: {e.msg} at line {line} column {column}"
        ) from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise JsonInputError(f"{what} is not JSON the engine reads: {e}") from None
    return value  # as deep as its text at most: checked above


def dumps(value: Any) -> str:
    """Compact, strict JSON (ValueError on NaN or Infinity: never written)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def show(value: Any, limit: int = 60) -> str:
    """``value`` as short JSON for an error message: cut at ``limit`` characters,
    and safe on anything (NaN, deep nesting, non-JSON objects)."""
    try:
        if depth(value) > MAX_DEPTH:
            return "(a value nested too deeply to show)"
        text = json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        text = repr(value) if not isinstance(value, (list, dict)) else "(a value that is not JSON)"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int, not a bool, not a float (not 90.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(value: Any, what: str = "seed", kept: bool = True) -> int | str:
    """A seed: a whole number or text of at most MAX_SEED_TEXT characters.  A seed
    that is ``kept`` (written in a record) must be a number JavaScript holds exactly
    (|n| <= 2**53 - 1): a 22-digit one would come back from the page as 1.23e+22
    and the record would not replay.  Seeds used once (a shuffle, a bot's move)
    may be any whole number."""
    if is_whole(value):
        if not kept or -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
            return value
        raise JsonInputError(
            f"{what}: a whole-number seed must be within +-(2**53 - 1), "
            "so that JavaScript keeps it exactly; give larger seeds as text"
        )
    if isinstance(value, str):
        if len(value) > MAX_SEED_TEXT:
            raise JsonInputError(f"{what}: text seeds are at most {MAX_SEED_TEXT} characters")
        return check_text(value, what)
    raise JsonInputError(f"{what}: expected a whole number or text, got {show(value)}")
