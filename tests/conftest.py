"""Shared fixtures: the built site (dist/) and a local server for it.

Browser fixtures (Playwright) live in tests/browser/conftest.py, the Node
runner's in tests/node/conftest.py.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import settings

from tools.test_timings import longest_first

ROOT = Path(__file__).resolve().parent.parent
# The property and fuzz tests (hypothesis) draw the same examples on every run, so a
# run of the suite never fails where the run before passed on the same code; what
# they find anew is found by exploring: TSURO_FUZZ=long draws fresh random examples
# (x25) each run (docs/testing.md).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("TSURO_FUZZ") == "long" else "repeatable")

if str(ROOT) not in sys.path:  # the tests import sitebuild/ (the build's modules)
    sys.path.insert(0, str(ROOT))


TIERS = {"browser": "browser", "node": "node"}  # tests/<folder>/ -> the tier's marker


def pytest_collection_modifyitems(items) -> None:
    """Each test under tests/browser/ or tests/node/ is of that tier (marked so), whether
    or not its module says it: `-m "not browser and not node"` is the fast tier.  The
    modules run longest first (tools/test_timings.py)."""
    for item in items:
        folder = Path(str(item.path)).parent.name
        if folder in TIERS:
            item.add_marker(TIERS[folder])
    items[:] = longest_first(items, ROOT)


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n logical` (pyproject's addopts): one worker more than the machine has cores.
    Each core then has a test ready when another test waits (a relay, a timer, an engine
    slowed on purpose, a page's load): on the 2-core machine the whole suite ran in 575,
    576 and 589 s on 3 workers against 618, 615 and 633 s on 2, alternated, the cores
    idle 28, 19 and 17 CPU-s against 92, 98 and 96 (docs/testing.md)."""
    return (os.cpu_count() or 1) + 1


def _load_build():
    spec = importlib.util.spec_from_file_location("tsuro_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("tsuro_build", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_module():
    """build.py, imported."""
    return sys.modules.get("tsuro_build") or _load_build()


@pytest.fixture(scope="session")
def dist_dir(build_module, tmp_path_factory) -> Path:
    """The built site: dist/, built unless fresh (inputs unchanged), as a hard-linked
    private copy, so that a rebuild by someone else in this checkout cannot pull
    the files from under a running test."""
    dest = tmp_path_factory.mktemp("site") / "dist"
    build_module.private_copy(dest)
    return dest


@pytest.fixture(scope="session")
def build_info(dist_dir) -> dict:
    """dist/build.json: versions, paths and the precache manifest of the build."""
    import json

    return json.loads((dist_dir / "build.json").read_text(encoding="utf-8"))


class ReportList(list):
    """A list the servers' threads append to, that a test can wait on."""

    def __init__(self) -> None:
        super().__init__()
        self._changed = threading.Condition()

    def append(self, item) -> None:
        with self._changed:
            super().append(item)
            self._changed.notify_all()

    def wait_for(self, predicate, timeout: float) -> bool:
        """Wait until predicate(self) holds (True), or `timeout` seconds pass (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)


# Every Content-Security-Policy violation a browser reported to the test
# servers (the policy's report-uri): pages, iframes, the engine worker and the
# service worker alike.  tests/browser/conftest.py fails a test that adds one.
CSP_REPORTS = ReportList()
# TSURO_CSP_REPORT_ONLY=1: send the policy as report-only (to learn what a
# change to the site needs before enforcing it).
CSP_REPORT_ONLY = os.environ.get("TSURO_CSP_REPORT_ONLY", "") not in ("", "0")


@pytest.fixture(scope="session")
def csp_reports() -> list:
    """The CSP violation reports the site's test servers received (append-only)."""
    return CSP_REPORTS


@pytest.fixture(scope="session")
def serve_site(build_module):
    """serve_in_thread() with the site's headers and CSP violations collected in CSP_REPORTS."""

    def serve(directory, **kwargs):
        kwargs.setdefault("csp_reports", CSP_REPORTS)
        kwargs.setdefault("csp_report_only", CSP_REPORT_ONLY)
        return build_module.serve_in_thread(directory, **kwargs)

    return serve


@pytest.fixture(scope="session")
def test_files(tmp_path_factory) -> Path:
    """A folder the site's server also serves, at /__tests__/: what the test harness needs
    on the site's origin (tests/browser/contextkit.py), never part of the site."""
    return tmp_path_factory.mktemp("test-files")


@pytest.fixture(scope="session")
def server(serve_site, dist_dir, test_files):
    """dist/ served on a free port in a background thread; yields the base URL.

    The URL names the host `localhost`; the same server answers on 127.0.0.1,
    which a browser treats as another origin.  /__tests__/ serves `test_files`.
    """
    srv, url = serve_site(dist_dir, host="127.0.0.1", mounts={"/__tests__/": test_files})
    yield url.replace("127.0.0.1", "localhost")
    srv.shutdown()
    srv.server_close()
