"""tsuro_core._preload: the modules the browser's worker imports before a memory
snapshot (and the build's precompile step with it) are every module a request
may reach, and no command line or benchmark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tsuro_core import _preload

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_but_the_command_lines_and_benchmarks():
    names = set(_preload.modules())
    on_disk = {
        "tsuro_core." + ".".join(p.relative_to(ROOT / "tsuro_core").with_suffix("").parts)
        for p in (ROOT / "tsuro_core").rglob("*.py")
        if p.stem not in _preload.SKIPPED
    }
    assert names == on_disk
    assert {"tsuro_core.api", "tsuro_core.bots.planner", "tsuro_core.course.ops"} <= names
    assert not {"tsuro_core.bench", "tsuro_core.selfplay", "tsuro_core.__main__"} & names


def test_import_all_imports_them_and_every_bot():
    code = (
        "import sys, tsuro_core._preload as p; p.import_all(); "
        "from tsuro_core.bots.base import BOTS, MODULES; "
        "print(all(n in sys.modules for n in p.modules()), "
        "all('tsuro_core.bots.' + m in sys.modules for m in MODULES), len(BOTS) > 0)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.split() == ["True", "True", "True"]
