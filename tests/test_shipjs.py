"""sitebuild/shipjs.py and tools/shipjs.mjs: our JavaScript ships without its
comments, and otherwise as written (its imports, URLs, import.meta and top-level
await, its ES2022 syntax), checked by a second parser (acorn) over what the build
shipped and against web/'s sources."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild import assets, messages, shipjs
from sitebuild.common import BuildError, walk
from sitebuild.precache import SW_PLACEHOLDER

ROOT = Path(__file__).resolve().parent.parent
SW = shipjs.SERVICE_WORKER


def acorn_check(base: Path, files: list[str]) -> dict:
    """tools/shipjs.mjs check: each file parsed as ES2022 (sw.js as a classic script),
    its comments listed as problems, its links (imports, URLs, import.meta)."""
    node = shutil.which("node")
    assert node, "node is needed (Node 20: see the README)"
    out = subprocess.run(
        [node, str(ROOT / shipjs.SHIPJS_TOOL), "check", str(base), "--script", SW, *files],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def shipped_scripts(dist_dir: Path, build_info: dict) -> list[str]:
    """Our scripts in dist/, by their path in it: the assets folder's (not the vendored
    libraries) and the service worker."""
    folder = build_info["assets"]
    ours = [folder + r for r in walk(dist_dir / folder) if shipjs.is_ours(r)]
    return [*ours, SW]


def test_shipped_scripts_carry_no_comments_and_parse_as_es2022(dist_dir, build_info):
    files = shipped_scripts(dist_dir, build_info)
    # web/'s modules, the workers, the compiled messages, the generated ones, sw.js
    assert len(files) > 150
    assert f"{build_info['assets']}js/lib/engine/client.js" in files
    assert f"{build_info['assets']}{assets.BUILD_INFO}" in files
    assert any(f"/{messages.COMPILED}/" in f for f in files)
    assert not any("/vendor/" in f for f in files)
    result = acorn_check(dist_dir, files)
    assert result["problems"] == []
    assert sorted(result["modules"]) == sorted(files)


def test_shipped_modules_keep_their_imports_urls_and_import_meta(dist_dir, build_info):
    """Every module of web/ that ships links to what its source links to, in order:
    static imports (the build preloads them: assets.add_modulepreloads), import(),
    `new URL(...)` (the workers, the service worker), and names import.meta and
    awaits at the top level as often."""
    web = ROOT / "web"
    sources = [
        r
        for r in walk(web)
        if r.endswith(".js")
        and not assets.is_stable(r)
        and not assets.types_only(r)
        and not messages.is_source(r)
    ]
    src = acorn_check(web, [*sources, SW])["modules"]
    built = acorn_check(dist_dir, [build_info["assets"] + r for r in sources] + [SW])["modules"]
    assert len(src) == len(sources) + 1
    for r in sources:
        assert built[build_info["assets"] + r] == src[r], r
    assert built[SW] == src[SW]
    # what the pages rely on is there at all
    client = src["js/lib/engine/client.js"]
    assert client["meta"] >= 1 and any(s.startswith("new URL ") for s in client["specifiers"])
    assert sum(m["topAwait"] for m in src.values()) >= 1


TRICKY = """// a header comment
/** @typedef {{a: number}} Shape */
import { siteURL } from "../../build-info.js"; // trailing
export * from './re-export.js';
const re = /\\/* not a comment *\\//g;
const s = "// not a comment either", t = `/* nor ${"this"} */`;
const w = new Worker(new URL("../../engine.worker.js", import.meta.url), { type: "module" });
const x = /** @type {any} */ (w);
class Point { #x = 1; static { Point.made = 0; } get x() { return this.#x; } }
let y = null; y ??= 2;
const lazy = await import("./lazy.js");
/* closing words */
"""


def test_the_printer_drops_every_comment_and_keeps_the_rest(tmp_path):
    sw = f"const MANIFEST = {SW_PLACEHOLDER};\n// the service worker\nself.x = 1;\n"
    contents = {
        "js/tricky.js": TRICKY.encode(),
        "js/pages/room/vendor/lib.js": b"// a vendored library ships as published\nexport {};\n",
        "css/a.css": b"/* not a script */",
    }
    out, sw_out = shipjs.shipped(ROOT, contents, sw)
    assert out["js/pages/room/vendor/lib.js"] == contents["js/pages/room/vendor/lib.js"]
    assert out["css/a.css"] == contents["css/a.css"]
    code = out["js/tricky.js"].decode()
    for kept in (
        'from "../../build-info.js"',
        'from "./re-export.js"',
        "/\\/* not a comment *\\//g",
        '"// not a comment either"',
        "`/* nor ${",
        'new Worker(new URL("../../engine.worker.js", import.meta.url), { type: "module" })',
        "#x = 1",
        "static {",
        "y ??= 2",
        'await import("./lazy.js")',
    ):
        assert kept in code, kept
    for gone in ("header comment", "@typedef", "trailing", "@type", "closing words"):
        assert gone not in code, gone
    assert SW_PLACEHOLDER in sw_out and "the service worker" not in sw_out
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "tricky.js").write_text(code, encoding="utf-8")
    (tmp_path / SW).write_text(sw_out.replace(SW_PLACEHOLDER, "{}"), encoding="utf-8")
    assert acorn_check(tmp_path, ["js/tricky.js", SW])["problems"] == []


def test_a_script_that_does_not_parse_stops_the_build_naming_it():
    contents = {"js/fine.js": b"export const a = 1;\n", "js/broken.js": b"export const = ;\n"}
    with pytest.raises(BuildError, match=r"js/broken\.js"):
        shipjs.shipped(ROOT, contents, f"const M = {SW_PLACEHOLDER};\n")
    with pytest.raises(BuildError, match="placeholder"):
        shipjs.shipped(ROOT, contents, "const M = null;\n")
