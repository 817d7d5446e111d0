"""The installable app's manifest and icons: drawn by tools/app_icons.py, cached
in .cache/app-icons/<hash of the tool>/ since drawing them takes a second."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from .common import CACHE, BuildError, sha256_bytes

APP_ICONS = "tools/app_icons.py"
APP_DESCRIPTION = (
    "Tsuro, the game of the path: play in your browser against friends "
    "or the computer, offline too."
)


def app_files(root: Path, cache: Path = CACHE) -> dict[str, bytes]:
    """manifest.webmanifest and icons/*.png, by their path in dist/."""
    source = (root / APP_ICONS).read_bytes()
    key = sha256_bytes(source + APP_DESCRIPTION.encode())[:16]
    folder = cache / "app-icons" / key
    index = folder / "files.json"
    if index.is_file():
        names = json.loads(index.read_text(encoding="utf-8"))
        if all((folder / n).is_file() for n in names):
            return {n: (folder / n).read_bytes() for n in names}
    spec = importlib.util.spec_from_file_location("tsuro_app_icons", root / APP_ICONS)
    if spec is None or spec.loader is None:
        raise BuildError(f"{APP_ICONS}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files: dict[str, bytes] = module.app_files(APP_DESCRIPTION)
    for n, data in files.items():
        (folder / n).parent.mkdir(parents=True, exist_ok=True)
        (folder / n).write_bytes(data)
    index.write_text(json.dumps(sorted(files)), encoding="utf-8")
    return files
