#!/usr/bin/env python3
"""Assemble the static site in dist/ from nothing, and serve it for local play.

    python3 build.py                 build dist/ (skipped when its inputs are unchanged)
    python3 build.py --force         build even if dist/ looks fresh
    python3 build.py serve [--port N] [--host H]
                                     build, then serve dist/ on http://localhost:8000/
    python3 build.py netlify-toml    write netlify.toml from the headers table
    python3 build.py stdlib-doc      build, then write docs/stdlib.md (why each module of
                                     the trimmed stdlib is there) from the build

The build itself is the package sitebuild/ (standard library only), one module
per job: pins (the pinned Pyodide and micropip, fetched and sha256-checked),
wheel (the engine wheel, reproducible), precompile (the trimmed stdlib and the
wheel's bytecode, made in Pyodide under Node), icons, assets (web/ into
content-hashed assets/<sha>/, pages rewritten), precache (the service worker's
manifest), dist (the build's steps, freshness, the lock), headers (the site's
HTTP headers and CSP, netlify.toml) and serve (the local server).  dist.py's
docstring shows the layout of dist/.

This file is the command; it also re-exports what the tests and benchmarks
import from it (`serve_in_thread`, `private_copy`, ...).
"""

from __future__ import annotations

import argparse
import sys
from http.server import ThreadingHTTPServer
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # imported by path (tests, bench)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitebuild.common import DIST, ROOT, BuildError, log
from sitebuild.dist import build, ensure_built, is_fresh, private_copy, read_build_json
from sitebuild.headers import SITE_HEADERS, netlify_toml
from sitebuild.serve import make_server, serve_in_thread
from sitebuild.stdlib_doc import stdlib_doc

__all__ = [
    "DIST",
    "ROOT",
    "SITE_HEADERS",
    "BuildError",
    "build",
    "ensure_built",
    "is_fresh",
    "main",
    "make_server",
    "netlify_toml",
    "private_copy",
    "read_build_json",
    "serve_in_thread",
]


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Build (and serve) the Tsuro static site.")
    ap.add_argument(
        "command",
        nargs="?",
        default="build",
        choices=["build", "serve", "netlify-toml", "stdlib-doc"],
        help="netlify-toml: write netlify.toml from the headers table (SITE_HEADERS); "
        "stdlib-doc: write docs/stdlib.md from the build",
    )
    ap.add_argument("--force", action="store_true", help="rebuild even if dist/ is fresh")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    return ap


def serve_forever(server: ThreadingHTTPServer, host: str) -> None:
    """Serve until Ctrl-C, saying where."""
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "localhost") else host
    print(
        f"Serving dist/ at http://{shown}:{server.server_address[1]}/  (Ctrl-C to stop)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "netlify-toml":
        (ROOT / "netlify.toml").write_text(netlify_toml(), encoding="utf-8")
        log("wrote netlify.toml")
        return 0
    server = None
    if args.command == "serve":  # listen first: a busy port is told before any build
        try:
            server = make_server(DIST, args.host, args.port, quiet=False)
        except (OSError, OverflowError) as e:  # port taken or out of range, unknown host
            why = getattr(e, "strerror", None) or e
            print(
                f"build.py serve: cannot listen on {args.host}:{args.port}: {why} (try --port N)",
                file=sys.stderr,
            )
            return 2
    try:
        if args.command == "build" and not args.force and is_fresh():
            log("dist/ is up to date (use --force to rebuild)")
        else:
            ensure_built(force=args.force)
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        if server is not None:
            server.server_close()
        return 1
    if args.command == "stdlib-doc":
        (ROOT / "docs" / "stdlib.md").write_text(stdlib_doc(read_build_json()), encoding="utf-8")
        log("wrote docs/stdlib.md")
    if server is not None:
        serve_forever(server, args.host)
    return 0


if __name__ == "__main__":
    sys.exit(main())
