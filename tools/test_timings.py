"""The test modules in the order they run: longest first, by tests/timings.json, each
module's seconds in a run of the suite (docs/testing.md, "Parallel"), so that the run ends
on short modules on both cores, not on one core with a long one.

Write the file again from a run's JUnit XML: `python3 -m pytest -q --junitxml=run.xml &&
python3 tools/test_timings.py run.xml`."""

from __future__ import annotations

import json
import statistics
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = ROOT / "tests" / "timings.json"


def module_seconds(junit: Path) -> dict[str, float]:
    """{"tests/browser/test_room.py": seconds, ...}: each module's tests' time, setup and
    teardown included (JUnit's per-test time)."""
    seconds: defaultdict[str, float] = defaultdict(float)
    for case in ET.parse(junit).getroot().iter("testcase"):
        module = case.get("classname", "").replace(".", "/") + ".py"
        seconds[module] += float(case.get("time", 0))
    return {m: round(s, 1) for m, s in sorted(seconds.items())}


def longest_first(items: list[Any], root: Path, timings: Path = TIMINGS) -> list[Any]:
    """pytest's items (anything with a `.path`) module by module, the modules that took
    longest in `timings` first (one it does not list: as long as the median), each
    module's items together and in their order (its module fixtures set up once).
    pytest-xdist's worksteal gives each worker a run of the list and lets an idle one take
    the second half of another's queue."""
    known: dict[str, float] = (
        json.loads(timings.read_text(encoding="utf-8")) if timings.exists() else {}
    )
    usual = statistics.median(known.values()) if known else 0.0
    modules: dict[str, list[Any]] = {}
    for item in items:
        modules.setdefault(Path(str(item.path)).relative_to(root).as_posix(), []).append(item)
    order = sorted(modules, key=lambda m: -known.get(m, usual))  # stable: ties keep theirs
    return [item for m in order for item in modules[m]]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    timings = module_seconds(Path(argv[0]))
    TIMINGS.write_text(json.dumps(timings, indent=1) + "\n", encoding="utf-8")
    print(f"{TIMINGS.relative_to(ROOT)}: {len(timings)} modules, {sum(timings.values()):.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
