"""The local HTTP server: dist/ with proper MIME types and the site's headers
(headers.SITE_HEADERS, the table netlify.toml is written from, so local and
deployed caching and security headers agree).  `build.py serve` is the dev
server; the tests and benchmarks start one in a thread."""

from __future__ import annotations

import contextlib
import http.server
import io
import json
import socket
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any, BinaryIO

from .common import DIST
from .headers import SITE_HEADERS, Rules, headers_for, with_csp_reporting

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with proper MIME types and the site's headers (SITE_HEADERS).

    HTTP/1.1, so a browser keeps its connections open between requests, as with any
    real host: HTTP/1.0 made it open a connection (and this server a thread) for each
    of a page's hundred-odd requests.  Without Nagle's algorithm: on a connection kept
    open, a response's last small segment waited for the browser's delayed ACK (up to
    40 ms a response)."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    rules: Rules = SITE_HEADERS
    mounts: dict[str, str] = {}  # noqa: RUF012 (URL prefix "/__bench/" -> directory)
    stats: list[tuple[str, int, int]] | None = None  # if a list: (path, bytes sent, status)
    latency = 0.0  # seconds to wait before each answer (benchmarks: a slow network)
    csp_reports: list[Any] | None = None  # if a list, the policy reports violations into it
    csp_report_only = False  # with csp_reports: report, do not block
    quiet = True

    def send_head(self) -> Any:
        if self.latency:
            time.sleep(self.latency)
        return super().send_head()

    def translate_path(self, path: str) -> str:
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        for prefix, directory in self.mounts.items():
            if url_path.startswith(prefix):
                rel = url_path[len(prefix) :]
                return str(
                    Path(directory, *[p for p in rel.split("/") if p not in ("", ".", "..")])
                )
        local = super().translate_path(path)
        if (
            not url_path.endswith("/")
            and not Path(local).exists()
            and Path(local + ".html").is_file()
        ):
            return local + ".html"  # /daily serves daily.html, as on Netlify
        return local

    def guess_type(self, path: Any) -> str:
        return MIME.get(Path(str(path)).suffix.lower(), "application/octet-stream")

    def end_headers(self) -> None:
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        headers = headers_for(url_path, self.rules)
        if url_path.endswith("/"):
            headers.update(headers_for(url_path + "index.html", self.rules))
        if "Cache-Control" not in headers:
            headers["Cache-Control"] = "no-cache"
        if self.csp_reports is not None:
            headers = with_csp_reporting(headers, self.csp_report_only)
        for k, v in headers.items():
            if k.lower() == "content-type":
                continue  # the MIME map already said it
            self.send_header(k, v)
        super().end_headers()

    def do_POST(self) -> None:
        """Only the policy's violation reports are posted here (when asked to collect them)."""
        if self.csp_reports is None or urllib.parse.urlsplit(self.path).path != "/__csp-report":
            self.send_error(405)
            return
        body = self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 1 << 16))
        try:
            report = json.loads(body)
        except ValueError:
            report = {"unreadable": body.decode("utf-8", "replace")}
        self.csp_reports.append(
            report.get("csp-report", report) if isinstance(report, dict) else report
        )
        self.send_response(204)
        self.end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """A file's body: by the kernel (sendfile) when it goes whole to the connection, as
        from any real host; the server's thread then copies none of its bytes (every test's
        browser context fetches the engine's 9.6 MB of WebAssembly afresh)."""
        if outputfile is self.wfile and isinstance(source, io.BufferedReader):
            sent = self.connection.sendfile(source)
        else:
            counter = _CountingWriter(outputfile)
            super().copyfile(source, counter)
            sent = counter.count
        if self.stats is not None:
            self.stats.append((urllib.parse.urlsplit(self.path).path, sent, 200))

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _CountingWriter:
    def __init__(self, raw: BinaryIO) -> None:
        self.raw, self.count = raw, 0

    def write(self, b: bytes) -> int:
        self.count += len(b)
        return self.raw.write(b)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # before the socket is bound: a busy port closes the server at once
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening and hang up the connections kept open: a server closed is gone
        (tests of offline play close theirs), not still answering on old connections."""
        super().server_close()
        with self._open_lock:
            kept, self._open = list(self._open), set()
        for conn in kept:
            with contextlib.suppress(OSError):  # already hung up
                conn.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that hangs up mid-download (a closed page) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    mounts: dict[str, Path] | None = None,
    stats: list[tuple[str, int, int]] | None = None,
    quiet: bool = True,
    latency: float = 0.0,
    csp_reports: list[Any] | None = None,
    csp_report_only: bool = False,
    rules: Rules | None = None,
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` (port 0 picks a free port).

    csp_reports: a list that receives every Content-Security-Policy violation
    the browser reports (the policy gets a report-uri); csp_report_only sends
    the policy as report-only.  rules: other headers than SITE_HEADERS (tests).
    """
    handler: type[SiteHandler] = type(
        "Handler",
        (SiteHandler,),
        {
            "rules": SITE_HEADERS if rules is None else rules,
            "mounts": {k: str(v) for k, v in (mounts or {}).items()},
            "stats": stats,
            "quiet": quiet,
            "latency": latency,
            "csp_reports": csp_reports,
            "csp_report_only": csp_report_only,
        },
    )

    def factory(*args: Any, **kwargs: Any) -> SiteHandler:
        return handler(*args, directory=str(directory), **kwargs)

    return _Server((host, port), factory)


def serve_in_thread(
    directory: Path = DIST, host: str = "127.0.0.1", port: int = 0, **kwargs: Any
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start make_server() in a daemon thread; returns (server, base URL ending in '/').

    Stop it with server.shutdown(); server.server_close().
    """
    server = make_server(directory, host, port, **kwargs)
    threading.Thread(target=server.serve_forever, name="tsuro-serve", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"
