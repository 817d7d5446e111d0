"""The build's tools from npm (package.json's devDependencies, pinned by
package-lock.json): a step that runs one under Node first makes sure node_modules
holds it at the version the lock pins, or runs `npm ci` itself, so that
`python3 build.py serve` works on a fresh machine."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .common import BuildError, log


def pinned(root: Path, package: str) -> str:
    """The version of `package` that package-lock.json pins."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    try:
        return str(lock["packages"][f"node_modules/{package}"]["version"])
    except KeyError:
        raise BuildError(f"package-lock.json does not pin {package}") from None


def installed(root: Path, package: str) -> str | None:
    """The version of `package` in node_modules, or None."""
    try:
        meta = root / "node_modules" / package / "package.json"
        return str(json.loads(meta.read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return None


def ensure(root: Path, package: str, why: str) -> None:
    """node_modules holds `package` at the version the lock pins, or `npm ci` installs
    it (`why`: what the build needs it for, for the messages)."""
    want = pinned(root, package)
    if installed(root, package) == want:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"{why} needs {package} {want} from npm, and `npm` is not installed "
            "(Node 20 with npm: see the README)"
        )
    log(f"installing the npm packages (`npm ci`): {why}'s {package} {want}")
    proc = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True
    )
    if proc.returncode != 0 or installed(root, package) != want:
        raise BuildError(
            f"`npm ci` did not install {package} {want} (exit {proc.returncode}):\n"
            f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        )
