"""A live room's bound on a message's size while it arrives (docs/rooms.md, Security):
Trystero sends a message in chunks of 16 KiB and keeps them until the last one; the page
counts them as they come (relay.js guardChunks) and drops a peer whose message takes
more than the protocol allows (one chunk from a guest), before Trystero has put it
together.  Two hostile guests send through Trystero (a 40 kB message: three chunks, the
first saying so) and around it (chunks written on the data channel itself, lying in
their progress byte and never ending): each is dropped, and the game goes on for the
others."""

from __future__ import annotations

import pagekit
import pytest
import roomkit

pytestmark = pytest.mark.browser

# test-only, in the hostile guest's page before any script: keep every data channel it
# sends on (Trystero's own, which it does not expose) with the room frame's header it
# uses there (Trystero's shared-peer.mjs: version 1, the room token's length, the token)
KEEP_CHANNELS = """
window.tsuroChannels = new Map();
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
    : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : null;
  if (bytes && bytes[0] === 1) {
    window.tsuroChannels.set(this, bytes.slice(0, 3 + ((bytes[1] << 8) | bytes[2])));
  }
  return send.call(this, data);
};
"""

# chunks in Trystero's wire format (its action-wire.mjs), in the room's frame: 32 bytes of
# action name, a 2-byte message number, a tag (bit 0: the last chunk; 0: text), a
# progress byte (the share sent, of 255), then the payload
RAW_CHUNKS = """([count, progress, size]) => {
  const name = new TextEncoder().encode("tsuro");
  let channels = 0;
  for (const [channel, frame] of window.tsuroChannels) {
    if (channel.readyState !== "open") continue;
    channels++;
    for (let i = 0; i < count; i++) {
      const chunk = new Uint8Array(frame.length + 36 + size).fill(120);
      chunk.set(frame, 0);
      const at = frame.length;
      chunk.fill(0, at, at + 36);
      chunk.set(name, at);
      chunk[at + 32] = 0x7f; chunk[at + 33] = 0x7f;   // a message number of its own
      chunk[at + 34] = 0;                             // never the last chunk
      chunk[at + 35] = progress;
      channel.send(chunk);
    }
  }
  return channels;
}"""

TOO_LARGE = "window.tsuroRoom.hostStats.tooLarge"


def test_a_message_larger_than_a_chunk_is_refused_while_it_arrives(devices, server, relay):
    _, (host, bo) = roomkit.seated_room(devices, server, relay, ["person", "person"], ["Ann", "Bo"])
    pagekit.wait_phase(host, ["start"])
    link = host.input_value("#room-link")
    eve, mal = devices("eve"), devices("mal")  # two who watch, and send what they should not
    mal.context.add_init_script(KEEP_CHANNELS)
    for page in (eve, mal):
        page.goto(link)
        page.wait_for_function("window.tsuroRoom.connected")
    host.wait_for_function("window.tsuroRoom.hostStats.messages > 0")
    refused = host.evaluate("window.tsuroRoom.refused")

    # through Trystero: 40 kB, three chunks, the first saying it is a third of the message
    eve.evaluate("window.tsuroRoom.sendRaw('x'.repeat(40000))")
    host.wait_for_function(f"{TOO_LARGE} >= 1")  # (=== 1 would wait out a jump to 2)
    eve.wait_for_function("!window.tsuroRoom.connected")  # dropped
    # refused once, on its first chunk: the protocol's own check never saw the message,
    # nor the rest of its chunks, still on their way when Eve was dropped
    stats = host.evaluate("window.tsuroRoom.hostStats")
    # (on failure: every count, and the refusals each device was told, to name the other one)
    pages = {"eve": eve, "mal": mal, "bo": bo}
    told = {n: [m for m in roomkit.received(p) if m["type"] == "error"] for n, p in pages.items()}
    assert host.evaluate("window.tsuroRoom.refused") == refused + 1, str((stats, told))
    assert stats["tooLarge"] == 1, stats

    # around Trystero: chunks on the data channel itself that say each is the whole
    # message, and never end
    assert mal.evaluate(RAW_CHUNKS, [3, 255, 16000]) >= 1
    host.wait_for_function(f"{TOO_LARGE} >= 2")
    mal.wait_for_function("!window.tsuroRoom.connected")
    assert host.evaluate("window.tsuroRoom.refused") == refused + 2

    # nothing changed for the others: the game goes on
    assert host.evaluate("window.tsuroRoom.record.moves.length") == 0
    assert not [m for m in roomkit.received(bo) if m["type"] == "error"]
    roomkit.play_moves([host, bo], 2)  # both start marks
    assert host.evaluate(TOO_LARGE) == 2
    for page in (host, bo):
        assert not roomkit.relay_errors(page), roomkit.relay_errors(page)
