"""Computer players, weakest to strongest: ``random``, ``survivor``, ``planner``.

Each bot is one module here with a class registered by name in
:data:`tsuro_core.bots.base.BOTS`; :func:`get_bot` builds one by name.  A new
bot is a new module listed in ``base.MODULES``.  docs/bots.md describes them.
"""

from __future__ import annotations

from .base import BOTS, MODULES, Bot, Choice, View, get_bot, load_all, register, view_for

DEFAULT = "planner"
"""The strongest bot: the "hard" level and the one that gives hints."""


__all__ = [
    "BOTS",
    "DEFAULT",
    "MODULES",
    "Bot",
    "Choice",
    "View",
    "get_bot",
    "load_all",
    "register",
    "view_for",
]
