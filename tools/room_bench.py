"""Live rooms, measured (docs/rooms.md): a real Nostr relay on this machine (the
tests' roomkit.Relay), the built site, one headless Chromium context per device.

    python3 tools/room_bench.py [--runs 5] [--idle 60]

Prints, as medians over the runs:
- opening a room link to seated: a new guest (the page loaded, the host found
  through the relay and the WebRTC channel, a seat taken with one click as
  soon as it is offered) and a returning guest (a reload: the seat comes back
  by itself), both from navigation start;
- a move from the host's engine to a guest's screen (the host has played it ->
  the guest has the state), over a whole game; a guest's own move's round
  trip (sent -> the host's state back);
- bytes per move: what a guest receives (its states), what the host sends to
  all peers;
- the relay's load once everyone is seated: EVENT messages every device sent
  to the relays in an idle minute (counted in the pages, at the WebSocket);
  and (the first run) while a listed table waits alone (--table-idle seconds,
  long enough to see its refresh), and while a game waits for a player;
- open tables: "Find a table" opened -> seated at a listed table with one
  click (a room of two listed by its host, a stranger who finds and joins it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

COUNT_EVENTS = """
(() => {
  window.__relayEvents = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith('["EVENT"')) window.__relayEvents++;
    return send.call(this, data);
  };
})();
"""


MORE = "(b) => window.tsuroRoom.arrivals.length > b"


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--idle", type=int, default=60, help="seconds of the idle window (relay load)")
    ap.add_argument(
        "--table-idle",
        type=int,
        default=300,
        help="seconds a listed table waits alone while its events are counted (0: not measured)",
    )
    args = ap.parse_args()

    # conftest, imported for its polling waits (the site's CSP forbids Playwright's own)
    import conftest  # noqa: F401
    import pagekit
    import roomkit
    from playwright.sync_api import sync_playwright

    from sitebuild import chromium, dist, serve

    site = Path(tempfile.mkdtemp(prefix="tsuro-room-bench-")) / "dist"
    dist.private_copy(site)
    srv, url = serve.serve_in_thread(site, host="127.0.0.1")
    server = url.replace("127.0.0.1", "localhost")
    relay = roomkit.Relay()
    new_seated, back_seated, found = [], [], []
    latency, round_trip, guest_bytes, host_bytes = [], [], [], []
    idle_events = warmup_events = listed_events = playing_events = None
    find_to_seated = []
    try:
        with sync_playwright() as pw:
            browser = chromium.launch(pw)

            def device():
                ctx = browser.new_context()
                ctx.set_default_timeout(120_000)
                ctx.add_init_script(COUNT_EVENTS)
                return ctx.new_page()

            def per_minute(pages, seconds):
                before = sum(p.evaluate("window.__relayEvents") for p in pages)
                time.sleep(seconds)
                after = sum(p.evaluate("window.__relayEvents") for p in pages)
                return (after - before) * 60 / seconds / len(pages)

            for run in range(args.runs):
                # open tables: a listed room found and joined by a stranger
                lister = device()
                roomkit.open_room(lister, server, relay, ["person", "person"])
                roomkit.take_seat(lister, 0, f"Lister {run}")
                lister.check("#room-listed")
                lister.wait_for_function("window.tsuroRoom.announced?.log.length > 0")
                if run == 0 and args.table_idle:
                    time.sleep(5)  # past the room's warm-up announcements
                    listed_events = per_minute([lister], args.table_idle)
                stranger = device()
                stranger.goto(roomkit.room_url(server, relay) + "#find")
                join = stranger.locator("#tables li", has_text=f"Lister {run}").locator(
                    "[data-action='join']"
                )
                join.wait_for()
                join.click()
                stranger.wait_for_function("window.tsuroRoom?.seat === 1")
                find_to_seated.append(stranger.evaluate("window.tsuroRoom.joinedInMs"))
                lister.context.close()
                stranger.context.close()

                host = device()
                link = roomkit.open_room(host, server, relay, ["person", "person", "computer:easy"])
                roomkit.take_seat(host, 0, "Ann")
                guest = device()
                guest.goto(link)
                guest.wait_for_selector("#seats li[data-seat='1'] button.primary")
                guest.fill("#join-name", "Bo")
                guest.click("#seats li[data-seat='1'] button.primary")
                guest.wait_for_function("window.tsuroRoom.seatedAt !== null")
                found.append(guest.evaluate("window.tsuroRoom.connectedAt"))
                new_seated.append(guest.evaluate("window.tsuroRoom.seatedAt"))
                guest.reload()
                guest.wait_for_function("window.tsuroRoom.seatedAt !== null")
                back_seated.append(guest.evaluate("window.tsuroRoom.seatedAt"))

                if run == 0 and args.idle:
                    # the relays' load once seated: an idle window, every device counted
                    time.sleep(5)  # past the warm-up announcements
                    before = sum(p.evaluate("window.__relayEvents") for p in (host, guest))
                    time.sleep(args.idle)
                    after = sum(p.evaluate("window.__relayEvents") for p in (host, guest))
                    idle_events = (after - before) * 60 / args.idle
                    warmup_events = before

                host.click("#btn-start")
                pagekit.wait_phase(guest, ["start", "waiting"])
                if run == 0 and args.idle:
                    # a game waiting for a player (the host's first start mark)
                    pagekit.wait_phase(host, ["start"])
                    playing_events = per_minute([host, guest], args.idle)
                k = 0
                while not all(pagekit.phase(p) == "over" for p in (host, guest)):
                    for p in (host, guest):
                        if roomkit.my_turn(p):
                            n = len(p.evaluate("window.tsuroRoom.arrivals"))
                            roomkit.play_turn(p, k)
                            p.wait_for_function(
                                "(b) => window.tsuroRoom.arrivals.length > b", arg=n
                            )
                            k += 1
                    host.wait_for_timeout(50)
                sent = {s["n"]: s["at"] for s in host.evaluate("window.tsuroRoom.hostStats.sent")}
                arrivals = guest.evaluate("window.tsuroRoom.arrivals")
                moves = [a for a in arrivals if a["n"] in sent and a["n"] > 0]
                latency += [a["at"] - sent[a["n"]] for a in moves]
                back = {a["n"]: a["at"] for a in arrivals}
                for m in guest.evaluate("window.tsuroRoom.moved"):
                    if m["n"] + 1 in back:
                        round_trip.append(back[m["n"] + 1] - m["at"])
                guest_bytes.append(sum(a["bytes"] for a in moves) / max(1, len(moves)))
                stats = host.evaluate("window.tsuroRoom.hostStats")
                host_bytes.append(stats["bytes"] / max(1, len(moves)))
                host.context.close()
                guest.context.close()
            browser.close()
    finally:
        relay.stop()
        srv.shutdown()
        srv.server_close()

    print(f"live rooms, {args.runs} runs, a local nostr-relay, headless Chromium (medians)")
    print(f"  a new guest, link opened -> host found:     {median(found):7.0f} ms")
    print(f"  a new guest, link opened -> seated (1 click): {median(new_seated):5.0f} ms")
    print(f"  a returning guest, reload -> seated:        {median(back_seated):7.0f} ms")
    print(
        f"  a move, host's engine -> guest's state:     {median(latency):7.1f} ms"
        f" (p90 {statistics.quantiles(latency, n=10)[-1]:.1f}, {len(latency)} moves)"
    )
    print(f"  a guest's move, sent -> state back:         {median(round_trip):7.1f} ms")
    print(f"  bytes per move, a guest receives:           {median(guest_bytes):7.0f} B")
    print(f"  bytes per move, the host sends (2 peers):   {median(host_bytes):7.0f} B")
    print(f"  'Find a table' opened -> seated (1 click):  {median(find_to_seated):7.0f} ms")
    if listed_events is not None:
        print(
            f"  relay events, a listed table waiting alone: {listed_events:7.2f} a minute"
            f" (over {args.table_idle} s; the room's and the table's, on one relay)"
        )
    if playing_events is not None:
        print(
            f"  relay events, a game waiting for a move:    {playing_events:7.2f} a minute a device"
        )
    if idle_events is not None:
        print(
            f"  relay events once seated, 2 devices:        {idle_events:7.1f} a minute"
            f" ({warmup_events} from opening the room to 5 s after seating)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
