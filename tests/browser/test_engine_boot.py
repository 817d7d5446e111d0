"""The engine boots in a Web Worker in headless Chromium, every way it can."""

from __future__ import annotations

import re

import pagekit
import pytest

from tsuro_core import __version__

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

READY = "document.body.dataset.ready"


def wait_ready(page):
    page.wait_for_function(READY)
    assert page.evaluate(READY) == "yes", page.inner_text("#status")


def test_worker_boots_with_progress(page, server):
    page.goto(server + "smoke.html?sw=off")
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["engine"] == {"version": __version__}
    assert info["install"] == "snapshot"  # the game's default
    assert info["snapshot"] == "to-make"  # a first visit: booted afresh, the snapshot follows

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
    code = page.evaluate(
        "window.tsuro.engine.request('no-such-op').then(() => null, (e) => e.code)"
    )
    assert code == "unknown_op"
    assert page.evaluate("window.tsuro.request('tiles')")["tiles"] == page.evaluate(
        "fetch('tiles.json').then((r) => r.json())"
    )
    assert not [e for e in page.console_errors if "favicon" not in e]


@pytest.mark.parametrize("install", ["snapshot", "lock", "micropip"])
def test_install_paths(page, server, install):
    page.goto(server + f"smoke.html?sw=off&install={install}")
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["install"] == install
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}


def test_micropip_install_from_another_origin(page, server, other_origin, build_info):
    """As any other Pyodide page would: micropip.install() of the site's wheel URL."""
    base, directory = other_origin
    (directory / "blank.html").write_text(
        "<!doctype html><title>blank</title><link rel=icon href='data:,'>"
    )
    page.goto(base + "blank.html")
    result = page.evaluate(
        """async ([site, b]) => {
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
    }""",
        [server, build_info],
    )
    assert result == '{"ok":true,"result":{"version":"' + __version__ + '"}}'


# Whether the service worker's cache holds a file of our assets (any build's folder).
KEPT = """async (tail) => {
  for (const name of await caches.keys()) {
    const keys = await (await caches.open(name)).keys();
    if (keys.some((req) => req.url.endsWith(tail))) return true;
  }
  return false;
}"""


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
        assert page.evaluate("window.tsuro.engine.snapshotDone")["state"] == "stored"
        # A language other than English is not precached: the worker keeps its
        # messages once the page has fetched them.
        page.goto(site + "?lang=de&anim=0")
        page.wait_for_selector("#setup[open]")
        assert page.title() == "Tsuro: Das Spiel des Weges"
        page.wait_for_function(KEPT, arg="js/lib/words/messages/core/de.js")
        assert page.evaluate(KEPT, "js/lib/words/messages/core/de.js") and not page.evaluate(
            KEPT, "js/lib/words/messages/core/ja.js"
        )
        # The lock path's stdlib (what its loadPackage imports besides the snapshot
        # path's) is not a first visit's: the worker keeps it once a page used it.
        page.goto(site + "smoke.html?install=lock")
        wait_ready(page)
        page.goto(site + "smoke.html")
        wait_ready(page)
    finally:
        srv.shutdown()
        srv.server_close()
    context.set_offline(True)
    try:
        # offline: German, used before, still German; Japanese, never fetched, falls back
        # to English (the page works, in the words it has)
        page.goto(site + "?lang=de&anim=0")
        page.wait_for_selector("#setup[open]")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.inner_text("#setup-title") == "Neue Partie"
        page.goto(site + "?lang=ja&anim=0")
        page.wait_for_selector("#setup[open]")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.inner_text("#setup-title") == "New game"
        # an engine started afresh, as on a later day's visit (the shared one of the
        # visits above is still up: it outlives a navigation)
        page.goto(site + "smoke.html?engine=dedicated")
        wait_ready(page)
        # Nothing answers but the service worker's cache.
        assert (
            page.evaluate("fetch('build.json').then(() => 'online', () => 'offline')") == "offline"
        )
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}
        assert (
            page.evaluate("fetch('tiles.json').then((r) => r.json()).then((t) => t.length)") == 35
        )
        # The snapshot made on the first visit restores offline too; the
        # other game path (lock) needs what was precached and its stdlib, kept when used.
        assert page.evaluate("window.tsuro.ready")["snapshot"] == "restored"
        page.goto(site + "smoke.html?install=lock&engine=dedicated")
        wait_ready(page)
        assert page.evaluate("window.tsuro.ready")["install"] == "lock"
    finally:
        context.set_offline(False)


def test_embedded_in_iframe_from_another_origin(page, server, other_origin):
    base, directory = other_origin
    (directory / "host.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'>"
        f"<p>A page on another origin embedding the board:</p>"
        f"<iframe id=board src='{server}smoke.html' width=800 height=600></iframe>"
    )
    page.goto(base + "host.html")
    assert page.evaluate("location.origin") != server.rstrip("/")
    frame = page.frame_locator("#board")
    frame.locator("body[data-ready]").wait_for(state="attached")
    inner = next(f for f in page.frames if f.url.startswith(server))
    assert inner.evaluate(READY) == "yes", inner.inner_text("#status")
    assert inner.evaluate("window.tsuro.request('version')") == {"version": __version__}


@pytest.fixture(scope="module")
def site_without_wheel(serve_site, dist_dir, build_info, tmp_path_factory):
    """A copy of the site whose engine is missing: the wheel (the lock and micropip
    paths') and the snapshot path's parts."""
    import os
    import shutil

    copy = tmp_path_factory.mktemp("broken") / "dist"
    shutil.copytree(dist_dir, copy, copy_function=os.link)
    (copy / build_info["engine"]["wheel"]).unlink()
    for part in build_info["engine"]["parts"].values():
        (copy / part["url"]).unlink()
    srv, url = serve_site(copy, host="127.0.0.1")
    yield url.replace("127.0.0.1", "localhost")
    srv.shutdown()
    srv.server_close()


@pytest.mark.parametrize("install", ["snapshot", "lock", "micropip"])
def test_a_failed_install_is_reported(page, site_without_wheel, install):
    # loadPackage does not reject when a download fails: the worker must notice.
    page.goto(site_without_wheel + f"smoke.html?sw=off&install={install}")
    page.wait_for_function(READY)
    assert page.evaluate(READY) == "failed"
    code = page.evaluate("window.tsuro.ready.then(() => 'ready', (e) => e.code)")
    assert code == "install_failed"
    answer = page.evaluate("window.tsuro.request('version')")
    assert answer["error"]["code"] == "install_failed"


SNAPSHOT = "window.tsuro.engine.snapshotDone"


def test_snapshot_switch_off(page, server):
    page.goto(server + "smoke.html?sw=off&snapshot=off")
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["install"] == "lock" and info["snapshot"] == "off"
    assert page.evaluate("caches.has('tsuro-snapshot')") is False


def test_one_shared_engine_for_many_pages(new_context, server):
    context = new_context(first_visit=False)  # a returning player's: not about the first visit
    pages = [context.new_page() for _ in range(3)]
    for p in pages:
        p.goto(server + "smoke.html?sw=off&engine=shared")
    for p in pages:
        wait_ready(p)
        assert p.evaluate("window.tsuro.request('version')") == {"version": __version__}
    # One worker answered all three: its start-up timings are the same object.
    timings = [p.evaluate("window.tsuro.ready").get("timings") for p in pages]
    assert timings[0] == timings[1] == timings[2]
    assert pages[0].evaluate("window.tsuro.engine.shared") is True


def test_request_timeout_restarts_the_engine(new_page, server):
    page = new_page(first_visit=False)  # a returning player's: not about the first visit
    page.goto(server + "smoke.html?sw=off")
    wait_ready(page)
    code = page.evaluate("""async () => {
        const e = window.tsuro.engine;
        const {position} = await e.request("new_game", {players: 4, seed: 1});
        // The planner thinks for 500 ms (the most the API allows); the page waits 100 ms.
        return e.request("hint", {position, budget_ms: 500}, {timeoutMs: 100})
            .then(() => "answered", (err) => err.code);
    }""")
    assert code == "timeout"
    page.evaluate("window.tsuro.engine.ready")
    assert page.evaluate("window.tsuro.engine.generation") == 1
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}


@pytest.fixture(scope="module")
def site_with_tampered_wheel(serve_site, dist_dir, build_info, tmp_path_factory):
    """A copy of the site whose engine is not the build's (one byte changed): the wheel
    (the lock and micropip paths') and the snapshot path's core part."""
    import os
    import shutil

    copy = tmp_path_factory.mktemp("tampered") / "dist"
    shutil.copytree(dist_dir, copy, copy_function=os.link)
    for rel in (build_info["engine"]["wheel"], build_info["engine"]["parts"]["core"]["url"]):
        path = copy / rel
        data = bytearray(path.read_bytes())
        path.unlink()
        data[-30] ^= 0xFF
        path.write_bytes(bytes(data))
    srv, url = serve_site(copy, host="127.0.0.1")
    yield url.replace("127.0.0.1", "localhost")
    srv.shutdown()
    srv.server_close()


@pytest.mark.parametrize("install", ["snapshot", "lock", "micropip"])
def test_a_wheel_that_is_not_the_builds_is_refused(page, site_with_tampered_wheel, install):
    page.goto(site_with_tampered_wheel + f"smoke.html?sw=off&install={install}")
    page.wait_for_function(READY)
    assert page.evaluate(READY) == "failed"
    assert (
        page.evaluate("window.tsuro.ready.then(() => 'ready', (e) => e.code)") == "install_failed"
    )


def test_service_worker_refuses_files_that_are_not_the_builds(
    page, site_with_tampered_wheel, build_info
):
    page.goto(site_with_tampered_wheel + "smoke.html?install=lock")
    page.wait_for_function(
        READY
    )  # the engine fails (lock file sha256); register the worker by hand
    state = page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.register("sw.js");
        const sw = reg.installing || reg.waiting || reg.active;
        if (sw.state === "activated") return "activated";
        return new Promise((resolve) => sw.addEventListener("statechange",
            () => (sw.state === "redundant" || sw.state === "activated") && resolve(sw.state)));
    }""")
    # the precache found the engine's core part's sha256 wrong: not installed
    assert state == "redundant"
    cached = page.evaluate(
        "(url) => caches.match(url).then((r) => !!r)",
        site_with_tampered_wheel + build_info["engine"]["parts"]["core"]["url"],
    )
    assert cached is False


def _tutorial_boxes(page, server):
    """The rules tutorial with every board drawn (lessons drawn in the page, each in its
    box): {"record": [boxes stepping through a game], "try": [boxes with a move to play]}."""
    page.goto(server + "tutorial/index.html")
    page.wait_for_load_state("load")
    pagekit.tutorial_boards_loaded(page)
    boxes = {"record": [], "try": []}
    for i in range(page.locator(".lesson-box").count()):
        box = page.locator(".lesson-box").nth(i)
        live = box.evaluate("(b) => !!b.dataset.mode")
        boxes["try" if live else "record"].append(box)
    return boxes


def test_tutorial_boards_share_one_engine_and_records_need_none(page, server):
    boxes = _tutorial_boxes(page, server)
    # the dragon tile, then the variants and the shared wins (tools/tutorial_links.py --records)
    assert len(boxes["record"]) == 8 and len(boxes["try"]) == 6
    dragon = boxes["record"][0]
    # The dragon-tile lesson steps through its game from the build's precomputed answer.
    assert dragon.locator("[data-part=where]").inner_text() == "Step 1 of 2"
    dragon.locator("[data-part=next]").click()
    dragon.locator("[data-part=told]").filter(has_text="dragon tile").wait_for()
    for box in boxes["record"]:
        assert re.fullmatch(r"Step \d+ of \d+", box.locator("[data-part=where]").inner_text())
    # the open-hands game shows its three players' hands, and only it
    hands = [box.locator("[data-part=open-hands] li").count() for box in boxes["record"]]
    assert hands.count(3) == 1 and sum(hands) == 3, hands
    # No engine for all that: the boards with a move to try wait for the reader.
    assert page.evaluate("performance.getEntriesByName('tsuro-engine-ready').length") == 0
    assert all(
        b.locator("[data-part=progress]").is_hidden() for b in boxes["try"] + boxes["record"]
    )
    # The reader points at each board that needs rules: every one is live, on one engine.
    for box in boxes["try"]:
        box.scroll_into_view_if_needed()
        box.locator(".board-box").hover()
        box.locator(pagekit.READER_TURN).first.wait_for()
    assert page.evaluate("window.tsuro.ready")["engine"] == {"version": __version__}
    assert page.evaluate("performance.getEntriesByName('tsuro-engine-ready').length") == 1
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}


# Every message the page's engine worker sends, in the order the page gets them.
WORKER_LOG = """(() => {
    const Real = window.Worker;
    window.workerLog = [];
    window.Worker = class extends Real {
        constructor(...args) {
            super(...args);
            this.addEventListener("message", (e) => {
                const m = e.data || {};
                window.workerLog.push(m.type ? `${m.type}:${m.state || ""}` : `reply:${m.id}`);
            });
        }
    };
})()"""


# A seeded game of survivor bots through the page's engine, its result, an illegal
# move's error, and an unseeded deal (fresh randomness).
GAME = """async () => {
    const r = (op, args) => window.tsuro.request(op, args);
    let pos = (await r("new_game", {players: 3, seed: 5})).position;
    const moves = [];
    while (pos.turn !== null) {
        const asked = {position: pos, bot: "survivor", seed: moves.length};
        const m = (await r("bot_move", asked)).move;
        moves.push(m);
        pos = (await r("play", {position: pos, move: m, seed: 1})).position;
    }
    return {moves, result: await r("result", {position: pos}),
            error: await r("play", {position: pos, move: {tile: 1, rot: 0}}),
            unseeded: (await r("new_game", {players: 2})).position.pile};
}"""

# The planner's warm-up has begun; a hint asked then is answered before it ends.
DURING_WARM_UP = """async () => {
    const e = window.tsuro.engine;
    await new Promise((resolve) => {
        const poll = () => e.warmup ? resolve() : setTimeout(poll, 5);
        poll();
    });
    const {position} = await e.request("new_game", {players: 4, seed: 3});
    const hint = await e.request("hint", {position, iterations: 2, seed: 1});
    window.workerLog.push(`answered:${e.warmup.state}`);
    return {hint, done: await e.warmupDone};
}"""


def warmed_up_after_ready(page) -> list[str]:
    """The warm-up started after "ready", a request sent while it ran was answered
    before it ended, and it ended done; returns the worker's messages."""
    answered = page.evaluate(DURING_WARM_UP)
    log = page.evaluate("window.workerLog")
    assert answered["hint"]["info"]["iterations"] == 2
    done = answered["done"]
    assert done["state"] == "done" and done["slices"] > 0, done
    ready, running = log.index("ready:"), log.index("warmup:running")
    assert ready < running < log.index("answered:running") < log.index("warmup:done"), log
    return log


@pytest.mark.warm_up
def test_snapshot_made_restored_alike_and_remade_if_corrupt_with_the_warm_up_after_ready(
    page, server
):
    """One first visit, in turn: the snapshot is made, and the planner's warm-up starts
    only after "ready" and after the snapshot is stored, letting a request through; two
    returning visits restore it, warm up again and play the same seeded game, each with
    fresh randomness; a spoilt snapshot falls back to a fresh boot (never worse) and is
    made again, then restored."""
    page.add_init_script(WORKER_LOG)
    # a worker of the page's own, so that each reload starts one afresh, as a later day's
    # visit does (the shared one outlives a navigation)
    page.goto(server + "smoke.html?sw=off&engine=dedicated")
    wait_ready(page)
    log = warmed_up_after_ready(page)
    assert log.index("snapshot:stored") < log.index("warmup:running"), log
    made = page.evaluate(SNAPSHOT)
    assert made["state"] == "stored" and made["rawBytes"] > made["bytes"] > 1_000_000, made
    fresh = page.evaluate(GAME)
    restored = []
    for _ in range(2):
        page.reload()
        wait_ready(page)
        info = page.evaluate("window.tsuro.ready")
        assert info["install"] == "snapshot" and info["snapshot"] == "restored", info
        warmed_up_after_ready(page)
        restored.append(page.evaluate(GAME))
    for r in restored:
        assert r["moves"] == fresh["moves"] and r["result"] == fresh["result"]
        assert r["error"]["error"]["code"] == fresh["error"]["error"]["code"]
    # Each restore draws fresh randomness (the snapshot froze `random`).
    assert len({tuple(r["unseeded"]) for r in [fresh, *restored]}) == 3
    # Spoil the stored entry (same key, wrong bytes).
    page.evaluate("""async () => {
        const cache = await caches.open("tsuro-snapshot");
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        bytes.fill(7, 64, 64 + 100000);
        await cache.put(key, new Response(bytes));
    }""")
    page.reload()
    wait_ready(page)
    info = page.evaluate("window.tsuro.ready")
    assert info["snapshot"] == "to-make", info  # booted afresh, never worse
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}
    assert page.evaluate(SNAPSHOT)["state"] == "stored"  # and replaced
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.tsuro.ready")["snapshot"] == "restored"


@pytest.mark.warm_up
def test_warm_up_follows_ready_and_lets_requests_through_on_the_lock_path(page, server):
    """As on the snapshot path (above), without a snapshot to make first."""
    page.add_init_script(WORKER_LOG)
    page.goto(server + "smoke.html?sw=off&install=lock&engine=dedicated")
    wait_ready(page)
    log = warmed_up_after_ready(page)
    assert "snapshot:stored" not in log, log


@pytest.mark.warm_up
def test_warm_up_switch_off(page, server):
    page.goto(server + "smoke.html?sw=off&install=lock&warmup=off")
    wait_ready(page)
    assert page.evaluate("window.tsuro.request('version')") == {"version": __version__}
    assert page.evaluate("window.tsuro.engine.warmup") is None


# The worker that answers: when it began (its clock's origin, in its "ready" message).
WORKER_BORN = "window.tsuro.ready.then((r) => r.timings.origin)"


def test_the_next_page_finds_the_engine_up(page, server):
    """The pages share one engine, kept across a navigation (docs/browser-api.md): the
    next page's engine is the same worker, up already; `?engine=dedicated` gives a page a
    worker of its own, started afresh."""
    page.goto(server + "?sw=off&anim=0")
    first = page.evaluate(WORKER_BORN)
    assert page.evaluate("window.tsuro.engine.shared") is True
    for path in ("daily.html", "review.html", "puzzles.html"):
        page.goto(server + path + "?sw=off&anim=0")
        assert page.evaluate(WORKER_BORN) == first, path
    page.goto(server + "daily.html?sw=off&anim=0&engine=dedicated")
    assert page.evaluate("window.tsuro.engine.shared") is False
    assert page.evaluate(WORKER_BORN) > first
