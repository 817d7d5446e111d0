"""The engine worker's snapshot format (web/worker/snapshot.js) in Node: a packed
snapshot unpacks to the same bytes, keeps only the non-zero pages, and anything
else (another file, a truncated or padded entry) is refused, so the worker boots
afresh instead of restoring garbage."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.node

SNAPSHOT_JS = Path(__file__).resolve().parents[2] / "web" / "worker" / "snapshot.js"

CHECKS = """
const { packSnapshot, unpackSnapshot } = await import(process.argv[1]);
const PAGE = 4096;
const raw = new Uint8Array(10 * PAGE + 123);  // ten pages and a partial one
raw[5] = 1; raw[3 * PAGE + 7] = 2; raw[10 * PAGE + 122] = 3;  // pages 0, 3 and 10
const packed = await packSnapshot(raw);
const back = unpackSnapshot(packed);
const refused = (bytes) => {
  try { unpackSnapshot(bytes); return null; } catch (e) { return e.message; }
};
const grown = new Uint8Array(packed.length + 4); grown.set(packed);
const other = new Uint8Array(packed); other[0] ^= 0xff;
console.log(JSON.stringify({
  same: back.length === raw.length && back.every((b, i) => b === raw[i]),
  packedPages: (packed.length - 16) / PAGE,
  empty: unpackSnapshot(await packSnapshot(new Uint8Array(0))).length,
  truncated: refused(packed.subarray(0, packed.length - 1)),
  trailing: refused(grown),
  other: refused(other),
  tiny: refused(new Uint8Array(3)),
}));
"""


def test_pack_unpack_round_trip_and_refusals():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (tests/node needs Node 20)")
    proc = subprocess.run(
        [node, "--input-type=module", "-e", CHECKS, SNAPSHOT_JS.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["same"] is True
    assert out["packedPages"] == 3  # the zero pages are left out
    assert out["empty"] == 0
    assert out["truncated"] == "engine snapshot truncated"
    assert out["trailing"] == "engine snapshot has trailing bytes"
    assert out["other"] == "not an engine snapshot"
    assert out["tiny"] == "not an engine snapshot"
