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


# Lints every probe in one Node process (ESLint's own API, the config the static checks
# use): one eslint start-up, not one a probe.  stdin: [[path, source], ...];
# stdout: for each, its findings as [rule, message] pairs.
LINT_ALL = """
import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
const probes = JSON.parse(readFileSync(0, "utf-8"));
const eslint = new ESLint();
const out = [];
for (const [filePath, source] of probes) {
  const [result] = await eslint.lintText(source, { filePath });
  out.push(result.messages.map((m) => [m.ruleId || "", m.message]));
}
process.stdout.write(JSON.stringify(out));
"""


def lint_all(probes: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """eslint's findings on each `source` standing at its `path`: (rule, message) pairs."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (the static checks run eslint under it)")
    proc = subprocess.run(
        [node, "--input-type=module", "-e", LINT_ALL],
        input=json.dumps(probes),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [[(rule, message) for rule, message in found] for found in json.loads(proc.stdout)]


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


# Modules that import from above their layer, or a page from another page.
UPWARD = [
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
]

# session.js is imported by turnloop.js: session.js importing turnloop.js closes a circle.
SESSION = "web/js/lib/game/session.js"
SESSION_SOURCE = (ROOT / SESSION).read_text(encoding="utf-8")
CIRCLED = (
    'import { TurnLoop } from "./turnloop.js";\nexport const loopOf = () => TurnLoop;\n'
    + SESSION_SOURCE
)


@pytest.fixture(scope="module")
def linted() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Every probe of this module, linted in one go: (path, source) -> findings."""
    probes = [*ALLOWED.items(), *UPWARD, (SESSION, SESSION_SOURCE), (SESSION, CIRCLED)]
    return dict(zip(probes, lint_all(probes), strict=True))


@pytest.mark.parametrize("path", sorted(ALLOWED))
def test_an_import_downward_passes(linted, path):
    assert linted[path, ALLOWED[path]] == []


@pytest.mark.parametrize("path,source", UPWARD)
def test_an_upward_import_fails(linted, path, source):
    findings = linted[path, source]
    assert rules(findings) == ["import-x/no-restricted-paths"], findings


def test_an_import_circle_fails(linted):
    assert linted[SESSION, SESSION_SOURCE] == []  # as it is: no circle
    findings = linted[SESSION, CIRCLED]
    assert "import-x/no-cycle" in rules(findings), findings
