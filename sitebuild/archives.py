"""Archives for a first visit's bytes: a zip's members stored (not compressed
one by one) and the whole zip gzip-compressed as one stream, which the engine
worker inflates as it arrives (web/engine.worker.js).  Compressing each member
alone, as a zip does, finds no repeats across the many small .pyc files: the
trimmed stdlib is 10% smaller as one stream."""

from __future__ import annotations

import gzip
import io
import zipfile
from collections.abc import Iterable


def _stream(members: Iterable[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    """A zip of `members` stored (their names, order, modes and contents), gzip-compressed
    as one stream; reproducible: no times in the zip, no name or time in the gzip header."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info, data in members:
            member = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = info.external_attr
            dst.writestr(member, data)
    return gzip.compress(out.getvalue(), compresslevel=9, mtime=0)


def gzip_stream(data: bytes) -> bytes:
    """The zip `data` as one gzip stream over its members stored."""
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        return _stream((info, src.read(info)) for info in src.infolist())


def inflate(data: bytes) -> bytes:
    """gzip_stream's zip back (the build's own checks and the Node tests read it)."""
    return gzip.decompress(data)


def engine_parts(
    wheel: bytes, package: str, later: Iterable[str], left_out: Iterable[str]
) -> dict[str, bytes]:
    """The site wheel's package files in two archives (gzip_stream's kind), which the
    worker unpacks into site-packages: "core", what a first visit's pages use, and
    "later", the modules only the later tier uses (fetched when first asked for:
    tsuro_core/features.py imports them on first use).  `later` and `left_out` are
    module paths under the package ("bots/review", "neu/": a folder); `left_out`
    (the command lines) goes in neither.  The dist-info stays with the wheel."""

    def matches(name: str, prefixes: Iterable[str]) -> bool:
        rel = name[len(package) + 1 :]
        return any(rel == p + ".pyc" or (p.endswith("/") and rel.startswith(p)) for p in prefixes)

    later, left_out = tuple(later), tuple(left_out)
    parts: dict[str, list[tuple[zipfile.ZipInfo, bytes]]] = {"core": [], "later": []}
    with zipfile.ZipFile(io.BytesIO(wheel)) as z:
        for info in z.infolist():
            name = info.filename
            if not name.startswith(package + "/") or matches(name, left_out):
                continue
            parts["later" if matches(name, later) else "core"].append((info, z.read(info)))
    return {part: _stream(members) for part, members in parts.items()}
