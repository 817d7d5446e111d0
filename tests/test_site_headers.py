"""The site's HTTP headers: one table (SITE_HEADERS in sitebuild/headers.py) for netlify.toml
and the local server; a Content-Security-Policy on every page that the pages' own markup satisfies.

The browser side (nothing violates the policy while playing, framing, the engine worker
under the policy) is in tests/browser/test_site_security.py.
"""

from __future__ import annotations

import base64
import hashlib
import re
import urllib.request
from pathlib import Path

from sitebuild import headers as site_headers
from sitebuild import rooms

ROOT = Path(__file__).resolve().parent.parent
CSP = "Content-Security-Policy"
FRAMEABLE = {
    "/embed.html",
    "/smoke.html",
    "/lesson.html",
    "/embed",
    "/smoke",
    "/lesson",
}  # frameable


def _directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def _site_paths(dist: Path) -> list[str]:
    """Every URL path of the built site, and the folder URLs that serve an index.html."""
    paths = ["/" + p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()]
    return paths + [
        "/" + p.parent.relative_to(dist).as_posix() + "/" if p.parent != dist else "/"
        for p in dist.rglob("index.html")
    ]


def test_netlify_toml_is_written_from_the_table(build_module):
    assert (ROOT / "netlify.toml").read_text(encoding="utf-8") == site_headers.netlify_toml(), (
        "netlify.toml is stale: run `python3 build.py netlify-toml`"
    )
    assert site_headers.netlify_header_rules(ROOT) == site_headers.SITE_HEADERS


def test_no_header_is_set_twice_for_a_path(build_module, dist_dir):
    # Netlify's servers and its CLI treat duplicates differently (joined vs last wins):
    # every response must get each header from one rule.
    for path in _site_paths(dist_dir):
        seen: dict[str, str] = {}
        for pattern, values in site_headers.SITE_HEADERS:
            if site_headers.pattern_matches(pattern, path):
                for name in values:
                    assert name not in seen, f"{path}: {name} from both {seen[name]} and {pattern}"
                    seen[name] = pattern


def test_every_page_and_the_workers_have_the_policy(build_module, dist_dir, build_info):
    pages = ["/" + p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*.html")]
    pages += ["/", "/tutorial/"]
    # Netlify serves /daily for /daily.html and matches its header rules on /daily.
    pages += [p[:-5] for p in pages if p.endswith(".html") and p.count("/") == 1]
    workers = ["/sw.js", "/" + build_info["assets"] + "engine.worker.js"]
    for path in pages + workers:
        headers = site_headers.headers_for(path)
        if path.endswith("/"):
            headers.update(site_headers.headers_for(path + "index.html"))
        assert headers.get("X-Content-Type-Options") == "nosniff", path
        assert headers.get("Referrer-Policy") == "no-referrer", path
        d = _directives(headers.get(CSP, ""))
        assert d.get("default-src") == ["'self'"], path
        assert d["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"], path
        assert all(s.startswith("'sha256-") for s in d["script-src"][2:]), path
        assert d.get("object-src") == ["'none'"] and d.get("base-uri") == ["'none'"], path
        # a lesson reads a lesson file an author hosts on any https:// site (CORS); the live
        # rooms reach their signalling relays: exactly the build's list (rooms.py)
        connect = ["'self'"]
        if path in ("/lesson.html", "/lesson"):
            connect = ["'self'", "https:"]
        if path in ("/room.html", "/room"):
            connect = ["'self'", *rooms.connect_sources().split()]
        assert d.get("connect-src") == connect and d.get("style-src") == ["'self'"], path
        assert "'unsafe-inline'" not in headers[CSP] and "'unsafe-eval'" not in headers[CSP], path
        if path in FRAMEABLE:
            assert "frame-ancestors" not in d, path  # any site may embed it
        elif path in pages:
            assert d.get("frame-ancestors") == ["'none'"], path


def test_the_pages_need_nothing_the_policy_forbids(build_module, dist_dir):
    """Inline scripts only by hash; no inline styles, event handlers or javascript: URLs."""
    for page in dist_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        path = "/" + page.relative_to(dist_dir).as_posix()
        allowed = _directives(site_headers.headers_for(path)[CSP])["script-src"]
        for attrs, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S | re.I):
            if "src=" in attrs:
                assert not body.strip(), path
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in allowed, (
                f"{path}: inline script not in the policy: {body[:80]}"
            )
        assert not re.search(r"<style\b", html, re.I), f"{path}: <style> (style-src 'self')"
        assert not re.search(r"\sstyle\s*=", html, re.I), f"{path}: style= attribute"
        assert not re.search(r"\son[a-z]+\s*=", html, re.I), f"{path}: inline event handler"
        assert "javascript:" not in html, path


def test_the_server_sends_the_table(server, build_info):
    def head(path):
        with urllib.request.urlopen(server + path) as resp:
            resp.read()
            return resp.headers

    for path, frame in (
        ("", "'none'"),
        ("index.html", "'none'"),
        ("tutorial/", "'none'"),
        ("embed.html", None),
        ("embed", None),
        ("daily", "'none'"),
        (build_info["assets"] + "engine.worker.js", "'none'"),
    ):
        h = head(path)
        assert h["X-Content-Type-Options"] == "nosniff" and h["Referrer-Policy"] == "no-referrer"
        d = _directives(h[CSP])  # the test server adds report-uri to collect violations
        assert d["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"], path
        assert d.get("frame-ancestors", [None]) == [frame], path
        assert d["report-uri"] == ["/__csp-report"], path
    # Served without ".html" too, as Netlify does: the same page, under its own policy.
    with urllib.request.urlopen(server + "embed") as resp:
        assert resp.headers["Content-Type"].startswith("text/html")
        assert b"<html" in resp.read().lower()
