"""Tsuro, the game of the path: the rules engine.

Its public API is importable from here (``__all__``, docs/engine.md): the
:class:`Game`, rule sets, positions, records and share links, and the errors
(one family under :class:`TsuroError`).  The browser's JSON API is
:mod:`tsuro_core.api`; the bots are :mod:`tsuro_core.bots`; the course
variant is :mod:`tsuro_core.course`.
"""

from typing import TYPE_CHECKING, Any

from . import features
from .api_common import ApiError
from .errors import BadArgument, TsuroError
from .game import Exchange, Game, IllegalMove, Placement, default_players
from .jsonin import JsonInputError
from .notation import (
    POSITION_FORMAT,
    RECORD_FORMAT,
    NotationError,
    Position,
    Record,
    decode_link,
    encode_link,
    from_position,
    replay,
    replay_positions,
    result,
    start_record,
    to_position,
    to_record,
)
from .rules import PRESETS, SCORINGS, VARIANTS, Rules, RulesError, parse_rules

if TYPE_CHECKING:  # at run time, imported on first use (__getattr__): features.py
    from .course.formats import CourseBadMove, CourseFormatError
    from .course.game import CourseIllegalMove
    from .lessons import LESSON_FORMAT, LessonError, check_lesson
    from .linkplay import TamperedLink

__version__ = "0.1.0"


def __getattr__(attribute: str) -> Any:
    """The public names that live in a feature module, imported on first use, so
    that importing the engine does not import every feature (features.py)."""
    if attribute not in features.NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
    value = features.name(attribute)
    globals()[attribute] = value
    return value


__all__ = [
    "LESSON_FORMAT",
    "POSITION_FORMAT",
    "PRESETS",
    "RECORD_FORMAT",
    "SCORINGS",
    "VARIANTS",
    "ApiError",
    "BadArgument",
    "CourseBadMove",
    "CourseFormatError",
    "CourseIllegalMove",
    "Exchange",
    "Game",
    "IllegalMove",
    "JsonInputError",
    "LessonError",
    "NotationError",
    "Placement",
    "Position",
    "Record",
    "Rules",
    "RulesError",
    "TamperedLink",
    "TsuroError",
    "__version__",
    "check_lesson",
    "decode_link",
    "default_players",
    "encode_link",
    "from_position",
    "parse_rules",
    "replay",
    "replay_positions",
    "result",
    "start_record",
    "to_position",
    "to_record",
]
