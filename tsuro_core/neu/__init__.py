"""The Northeastern CS4500 Fall 2019 course variant (``neu``), docs/neu.md.

Its board, deal and turn differ from the classic game's, so it has its own
package, on the engine's tiles and board geometry:

- ``rules``    the rules, the rule checker and the referee (plain ints, like board.py)
- ``formats``  JSON in and out: the course's values and the browser's positions and moves
- ``harness``  ``python -m tsuro_core.neu xtiles|xboard|xrules|xref``
- ``game``     a game in progress for the browser: options, verdicts, playing, a bot
- ``ops``      the JSON API operations ``neu_*`` (registered in tsuro_core.api)
"""
