"""The Northeastern CS4500 Fall 2019 course variant (docs/course.md): a 10 x 10
board, 3-5 players, an opening round on the periphery, two tiles handed out per
turn.  Its rule-set name in positions is ``neu``, as DESIGN.md names it.

Its board, deal and turn differ from the classic game's, so it has its own
package, on the engine's tiles and board geometry:

- ``rules``    the rules, the rule checker and the referee (plain ints, like board.py)
- ``formats``  JSON in and out: the course's values and the browser's positions and moves
- ``harness``  ``python -m tsuro_core.course xtiles|xboard|xrules|xref``
- ``game``     a game in progress for the browser: options, verdicts, playing, a bot
- ``ops``      the JSON API operations ``course_*`` (registered in tsuro_core.api)

``python -m tsuro_core.neu ...`` (tsuro_core/neu.py) runs the same harnesses.
"""
