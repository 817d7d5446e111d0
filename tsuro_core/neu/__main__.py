"""``python -m tsuro_core.neu xtiles|xboard|xrules|xref``: the course's harnesses."""

import sys

from .rules import main

sys.exit(main())
