"""web/ into dist/: every file that is not a page goes into one content-hashed
folder (assets/<sha>/, where relative imports between modules keep working);
pages keep their URL, their references rewritten to the hashed folder, their
module graph preloaded, and the record boards they embed computed ahead.
Nothing here knows web/'s layout beyond "pages and the service worker"."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

from .common import BuildError, sha256_bytes
from .messages import COMPILED
from .wheel import answers_from_wheel

# Files of web/ that keep their URL (everything else goes to assets/<sha>/).
STABLE_NAMES = {"sw.js", "favicon.ico", "robots.txt", "_headers", "_redirects"}
STABLE_SUFFIXES = {".html", ".htm"}

PUZZLES = "data/puzzles.json"
"""The puzzles found by tools/find_puzzles.py, shipped as dist/puzzles.json."""

LESSONS = "data/lessons"
"""Lesson files (tsuro-lesson/1, docs/lessons.md), shipped as dist/lessons/<name>.json:
the rules tutorial's boards play them."""


def is_page(rel: str) -> bool:
    return Path(rel).suffix.lower() in STABLE_SUFFIXES


def is_stable(rel: str) -> bool:
    """A web/ file that keeps its URL (pages and the service worker)."""
    return is_page(rel) or rel in STABLE_NAMES


TYPES_ONLY = {"js/lib/types.js"}
"""web/ files that only the type checker reads (tsconfig.json): the JSDoc
typedefs (types.js, generated from tsuro_core/shapes.py by sitebuild/jstypes.py)
and every *.d.ts (declarations: the
generated build-info.js, the pages' globals); no page loads them, so they are
not shipped."""


def types_only(rel: str) -> bool:
    """A web/ file for the type checker alone (TYPES_ONLY)."""
    return rel in TYPES_ONLY or rel.endswith(".d.ts")


_ATTR_RE = re.compile(r"""(\s(?:src|href)\s*=\s*)(["'])([^"']*)\2""", re.I)
_IMPORT_RE = re.compile(r"""((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{0,2}/[^"']*)\2""")
_SCHEME_RE = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def rewrite_html(html: str, page_rel: str, hashed: set[str], asset_dir: str) -> str:
    """Point a page's references to files that moved into assets/<sha>/."""
    page_dir = posixpath.dirname(page_rel)

    def fix(url: str) -> str:
        if (
            not url
            or url.startswith(("#", "data:", "blob:", "mailto:", "javascript:", "//"))
            or _SCHEME_RE.match(url)
        ):
            return url
        cut = min((i for i in (url.find("?"), url.find("#")) if i >= 0), default=len(url))
        path, sep, rest = url[:cut], url[cut : cut + 1], url[cut + 1 :]
        if path.startswith("/"):
            target = posixpath.normpath(path.lstrip("/"))
            absolute = True
        else:
            target = posixpath.normpath(posixpath.join(page_dir, path))
            absolute = False
        if target not in hashed:
            return url
        moved = f"{asset_dir}/{target}"
        if absolute:
            new = "/" + moved
        else:
            new = posixpath.relpath(moved, page_dir or ".")
            if not new.startswith("../"):
                new = "./" + new  # stays a relative specifier inside `import ... from`
        return new + sep + rest

    html = _ATTR_RE.sub(lambda m: m.group(1) + m.group(2) + fix(m.group(3)) + m.group(2), html)
    # import specifiers in inline module scripts
    html = _IMPORT_RE.sub(lambda m: m.group(1) + m.group(2) + fix(m.group(3)) + m.group(2), html)
    return html


_STATIC_IMPORT_RE = re.compile(
    r"""(?:^|[;}\s])(?:import|export)\b(?:[^'";]*?\bfrom)?\s*["'](\.{1,2}/[^"']+)["']""", re.M
)
_MODULE_SCRIPT_RE = re.compile(
    r"""<script\b(?=[^>]*\btype\s*=\s*["']?module)[^>]*\bsrc\s*=\s*["']([^"']+)["']""", re.I
)
_INLINE_MODULE_RE = re.compile(
    r"""<script\b(?=[^>]*\btype\s*=\s*["']?module)(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>""",
    re.I | re.S,
)


def static_imports(js: str) -> list[str]:
    """The relative specifiers of a module's static imports and re-exports."""
    return _STATIC_IMPORT_RE.findall(js)


_WORDS_RE = re.compile(r"""<html\b[^>]*\sdata-words\s*=\s*["']([^"']*)["']""", re.I)


def page_words(html: str) -> list[str]:
    """The parts of the messages a page names on its <html data-words="..."> (i18n.js)."""
    m = _WORDS_RE.search(html)
    return m.group(1).split() if m else []


def add_modulepreloads(html: str, page_rel: str, contents: dict[str, bytes], asset_dir: str) -> str:
    """Add <link rel=modulepreload> for every module a page's module scripts import
    statically (transitively), so the browser fetches the graph in one round trip,
    and for the English messages of the parts it names (i18n.js imports them
    when it starts: their address depends on the page)."""
    page_dir = posixpath.dirname(page_rel)
    prefix = asset_dir + "/"
    entries: list[str] = []  # fetched by the page's own <script src>: no need to preload
    seeds: list[str] = []  # imported by inline module scripts: preload them too
    srcs = [(src, entries) for src in _MODULE_SCRIPT_RE.findall(html)]
    for body in _INLINE_MODULE_RE.findall(html):
        srcs += [(spec, seeds) for spec in static_imports(body)]
    for part in page_words(html):
        words = f"{COMPILED}/{part}/en.js"
        if words not in contents:
            raise BuildError(f"{page_rel} names words that are not compiled: {part} ({words})")
        seeds.append(words)
    for src, into in srcs:
        if re.match(r"^[a-z][a-z0-9+.-]*:|^//", src, re.I):
            continue
        path = src.split("?")[0].split("#")[0]
        target = posixpath.normpath(
            path.lstrip("/") if path.startswith("/") else posixpath.join(page_dir, path)
        )
        if target.startswith(prefix) and target[len(prefix) :] in contents:
            into.append(target[len(prefix) :])
    seen, todo = set(entries + seeds), entries + seeds
    while todo:
        mod = todo.pop()
        js = contents[mod].decode("utf-8", "replace")
        for spec in static_imports(js):
            dep = posixpath.normpath(posixpath.join(posixpath.dirname(mod), spec.split("?")[0]))
            if dep in contents and dep not in seen:
                seen.add(dep)
                todo.append(dep)
    deps = sorted(seen - set(entries))
    if not deps or "</head>" not in html:
        return html
    links = "".join(
        f'<link rel="modulepreload" href="{posixpath.relpath(prefix + d, page_dir or ".")}">\n'
        for d in deps
    )
    return html.replace("</head>", links + "</head>", 1)


BUILD_INFO = "js/build-info.js"
"""The generated module, by its path in the assets folder (the worker and engine.js import it)."""


def build_info_js(info: dict[str, Any], rel: str = BUILD_INFO) -> str:
    """The BUILD_INFO module: where the engine's files are, for the pages and the worker."""
    levels = rel.count("/") + 2  # assets/<sha>/ and the module's own folders
    where = "/".join(["assets", "<sha>", *rel.split("/")[:-1]])
    words = {2: "two", 3: "three", 4: "four", 5: "five"}.get(levels, str(levels))
    return (
        "// Generated by build.py: where the engine's files are.  Do not edit.\n"
        f"// This module lives in {where}/, {words} levels below the site root.\n"
        f'export const siteRoot = new URL("{"../" * levels}", import.meta.url).href;\n'
        f"export const BUILD = {json.dumps(info, indent=2, sort_keys=True)};\n"
        "export function siteURL(path) { return new URL(path, siteRoot).href; }\n"
    )


_RECORD_EMBED_RE = re.compile(
    r"""(\s(?:data-)?src\s*=\s*["'][^"'#]*embed\.html#)(r=[A-Za-z0-9_-]+)([^"']*)(["'])"""
)


def precompute_record_embeds(
    pages: dict[str, str], wheel: Path
) -> tuple[dict[str, str], dict[str, bytes]]:
    """Boards that step through a fixed record (embed.html#r=...) in our pages:
    their positions, computed now, so they draw without the engine.  Returns
    the pages with `&pre=<sha>` added to those fragments, and the files
    precomputed/<sha>.json ({link, record, positions, events})."""
    links = sorted({m.group(2) for html in pages.values() for m in _RECORD_EMBED_RE.finditer(html)})
    if not links:
        return pages, {}
    decoded = answers_from_wheel(
        wheel, [{"op": "decode_link", "args": {"fragment": k}} for k in links]
    )
    records = {}
    for link, answer in zip(links, decoded):
        if not answer["ok"] or "record" not in answer["result"]:
            raise BuildError(
                f"a page embeds a record link the engine refuses: {link[:40]}...: {answer}"
            )
        records[link] = answer["result"]["record"]
    stepped = answers_from_wheel(
        wheel, [{"op": "positions", "args": {"record": records[k]}} for k in links]
    )
    files, shas = {}, {}
    for link, answer in zip(links, stepped):
        if not answer["ok"]:
            raise BuildError(f"positions of an embedded record failed: {answer}")
        data = json.dumps(
            {"link": link, "record": records[link], **answer["result"]},
            separators=(",", ":"),
            sort_keys=True,
        ).encode()
        shas[link] = sha256_bytes(data)[:16]
        files[f"precomputed/{shas[link]}.json"] = data

    def add(m: re.Match[str]) -> str:
        rest = re.sub(r"&pre=[^&\"']*", "", m.group(3))
        return f"{m.group(1)}{m.group(2)}{rest}&pre={shas[m.group(2)]}{m.group(4)}"

    return {rel: _RECORD_EMBED_RE.sub(add, html) for rel, html in pages.items()}, files


_LESSON_EMBED_RE = re.compile(
    r"""(\s(?:data-)?src\s*=\s*["'][^"'#]*lesson\.html#(?:[^"'&]*&)*?src=)(lessons/[A-Za-z0-9_-]+\.json)([^"']*)(["'])"""
)


def lesson_files(root: Path, wheel: Path) -> dict[str, tuple[bytes, dict[str, Any]]]:
    """data/lessons/*.json as {"lessons/<name>.json": (the file, lesson_check's answer)},
    every one checked by the engine (BuildError naming a lesson it refuses)."""
    folder = root / LESSONS
    files = {
        f"lessons/{p.name}": p.read_bytes() for p in sorted(folder.glob("*.json")) if p.is_file()
    }
    answers = answers_from_wheel(
        wheel,
        [{"op": "lesson_check", "args": {"text": data.decode("utf-8")}} for data in files.values()],
    )
    out = {}
    for (rel, data), answer in zip(files.items(), answers):
        if not answer["ok"]:
            raise BuildError(f"{LESSONS}/{rel.split('/', 1)[1]}: {answer['error']['message']}")
        out[rel] = (data, answer["result"])
    return out


def shown(answer: dict[str, Any]) -> dict[str, Any]:
    """lesson_check's answer with only what lesson.html shows: no records (their
    positions and events are in "replays"), and of each replay the positions its
    steps show (and the deal, which names the players; the others null) and the
    events before the last of them (the markers' trails, the moves played by Next)."""
    used: dict[int, set[int]] = {}
    for step in answer["lesson"]["steps"]:
        if "record" in step:
            used.setdefault(step["record"], set()).add(step["at"])
    replays = []
    for i, replay in enumerate(answer["replays"]):
        keep = used[i] | {0}
        last = max(keep)
        positions = [
            p if k in keep else None for k, p in enumerate(replay["positions"][: last + 1])
        ]
        replays.append({"positions": positions, "events": replay["events"][:last]})
    lesson = {k: v for k, v in answer["lesson"].items() if k != "records"}
    return {**answer, "lesson": lesson, "replays": replays}


def precompute_lesson_embeds(
    pages: dict[str, str], lessons: dict[str, tuple[bytes, dict[str, Any]]]
) -> tuple[dict[str, str], dict[str, bytes]]:
    """Lessons our pages frame from our own files (lesson.html#src=lessons/<name>.json):
    the engine's answer for each, computed now, so they show without the engine.
    Returns the pages with `&pre=<sha>` added to those fragments, and the files
    precomputed/<sha>.json ({src, answer}: the answer as `shown` keeps it)."""
    files, shas = {}, {}

    def add(m: re.Match[str]) -> str:
        src = m.group(2)
        if src not in lessons:
            raise BuildError(f"a page frames {src}, which is not in {LESSONS}/")
        if src not in shas:
            data = json.dumps(
                {"src": src, "answer": shown(lessons[src][1])},
                separators=(",", ":"),
                sort_keys=True,
            ).encode()
            shas[src] = sha256_bytes(data)[:16]
            files[f"precomputed/{shas[src]}.json"] = data
        rest = re.sub(r"&pre=[^&\"']*", "", m.group(3))
        return f"{m.group(1)}{src}{rest}&pre={shas[src]}{m.group(4)}"

    out = {rel: _LESSON_EMBED_RE.sub(add, html) for rel, html in pages.items()}
    return out, files


def puzzles_json(root: Path) -> str:
    """data/puzzles.json, compact, after checking each entry's shape."""
    try:
        puzzles = json.loads((root / PUZZLES).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BuildError(f"{PUZZLES}: {e}") from None
    if not isinstance(puzzles, list):
        raise BuildError(f"{PUZZLES}: expected a list of puzzles")
    for i, p in enumerate(puzzles):
        if not isinstance(p, dict) or set(p) != {"id", "task", "position", "answer"}:
            raise BuildError(f"{PUZZLES}[{i}]: expected {{id, task, position, answer}}")
    return json.dumps(puzzles, separators=(",", ":"), ensure_ascii=False)
