"""What every build step shares: the checkout's paths, the build's error, logging,
hashing and running an outside tool (npm, pip, node)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def run_tool(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    """Run an outside tool; a missing tool or a failure stops the build, saying which."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise BuildError(f"{what}: `{cmd[0]}` is not installed (needed to fetch {what})") from None
    if proc.returncode != 0:
        raise BuildError(
            f"{what}: `{' '.join(cmd)}` failed (exit {proc.returncode}):\n"
            f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        )


def walk(base: Path) -> list[str]:
    """Every file under base, as sorted relative POSIX paths, without hidden files,
    __pycache__ folders, bytecode and editor backups."""
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for fn in sorted(filenames):
            if fn.startswith(".") or fn.endswith((".pyc", "~")):
                continue
            out.append(Path(dirpath, fn).relative_to(base).as_posix())
    return out


def pyproject(root: Path) -> dict[str, Any]:
    """root/pyproject.toml, parsed."""
    with open(root / "pyproject.toml", "rb") as f:
        return tomllib.load(f)
