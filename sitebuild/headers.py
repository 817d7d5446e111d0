"""The site's HTTP headers: this table is the one source.  The local server
(`build.py serve`, the tests, the benchmarks) reads it; netlify.toml is written
from it by `python3 build.py netlify-toml` (tests/test_site_headers.py checks
the two agree).  No header name is set by two rules matching the same path:
Netlify's servers and its CLI merge such duplicates differently."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tomllib
from pathlib import Path

from .common import ROOT
from .rooms import connect_sources

Rules = list[tuple[str, dict[str, str]]]

# The pages' one inline script (tools/static_board.py: the board is on screen);
# the policy allows it by its hash and allows no other inline script.
INLINE_SCRIPTS = ('performance.mark("board-visible")',)


def _script_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def content_security_policy(frame_ancestors: str | None, connect: str = "'self'") -> str:
    """Only our own origin, plus compiling WebAssembly (Pyodide) and the hashed inline script.

    frame_ancestors None leaves framing open (pages meant to be embedded);
    connect is where the page's scripts may fetch from (connect-src): the
    room page's relays too (rooms.py).
    """
    directives = [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' " + " ".join(_script_hash(s) for s in INLINE_SCRIPTS),
        "style-src 'self'",
        "img-src 'self' data:",  # data: for the favicon
        f"connect-src {connect}",
        "worker-src 'self'",
        "frame-src 'self'",  # our boards in our pages' previews, the shared engine's owner frame
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
    if frame_ancestors:
        directives.append(f"frame-ancestors {frame_ancestors}")
    return "; ".join(directives)


CSP = "Content-Security-Policy"
PAGE_CSP = content_security_policy("'none'")  # the game, the tutorial: never framed
FRAMEABLE_CSP = content_security_policy(None)  # the embed (and the smoke page): any host may frame
# A lesson (lesson.html) is framed by any host too, and may read a lesson file an
# author hosts on any https:// site that allows it (CORS): the file is data, and
# the engine checks it before anything of it is shown (docs/lessons.md).
LESSON_CSP = content_security_policy(None, connect="'self' https:")
# The live rooms: the signalling relays too (sitebuild/rooms.py, the one list).
ROOM_CSP = content_security_policy("'none'", "'self' " + connect_sources())
IMMUTABLE = "public, max-age=31536000, immutable"
JS_TYPE = "text/javascript; charset=utf-8"

# The top-level pages and their policy.  Netlify also serves each page without
# its ".html" (/daily for /daily.html) and matches header rules on the path
# asked for, so each page gets its rule under both names.
PAGE_POLICIES = {
    "/index.html": PAGE_CSP,
    "/daily.html": PAGE_CSP,
    "/puzzles.html": PAGE_CSP,
    "/link.html": PAGE_CSP,
    "/editor.html": PAGE_CSP,
    "/room.html": ROOM_CSP,
    "/review.html": PAGE_CSP,
    "/embed.html": FRAMEABLE_CSP,
    "/lesson.html": LESSON_CSP,
    "/lesson-edit.html": PAGE_CSP,
    "/smoke.html": FRAMEABLE_CSP,
}

SITE_HEADERS: Rules = [
    # Every response.
    ("/*", {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}),
    # Pyodide, by version: never changes.
    ("/pyodide/*", {"Cache-Control": IMMUTABLE, "Access-Control-Allow-Origin": "*"}),
    # Our JS/CSS, in a folder named by the hash of its contents.  The policy
    # is the engine worker's (a worker's comes with its script).
    ("/assets/*", {"Cache-Control": IMMUTABLE, CSP: PAGE_CSP}),
    # The engine wheel, in a folder named by its sha256.
    ("/wheels/*", {"Cache-Control": IMMUTABLE, "Access-Control-Allow-Origin": "*"}),
    # The trimmed, precompiled stdlib, in a folder named by its sha256.
    ("/stdlib/*", {"Cache-Control": IMMUTABLE}),
    # The engine's parts for the snapshot path, each in a folder named by its sha256.
    ("/engine/*", {"Cache-Control": IMMUTABLE}),
    # Positions of the records our pages embed, named by the hash of their content.
    ("/precomputed/*", {"Cache-Control": IMMUTABLE}),
    ("/*.wasm", {"Content-Type": "application/wasm"}),
    ("/*.mjs", {"Content-Type": JS_TYPE}),
    ("/*.whl", {"Content-Type": "application/zip"}),
    # Pages, the service worker and the unhashed data: always revalidate.
    ("/", {"Cache-Control": "no-cache", CSP: PAGE_CSP}),
    ("/*.html", {"Cache-Control": "no-cache"}),
    ("/tutorial/*", {CSP: PAGE_CSP}),
    *[
        (path, {CSP: policy})
        for page, policy in PAGE_POLICIES.items()
        for path in (page, page[:-5])
    ],
    ("/sw.js", {"Cache-Control": "no-cache", "Content-Type": JS_TYPE, CSP: PAGE_CSP}),
    ("/tiles.json", {"Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*"}),
    ("/build.json", {"Cache-Control": "no-cache"}),
    # The lessons our tutorial plays, files an author may open or copy from anywhere.
    ("/lessons/*", {"Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*"}),
]

NETLIFY_TOML_HEAD = """\
# Netlify: build with build.py, publish dist/.
# GENERATED by `python3 build.py netlify-toml` from SITE_HEADERS in
# sitebuild/headers.py, which `python3 build.py serve` and the tests serve with
# too: edit the table there, not this file.

[build]
  command = "python3 build.py"
  publish = "dist"

[build.environment]
  PYTHON_VERSION = "3.11"
  NODE_VERSION = "20"
"""


def netlify_toml(rules: Rules = SITE_HEADERS) -> str:
    """netlify.toml's text: the build settings and one [[headers]] table per rule."""
    out = [NETLIFY_TOML_HEAD]
    for pattern, values in rules:
        out.append(f"\n[[headers]]\n  for = {json.dumps(pattern)}\n  [headers.values]\n")
        out += [f"    {name} = {json.dumps(value)}\n" for name, value in values.items()]
    return "".join(out)


def netlify_header_rules(root: Path = ROOT) -> Rules:
    """The [[headers]] rules of netlify.toml as (pattern, headers)."""
    try:
        with open(root / "netlify.toml", "rb") as f:
            conf = tomllib.load(f)
    except OSError:
        return []
    return [(h["for"], dict(h.get("values", {}))) for h in conf.get("headers", [])]


def pattern_matches(pattern: str, path: str) -> bool:
    """Netlify-style: '*' matches anything, '/' included."""
    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    return re.match(regex, path) is not None


def headers_for(path: str, rules: Rules = SITE_HEADERS) -> dict[str, str]:
    """Headers the rules give a URL path (later rules win on the same name)."""
    out: dict[str, str] = {}
    for pattern, values in rules:
        if pattern_matches(pattern, path):
            out.update(values)
    return out


def with_csp_reporting(headers: dict[str, str], report_only: bool = False) -> dict[str, str]:
    """The headers with the policy reporting its violations to /__csp-report (test servers).

    report_only sends it as Content-Security-Policy-Report-Only: violations are
    reported, nothing is blocked.
    """
    out = dict(headers)
    policy = out.pop(CSP, None)
    if policy:
        out[CSP + ("-Report-Only" if report_only else "")] = policy + "; report-uri /__csp-report"
    return out
