"""``python -m tsuro_core.course xtiles|xboard|xrules|xref``: the course's harnesses."""

import sys

from .harness import main

sys.exit(main())
