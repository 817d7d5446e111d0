"""The service worker's later tier (sitebuild/precache.py LATER_PAGES): a page a first
visit does not carry is stored when a later visit asks for it ("fill-in"), and opened
offline before that, it sends the player to the game page, which says why; a first
visit that lands on a page of the tier keeps the whole tier at once (the real build's
editor); the fill-in keeps the later pages' words in the player's language too, so a
later page opened offline speaks it.

The first test builds its own copy of the site in which the puzzles page is in the
later tier, so the mechanism is tested whatever pages the real build puts there."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from pagekit import wait_phase

from sitebuild import precache

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

ROOT = Path(__file__).resolve().parents[2]

# Whether the service worker's current cache holds a file (a site-relative path).
STORED = """async (rel) => {
  const names = (await caches.keys()).filter((n) => /^tsuro-[0-9a-f]{16}$/.test(n));
  for (const name of names) {
    if (await (await caches.open(name)).match(new URL(rel, location.href).href)) return true;
  }
  return false;
}"""


@pytest.fixture
def later_site(dist_dir, build_info, tmp_path):
    """dist/ (hard-linked) with the puzzles page moved to the later tier in sw.js."""
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, copy_function=os.link)
    manifest = precache.precache_manifest(
        site, build_info["pyodideDir"].rstrip("/"), later_pages=("puzzles",)
    )
    sw = precache.service_worker((ROOT / "web" / "sw.js").read_text(encoding="utf-8"), manifest)
    (site / "sw.js").unlink()  # a hard link to dist/'s: never written through
    (site / "sw.js").write_text(sw, encoding="utf-8")
    build = json.loads((site / "build.json").read_text(encoding="utf-8"))
    build["precache"] = manifest
    (site / "build.json").unlink()
    (site / "build.json").write_text(json.dumps(build), encoding="utf-8")
    return site, manifest


def visit(page, url):
    """Open the game page and wait for its engine and the service worker's control."""
    page.goto(url)
    page.wait_for_function("window.tsuro && true")
    page.evaluate("window.tsuro.ready")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_a_later_page_is_stored_on_the_second_visit_and_said_when_missing_offline(
    page, context, serve_site, later_site
):
    site_dir, manifest = later_site
    page_js = next(r for r in manifest["later"] if r.endswith("js/pages/puzzles/main.js"))
    srv, base = serve_site(site_dir, host="127.0.0.1")
    site = base.replace("127.0.0.1", "localhost")
    try:
        # The first visit: the precache holds the game page, not the later tier.
        visit(page, site + "?anim=0")
        assert page.evaluate(STORED, "index.html")
        assert not page.evaluate(STORED, "puzzles.html")
        assert not page.evaluate(STORED, page_js)
        # Offline now, the puzzles page was never stored: the game page says so.
        context.set_offline(True)
        page.goto(site + "puzzles.html")
        page.wait_for_selector("#notice:not([hidden])")
        assert "not saved on this device yet" in page.inner_text("#notice-text")
        assert "offline=" not in page.url  # the address is the game page's own again
        context.set_offline(False)
        # The second visit (controlled from the start) fills the later tier in.
        visit(page, site + "?anim=0")
        page.wait_for_function(
            f"""(async () => {{
              const stored = {STORED};
              for (const rel of {json.dumps(manifest["later"])}) {{
                if (!(await stored(rel))) return false;
              }}
              return true;
            }})()"""
        )
    finally:
        srv.shutdown()
        srv.server_close()
    # With the server gone, the puzzles page opens and plays from the cache.
    context.set_offline(True)
    try:
        page.goto(site + "puzzles.html?anim=0")
        wait_phase(page, ["tile"])
    finally:
        context.set_offline(False)


def test_a_first_visit_to_a_later_page_keeps_it_for_offline(page, context, server, build_info):
    """The real build's later tier: a teacher whose first visit is the board editor finds it,
    and the lesson page its "Add to a lesson" opens, offline afterwards.  The editor loaded
    before the service worker was there to store it, so the worker's install, seeing a
    later page open, fetches the whole tier as a second visit would (sw.js laterPageOpen)."""
    later = build_info["precache"]["later"]
    assert {"editor.html", "lesson-edit.html"} <= set(later)
    page.goto(server + "editor.html?anim=0")
    wait_phase(page, ["checked"])
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        f"""(async () => {{
          const stored = {STORED};
          for (const rel of {json.dumps(later)}) {{
            if (!(await stored(rel))) return false;
          }}
          return true;
        }})()"""
    )
    context.set_offline(True)
    try:
        page.goto(server + "editor.html?anim=0")
        wait_phase(page, ["checked"])
        assert page.url == server + "editor.html?anim=0"  # not sent to the game page
        page.goto(server + "lesson-edit.html")
        wait_phase(page, ["ready"])
        assert page.url == server + "lesson-edit.html"
    finally:
        context.set_offline(False)


def test_the_fill_in_keeps_the_later_pages_words_in_the_players_language(
    page, context, server, build_info
):
    """A German player's second visit: the later tier comes with its German words (each
    later page's part of the compiled messages, sitebuild/messages.py), and not another
    language's; the room page, never opened, opens offline in German."""
    words = f"{build_info['assets']}js/lib/words/messages"
    german = [f"{words}/{part}/de.js" for part in ("room", "review", "editor", "lesson-edit")]
    assert set(german) <= set(build_info["precache"]["onDemand"])
    assert not set(german) & set(build_info["precache"]["later"])
    visit(page, server + "?anim=0&lang=de")  # the first visit installs the service worker
    visit(page, server + "?anim=0&lang=de")  # controlled from the start: the fill-in
    page.wait_for_function(
        f"""(async () => {{
          const stored = {STORED};
          for (const rel of {json.dumps([*german, f"{words}/room/en.js"])}) {{
            if (!(await stored(rel))) return false;
          }}
          return true;
        }})()"""
    )
    assert not page.evaluate(STORED, f"{words}/room/ja.js")
    context.set_offline(True)
    try:
        page.goto(server + "room.html?lang=de&relays=none")
        page.wait_for_selector("#new-panel:not([hidden])")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.inner_text("h1").strip() == "Live spielen"
    finally:
        context.set_offline(False)
