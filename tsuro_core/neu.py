"""``python -m tsuro_core.neu xtiles|xboard|xrules|xref``: the course's harnesses by
the name the course variant had first (the commands in docs/course.md still run);
the code is :mod:`tsuro_core.course`."""

import sys

from .course.harness import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m tsuro_core.neu"))
