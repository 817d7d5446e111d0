"""The front end's layers import downward only and never in a circle (eslint.config.js,
docs/frontend.md "The layers"): eslint, run as the static checks run it, fails on an
upward import, a page importing another page, and an import circle, and passes the same
file without them.  Each probe is linted as if it stood at its path in web/js
(eslint --stdin-filename), so the real config and the real modules it imports decide."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lint(path: str, source: str) -> list[tuple[str, str]]:
    """eslint's findings on `source` standing at `path`: (rule, message) pairs."""
    npx = shutil.which("npx")
    if npx is None:
        pytest.fail("npx is not installed (npm ci installs eslint for the static checks)")
    proc = subprocess.run(
        [npx, "--no-install", "eslint", "--format", "json", "--stdin", "--stdin-filename", path],
        input=source,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    [result] = json.loads(proc.stdout)
    return [(m.get("ruleId") or "", m["message"]) for m in result["messages"]]


def rules(findings: list[tuple[str, str]]) -> list[str]:
    return [rule for rule, _ in findings]


def probe(name: str, where: str) -> str:
    """A module that imports `name` from `where` (and uses it)."""
    return f'import {{ {name} }} from "{where}";\nexport const x = {name};\n'


# Modules that import what they may: their own layer and below (the control cases).
ALLOWED = {
    "web/js/lib/views/probe.js": probe("t", "../words/i18n.js"),
    "web/js/lib/game/probe.js": probe("Session", "./session.js"),
    "web/js/pages/daily/probe.js": probe("TurnLoop", "../../lib/game/turnloop.js"),
}


@pytest.mark.parametrize("path", sorted(ALLOWED))
def test_an_import_downward_passes(path):
    assert lint(path, ALLOWED[path]) == []


@pytest.mark.parametrize(
    "path,source",
    [
        # views know no game
        ("web/js/lib/views/probe.js", probe("Session", "../game/session.js")),
        # the engine client sits under the game
        ("web/js/lib/engine/probe.js", probe("TurnLoop", "../game/turnloop.js")),
        # the page's frame does not keep a game
        ("web/js/lib/shell/probe.js", probe("Session", "../game/session.js")),
        # words stand under the views
        ("web/js/lib/words/probe.js", probe("Board", "../views/board.js")),
        # lib/ never imports a page
        ("web/js/lib/game/probe.js", probe("LinkSession", "../../pages/link/session.js")),
        # a page never imports another page
        ("web/js/pages/daily/probe.js", probe("LinkSession", "../link/session.js")),
    ],
)
def test_an_upward_import_fails(path, source):
    findings = lint(path, source)
    assert rules(findings) == ["import-x/no-restricted-paths"], findings


def test_an_import_circle_fails():
    # session.js is imported by turnloop.js: session.js importing turnloop.js closes a circle
    path = "web/js/lib/game/session.js"
    source = (ROOT / path).read_text(encoding="utf-8")
    assert lint(path, source) == []  # as it is: no circle
    circled = (
        'import { TurnLoop } from "./turnloop.js";\nexport const loopOf = () => TurnLoop;\n'
        + source
    )
    findings = lint(path, circled)
    assert "import-x/no-cycle" in rules(findings), findings
