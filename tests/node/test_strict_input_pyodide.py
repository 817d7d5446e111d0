"""Strict input in Pyodide itself (its stack is smaller than CPython's): deeply
nested requests are refused as values before the recursive JSON parser sees
them, and the answers are strict JSON there too."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.node

PROGRAM = """
import json
from tsuro_core.api import handle_json
for n in (40, 1000, 100_000):
    text = '{"op":"validate","args":{"position":' + '[' * n + ']' * n + '}}'
    print(handle_json(text))
# a string of escaped quotes left open, at the 1 MiB limit: was quadratic (24 s for 64 KB)
text = '{"op":"validate","args":{"position":"' + '\\\\"' * 524_000
print(handle_json(text[: 1 << 20]))
print(handle_json('{"op": "new_game", "args": {"seed": NaN}}'))
print(handle_json('{"op": "new_game", "args": {"seed": 1.5}}'))
"""


def test_deep_and_loose_requests_are_error_values_in_pyodide(pyodide_node):
    answers = [json.loads(line) for line in pyodide_node(python=PROGRAM).splitlines()]
    assert [a["error"]["code"] for a in answers] == ["bad_json"] * 5 + ["bad_args"]
    assert "is not JSON" in answers[3]["error"]["message"]
    assert all("deeper than 32" in a["error"]["message"] for a in answers[:3])


LINK_PROGRAM = """
import json
from tsuro_core.api import call
made = call("link_new", {"game": "pyodide-1", "seats": ["person", "person"],
                         "players": [{"name": "A"}, {"name": "B"}]})["result"]
shared = call("link_share", {"message": made["message"]})["result"]
dealt = call("link_reveal", {"message": shared["message"], "secret": made["secret"]})["result"]
fragment = call("link_encode", {"message": dealt["message"]})["result"]["fragment"]
print(json.dumps({"made": made, "dealt": dealt, "open": call("link_open", {"fragment": fragment})}))
"""


def test_link_games_commit_share_and_reveal_in_pyodide_with_the_shipped_stdlib(pyodide_node):
    """hashlib and the system's randomness, which the shuffle's commitment uses, work with the
    site's trimmed stdlib."""
    from tsuro_core import linkplay

    out = json.loads(pyodide_node(python=LINK_PROGRAM).strip().splitlines()[-1])
    made, dealt, opened = out["made"], out["dealt"], out["open"]
    assert made["message"]["commit"] == linkplay.commitment("pyodide-1", made["secret"])
    shares = dealt["message"]["shares"]
    assert dealt["message"]["record"]["seed"] == linkplay.seed_of(
        "pyodide-1", made["secret"], shares
    )
    assert opened["ok"] and opened["result"]["shuffle"] == "committed"
