"""Computer players, weakest to strongest: ``random``, ``survivor``, ``planner``.

Each bot is one module here with a class registered by name in
:data:`tsuro_core.bots.base.BOTS`; :func:`get_bot` builds one by name.  A new
bot is a new module listed in ``_MODULES``.  docs/bots.md describes them.
"""

from __future__ import annotations

import importlib

from .base import BOTS, Bot, Choice, View, get_bot, register, view_for

_MODULES = ("random_bot", "survivor", "planner")
"""The modules that define bots, weakest first."""

DEFAULT = "planner"
"""The strongest bot: the "hard" level and the one that gives hints."""


def load_all() -> None:
    """Import every bot module so that the registry is complete."""
    for name in _MODULES:
        importlib.import_module(f"{__name__}.{name}")


__all__ = ["BOTS", "Bot", "Choice", "View", "get_bot", "register", "view_for", "load_all",
           "DEFAULT"]
