"""The engine's one error family: each error class lives beside the code that
raises it and derives from :class:`TsuroError` (docs/engine.md lists them)."""

from __future__ import annotations


class TsuroError(Exception):
    """The base of every error the engine raises about its input; its message
    says what was wrong, in one line."""
