"""The engine boots in a Web Worker in headless Chromium, every way it can."""

from __future__ import annotations

import pytest

from tsuro_core import __version__

pytestmark = pytest.mark.browser

READY = "document.body.dataset.ready"


def wait_ready(page):
    page.wait_for_function(READY)
    assert page.evaluate(READY) == "yes", page.inner_text("#status")


def test_worker_boots_with_progress(page, server):
    page.goto(server + "smoke.html?sw=off")
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["engine"] == {"version": __version__}
    assert info["install"] == "lock"  # the game's default

    log = page.evaluate("window.progressLog")
    fractions = [p["fraction"] for p in log]
    assert fractions == sorted(fractions), fractions
    assert fractions[-1] == 1 and log[-1]["stage"] == "ready"
    stages = [p["stage"] for p in log]
    for stage in ("runtime", "engine", "ready"):
        assert stage in stages, stages
    assert any(0 < f < 1 for f in fractions)
    assert log[-1]["loaded"] == log[-1]["total"] > 10_000_000

    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}
    # Errors are values on window.tsuro, exceptions with a .code on the engine.
    err = page.evaluate("window.tsuro.request('no-such-op', {})")
    assert set(err) == {"error"} and err["error"]["code"] == "unknown_op"
    code = page.evaluate("window.tsuro.engine.request('no-such-op').then(() => null, (e) => e.code)")
    assert code == "unknown_op"
    assert page.evaluate("window.tsuro.request('tiles')")["tiles"] == page.evaluate(
        "fetch('tiles.json').then((r) => r.json())")
    assert not [e for e in page.console_errors if "favicon" not in e]


@pytest.mark.parametrize("install", ["lock", "loadpackage", "micropip"])
def test_install_paths(page, server, install):
    page.goto(server + f"smoke.html?sw=off&install={install}")
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["install"] == install
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}


def test_micropip_install_from_another_origin(page, server, other_origin, build_info):
    """As any other Pyodide page would: micropip.install() of the site's wheel URL."""
    base, directory = other_origin
    (directory / "blank.html").write_text("<!doctype html><title>blank</title><link rel=icon href='data:,'>")
    page.goto(base + "blank.html")
    result = page.evaluate("""async ([site, b]) => {
        const indexURL = site + b.pyodideDir;
        const { loadPyodide } = await import(indexURL + "pyodide.mjs");
        const pyodide = await loadPyodide({ indexURL });
        const errors = [];
        const loaded = await pyodide.loadPackage(site + b.micropipWheel,
            { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
        if (!loaded.length) throw new Error("micropip did not load: " + errors.join("; "));
        const micropip = pyodide.pyimport("micropip");
        await micropip.install(site + b.engine.wheel);
        return pyodide.runPython(
            "from tsuro_core.api import handle_json\\nhandle_json('{\\"op\\": \\"version\\"}')");
    }""", [server, build_info])
    assert result == '{"ok":true,"result":{"version":"%s"}}' % __version__


def test_offline_after_first_visit(page, context, serve_site, dist_dir):
    # A server of its own, so "offline" can also mean "the server is gone".
    srv, base = serve_site(dist_dir, host="127.0.0.1")
    site = base.replace("127.0.0.1", "localhost")
    try:
        page.goto(site + "smoke.html")
        wait_ready(page)
        # The service worker registers once the engine is ready; its install
        # precaches the whole site.
        page.evaluate("navigator.serviceWorker.ready")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
    finally:
        srv.shutdown()
        srv.server_close()
    context.set_offline(True)
    try:
        # Nothing answers but the service worker's cache.
        assert page.evaluate("fetch('build.json').then(() => 'online', () => 'offline')") == "offline"
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}
        assert page.evaluate("fetch('tiles.json').then((r) => r.json()).then((t) => t.length)") == 35
        # The other install paths need nothing more than what was precached.
        for install in ("micropip", "loadpackage"):
            page.goto(site + f"smoke.html?install={install}")
            wait_ready(page)
            assert page.evaluate("window.tsuro.ready")["install"] == install
    finally:
        context.set_offline(False)


def test_embedded_in_iframe_from_another_origin(page, server, other_origin):
    base, directory = other_origin
    (directory / "host.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'>"
        f"<p>A page on another origin embedding the board:</p>"
        f"<iframe id=board src='{server}smoke.html' width=800 height=600></iframe>")
    page.goto(base + "host.html")
    assert page.evaluate("location.origin") != server.rstrip("/")
    frame = page.frame_locator("#board")
    frame.locator("body[data-ready]").wait_for(state="attached")
    inner = next(f for f in page.frames if f.url.startswith(server))
    assert inner.evaluate(READY) == "yes", inner.inner_text("#status")
    assert inner.evaluate("window.tsuro.request('version')") == {"version": __version__}


@pytest.fixture(scope="module")
def site_without_wheel(serve_site, dist_dir, build_info, tmp_path_factory):
    """A copy of the site whose engine wheel is missing."""
    import os
    import shutil
    copy = tmp_path_factory.mktemp("broken") / "dist"
    shutil.copytree(dist_dir, copy, copy_function=os.link)
    (copy / build_info["engine"]["wheel"]).unlink()
    srv, url = serve_site(copy, host="127.0.0.1")
    yield url.replace("127.0.0.1", "localhost")
    srv.shutdown()
    srv.server_close()


@pytest.mark.parametrize("install", ["lock", "loadpackage", "micropip"])
def test_a_failed_install_is_reported(page, site_without_wheel, install):
    # loadPackage does not reject when a download fails: the worker must notice.
    page.goto(site_without_wheel + f"smoke.html?sw=off&install={install}")
    page.wait_for_function(READY)
    assert page.evaluate(READY) == "failed"
    code = page.evaluate("window.tsuro.ready.then(() => 'ready', (e) => e.code)")
    assert code == "install_failed"
    answer = page.evaluate("window.tsuro.request('version')")
    assert answer["error"]["code"] == "install_failed"
