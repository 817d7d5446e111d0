"""The live rooms' part of the build (sitebuild/rooms.py): the vendored libraries
(pinned npm tarballs) laid out under the room page's own folder, every import
among them resolved to a vendored file, no source-map comment; the one relay
list behind both the page's settings and its Content-Security-Policy."""

from __future__ import annotations

import json
import posixpath
import re

import pytest

from sitebuild import headers, rooms
from sitebuild.common import BuildError

SPEC = re.compile(r"""^\s*(?:import|export)\b[^'";]*?(?:\bfrom\s*)?["']([^"']+)["']""", re.M)


@pytest.fixture(scope="module")
def vendored():
    return rooms.vendor_files()


def test_every_vendored_import_is_a_vendored_file(vendored):
    assert f"{rooms.VENDOR_DIR}/trystero.js" in vendored
    assert f"{rooms.VENDOR_DIR}/qrcode.js" in vendored
    for path, data in vendored.items():
        assert path.startswith(rooms.VENDOR_DIR + "/")
        text = data.decode("utf-8")
        assert "sourceMappingURL" not in text, path
        for spec in SPEC.findall(text):
            assert spec.startswith("."), (path, spec)
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
            assert target in vendored, (path, spec)


def test_an_import_of_something_not_vendored_stops_the_build():
    pkg = rooms.VENDOR[1]
    with pytest.raises(BuildError, match="not vendored"):
        rooms._rewrite('import { x } from "left-pad";\n', "trystero.js", pkg)
    # an example in a comment is no import
    assert "left-pad" in rooms._rewrite(' * import { x } from "left-pad";\n', "trystero.js", pkg)


def test_the_relay_list_is_the_one_place_of_the_page_and_its_policy():
    network = json.loads(rooms.network_js().split("NETWORK = ", 1)[1].rstrip().rstrip(";"))
    assert network["relays"] == list(rooms.RELAYS) and network["appId"] == rooms.APP_ID
    assert 0 < network["roomRelays"] <= len(rooms.RELAYS)
    # open tables are announced on relays of the list, whose NIP-11 documents the page may read
    assert network["lobbyRelays"] == list(rooms.LOBBY_RELAYS)
    assert set(rooms.LOBBY_RELAYS) <= set(rooms.RELAYS)
    policy = headers.headers_for("/room.html")[headers.CSP]
    connect = next(d for d in policy.split("; ") if d.startswith("connect-src ")).split()[1:]
    for url in rooms.RELAYS:
        assert re.match(r"wss://[^/]+", url).group(0) in connect
    assert "ws://127.0.0.1:*" in connect
    for url in rooms.LOBBY_RELAYS:  # their NIP-11 documents
        assert re.sub(r"^wss", "https", re.match(r"wss://[^/]+", url).group(0)) in connect
    assert "http://127.0.0.1:*" in connect
    # the other pages reach no relay
    assert "wss:" not in headers.headers_for("/index.html")[headers.CSP]


def test_package_json_and_its_lock_pin_the_same_tarballs_as_the_build():
    """npm's pins (package.json, package-lock.json's integrity) and the build's
    (sitebuild/rooms.py's version and sha256) name the very same tarballs."""
    import base64
    import hashlib

    from sitebuild.common import ROOT
    from sitebuild.pins import fetch_npm

    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert package["dependencies"] == {v.name: v.version for v in rooms.VENDOR}
    for v in rooms.VENDOR:
        entry = lock[f"node_modules/{v.name}"]
        assert entry["version"] == v.version, v.name
        tarball = fetch_npm(v.name, v.version, v.sha256).read_bytes()
        sha512 = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
        assert entry["integrity"] == sha512, v.name
