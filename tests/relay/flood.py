"""A flood of fake open-table announcements on a Nostr relay (docs/rooms.md, "Open
tables"), for the tests that check a finder keeps its list bounded and believes only
well-made announcements.  Runs in the relay's own virtual environment
(.cache/nostr-relay: aionostr's events, coincurve's Schnorr signatures, websockets):

    .cache/nostr-relay/bin/python tests/relay/flood.py ws://127.0.0.1:PORT VALID BAD

publishes VALID announcements that a finder must believe (each with its own key, a
proof of work of 16 bits, a fresh expiration) and BAD ones it must not: one of each
fault the relay itself lets through (no proof of work, a proof below the committed
target, expired, expiring too far ahead, free text in the content, an unknown
language, more seats free than seats, a damaged room link, a content that is not
JSON), then the cheapest of them (no proof of work) for the rest.  Prints, as JSON,
{"valid": n, "bad": n, "refused_by_relay": n, "keys": [...]}.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import secrets
import sys
import time

import websockets
from aionostr.event import Event
from coincurve import PrivateKey

KIND = 30078
TOPIC = "tsuro-table-1"
POW = 16


def b64(n: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(secrets.choice(alphabet) for _ in range(n))


def content(**over) -> str:
    c = {
        "v": 1,
        "room": f"{b64(22)}.{b64(22)}",
        "rules": {"scoring": "survival", "open_hands": False, "elimination_bonus": False},
        "seats": 4,
        "free": 2,
        "phase": "lobby",
        "lang": "en",
        "since": int(time.time()) - 60,
        "players": ["Fake host"],
        "clock": None,
    }
    c.update(over)
    return json.dumps(c, separators=(",", ":"))


def make(text: str, *, pow_bits: int = POW, target: int = POW, expires_in: int = 300) -> dict:
    """An announcement signed with a fresh key, mined to `pow_bits` (0: none, and an id
    short of POW) with the nonce tag committing to `target`."""
    sk = PrivateKey(os.urandom(32))
    pubkey = sk.public_key_xonly.format().hex()
    now = int(time.time())
    base = [["d", f"tsuro-table/1:{b64(22)}"], ["t", TOPIC], ["expiration", str(now + expires_in)]]
    # the serialization around the nonce, hashed with each nonce in turn (NIP-13)
    mark = "NONCE-PLACE"
    with_mark = [*base, ["nonce", mark, str(target)]]
    text_of = Event.serialize(pubkey, now, KIND, with_mark, text).decode()
    head, tail = (part.encode() for part in text_of.split(mark))
    nonce = 0
    while True:
        digest = hashlib.sha256(head + str(nonce).encode() + tail).digest()
        bits = 256 - int.from_bytes(digest, "big").bit_length()
        if (pow_bits and bits >= pow_bits) or (not pow_bits and bits < POW):
            break
        nonce += 1
    tags = [*base, ["nonce", str(nonce), str(target)]]
    ev = Event(pubkey=pubkey, content=text, created_at=now, kind=KIND, tags=tags)
    ev.sign(sk.secret.hex())
    return ev.to_json_object()


def bad_events(n: int) -> list[dict]:
    kinds = [
        lambda: make(content(), pow_bits=0),  # no proof of work
        lambda: make(content(), pow_bits=8, target=8),  # a proof below ours
        lambda: make(content(), expires_in=-30),  # expired
        lambda: make(content(), expires_in=7 * 86400),  # an expiration too far ahead
        lambda: make(content(note="Click here: http://spam.example")),  # free text
        lambda: make(content(lang="xx")),  # a language nobody speaks here
        lambda: make(content(free=5)),  # more seats free than seats
        lambda: make(content(room="not-a-room-link")),  # a damaged room link
        lambda: make("Hello from a stranger"),  # not JSON
    ]
    # one of each kind, then the cheapest (no proof of work) for the rest of the flood
    return [kinds[i]() if i < len(kinds) else kinds[0]() for i in range(n)]


async def publish(url: str, events: list[dict]) -> int:
    """Publish every event; how many the relay refused."""
    refused = 0
    async with websockets.connect(url, max_size=2**20) as ws:
        for ev in events:
            await ws.send(json.dumps(["EVENT", ev]))
        answered = 0
        while answered < len(events):
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if msg[0] == "OK":
                answered += 1
                refused += 0 if msg[2] else 1
    return refused


def main() -> None:
    url, valid, bad = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    good = [make(content(players=[f"Host {i}"])) for i in range(valid)]
    events = good + bad_events(bad)
    refused = asyncio.run(publish(url, events))
    keys = [f"{e['pubkey']}:{e['tags'][0][1]}" for e in good]
    print(json.dumps({"valid": valid, "bad": bad, "refused_by_relay": refused, "keys": keys}))


if __name__ == "__main__":
    main()
