"""The engine's feature modules, imported when first asked for.

The core (the game, its rules, positions and records, the bots and the JSON
facade) is what every page needs; a feature (the daily deal, puzzles,
lessons, play by link, the game review, the board editor, live rooms and
their players' names, the course variant) serves one kind of page.  The
facade registers each feature operation by name and imports its module on
the operation's first call; the root package does the same for the
features' public names.  So ``import tsuro_core.api`` loads the core alone:
the browser's memory snapshot holds that (docs/browser-api.md), and a site
may ship a feature's code with the pages that use it.

An engine whose files are not all installed (the browser's worker just after
a snapshot restore, or a site that has not fetched a feature yet) answers a
feature operation it cannot import with the error code ``module_missing``;
the worker installs the files and asks again.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .api_common import ApiError, Args, Operation

OPERATIONS: dict[str, tuple[str, ...]] = {
    "bots.review": ("review",),
    "daily": ("daily",),
    "editor": ("check_position",),
    "lessons": ("lesson_check",),
    "linkplay": ("link_encode", "link_open", "link_new", "link_share", "link_reveal", "link_play"),
    "course.ops": (
        "course_new_game",
        "course_legal_moves",
        "course_play",
        "course_bot_move",
        # the same by the names they had first (its ALIASES)
        "neu_new_game",
        "neu_legal_moves",
        "neu_play",
        "neu_bot_move",
    ),
    "puzzles": ("puzzle_check", "puzzle_hint"),
    "rooms": ("room_view",),
    "clock": ("clock_move",),
    "names": ("clean_name",),
}
"""Each feature module (relative to the package) and the operations its ``OPS`` (and
``ALIASES``, where it has one) holds (tests/test_features.py checks them against the
modules)."""

NAMES: dict[str, str] = {
    "LESSON_FORMAT": "lessons",
    "LessonError": "lessons",
    "check_lesson": "lessons",
    "TamperedLink": "linkplay",
    "CourseBadMove": "course.formats",
    "CourseFormatError": "course.formats",
    "CourseIllegalMove": "course.game",
}
"""The root package's public names that live in a feature module."""

PACKAGE = __name__.rpartition(".")[0]


def load(module: str) -> Any:
    """A feature module (``OPERATIONS``' or ``NAMES``' spelling), imported now if it
    was not; a missing engine file is reported as ``module_missing``."""
    try:
        return importlib.import_module(f"{PACKAGE}.{module}")
    except ModuleNotFoundError as e:
        if not (e.name or "").startswith(f"{PACKAGE}."):
            raise
        raise ApiError(
            "module_missing",
            f"the engine's module {e.name} is not installed here (install the engine's "
            "files, then ask again)",
        ) from None


class Feature:
    """A feature operation's stand-in in the facade: imports its module on the first call."""

    def __init__(self, module: str, op: str) -> None:
        self.feature = (module, op)
        self.__name__ = op

    def __call__(self, args: Args) -> Mapping[str, object]:
        module, op = self.feature
        return _implementation(load(module), op)(args)


def operation(module: str, op: str) -> Operation:
    """The operation ``op`` of the feature ``module``, which is imported on the first call."""
    return Feature(module, op)


def _implementation(mod: Any, op: str) -> Operation:
    found: Operation = mod.OPS[op] if op in mod.OPS else mod.ALIASES[op]
    return found


def implementation(fn: Operation) -> Operation:
    """The function behind a facade operation: a feature's own (its module imported now),
    not the stand-in that imports it; any other as it is."""
    if not isinstance(fn, Feature):
        return fn
    module, op = fn.feature
    return _implementation(importlib.import_module(f"{PACKAGE}.{module}"), op)


def operations() -> dict[str, Operation]:
    """Every feature operation by name, each importing its module on its first call."""
    return {op: operation(module, op) for module, ops in OPERATIONS.items() for op in ops}


def name(attribute: str) -> Any:
    """The root package's public ``attribute`` (one of ``NAMES``) from its feature module."""
    return getattr(importlib.import_module(f"{PACKAGE}.{NAMES[attribute]}"), attribute)
