"""The engine's one error family: every error it raises about what it was given.

Each error is defined beside the code that raises it and derives from
:class:`TsuroError` (and, all but ``ApiError``, from :class:`ValueError`, as
they always have), so ``except TsuroError`` catches any of them:

- ``JsonInputError`` (jsonin)       input that is not strict JSON
- ``RulesError`` (rules)            not a rule set, or a game its rules do not allow
- ``IllegalMove`` (game)            a move the rules do not allow in this position
- ``NotationError`` (notation)      not a valid position, record, move or share link
- ``ApiError`` (api_common)         a JSON API call refused, with a stable code
- ``NeuFormatError``, ``NeuBadMove`` (neu.formats), ``NeuIllegalMove`` (neu.game):
  the course variant's bad values, non-moves and refused moves

A plain ``ValueError`` or ``TypeError`` from deeper down (a tile helper, a
board size) is a caller's mistake, not input to report.
"""

from __future__ import annotations


class TsuroError(Exception):
    """The base of every error the engine raises about its input; its message
    says what was wrong, in one line."""
