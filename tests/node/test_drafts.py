"""The one keeper of an author's draft (web/js/lib/authoring/drafts.js, which the board editor
and the lesson editor use) and the one list of entries kept aside (storage.js), in Node
(tests/node/drafts.mjs), two tabs sharing one storage: every change is made on what is
stored at that moment; two writes that crossed are shown, and whichever draft the author
keeps, the other is kept aside; a write that fails keeps the change on the page, says so,
and is made with the next change that can be; what the page cannot read is put aside,
never written over; the list holds what every page kept, the older places included.
The browser side (two real tabs, storage full in the page) is in
tests/browser/test_authors_tabs.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import node_script

SCRIPT = Path(__file__).resolve().parent / "drafts.mjs"


@pytest.fixture(scope="module")
def out() -> dict[str, Any]:
    return node_script(SCRIPT)


def test_two_tabs_taking_turns_lose_nothing(out):
    t = out["turns"]
    assert t["stored"] == {"items": ["a1", "b1", "a2"], "rev": 3}
    assert t["a"] == t["b"] == ["a1", "b1", "a2"]
    assert t["aSaid"] == ["taken"] and t["bSaid"] == ["taken", "taken"]
    assert t["kept"] == []


def test_a_change_waiting_while_another_tab_writes_is_made_again_on_its_draft(out):
    m = out["meanwhile"]
    assert m["stored"] == {"items": ["b1", "a1"], "rev": 2}
    assert m["calls"] == 2


def test_crossed_writes_ask_the_author_and_keep_the_other_draft_aside(out):
    c = out["crossed"]
    # b wrote over a's write without having seen it: a does not take it, it asks
    assert c["asked"] == {
        "conflict": True,
        "aSaid": ["conflict"],
        "stored": ["x", "b1"],
        "mine": ["x", "a1"],
    }
    # while asked, a's changes stay on its page and nothing is written over b's
    assert c["whileAsked"] == {"stored": ["x", "b1"], "mine": ["x", "a1", "a2"]}
    # a kept its own: written above b's, b's kept aside (listed), and b takes a's
    assert c["stored"] == {"items": ["x", "a1", "a2"], "rev": 3}
    assert c["kept"] == [{"key": "tsuro.testDraft", "reason": "otherTab", "items": ["x", "b1"]}]
    assert c["b"] == ["x", "a1", "a2"] and c["bSaid"] == ["taken"]
    assert c["conflictAfter"] is None


def test_storage_full_keeps_the_change_on_the_page_and_says_so(out):
    f = out["full"]
    w = f["whileFull"]
    assert w["stored"] == ["a1"] and w["mine"] == ["a1", "a2", "a3"]
    assert w["unsaved"] and w["failure"] == {"reason": "full"}
    assert w["aSaid"] == ["failed", "failed"]
    assert w["file"]["items"] == ["a1", "a2", "a3"]  # the file holds the whole draft
    # room again: the next change writes everything, and saving again is said
    assert f["after"] == {
        "stored": ["a1", "a2", "a3", "a4"],
        "unsaved": False,
        "failure": None,
        "aSaid": ["failed", "failed", "saved"],
    }
    # a change never stored (a5), and another tab's write meanwhile: asked; taking the other
    # tab's keeps this one aside
    assert f["asked"]["conflict"] and f["asked"]["aSaid"][-2:] == ["failed", "conflict"]
    assert f["stored"] == f["mine"] == ["a1", "a2", "a3", "a4", "b1"]
    assert f["kept"] == [
        {"key": "tsuro.testDraft", "reason": "replaced", "items": ["a1", "a2", "a3", "a4", "a5"]}
    ]
    assert f["conflictAfter"] is None and not f["unsaved"]


def test_what_another_tab_stored_unreadable_is_put_aside_never_written_over(out):
    u = out["unreadable"]
    assert u["aSaid"] == ["kept"] and u["left"] is None
    assert u["stored"] == {"items": ["a1", "a2"], "rev": 2}
    assert u["kept"] == [{"key": "tsuro.testDraft", "reason": "unreadable", "text": "{oops"}]
    # the browser refused the copy: the text stays until a copy is made, then this tab writes
    f = out["unreadableFull"]
    assert f["cSaid"] == ["kept"]
    assert f["stored"] == {"items": ["c1", "c2"], "rev": 2} and f["kept"] == ["{oops"]


def test_a_draft_the_engine_fails_to_check_stays_where_it_is(out):
    f = out["failedForNow"]
    assert f["whileDown"] == {
        "failed": "timeout",
        "stored": {"items": ["a1", "b1"], "rev": 2},
        "kept": [],
        "said": [],
    }
    assert f["after"] == {"items": ["a1", "b1", "a2"], "rev": 3}
    assert f["said"] == ["taken"] and f["kept"] == []
    assert f["atLoad"] == "timeout" and f["left"] == f["after"]


def test_a_damaged_draft_at_load_is_put_aside_and_a_fresh_one_used(out):
    d = out["load"]
    assert d["keptAt"].startswith("tsuro.kept.testDraft-") and "not a draft" in d["error"]
    assert d["left"] is None and d["draft"] == {"items": []}
    assert d["kept"] == ['{"items":[1,2]}']


def test_one_list_of_entries_kept_whatever_page_kept_them(out):
    listed = {e["storeKey"]: e for e in out["list"]}
    assert set(listed) == {
        "tsuro.kept.g1",
        next(k for k in listed if k.startswith("tsuro.kept.editor-")),
        "tsuro.kept-review.game.g2",
        "tsuro.kept.odd",
        "tsuro.lessonDraft.kept",
    }
    assert listed["tsuro.kept.g1"]["key"] is None  # a saved game's
    assert listed["tsuro.kept-review.game.g2"]["key"] == "tsuro.review.game.g2"
    assert listed["tsuro.kept-review.game.g2"]["text"] == "{review"
    assert listed["tsuro.lessonDraft.kept"]["key"] == "tsuro.lessonDraft"
    assert listed["tsuro.lessonDraft.kept"]["text"].startswith('{"format": "tsuro-lesson-draft/1"')
    assert listed["tsuro.kept.odd"]["text"] == "not JSON"
    # each forgotten by its key; a key that is no kept entry is never removed
    assert out["listAfter"] == ["tsuro.editor"]
