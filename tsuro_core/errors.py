"""The engine's one error family: each error class lives beside the code that
raises it and derives from :class:`TsuroError` (docs/engine.md lists them)."""

from __future__ import annotations


class TsuroError(Exception):
    """The base of every error the engine raises about its input; its message
    says what was wrong, in one line."""


class BadArgument(TsuroError, ValueError):
    """An argument outside what a function takes (a tile number, a rotation, a
    port, a date, a bot's name, a puzzle's task), where no more particular error
    of the family applies.  Also a ``ValueError``, as these always were."""
