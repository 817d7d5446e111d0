"""The engine's feature modules, imported when first asked for.

The core (the game, its rules, positions and records, the bots and the JSON
facade) is what every page needs; a feature (the daily deal, puzzles,
lessons, play by link, the game review, the board editor, live rooms, the
course variant) serves one kind of page.  The facade registers each feature
operation by name and imports its module on the operation's first call; the
root package does the same for the features' public names.  So ``import
tsuro_core.api`` loads the core alone: the browser's memory snapshot holds
that (docs/browser-api.md), and a site may ship a feature's code with the
pages that use it.

An engine whose files are not all installed (the browser's worker just after
a snapshot restore, or a site that has not fetched a feature yet) answers a
feature operation it cannot import with the error code ``module_missing``;
the worker installs the files and asks again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .api_common import ApiError

OPERATIONS: dict[str, tuple[str, ...]] = {
    "bots.review": ("review",),
    "daily": ("daily",),
    "editor": ("check_position",),
    "lessons": ("lesson_check",),
    "linkplay": ("link_encode", "link_open", "link_new", "link_share", "link_reveal", "link_play"),
    "neu.ops": ("neu_new_game", "neu_legal_moves", "neu_play", "neu_bot_move"),
    "puzzles": ("puzzle_check", "puzzle_hint"),
    "rooms": ("room_view",),
}
"""Each feature module (relative to the package) and the operations its ``OPS`` holds
(tests/test_features.py checks them against the modules)."""

NAMES: dict[str, str] = {
    "LESSON_FORMAT": "lessons",
    "LessonError": "lessons",
    "check_lesson": "lessons",
    "TamperedLink": "linkplay",
    "NeuBadMove": "neu.formats",
    "NeuFormatError": "neu.formats",
    "NeuIllegalMove": "neu.game",
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


def operation(module: str, op: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The operation ``op`` of the feature ``module``, which is imported on the first call."""

    def call(args: dict[str, Any]) -> dict[str, Any]:
        fn: Callable[[dict[str, Any]], dict[str, Any]] = load(module).OPS[op]
        return fn(args)

    call.__name__ = call.__qualname__ = op
    return call


def operations() -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
    """Every feature operation by name, each importing its module on its first call."""
    return {op: operation(module, op) for module, ops in OPERATIONS.items() for op in ops}


def name(attribute: str) -> Any:
    """The root package's public ``attribute`` from its feature module (``NAMES``)."""
    module = NAMES.get(attribute)
    if module is None:
        raise AttributeError(f"module {PACKAGE!r} has no attribute {attribute!r}")
    return getattr(importlib.import_module(f"{PACKAGE}.{module}"), attribute)
