"""Every language's catalogue (web/js/lib/words/catalogues/<code>.js) against the English one, in
Node: the same keys, each text of the same shape (a plural object where English has
one, with exactly the plural forms Intl.PluralRules knows for that language), the
same placeholders (a translation may leave out only the engine's English {detail}),
nothing left in English but the words every language shares; the language menu's
names; the page's language chosen from ?lang=, the player's choice and the browser's
languages (i18n.js)."""

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
    },
    "de": {
        "help.escKey",
        "game.setup.computer",
        "game.setup.speedNormal",
        "common.color.orange",
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
import { LANGUAGES, CATALOGUES, loadCatalogue } from './web/js/lib/words/i18n.js';
const plurals = {};
for (const code of Object.keys(LANGUAGES)) {
  await loadCatalogue(code);
  plurals[code] = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
}
process.stdout.write(JSON.stringify({ languages: LANGUAGES, catalogues: CATALOGUES, plurals }));
"""


def node(script: str) -> str:
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is not installed")
    proc = subprocess.run(
        [exe, "--input-type=module", "-e", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc.stdout


@pytest.fixture(scope="module")
def dump():
    return json.loads(node(DUMP))


def holes(value) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", json.dumps(value, ensure_ascii=False)))


def others(dump):
    return [(c, cat) for c, cat in dump["catalogues"].items() if c != "en"]


def test_every_catalogue_file_is_a_language_on_the_menu_named_in_itself(dump):
    files = {p.stem for p in I18N.glob("*.js")}
    assert set(dump["languages"]) == files
    assert {"en", "fr", "de", "es", "it", "pt-BR", "ja"} <= files
    for code, name in dump["languages"].items():
        assert dump["catalogues"][code]["lang.name"] == name, code


def test_the_same_keys_shapes_and_placeholders_as_english(dump):
    en = dump["catalogues"]["en"]
    for code, cat in others(dump):
        assert set(cat) == set(en), (code, sorted(set(en) ^ set(cat)))
        forms = set(dump["plurals"][code])
        for key, text in en.items():
            other = cat[key]
            assert isinstance(other, dict) == isinstance(text, dict), (code, key)
            assert holes(other) <= holes(text), (code, key, holes(other) - holes(text))
            assert holes(text) - holes(other) <= {"detail"}, (code, key, other)
            if isinstance(other, dict):
                # the forms this language has ("many" may fall back on "other")
                assert "other" in other and set(other) <= forms, (code, key, set(other))
                assert ("one" in other) == ("one" in forms), (code, key)
                for form in other.values():
                    assert isinstance(form, str) and form.strip(), (code, key)
                    assert holes(form) <= holes(text), (code, key, form)
            else:
                assert other.strip(), (code, key)


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


PLURALS = """
import { LANGUAGES, tIn, loadCatalogue } from './web/js/lib/words/i18n.js';
const out = {};
for (const code of Object.keys(LANGUAGES)) {
  await loadCatalogue(code);
  out[code] = [0, 1, 2, 3, 5, 11, 21, 101].map((count) => [
    count, new Intl.PluralRules(code).select(count),
    tIn(code, 'game.players.tiles', { count }),
    tIn(code, 'log.move', { count, name: 'Ann', place: 'B1' }),
  ]);
}
process.stdout.write(JSON.stringify(out));
"""


def test_plural_forms_follow_each_language(dump):
    out = json.loads(node(PLURALS))
    cats = dump["catalogues"]
    for code, rows in out.items():
        for count, form, tiles, move in rows:
            want = cats[code]["game.players.tiles"]
            assert tiles == want.get(form, want["other"]).replace("{count}", str(count))
            assert str(count) in move and "Ann" in move and "B1" in move, (code, move)
            assert "{" not in tiles + move, (code, tiles, move)
    # the languages' own rules: French and Brazilian Portuguese say "0 tuile"/"0 peça", not English
    assert [r[1] for r in out["fr"][:3]] == ["one", "one", "other"]
    assert [r[1] for r in out["pt-BR"][:3]] == ["one", "one", "other"]
    assert [r[1] for r in out["de"][:3]] == ["other", "one", "other"]
    assert {r[1] for r in out["ja"]} == {"other"}


CHOOSE = """
import { chooseLang, matchLang } from './web/js/lib/words/i18n.js';
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
