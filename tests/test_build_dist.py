"""build.py and sitebuild/: the layout of dist/, the wheel, the pins, the server's headers,
netlify.toml."""

from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import json
import re
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from sitebuild import assets, pins, precache
from sitebuild import precompile as pre
from sitebuild.common import walk
from sitebuild.stdlib_doc import stdlib_doc
from sitebuild.wheel import build_wheel
from tsuro_core import __version__
from tsuro_core.tiles import tile_table_json

ROOT = Path(__file__).resolve().parent.parent


def test_dist_layout(dist_dir, build_info, build_module):
    pyo = dist_dir / build_info["pyodideDir"]
    assert build_info["pyodideDir"] == f"pyodide/{pins.PYODIDE_VERSION}/"
    for name in (*pins.PYODIDE_FILES, pins.MICROPIP_WHEEL):
        assert (pyo / name).is_file(), name
    assert (
        hashlib.sha256((pyo / pins.MICROPIP_WHEEL).read_bytes()).hexdigest() == pins.MICROPIP_SHA256
    )

    # The wheel: a valid wheel file name, its hash in the folder name.
    wheel = dist_dir / build_info["engine"]["wheel"]
    assert re.fullmatch(r"tsuro_core-[^-]+-py3-none-any\.whl", wheel.name)
    sha = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert sha == build_info["engine"]["sha256"] and sha.startswith(wheel.parent.name)

    assert json.loads((dist_dir / "tiles.json").read_text()) == tile_table_json()
    # the puzzles ship as the committed data, and offline too
    shipped = json.loads((dist_dir / "puzzles.json").read_text(encoding="utf-8"))
    assert shipped == json.loads(
        (build_module.ROOT / "data" / "puzzles.json").read_text(encoding="utf-8")
    )
    assert "puzzles.json" in build_info["precache"]["urls"]

    # Every precached URL exists; sw.js carries the same manifest.
    manifest = build_info["precache"]
    for url in manifest["urls"]:
        assert (dist_dir / url).is_file(), url
    sw = (dist_dir / "sw.js").read_text()
    m = re.search(r"const MANIFEST = (\{.*?\});\n", sw)
    assert m and json.loads(m.group(1)) == manifest
    assert "sw.js" not in manifest["urls"]
    assert {
        f"{build_info['assets']}engine.worker.js",
        build_info["engine"]["parts"]["core"]["url"],
        f"{build_info['pyodideDir']}pyodide.asm.wasm",
    } <= set(manifest["urls"])
    # The snapshot path's engine parts, their hash in the folder name.
    for part in build_info["engine"]["parts"].values():
        data = (dist_dir / part["url"]).read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        assert sha == part["sha256"] and part["url"].startswith(f"engine/{sha[:16]}/")

    # Our JS lives only in the hashed folder; the folder name is the hash of its files.
    assert not (dist_dir / "js").exists() and not (dist_dir / "engine.worker.js").exists()
    assets = dist_dir / build_info["assets"]
    assert (assets / "js" / "build-info.js").is_file()


def test_pages_point_at_existing_hashed_assets(dist_dir, build_info):
    for page in build_info["pages"]:
        html = (dist_dir / page).read_text()
        # What a page loads: src attributes and <link href>s (not <a> links to other pages).
        refs = re.findall(r"""\ssrc\s*=\s*["']([^"'#?]+)""", html)
        refs += re.findall(r"""<link\b[^>]*\shref\s*=\s*["']([^"'#?]+)""", html)
        for ref in refs:
            if re.match(r"^[a-z]+:", ref) or ref.startswith("//"):
                continue
            target = (
                (dist_dir / page).parent / ref if not ref.startswith("/") else dist_dir / ref[1:]
            )
            assert target.resolve().is_file(), (page, ref)
        for spec in re.findall(r"""\bfrom\s*["'](\.[^"']+)""", html):
            assert ((dist_dir / page).parent / spec).resolve().is_file(), (page, spec)
    smoke = (dist_dir / "smoke.html").read_text()
    assert f'<script type="module" src="./{build_info["assets"]}js/pages/smoke/main.js">' in smoke


def test_inline_module_imports_are_rewritten(build_module):
    # No page has an inline script now (the site's policy forbids them), but
    # the build still points their imports at the hashed assets.
    html = '<script type="module">import { a } from "./js/engine.js";</script>'
    out = assets.rewrite_html(html, "page.html", {"js/engine.js"}, "assets/abc")
    assert 'from "./assets/abc/js/engine.js"' in out


def test_wheel_is_reproducible_and_complete(tmp_path, build_module):
    a = build_wheel(ROOT, tmp_path / "a")
    b = build_wheel(ROOT, tmp_path / "b")
    assert a.read_bytes() == b.read_bytes()
    with zipfile.ZipFile(a) as zf:
        names = set(zf.namelist())
        info = f"tsuro_core-{__version__}.dist-info"
        meta = zf.read(f"{info}/METADATA").decode()
        assert "Name: tsuro_core" in meta and f"Version: {__version__}" in meta
        assert "tsuro = tsuro_core.__main__:main" in zf.read(f"{info}/entry_points.txt").decode()
        # Every module of the listed packages is in, and RECORD is right about each file.
        pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
        for pkg in pyproject["tool"]["setuptools"]["packages"]:
            for f in (ROOT / pkg.replace(".", "/")).glob("*.py"):
                assert f"{pkg.replace('.', '/')}/{f.name}" in names
        # PEP 561: the marker that tells type checkers the engine's hints are its API.
        assert "tsuro_core/py.typed" in names
        rows = list(csv.reader(io.StringIO(zf.read(f"{info}/RECORD").decode())))
        assert {r[0] for r in rows} == names
        for path, digest, size in rows:
            if digest:
                data = zf.read(path)
                want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert digest == f"sha256={want}" and int(size) == len(data)


def test_pinned_hash_mismatch_stops_the_build(tmp_path, build_module, monkeypatch):
    # A cached file with the wrong bytes is thrown away and fetched again;
    # a download with the wrong bytes stops the build with a clear message.
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / pins.MICROPIP_WHEEL).write_bytes(b"not micropip")

    def fake_run(cmd, what, cwd=None):
        dest = Path(cmd[cmd.index("-d") + 1])
        (dest / pins.MICROPIP_WHEEL).write_bytes(b"tampered")

    monkeypatch.setattr(pins, "run_tool", fake_run)
    with pytest.raises(build_module.BuildError, match="does not match the sha256 pinned"):
        pins.fetch_micropip(cache)
    assert not (cache / pins.MICROPIP_WHEEL).exists()

    def failing_run(cmd, what, cwd=None):
        raise build_module.BuildError(f"{what}: `npm pack` failed (exit 1)")

    monkeypatch.setattr(pins, "run_tool", failing_run)
    with pytest.raises(build_module.BuildError, match="npm pack"):
        pins.fetch_pyodide(cache)


def _head(url):
    with urllib.request.urlopen(url) as resp:
        resp.read()
        return resp.headers


@pytest.mark.parametrize(
    "path, mime, cache",
    [
        ("smoke.html", "text/html", "no-cache"),
        ("sw.js", "text/javascript", "no-cache"),
        ("tiles.json", "application/json", "no-cache"),
        ("{pyodideDir}pyodide.asm.wasm", "application/wasm", "immutable"),
        ("{pyodideDir}pyodide.mjs", "text/javascript", "immutable"),
        ("{pyodideDir}python_stdlib.zip", "application/zip", "immutable"),
        ("{wheel}", "application/zip", "immutable"),
        ("{stdlib[url]}", "application/gzip", "immutable"),
        ("{stdlibLock[url]}", "application/zip", "immutable"),
        ("{assets}js/lib/engine/client.js", "text/javascript", "immutable"),
    ],
)
def test_server_mime_and_cache_headers(server, build_info, path, mime, cache):
    url = server + path.format(wheel=build_info["engine"]["wheel"], **build_info)
    headers = _head(url)
    assert headers["Content-Type"].split(";")[0] == mime
    assert cache in headers["Cache-Control"]
    assert "X-Frame-Options" not in headers


def test_netlify_toml():
    conf = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert conf["build"]["command"] == "python3 build.py"
    assert conf["build"]["publish"] == "dist"
    rules = {h["for"]: h["values"] for h in conf["headers"]}
    for prefix in ("/pyodide/*", "/assets/*", "/wheels/*", "/stdlib/*", "/precomputed/*"):
        assert rules[prefix]["Cache-Control"] == "public, max-age=31536000, immutable"
    assert rules["/*.wasm"]["Content-Type"] == "application/wasm"
    for page in ("/", "/*.html", "/sw.js"):
        assert rules[page]["Cache-Control"] == "no-cache"
    # Framing and the other security headers: tests/test_site_headers.py.


def test_fresh_dist_is_not_rebuilt(build_module, tmp_path):
    build_module.ensure_built()
    before = (build_module.DIST / "build.json").stat().st_mtime_ns
    info = build_module.private_copy(tmp_path / "copy")
    assert (build_module.DIST / "build.json").stat().st_mtime_ns == before
    assert info == build_module.read_build_json(build_module.DIST)
    assert build_module.is_fresh(tmp_path / "copy")


def test_pages_preload_their_module_graph(dist_dir, build_info, build_module):
    smoke = (dist_dir / "smoke.html").read_text()
    for mod in ("js/lib/engine/client.js", "js/build-info.js"):
        assert f'<link rel="modulepreload" href="{build_info["assets"]}{mod}">' in smoke
    js = (
        'import { a } from "./x.js";\nimport {\n b } from \'../y.js\'\nexport * from "./z.js";\n'
        'import "./side.js";\nconst lazy = import("./lazy.js");\nimport x from "https://e/x.js";'
    )
    assert assets.static_imports(js) == ["./x.js", "../y.js", "./z.js", "./side.js"]


def test_precache_manifest_hashes_and_leaves_out_the_micropip_files_and_other_languages(
    dist_dir, build_info, build_module
):
    manifest = build_info["precache"]
    pyo = build_info["pyodideDir"]
    assets = build_info["assets"]
    # the compiled messages (sitebuild/messages.py), one module per part and language, of
    # every language but English: fetched when its language is chosen (i18n.js); the
    # catalogues' sources are not shipped
    codes = {p.stem for p in (ROOT / "web" / "js" / "lib" / "words" / "catalogues").glob("*.js")}
    parts = ("core", "room", "review", "editor", "lesson-edit")
    words = f"{assets}js/lib/words/messages/"
    compiled = {r for r in walk(dist_dir) if r.startswith(words)}
    assert compiled == {f"{words}{part}/{code}.js" for part in parts for code in codes}
    assert not any("/catalogues/" in r for r in walk(dist_dir))
    languages = {r for r in compiled if not r.endswith("/en.js")}
    assert {f"{words}core/de.js", f"{words}room/ja.js"} <= languages
    # English: the first visit's words precached, each later page's with that page
    assert f"{words}core/en.js" in manifest["urls"]
    later = set(precache.later_files(walk(dist_dir), precache.LATER_PAGES))
    assert {f"{words}{part}/en.js" for part in parts[1:]} <= later
    assert set(manifest["later"]) == later
    # the authoring pages' own lib (their drafts) comes with them, not on the first visit
    assert f"{assets}js/lib/authoring/drafts.js" in later
    # the lesson files: our pages show them from precomputed answers
    lessons = {f"lessons/{p.name}" for p in (ROOT / "data" / "lessons").glob("*.json")}
    assert len(lessons) == 14
    on_demand = {
        f"{pyo}python_stdlib.zip",
        f"{pyo}pyodide-lock.json",
        f"{pyo}{pins.MICROPIP_WHEEL}",
        build_info["stdlibLock"]["url"],  # the lock path's, not a first visit's
        build_info["engine"]["wheel"],  # the lock and micropip paths'
        *(f"icons/{p.name}" for p in (dist_dir / "icons").glob("*.png")),
        *languages,
        *later,
        *lessons,
    }
    assert set(manifest["onDemand"]) == on_demand and not on_demand & set(manifest["urls"])
    assert build_info["stdlib"]["url"] in manifest["urls"]
    # Every file the service worker may store has the build's sha256 beside it.
    assert set(manifest["sha256"]) == set(manifest["urls"]) | on_demand
    for rel, digest in manifest["sha256"].items():
        assert hashlib.sha256((dist_dir / rel).read_bytes()).hexdigest() == digest, rel
    assert "stdlib/" in manifest["immutable"]


def test_later_tier_takes_a_page_its_modules_and_stylesheet_out_of_the_precache(
    dist_dir, build_info
):
    # The puzzles page as if it were in LATER_PAGES: its HTML, its own modules and
    # nothing another page needs (lib/ stays precached, and so does puzzles.json).
    manifest = precache.precache_manifest(
        dist_dir, build_info["pyodideDir"].rstrip("/"), later_pages=("puzzles",)
    )
    assets = build_info["assets"]
    later = set(manifest["later"])
    assert "puzzles.html" in later and f"{assets}js/pages/puzzles/main.js" in later
    engine_later = build_info["engine"]["parts"]["later"]["url"]  # always in the tier
    assert all(
        r in ("puzzles.html", engine_later) or r.startswith(f"{assets}js/pages/puzzles/")
        for r in later
    )
    assert later <= set(manifest["onDemand"]) and not later & set(manifest["urls"])
    assert {"puzzles.json", f"{assets}js/lib/game/session.js", "index.html"} <= set(
        manifest["urls"]
    )
    assert later <= set(manifest["sha256"])
    assert precache.later_files(["a.html", "assets/x/css/a.css", "assets/x/css/ab.css"], ["a"]) == [
        "a.html",
        "assets/x/css/a.css",
    ]
    assert precache.later_files(["a.html"], []) == []
    assert precache.later_files(["a.html", "engine/0123/later.zip.gz"], []) == [
        "engine/0123/later.zip.gz"
    ]


def test_precompiled_python_is_cached_by_its_inputs(
    build_module, build_info, tmp_path, monkeypatch
):
    """A second build with the same engine and Pyodide does not run Node again."""
    wheel = build_wheel(build_module.ROOT, tmp_path)
    pyodide_dir = tmp_path / "pyodide"
    pins.extract_pyodide(pins.fetch_pyodide(), pyodide_dir)
    first = pre.precompile(build_module.ROOT, pyodide_dir, wheel)
    monkeypatch.setattr(pre, "run_tool", lambda *a, **k: pytest.fail("precompiled again"))
    assert pre.precompile(build_module.ROOT, pyodide_dir, wheel) == first
    info = json.loads((first / "modules.json").read_text())
    assert info["python"].startswith("3.14") and info["no_debug_ranges"] is True
    assert len(info["modules"]) == build_info["stdlib"]["modules"]
    pycs = pre.wheel_pycs(first)
    assert "tsuro_core/__pycache__/api.cpython-314.pyc" in pycs


def test_record_embeds_are_precomputed(tmp_path):
    """A page's record board (embed.html#r=...) draws from positions the build computed
    (no engine): here a page made for the test, with a wheel built for CPython."""
    from tsuro_core.api import call

    lesson = json.loads((ROOT / "data" / "lessons" / "tutorial-dragon.json").read_text())
    link = call("encode_link", {"record": lesson["records"][0]})["result"]["fragment"]
    page = f'<iframe src="../embed.html#{link}&at=3&pre=stale"></iframe>'
    wheel = build_wheel(ROOT, tmp_path)
    pages, files = assets.precompute_record_embeds({"t/x.html": page}, wheel)
    (sha,) = re.findall(r"&at=3&pre=([0-9a-f]{16})\"", pages["t/x.html"])
    data = files[f"precomputed/{sha}.json"]
    assert hashlib.sha256(data).hexdigest().startswith(sha)
    pre = json.loads(data)
    record = lesson["records"][0]
    assert pre["link"] == link and pre["record"] == record
    assert {k: pre[k] for k in ("positions", "events")} == call("positions", {"record": record})[
        "result"
    ]


def test_lessons_ship_checked_and_the_tutorials_are_precomputed(dist_dir, build_info):
    """data/lessons/ ships as lessons/ (precached), and each lesson the tutorial frames
    (lesson.html#src=lessons/...) shows from the engine's answer the build computed."""
    from tsuro_core.api import call

    html = (dist_dir / "tutorial" / "index.html").read_text()
    found = re.findall(
        r'lesson\.html#src=(lessons/[A-Za-z0-9_-]+\.json)[^"]*&pre=([0-9a-f]{16})', html
    )
    assert len(found) == 14
    for src, sha in found:
        text = (dist_dir / src).read_text(encoding="utf-8")
        assert text == (ROOT / "data" / src).read_text(encoding="utf-8")
        assert src in build_info["precache"]["onDemand"]  # shown from the answer below
        data = (dist_dir / "precomputed" / f"{sha}.json").read_bytes()
        assert hashlib.sha256(data).hexdigest().startswith(sha)
        pre = json.loads(data)
        assert pre["src"] == src
        answer = call("lesson_check", {"text": text})["result"]
        assert pre["answer"] == assets.shown(answer)
        # what the player reads of it is the engine's: each step's position and trails
        for step in answer["lesson"]["steps"]:
            if "record" in step:
                full, kept = (
                    answer["replays"][step["record"]],
                    pre["answer"]["replays"][step["record"]],
                )
                assert kept["positions"][step["at"]] == full["positions"][step["at"]]
                assert kept["events"][: step["at"]] == full["events"][: step["at"]]
        assert pre["answer"]["lesson"]["steps"] == answer["lesson"]["steps"]
    assert "records" not in pre["answer"]["lesson"]  # the replays hold what is shown
    # a lesson the engine refuses stops the build, naming it
    bad = {"lessons/x.json": (b"{}", {})}
    with pytest.raises(Exception, match="not in data/lessons"):
        assets.precompute_lesson_embeds(
            {"p.html": '<iframe src="lesson.html#src=lessons/y.json">'}, bad
        )


def test_a_first_visit_stays_within_its_byte_budget(dist_dir, build_info):
    """Every byte of a first visit, gzip, the precache included (DESIGN.md: 4.8 MB,
    Pyodide's runtime 3.80 MB of it): a number the build computes, not a timing
    (bench/browser_bench.py --bytes-only counts the same from what the server sent)."""
    first = build_info["firstVisit"]
    assert first["budget"] == precache.FIRST_VISIT_BUDGET == 4_800_000
    files = [*build_info["precache"]["urls"], "sw.js"]
    sizes = {r: len(gzip.compress((dist_dir / r).read_bytes(), 9, mtime=0)) for r in files}
    assert first["total"] == sum(sizes.values()) == first["pyodide"] + first["ours"]
    assert first["pyodide"] == sum(v for r, v in sizes.items() if r.startswith("pyodide/"))
    assert first["total"] <= first["budget"], (
        f"a first visit is {first['total']:,} B gzip, over its {first['budget']:,} B: "
        "code that only one page needs loads with that page (the later tier, "
        "sitebuild/precache.py)"
    )
    # what makes it fit: the snapshot path's engine and stdlib, not the wheel
    assert build_info["engine"]["parts"]["core"]["url"] in files
    assert build_info["engine"]["parts"]["later"]["url"] in build_info["precache"]["later"]
    assert build_info["engine"]["wheel"] not in files


def test_the_stdlib_list_says_why_each_module_is_there(build_info):
    """docs/stdlib.md lists every module of the trimmed stdlib with what imported it,
    as the build noted it (`python3 build.py stdlib-doc` writes it)."""
    why = build_info["stdlibWhy"]
    assert len(why) == build_info["stdlibLock"]["modules"]
    core = [rel for rel, w in why.items() if w["step"] != "the lock path's loadPackage"]
    assert len(core) == build_info["stdlib"]["modules"]
    assert why["hashlib.py"] == {"step": "the engine", "by": "tsuro_core.daily"}
    assert why["tarfile.py"]["step"] == "the lock path's loadPackage"
    assert all(w["by"] != "?" for w in why.values()), why
    doc = (ROOT / "docs" / "stdlib.md").read_text(encoding="utf-8")
    assert doc == stdlib_doc(build_info), "docs/stdlib.md is stale: python3 build.py stdlib-doc"
