"""Every language's catalogue (web/js/lib/words/catalogues/<code>.js, ICU MessageFormat)
against the English one, in Node: every message compiles in its language (tools/messages.mjs,
@messageformat/core), the same keys, the same placeholders (a translation may leave out only
the engine's English {detail}), and the check fails on each of those when it should; the
compiled modules the build ships say what @messageformat/core's own functions say, in every
language, for every message; nothing left in English but the words every language shares;
each language's punctuation; the parts (parts.js): no first-visit page uses a word that loads
only with a later page; the language menu's names; the page's language chosen from ?lang=,
the player's choice and the browser's languages (lang.js)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "web" / "js" / "lib" / "words" / "catalogues"

# Texts a language may keep exactly as in English: names, key caps, loanwords
# that are the native word too.  (Texts with no letters outside their
# placeholders, "{k} / {n}", pass anyway.)
SAME_AS_ENGLISH = {
    "fr": {
        "common.color.orange",
        "game.setup.speed",
        "game.players.dragon",
        "shell.nav.label",
        "shell.menu",
        "help.ctrl",
        "game.players.score",
        "room.manual_code",
        "clock.s120",  # "2 minutes"
    },
    "de": {
        "help.escKey",
        "game.setup.computer",
        "game.setup.speedNormal",
        "room.manual_code",
        "shell.nav.live",
    },
    "es": {"help.ctrl", "help.escKey"},
    "it": {
        "help.ctrl",
        "help.escKey",
        "game.players.computer",
        "game.setup.computer",
        "shell.menu",
    },
    "pt-BR": {
        "help.ctrl",
        "help.shift",
        "help.enterKey",
        "help.escKey",
        "shell.nav.label",
        "shell.menu",
        "tutorial.course.loopTitle",
    },
    "ja": {"help.ctrl", "help.enterKey", "help.escKey", "help.shift"},
}

DUMP = """
import { LANGUAGES } from './web/js/lib/words/lang.js';
import { sources, check } from './tools/messages.mjs';
const catalogues = await sources();
const problems = check(catalogues);
process.stdout.write(JSON.stringify({ languages: LANGUAGES, catalogues, problems }));
"""


def node(script: str, *args: str) -> str:
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is not installed")
    proc = subprocess.run(
        [exe, "--input-type=module", "-e", script, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc.stdout


@pytest.fixture(scope="module")
def dump():
    return json.loads(node(DUMP))


def others(dump):
    return [(c, cat) for c, cat in dump["catalogues"].items() if c != "en"]


def test_every_catalogue_file_is_a_language_on_the_menu_named_in_itself(dump):
    files = {p.stem for p in I18N.glob("*.js")}
    assert set(dump["languages"]) == files
    assert {"en", "fr", "de", "es", "it", "pt-BR", "ja"} <= files
    for code, name in dump["languages"].items():
        assert dump["catalogues"][code]["lang.name"] == name, code


def test_every_message_compiles_with_the_same_keys_and_placeholders_as_english(dump):
    assert dump["problems"] == []
    for code, cat in others(dump):
        assert set(cat) == set(dump["catalogues"]["en"]), code
        assert all(isinstance(text, str) and text.strip() for text in cat.values()), code


BROKEN = """
import { check } from './tools/messages.mjs';
const en = {
  a: "{name} plays", b: "{count, plural, one {# tile} other {# tiles}}", c: "plain", d: "{detail}",
};
const de = {
  a: "{nom} spielt", // a placeholder English does not have
  b: "{count, plural, one {# Karte} few {# Karten} other {# Karten}}", // German has no "few"
  c: "{oops", // does not compile
  d: "kaputt", // may leave out the engine's English detail
  e: "extra", // not in English
};
const fr = {
  a: "{name} joue", b: { one: "{count} tuile", other: "{count} tuiles" },
  c: "simple", d: "{detail}",
};
// no other case; d missing
const ja = { a: "{name}", b: "{count, plural, other {#枚}}", c: "{x, select, a {y}}" };
process.stdout.write(JSON.stringify(check({ en, de, fr, ja })));
"""


def test_the_check_finds_each_kind_of_problem():
    found = {(p["code"], p["key"]): p["problem"] for p in json.loads(node(BROKEN))}
    assert "placeholders {nom} where English has {name}" in found[("de", "a")]
    assert "does not compile" in found[("de", "b")] and "few" in found[("de", "b")]
    assert "does not compile" in found[("de", "c")]
    assert found[("de", "e")] == "not in English"
    assert "old-style" in found[("fr", "b")]
    assert "does not compile" in found[("ja", "c")]
    assert found[("ja", "d")] == "missing"
    # what is right is not reported: English's own keys, German leaving out {detail},
    # French's and Japanese's good messages
    assert set(found) == {
        ("de", "a"),
        ("de", "b"),
        ("de", "c"),
        ("de", "e"),
        ("fr", "b"),
        ("ja", "c"),
        ("ja", "d"),
    }


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """Every catalogue compiled as the build compiles it (tools/messages.mjs compile)."""
    out = tmp_path_factory.mktemp("messages")
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is not installed")
    proc = subprocess.run(
        [exe, str(ROOT / "tools" / "messages.mjs"), "compile", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return out


SAME_AS_REFERENCE = """
import { parse } from '@messageformat/parser';
import { pathToFileURL } from 'node:url';
import { messageFormat, sources } from './tools/messages.mjs';
import { PARTS, partOf } from './web/js/lib/words/parts.js';
const dir = process.argv[1];
const catalogues = await sources();
const counts = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 21, 22, 101, 1000000];
const differences = [], strings = [], misplaced = [];
let calls = 0;
// each argument's sample values: numbers for plurals, each case for selects, a name else
function samples(text) {
  const args = {};
  const walk = (tokens) => { for (const tok of tokens) {
    if (tok.type === 'plural' || tok.type === 'selectordinal') args[tok.arg] = counts;
    else if (tok.type === 'select') {
      args[tok.arg] = [...(args[tok.arg] || []), ...tok.cases.map((c) => c.key), 'none'];
    }
    else if ('arg' in tok && !args[tok.arg]) args[tok.arg] = ['Ann'];
    if ('cases' in tok) for (const c of tok.cases) walk(c.tokens);
  } };
  walk(parse(text));
  return args;
}
for (const [code, messages] of Object.entries(catalogues)) {
  const shipped = {};
  for (const part of PARTS) {
    const mod = (await import(pathToFileURL(`${dir}/${part}/${code}.js`).href)).default;
    for (const key of Object.keys(mod)) if (partOf(key) !== part) misplaced.push([code, part, key]);
    Object.assign(shipped, mod);
  }
  const mf = messageFormat(code);
  for (const [key, text] of Object.entries(messages)) {
    const reference = mf.compile(text);
    const args = samples(text);
    const names = Object.keys(args);
    if (!names.length) {
      const want = reference({});
      if (shipped[key] !== want) differences.push([code, key, shipped[key], want]);
      strings.push(typeof shipped[key] === 'string');
      continue;
    }
    // every sample of each argument, the others at their first sample
    for (const name of names) for (const value of args[name]) {
      const params = Object.fromEntries(names.map((n) => [n, args[n][0]]));
      params[name] = value;
      const got = shipped[key](params), want = reference(params);
      calls += 1;
      if (got !== want) differences.push([code, key, params, got, want]);
    }
  }
}
process.stdout.write(JSON.stringify({ differences, calls, strings, misplaced }));
"""


def test_the_shipped_messages_say_what_messageformat_says(compiled):
    out = json.loads(node(SAME_AS_REFERENCE, str(compiled)))
    assert out["differences"] == []
    assert out["misplaced"] == []
    assert out["calls"] > 1000
    # a message without placeholders ships as a plain string, not a function
    assert out["strings"] and all(out["strings"])


def test_the_compiled_modules_ship_no_parser_and_import_nothing(compiled):
    for path in compiled.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*import\b|\bimport\(|require\(", text, re.M), path
        assert "messageformat" not in text.split("\n", 1)[1], path
    core = (compiled / "core" / "de.js").read_text(encoding="utf-8")
    assert '"log.move": (d) => plural(' in core
    assert '"common.place": "' in core


def test_nothing_left_in_english(dump):
    en = dump["catalogues"]["en"]
    for code, cat in others(dump):
        same = {
            k
            for k, v in cat.items()
            if v == en[k]
            and re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", json.dumps(v, ensure_ascii=False)))
        }
        assert same <= SAME_AS_ENGLISH.get(code, set()), (code, sorted(same))


def test_french_typography(dump):
    # a narrow no-break space before : ! ? ; (not a plain one)
    for key, text in dump["catalogues"]["fr"].items():
        flat = json.dumps(text, ensure_ascii=False).replace("\\u202f", "\u202f")
        assert not re.search(r"[ \w»)][:!?;](\s|$|\")", flat), (key, text)


def test_japanese_is_written_in_japanese_punctuation(dump):
    # after kana or kanji, the Japanese full stop and comma (U+3002, U+3001), not ASCII . and ,
    for key, text in dump["catalogues"]["ja"].items():
        flat = json.dumps(text, ensure_ascii=False)
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff][.,]", flat), (key, text)


CHOOSE = """
import { chooseLang, matchLang } from './web/js/lib/words/lang.js';
const cases = JSON.parse(process.argv[1]);
process.stdout.write(JSON.stringify(cases.map(([search, stored, preferred]) =>
  chooseLang(search, stored, preferred))));
"""


@pytest.mark.parametrize(
    ("search", "stored", "preferred", "chosen"),
    [
        ("", None, ["de-DE", "en"], "de"),
        ("", None, ["de-AT"], "de"),
        ("", None, ["pt-BR", "en"], "pt-BR"),
        ("", None, ["pt"], "pt-BR"),
        ("", None, ["pt-PT", "en"], "pt-BR"),
        ("", None, ["ja-JP"], "ja"),
        ("", None, ["ja"], "ja"),
        ("", None, ["es-MX", "en"], "es"),
        ("", None, ["it-IT"], "it"),
        ("", None, ["nl-NL", "it-CH", "en"], "it"),
        ("", None, ["zh-CN", "ko"], "en"),
        ("", "ja", ["de-DE"], "ja"),
        ("?lang=pt-br", "ja", ["de-DE"], "pt-BR"),
        ("?lang=de", None, ["fr-FR"], "de"),
        ("?lang=xx", None, ["es"], "es"),
    ],
)
def test_the_page_language_from_the_address_the_choice_or_the_browser(
    search, stored, preferred, chosen
):
    script = CHOOSE.replace(
        "process.argv[1]", json.dumps(json.dumps([[search, stored, preferred]]))
    )
    assert json.loads(node(script)) == [chosen]


# The pages a first visit does not carry, and so the sections of words that load only with
# them (web/js/lib/words/parts.js names the same: checked below).
LATER = {"room": "room", "review": "review", "editor": "editor", "lessonEdit": "lesson-edit"}


def test_no_first_visit_page_uses_a_word_of_a_later_page(dump):
    from sitebuild import parts as shell
    from sitebuild.precache import LATER_PAGES

    parts = (ROOT / "web/js/lib/words/parts.js").read_text(encoding="utf-8")
    for section, page in LATER.items():
        assert f'{section}: "{page}"' in parts or f'"{section}": "{page}"' in parts, section
        assert page in LATER_PAGES, page
    keys = set(dump["catalogues"]["en"])
    web = ROOT / "web"
    files = [p for p in web.glob("*.html") if p.stem not in LATER.values()]
    files += list((web / "parts").glob("*.html"))  # the shell: in every page, the first visit's
    files += [
        p
        for p in (web / "js").rglob("*.js")
        if not any(part in p.parts for part in LATER.values()) and "catalogues" not in p.parts
    ]
    used = {}
    for path in files:
        for literal in re.findall(r"""["':]([A-Za-z]+\.[\w.]+)["';]""", path.read_text("utf-8")):
            if literal in keys:
                used.setdefault(literal, path.relative_to(ROOT).as_posix())
    assert len(used) > 300, len(used)  # the scan finds the keys
    later = {k: f for k, f in used.items() if k.split(".")[0] in LATER}
    assert later == {}, "a first-visit page uses words that load only with a later page"
    # and each later page names its own part (the page as built: its shell put in)
    for page in LATER.values():
        source = (web / f"{page}.html").read_text(encoding="utf-8")
        html = shell.expand(source, f"{page}.html", shell.load_parts(web))
        assert re.search(rf'<html\b[^>]*\sdata-words="{page}"', html), page
