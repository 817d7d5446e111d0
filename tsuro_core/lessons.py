"""Lessons: steps an author strings together without code, checked here so
that a page never trusts a lesson file or link (docs/lessons.md).

A lesson (``tsuro-lesson/1``) is a title and a list of steps, each a
position or a step of one of the lesson's records, with a caption, and
optionally a move for the reader to try (``"try": true``) or a task the
engine judges as it judges a puzzle's (a puzzle task, :mod:`.puzzles`) with
hints.  :func:`check_lesson` checks one and writes it in its one canonical
form (what the authoring page saves and links); ``lesson_check`` is the API
operation, reading a lesson object, a lesson file's text or a lesson link
(``l=1...``, compressed like every share link and bounded like them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import jsonin, notation
from .api_common import ApiError, Args, Operation, arg
from .errors import BadArgument, TsuroError
from .game import Game
from .jsonin import is_whole, show
from .notation import NotationError
from .puzzles import KINDS, check_task, solving
from .shapes import (
    GameRecord,
    Lesson,
    LessonChecked,
    LessonParts,
    LessonStep,
    Replays,
    StepShows,
    Task,
)

LESSON_FORMAT = "tsuro-lesson/1"
MAX_STEPS = 40
MAX_RECORDS = 8
MAX_TITLE = 100
MAX_CAPTION = 600
MAX_HINT = 200
MAX_HINTS = 3
MAX_LANGS = 12
MAX_LESSON_JSON = notation.MAX_LINK_JSON
"""The most bytes a lesson takes as JSON (a file, or a link once inflated): 256 KiB."""
MAX_LESSON_LINK = notation.MAX_LINK_CHARS
"""The longest lesson link: 65,536 characters, as for every share link."""
LINK_KIND = "l"

_LANG_RE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}")
# Control characters a caption may not hold: all but the tab and the line break.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_LESSON_KEYS = ("format", "title", "lang", "records", "steps")
_STEP_KEYS = ("position", "record", "at", "caption", "try", "task", "hints")


class LessonError(TsuroError, ValueError):
    """A lesson that is not valid; ``code`` is the API's: ``bad_lesson``, or
    ``no_solution`` for a task that no move solves in its step's position."""

    def __init__(self, message: str, code: str = "bad_lesson") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Checked:
    """A checked lesson: its canonical form, each record's positions and events,
    and what each step shows (phase, mover, whether a sketch, whether the reader can
    try a move there, the kinds of task it can have, how many moves solve its task)."""

    lesson: Lesson
    replays: list[Replays] = field(default_factory=list)
    steps: list[StepShows] = field(default_factory=list)


def _fail(where: str, why: str, code: str = "bad_lesson") -> LessonError:
    return LessonError(f"{where}: {why}", code)


def _plain(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str):
        raise _fail(where, f"expected text, got {show(value)}")
    if len(value) > limit:
        raise _fail(where, f"at most {limit} characters, got {len(value)}")
    if not jsonin.is_text(value) or _CONTROL_RE.search(value):
        raise _fail(where, "holds a control character or a lone surrogate, which is not text")
    return value


def _lang(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > 35 or not _LANG_RE.fullmatch(value):
        raise _fail(where, f'expected a language tag such as "en" or "pt-BR", got {show(value)}')
    return value


def _text(value: Any, where: str, limit: int, lang: str | None) -> str | dict[str, str] | None:
    """A text: a string, or an object of strings by language tag.  Empty texts are
    dropped (None: no text); an object holding only the lesson's language is a string."""
    if not isinstance(value, dict):
        return _plain(value, where, limit) or None
    if len(value) > MAX_LANGS:
        raise _fail(where, f"at most {MAX_LANGS} languages")
    out: dict[str, str] = {}
    for tag, text in value.items():
        _lang(tag, f"{where} (a language)")
        if _plain(text, f"{where}.{tag}", limit):
            out[tag] = text
    if not out:
        return None
    if lang is not None and list(out) == [lang]:
        return out[lang]
    return out


def _unknown(obj: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    unknown = set(obj) - set(known)
    if unknown:
        raise _fail(where, f"unknown field(s) {show(sorted(unknown))}")


_TASK_PARAMS = {"survive": (), "keep_options": (), "eliminate": ("color", "colors"), "solo": ("n",)}


def offered(game: Game) -> list[str]:
    """The kinds of task a step's position can be given (a task of another kind is
    refused whatever its params): the tile phase; solo only in solo; eliminate
    where another player's marker is still on the board."""
    if game.phase != "tile":
        return []
    others = any(game.alive[s] for s in range(game.n) if s != game.turn)
    return [
        kind
        for kind in KINDS
        if (kind != "solo" or game.rules.solo) and (kind != "eliminate" or others)
    ]


def _task(task: Any, game: Game, where: str) -> tuple[Task, int]:
    """A step's task, checked as a puzzle's (``puzzles.check_task``) and written
    canonically, and how many moves solve it (``no_solution`` if none does)."""
    if isinstance(task, dict):
        _unknown(task, ("key", "params"), where)
    try:
        kind, params = check_task(task, game)
    except BadArgument as e:
        raise LessonError(f"{where}{str(e).removeprefix('task')}") from None
    _unknown(params, _TASK_PARAMS[kind], f"{where}.params")
    found = solving(game, kind, params)
    if not found:
        raise _fail(where, "no move does this in this position", "no_solution")
    return {"key": f"puzzle.task.{kind}", "params": dict(params)}, len(found)


def check_lesson(value: Any, draft: bool = False) -> Checked:
    """Check a lesson and write it canonically: the fields in their order, empty
    texts and lists left out, ``try: false`` left out, only the records a step
    uses (the same record once), numbered in the order the steps first use them.
    ``draft`` allows a lesson of no steps (the authoring page's empty draft).
    LessonError (``bad_lesson`` or ``no_solution``) naming the field otherwise."""
    if not isinstance(value, dict):
        raise _fail("lesson", "expected a JSON object")
    _unknown(value, _LESSON_KEYS, "lesson")
    if value.get("format") != LESSON_FORMAT:
        raise _fail("format", f"expected {LESSON_FORMAT!r}, got {show(value.get('format'))}")
    try:
        size = len(jsonin.dumps(value).encode("utf-8"))
    except ValueError:
        raise _fail("lesson", "holds a value that is not strict JSON") from None
    if size > MAX_LESSON_JSON:
        raise _fail("lesson", f"takes {size} bytes as JSON, more than {MAX_LESSON_JSON}")
    lang = _lang(value["lang"], "lang") if "lang" in value else None
    parts: LessonParts = {}
    title = _text(value.get("title", ""), "title", MAX_TITLE, lang)
    if title is not None:
        parts["title"] = title
    if lang is not None:
        parts["lang"] = lang
    records = value.get("records", [])
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise _fail("records", f"expected a list of at most {MAX_RECORDS} game records")
    replays: list[Replays] = []
    for i, record in enumerate(records):
        try:
            positions, events = notation.replay_positions(record)
        except NotationError as e:
            raise _fail(f"records[{i}]", str(e)) from None
        replays.append({"positions": positions, "events": events})
    steps = value.get("steps")
    lo = 0 if draft else 1
    if not isinstance(steps, list) or not lo <= len(steps) <= MAX_STEPS:
        raise _fail("steps", f"expected a list of {lo} to {MAX_STEPS} steps")
    used: dict[str, int] = {}  # a record's JSON -> its number in the canonical lesson
    kept: list[GameRecord] = []
    checked_replays: list[Replays] = []
    shown: list[StepShows] = []
    out_steps: list[LessonStep] = []
    for k, step in enumerate(steps):
        where = f"steps[{k}]"
        if not isinstance(step, dict):
            raise _fail(where, "expected an object")
        _unknown(step, _STEP_KEYS, where)
        entry: LessonStep = {}
        if ("position" in step) == ("record" in step):
            raise _fail(where, 'expected exactly one of "position" and "record"')
        if "position" in step:
            if "at" in step:
                raise _fail(f"{where}.at", "goes with a record, not a position")
            try:
                game = notation.from_position(step["position"])
            except NotationError as e:
                raise _fail(f"{where}.position", str(e)) from None
            entry["position"] = step["position"]
        else:
            i, at = step["record"], step.get("at")
            if not is_whole(i) or not 0 <= i < len(records):
                raise _fail(
                    f"{where}.record", f"expected a record's number, 0 to {len(records) - 1}"
                )
            last = len(replays[i]["positions"]) - 1
            if not is_whole(at) or not 0 <= at <= last:
                raise _fail(f"{where}.at", f"expected a position of the record, 0 to {last}")
            game = notation.from_position(replays[i]["positions"][at])
            key = jsonin.dumps(records[i])
            if key not in used:
                used[key] = len(kept)
                kept.append(records[i])
                checked_replays.append(replays[i])
            entry["record"], entry["at"] = used[key], at
        caption = _text(step.get("caption", ""), f"{where}.caption", MAX_CAPTION, lang)
        if caption is not None:
            entry["caption"] = caption
        info: StepShows = {
            "phase": game.phase,
            "turn": game.turn,
            "sketch": game.sketch,
            "try": game.phase in ("start", "tile"),
            "tasks": offered(game),
        }
        tried = step.get("try", False)
        if not isinstance(tried, bool):
            raise _fail(f"{where}.try", f"expected true or false, got {show(tried)}")
        if tried:
            if "task" in step:
                raise _fail(where, 'a step has a move to try or a task, not both ("try", "task")')
            if game.phase not in ("start", "tile"):
                raise _fail(
                    f"{where}.try",
                    f"the reader can try a start mark or a tile, not a move of the {game.phase!r} "
                    "phase",
                )
            entry["try"] = True
        if "task" in step:
            entry["task"], info["solutions"] = _task(step["task"], game, f"{where}.task")
        hints = step.get("hints", [])
        if not isinstance(hints, list) or len(hints) > MAX_HINTS:
            raise _fail(f"{where}.hints", f"expected a list of at most {MAX_HINTS} texts")
        if hints and "task" not in step:
            raise _fail(f"{where}.hints", "hints go with a task")
        texts = [_text(h, f"{where}.hints[{j}]", MAX_HINT, lang) for j, h in enumerate(hints)]
        if any(texts):
            entry["hints"] = [h for h in texts if h is not None]
        out_steps.append(entry)
        shown.append(info)
    if kept:
        parts["records"] = kept
    lesson: Lesson = {"format": LESSON_FORMAT, **parts, "steps": out_steps}
    return Checked(lesson, checked_replays, shown)


def encode_lesson(lesson: Lesson) -> str | None:
    """The lesson's link fragment ``l=1...`` (compressed as share links are), or
    None when it would be longer than a link may be (then the file is the way)."""
    fragment = f"{LINK_KIND}=1{notation.pack_json(lesson)}"
    return fragment if len(fragment) <= MAX_LESSON_LINK else None


def decode_lesson(fragment: Any) -> Any:
    """The lesson JSON of a lesson link (``l=1...``, alone, in a fragment among other
    options, or in a whole URL), not yet checked; NotationError if it is not one."""
    if not isinstance(fragment, str):
        raise NotationError("lesson link: expected text")
    if len(fragment) > MAX_LESSON_LINK + 4096:
        raise NotationError(f"lesson link: longer than {MAX_LESSON_LINK} characters")
    text = fragment.strip().split("#", 1)[-1]
    part = next((p for p in text.split("&") if p.startswith(f"{LINK_KIND}=")), None)
    if part is None:
        raise NotationError("lesson link: expected '#l=...' (a lesson)")
    if len(part) > MAX_LESSON_LINK:
        raise NotationError(f"lesson link: longer than {MAX_LESSON_LINK} characters")
    body = part[2:]
    if not body.startswith("1"):
        raise NotationError("lesson link: made by a newer or unknown version of the game")
    return notation.unpack_json(body[1:])


def _read(args: Args) -> Any:
    """The lesson in the arguments: exactly one of lesson, text and fragment."""
    given = [k for k in ("lesson", "text", "fragment") if k in args]
    if len(given) != 1:
        raise ApiError("bad_args", 'expected exactly one of "lesson", "text" and "fragment"')
    if "lesson" in args:
        return args["lesson"]
    if "fragment" in args:
        try:
            return decode_lesson(args["fragment"])
        except NotationError as e:
            raise ApiError("bad_link", str(e)) from None
    text = arg(args, "text")
    if not isinstance(text, str):
        raise ApiError("bad_args", "text: expected the text of a lesson file")
    if len(text) > MAX_LESSON_JSON:
        raise ApiError("bad_lesson", f"the file is longer than {MAX_LESSON_JSON} characters")
    try:
        return jsonin.loads(text, "lesson file")
    except jsonin.JsonInputError as e:
        raise ApiError("bad_lesson", str(e)) from None


def op_lesson_check(args: Args) -> LessonChecked:
    """``{lesson | text | fragment, draft?}`` -> ``{lesson, fragment, replays, steps}``:
    the lesson checked and written canonically, its link (null when too long for
    one), each record's ``positions`` answer, and per step its phase, mover,
    whether it is a sketch, whether a move may be tried there (``try``), the
    kinds of task it may have (``tasks``) and how many moves solve its task."""
    value = _read(args)
    draft = args.get("draft", False)
    if not isinstance(draft, bool):
        raise ApiError("bad_args", f"draft: expected true or false, got {show(draft)}")
    try:
        checked = check_lesson(value, draft)
    except LessonError as e:
        raise ApiError(e.code, str(e)) from None
    return {
        "lesson": checked.lesson,
        "fragment": encode_lesson(checked.lesson),
        "replays": checked.replays,
        "steps": checked.steps,
    }


OPS: dict[str, Operation] = {
    "lesson_check": op_lesson_check,
}

__all__ = [
    "LESSON_FORMAT",
    "OPS",
    "Checked",
    "LessonError",
    "check_lesson",
    "decode_lesson",
    "encode_lesson",
]
