"""Player names as a live room keeps them (tsuro_core/names.py): the cases of
tests/data/names/cases.json, which the room page's names.js must answer the same
(tests/node/test_names_js.py); a kept name is always one a new game takes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tsuro_core.api import call
from tsuro_core.names import MAX_NAME, MAX_NAME_POINTS, clean_name, clusters

CASES = json.loads((Path(__file__).parent / "data/names/cases.json").read_text())["cases"]


@pytest.mark.parametrize(("name", "kept", "why"), CASES, ids=[c[2][:40] for c in CASES])
def test_each_case(name, kept, why):
    assert clean_name(name) == kept, why
    answer = call("clean_name", {"name": name})
    if any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        # the API refuses text that is not text at its door (a page's JSON cannot carry it)
        assert not answer["ok"] and answer["error"]["code"] == "bad_args", answer
    else:
        assert answer == {"ok": True, "result": {"name": kept}}


@pytest.mark.parametrize(("name", "kept", "why"), CASES, ids=[c[2][:40] for c in CASES])
def test_a_kept_name_is_one_a_game_takes(name, kept, why):
    if not kept:
        return
    assert len(clusters(kept)) <= MAX_NAME and len(kept) <= MAX_NAME_POINTS
    answer = call("new_game", {"players": [{"name": kept}, {"name": "Bo"}], "seed": 1})
    assert answer["ok"], (why, answer)


def test_a_name_that_is_not_text_is_refused():
    answer = call("clean_name", {"name": 7})
    assert not answer["ok"] and answer["error"]["code"] == "bad_args"
