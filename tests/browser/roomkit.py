"""Live rooms under test: a real Nostr relay on this machine and the steps a
player takes on room.html.

The relay is `nostr-relay` from PyPI (a complete relay: its own WebSocket
server, SQLite storage, signature checks), pinned with its dependencies in
tests/relay/requirements.txt and installed by .ci/run into its own virtual
environment, .cache/nostr-relay (or wherever $TSURO_NOSTR_RELAY points).
The rooms' Trystero speaks to it exactly as to a public relay."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pagekit

ROOT = Path(__file__).resolve().parents[2]
RELAY = Path(os.environ.get("TSURO_NOSTR_RELAY", ROOT / ".cache/nostr-relay/bin/nostr-relay"))
INSTALL = (
    "python3 -m venv .cache/nostr-relay && "
    ".cache/nostr-relay/bin/pip install -r tests/relay/requirements.txt"
)

CONFIG = """\
relay_name: tsuro test relay
relay_description: the live-room tests' relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 64
max_limit: 6000
logging:
  version: 1
  formatters:
    simple:
      format: '%(asctime)s %(name)s %(levelname)s %(message)s'
  handlers:
    file:
      class: logging.FileHandler
      filename: {log}
      formatter: simple
  loggers:
    nostr_relay:
      level: INFO
      handlers: [file]
      propagate: false
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """A nostr-relay process on a free loopback port; `url` is its ws:// address."""

    def __init__(self) -> None:
        if not RELAY.exists():
            raise RuntimeError(f"no nostr relay at {RELAY}: install it with `{INSTALL}`")
        self.dir = Path(tempfile.mkdtemp(prefix="tsuro-relay-"))
        self.port = free_port()
        self.log = self.dir / "relay.log"
        conf = self.dir / "relay.yaml"
        conf.write_text(CONFIG.format(db=self.dir / "relay.sqlite3", port=self.port, log=self.log))
        with open(self.dir / "stdout.log", "wb") as out:  # the child keeps its own handle
            self.proc = subprocess.Popen(
                [str(RELAY), "-c", str(conf), "serve", "--use-uvicorn"],
                cwd=self.dir,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.url = f"ws://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the relay stopped: {(self.dir / 'stdout.log').read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("the relay did not start within 60 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def room_url(server: str, relay: Relay, extra: str = "") -> str:
    """room.html pointed at the test relay, with no STUN server (no internet here), no animation."""
    return f"{server}room.html?relays={relay.url}&stun=off&anim=0{extra}"


def open_room(page, server: str, relay: Relay | None, kinds: list[str]) -> str:
    """On a fresh page: the host's new room with these seat kinds ("person", "computer:easy"...);
    returns the room link.  Without a relay: a room for invites without internet only."""
    page.goto(
        room_url(server, relay) if relay else f"{server}room.html?relays=none&stun=off&anim=0"
    )
    page.wait_for_selector("#btn-open-room:visible")
    page.select_option("#room-count", str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.select_option(f"#room-seat-kinds li:nth-child({i + 1}) select", kind)
    page.click("#btn-open-room")
    page.wait_for_selector("#seats li")
    if relay:
        page.wait_for_function("document.getElementById('room-link').value !== ''")
    else:  # no relay: the room has no link, only invites without internet
        assert page.locator("#invite-box").is_hidden()
    return page.input_value("#room-link")


def take_seat(page, seat: int, name: str) -> None:
    """Take a free seat in the lobby under a name; waits until the host seated this page."""
    button = f"#seats li[data-seat='{seat}'] button.primary"
    page.wait_for_selector(button)
    page.fill("#join-name", name)
    page.click(button)
    page.wait_for_function("(s) => window.tsuroRoom.seat === s", arg=seat)


def received(page) -> list[dict]:
    """Every message this page received from the host, parsed."""
    return [json.loads(m) for m in page.evaluate("window.tsuroRoom.received")]


def my_turn(page) -> bool:
    return pagekit.phase(page) in ("start", "tile")


play_turn = pagekit.play_turn


FAIL_ENGINE = """([op, times]) => {
  const engine = window.tsuro.engine;
  const ask = engine.request.bind(engine);
  let left = times;
  window.tsuroEngineFailed = window.tsuroEngineFailed || 0;
  engine.request = (o, args, options) => {
    const answer = ask(o, args, options);
    if (o === op && left > 0) {
      left--;
      window.tsuroEngineFailed++;
      engine.restart();   // the worker gone under the request: it fails with "restarted"
    }
    return answer;
  };
}"""


def fail_engine(page, op: str, times: int) -> None:
    """Test-only: the next `times` requests of `op` (e.g. "play", "bot_move") on this
    page's engine fail as they would if the worker died under them: each is sent, then
    the engine client restarts the worker, as it does itself past a request's time limit
    (docs/reliability.md), so the request fails with `restarted` and a fresh worker boots
    for the next one.  window.tsuroEngineFailed counts them all.  (test_link_play and
    test_reliability kill or flood the worker instead; a restart fails the request at once
    rather than after the 10 s time limit.)"""
    page.evaluate(FAIL_ENGINE, [op, times])
