"""Play by link in real Chromium (link.html, docs/linkplay.md): two devices (browser
contexts) deal a game by commit and reveal, pass its first links, and end it over a link
(its many middle moves made through the engine's link ops, as another device would); a link
whose deal or reshuffle someone chose is refused and nothing kept changes; a link made
before commit and reveal opens, marked as dealt by the host; an elimination-bonus
exchange is made on the page; a computer to move when the page reloads is played; "older
than your copy" is said only when this device's copy goes further; French and Japanese
(at 360 px) with no English left and no serious axe violation.

The host's other device is sometimes this test itself, through the engine's own ops
(tsuro_core.api.call): the same engine the page runs in Pyodide."""

from __future__ import annotations

import json
import random

import pagekit
import pytest
from auditkit import RUN, fits
from fuzzkit import link_game, raw_link
from gamekit import before_the_last_move, committed_game, link_to, ok
from pagekit import no_errors, wait_phase
from wordkit import TEXTS, english, english_left, wait_words

from tsuro_core.api import call

pytestmark = pytest.mark.browser

PLAYING = ["start", "tile", "exchange", "over"]
Q = "link.html?sw=off&anim=0"


@pytest.fixture
def devices(new_page):
    """Make a device: a browser context and its page (console errors kept, CSP watched,
    axe loaded if asked); closed after the test."""

    def make(locale="en-GB", width=1280, height=900, axe=False):
        return new_page(locale=locale, viewport={"width": width, "height": height}, axe=axe)

    return make


def saves(page):
    """This device's link games and secrets, as stored."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('tsuro.link')).map((k) => [k, localStorage.getItem(k)]))""")


def secrets(page):
    return {k: v for k, v in saves(page).items() if k.startswith("tsuro.linksecret.")}


def fragment_of(url: str) -> str:
    return url.split("#", 1)[1]


def notice(page) -> str:
    return "" if page.is_hidden("#notice") else page.inner_text("#notice-text")


def play_one(page, k):
    """Play the move of the seat to move on this page; the phase once the page is done."""
    before = page.input_value("#link-out")
    pagekit.play_turn(page, k)
    phase = wait_phase(page, ["send", "over", *PLAYING[:-1]])
    if phase in ("send", "over"):
        page.wait_for_function(
            "(before) => document.querySelector('#link-out').value !== before", arg=before
        )
    return phase


# ------------------------------------------------------------------ a whole game


def test_two_devices_deal_by_commit_and_reveal_and_play_a_whole_game(devices, server):
    a, b = devices(), devices()
    a.goto(server + Q)
    wait_phase(a, ["home"])
    a.select_option("#link-count", "3")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        a.locator("#link-seats > li").nth(i).locator(".seat-name").fill(name)
    a.locator("#link-seats > li").nth(2).locator(".seat-kind").select_option("computer:easy")
    a.click("#btn-link-start")

    # 1. Commit: Ann's device keeps its secret; the link carries only the commitment.
    assert wait_phase(a, ["send"]) == "send"
    assert "Bo" in a.inner_text("#send-title") and "share" in a.inner_text("#send-text")
    link = a.input_value("#link-out")
    sent = ok("link_open", {"fragment": fragment_of(link)})
    assert (sent["waiting"], sent["sharer"], sent["shuffle"]) == ("share", 1, "committed")
    [secret] = [json.loads(v) for v in secrets(a).values()]
    assert "secret" not in sent["message"] and secret not in json.dumps(sent["message"])

    # 2. Bo's share, on Bo's device; then the link goes back to Ann, who alone can deal.
    b.goto(link)
    assert wait_phase(b, ["share", "refused"]) == "share"
    assert "Bo" in b.inner_text("#turn-banner") and "not even Ann" in b.inner_text("#share-text")
    b.click("#btn-share")
    assert wait_phase(b, ["send"]) == "send"
    assert "back to Ann" in b.inner_text("#send-title")
    assert b.is_hidden("#btn-play-here")  # Bo's device cannot deal: it has no secret
    link = b.input_value("#link-out")
    assert ok("link_open", {"fragment": fragment_of(link)})["waiting"] == "secret"

    # 3. Reveal: Ann's device deals and forgets the secret; Ann plays first.
    a.goto(link)
    assert wait_phase(a, [*PLAYING, "refused"]) == "start"
    assert "Ann" in a.inner_text("#turn-banner")
    assert "nobody could choose" in a.inner_text("#deal-note")
    assert secrets(a) == {}

    # 4. The first links, passed by hand: Ann's start mark to Bo; Bo's, and the
    # computer's after it on Bo's device, back to Ann; Ann's first tile to Bo.
    device_of = {"Ann": a, "Bo": b}
    page, moves = a, 0
    for _ in range(80):
        ph = play_one(page, moves)
        moves += 1
        if ph in PLAYING[:-1]:
            continue  # Ann again after the computer: no link needed on her own device
        link = page.input_value("#link-out")
        assert len(link) < 2000
        if ph == "over":
            break
        nxt = page.inner_text("#send-title").rsplit(" ", 1)[1]  # "Send this link to <name>"
        assert nxt in page.inner_text("#send-text")
        page = device_of[nxt]
        if page is b and moves >= 3:
            break
        page.goto(link)
        assert wait_phase(page, PLAYING) in PLAYING
        assert nxt in page.inner_text("#turn-banner")
    else:
        raise AssertionError("Bo was never sent a link after Ann's first tile")

    if ph != "over":
        # 5. B plays on from this link, then meets the link again: older than its copy,
        # which is shown instead, nothing changed.
        b.goto(link)
        assert wait_phase(b, PLAYING) in PLAYING
        old = link
        play_one(b, moves)
        after = saves(b)
        b.goto(old)
        assert wait_phase(b, ["send", "over", "refused"]) in ("send", "over")
        assert "older than your copy" in notice(b)
        assert b.input_value("#link-out") != old
        assert saves(b) == after
        # a damaged link: cut short when it was copied.  (A character changed in its middle
        # was not always damage: the deflated text has no checksum, and now and then it
        # inflated to a game whose deal the shares refute, refused as changed by hand, ci36.)
        f = fragment_of(old)
        b.goto(old.split("#")[0] + "#" + f[:-30])
        assert wait_phase(b, ["refused"]) == "refused"
        assert "cannot be opened" in notice(b) and "cut off" in notice(b)
        assert saves(b) == after
        # B's game, from "Your games": the link B made after its move
        b.goto(server + Q)
        wait_phase(b, ["home"])
        b.locator("#games a").first.click()
        page, ph = b, wait_phase(b, ["send", "over"])

    if ph != "over":
        # 6. The many middle moves, through the engine's own link ops (as another device
        # would make them), from B's copy; the last move, a person's tile that ends the
        # game, is made on that person's device, from the link that reaches it.
        [kept] = [json.loads(v) for k, v in after.items() if k.startswith("tsuro.link.")]
        before, last = before_the_last_move(kept["message"])
        mover = before["message"]["record"]["players"][before["position"]["turn"]]["name"]
        page = device_of[mover]
        page.goto(link_to(server, before["message"]))
        assert wait_phase(page, PLAYING) == "tile"
        assert mover in page.inner_text("#turn-banner")
        shown = page.input_value("#link-out")
        pagekit.place_move_by_keys(page, last)
        assert wait_phase(page, ["over", "send"]) == "over"
        page.wait_for_function(
            "(shown) => document.querySelector('#link-out').value !== shown", arg=shown
        )
        assert len(page.input_value("#link-out")) < 2000
    final = page.input_value("#link-out")
    other = b if page is a else a
    other.goto(final)
    assert wait_phase(other, [*PLAYING, "send"]) == "over"
    assert [r.split("\t")[0] for r in pagekit.figures(other)] == ["Ann", "Bo", "Cy"]
    for p in (a, b):
        p.goto(server + Q)
        wait_phase(p, ["home"])
        p.wait_for_function("document.querySelector('#games li[data-state]')")
        assert p.locator("#games li").count() == 1
        assert p.get_attribute("#games li", "data-state") == "over"
        assert "Ann, Bo, and Cy" in p.inner_text("#games")  # Intl.ListFormat
    no_errors(a)
    no_errors(b)


# ------------------------------------------------------------------ tampered and old links


def forged_links():
    """A committed game's link with a hand-picked deal, and one with a reshuffle reordered."""
    for seed in range(40):
        msg = link_game(4, seed, seats=["person"] * 4)[-1]
        moves = msg["record"]["moves"]
        k = next((i for i, m in enumerate(moves) if len(m.get("reshuffle", [])) > 1), None)
        if k is not None:
            break
    else:
        raise AssertionError("no seeded game reshuffles more than one tile")
    deal = json.loads(json.dumps(msg))
    deal["record"]["moves"] = []
    hands, pile = deal["record"]["deal"]["hands"], deal["record"]["deal"]["pile"]
    hands[0][0], pile[0] = pile[0], hands[0][0]  # Ann takes the pile's first tile
    shuffle = json.loads(json.dumps(msg))
    order = shuffle["record"]["moves"][k]["reshuffle"]
    order[0], order[-1] = order[-1], order[0]
    shuffle["record"]["moves"] = shuffle["record"]["moves"][: k + 1]
    return {"deal": raw_link("g", deal), "reshuffle": raw_link("g", shuffle)}


def test_a_chosen_deal_or_reshuffle_is_refused_and_nothing_kept_changes(page, server):
    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.click("#btn-link-start")  # this device holds a game in its setup, and its secret
    wait_phase(page, ["send"])
    kept = saves(page)
    assert len(kept) == 2
    for what, fragment in forged_links().items():
        assert call("link_open", {"fragment": fragment})["error"]["code"] == "tampered_link"
        page.goto(server + Q + "#" + fragment)
        assert wait_phase(page, ["refused", *PLAYING]) == "refused", what
        assert "changed by hand" in notice(page), what
        assert "Your games are unchanged" in notice(page)
        assert saves(page) == kept, what
    no_errors(page)


def test_a_link_made_before_commit_and_reveal_opens_marked_as_dealt_by_the_host(page, server):
    record = ok("new_game", {"players": [{"name": "Ann"}, {"name": "Bo"}], "seed": 3})["record"]
    fragment = pagekit.link_fragment(record, ["person", "person"], "oldStyleGame1")
    assert ok("link_open", {"fragment": fragment})["shuffle"] == "host"
    page.goto(server + Q + "#" + fragment)
    assert wait_phase(page, [*PLAYING, "refused"]) == "start"
    assert "could have chosen the tiles" in page.inner_text("#deal-note")
    assert play_one(page, 0) == "send"  # still played on, each move checked by the engine
    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.wait_for_function("document.querySelector('#games li[data-state]')")
    assert "dealt by whoever started it" in page.inner_text("#games")
    no_errors(page)


def test_only_the_device_holding_the_hosts_secret_deals(page, server):
    """A stored secret of any other shape is no secret: the link goes back to the host.
    With the host's secret (put where the page keeps it), the same link is dealt.
    (One game per shape, so that each link is opened by its own change of address.)"""
    bad = {
        "upper": lambda secret: '"' + secret.upper() + '"',
        "object": lambda secret: "{}",
        "not json": lambda secret: "not json",
        "another": lambda secret: '"' + "0" * 32 + '"',
    }
    games = {}
    for k, shape in enumerate(bad):
        made = ok(
            "link_new",
            {
                "game": f"hostSecret{k}",
                "seats": ["person"] * 2,
                "players": [{"name": "Ann"}, {"name": "Bo"}],
            },
        )
        shared = ok("link_share", {"message": made["message"]})
        games[shape] = (f"hostSecret{k}", made["secret"], link_to(server, shared["message"]))
    page.goto(server + Q)
    wait_phase(page, ["home"])
    for shape, (game, secret, _) in games.items():
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)",
            [f"tsuro.linksecret.{game}", bad[shape](secret)],
        )
    for shape, (_, _, url) in games.items():
        page.goto(url)
        assert wait_phase(page, ["send", *PLAYING, "refused"]) == "send", shape
        assert "back to Ann" in page.inner_text("#send-title"), shape
    game, secret, url = games["upper"]
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
        [f"tsuro.linksecret.{game}", secret],
    )
    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.goto(url)
    assert wait_phase(page, ["start", "send", "refused"]) == "start"
    assert "Ann" in page.inner_text("#turn-banner")
    assert f"tsuro.linksecret.{game}" not in secrets(page)
    no_errors(page)


# ------------------------------------------------------------------ the exchange


def before_an_exchange():
    """A committed elimination-bonus game of four people, just before a person's tile puts
    another out (the exchange follows): the message and that move."""
    rules = {"preset": "classic", "elimination_bonus": True}
    for seed in range(40):
        rng = random.Random(seed)
        cur = committed_game(["Ann", "Bo", "Cy", "Di"], ["person"] * 4, rules, f"exch{seed:04d}")
        while cur["position"].get("turn") is not None:
            legal = ok("legal_moves", {"position": cur["position"], "all": True})
            for m in legal["moves"] if legal["phase"] == "tile" else []:
                mover = cur["position"]["turn"]
                if m["legal"] and any(o["seat"] != mover for o in m.get("out", [])):
                    after = ok("link_play", {"message": cur["message"], "move": m["move"]})
                    if after["position"].get("exchange") and not m.get("self_eliminating"):
                        return cur, legal, m["move"]
            moves = ok("legal_moves", {"position": cur["position"]})["moves"]
            cur = ok("link_play", {"message": cur["message"], "move": rng.choice(moves)["move"]})
    raise AssertionError("no seeded game reaches an exchange")


def test_an_elimination_bonus_exchange_is_made_on_the_page(page, server):
    cur, legal, move = before_an_exchange()
    mover = cur["position"]["turn"]
    name = cur["message"]["record"]["players"][mover]["name"]
    page.goto(link_to(server, cur["message"]))
    assert wait_phase(page, [*PLAYING, "refused"]) == "tile"
    # the tile that puts another out, turned as the engine's move has it (the page
    # first turns the first safe tile as legal_moves lists it: classic.js chooseFirstSafe)
    tiles = cur["position"]["hands"][mover]
    first = next(m for m in legal["moves"] if m["legal"] and not m.get("self_eliminating"))
    i = tiles.index(move["tile"])
    rot = first["move"]["rot"] if first["move"]["tile"] == move["tile"] else 0
    page.keyboard.press(str(i + 1))
    for _ in range(((move["rot"] - rot) // 90) % 4):
        page.keyboard.press("r")
    page.click("#btn-place")
    # the same person, on the same device, now chooses the exchange
    assert wait_phase(page, ["exchange", "send", "over"]) == "exchange"
    assert name in page.inner_text("#turn-banner")
    assert page.is_hidden("#hand-box") and page.is_visible("#exchange-panel")
    page.locator("#exchange-mine .ex-tile").first.click()
    page.locator("#exchange-theirs .ex-tile").first.click()
    page.click("#btn-exchange")
    assert wait_phase(page, ["send", "over", "start", "tile"]) in ("send", "over")
    assert page.is_hidden("#exchange-panel")
    opened = ok("link_open", {"fragment": fragment_of(page.input_value("#link-out"))})
    made = opened["message"]["record"]["moves"][len(cur["message"]["record"]["moves"]) + 1]
    assert len(made["exchange"]) == 1
    no_errors(page)


# ------------------------------------------------------------------ reloads and old links


def person_then_three_computers(page, server):
    """A new game of one person and three hard computers (dealt at once: nobody else
    shares), the person's start mark played: the computers are to move."""
    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.select_option("#link-count", "4")
    for i in (1, 2, 3):
        page.locator("#link-seats > li").nth(i).locator(".seat-kind").select_option("computer:hard")
    page.click("#btn-link-start")
    assert wait_phase(page, [*PLAYING, "send"]) == "start"
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)


RELOAD_WHEN_SAVED = """() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('tsuro.link.'));
  const entry = key && JSON.parse(localStorage.getItem(key));
  const n = entry && entry.message.record ? entry.message.record.moves.length : 0;
  if (n < 1) return 0;
  location.reload();   // in the same task as the reading: nothing is saved in between
  return n;
}"""


def test_a_computer_to_move_when_the_page_reloads_is_played_after_it(page, server):
    person_then_three_computers(page, server)
    saved = page.wait_for_function(RELOAD_WHEN_SAVED, polling=10)
    assert 1 <= saved < 4, saved  # reloaded while a computer was still to move
    # after the reload the computers play on, and it is the person's turn, on this device
    assert wait_phase(page, [*PLAYING, "send", "refused", "stopped"]) == "tile"
    [entry] = [json.loads(v) for k, v in saves(page).items() if k.startswith("tsuro.link.")]
    assert len(entry["message"]["record"]["moves"]) == 4
    assert notice(page) == ""
    no_errors(page)


# The engine fails under the computer's move, as a crash or running out of memory would
# once the client has seen it: the bot's request, on its way, is rejected (code
# "restarted") and a fresh worker started.  A worker that dies silently is seen at the
# request's time limit, 10 s on (test_reliability.py's killed engine); the page answers
# every engine-down code alike (lib/engine/client.js, engineDown).
FAIL_WHILE_A_COMPUTER_PLAYS = """() => {
  const engine = window.tsuro.engine;
  const thinking = [...engine._pending.values()].some((p) => p.message.op === 'bot_move');
  if (document.body.dataset.phase !== 'computer' || !thinking) return false;
  engine.restart();
  return true;
}"""


def test_a_computer_the_engine_fails_says_so_and_plays_when_tried_again(page, server):
    person_then_three_computers(page, server)
    page.wait_for_function(FAIL_WHILE_A_COMPUTER_PLAYS, polling=10)
    assert wait_phase(page, ["stopped", *PLAYING]) == "stopped"
    assert "could not play" in page.inner_text("#turn-banner")
    assert "could not play" in notice(page) and "Try again" in page.inner_text("#notice-action")
    page.click("#notice-action")
    assert wait_phase(page, [*PLAYING, "send", "stopped"]) == "tile"
    [entry] = [json.loads(v) for k, v in saves(page).items() if k.startswith("tsuro.link.")]
    assert len(entry["message"]["record"]["moves"]) == 4


def test_older_is_said_only_when_this_devices_copy_goes_further(page, server):
    dealt = committed_game(["Ann", "Bo"], ["person", "person"], game="olderNewer1")
    m1 = ok("link_play", {"message": dealt["message"], "move": {"start": [0, 2, "H"]}})
    # Bo opens the link, and plays
    page.goto(link_to(server, m1["message"]))
    assert wait_phase(page, [*PLAYING, "refused"]) == "start"
    assert notice(page) == ""
    assert play_one(page, 1) == "send"
    mine = page.input_value("#link-out")
    kept = saves(page)
    # the same link again: older than this device's copy, which is shown
    page.goto(link_to(server, m1["message"]))
    assert wait_phase(page, ["send", *PLAYING, "refused"]) == "send"
    assert "older than your copy" in notice(page)
    assert page.input_value("#link-out") == mine and saves(page) == kept
    # the reload of a page that made its own link says nothing, and nobody is offered a turn
    page.reload()
    assert wait_phase(page, ["send", *PLAYING, "refused"]) == "send"
    assert notice(page) == ""
    # Ann's answer: newer than the copy, opened, nothing said
    m2 = ok("link_open", {"fragment": fragment_of(mine)})
    # two tiles that put nobody out (the deal is the shares': any game may come)
    legal = ok("legal_moves", {"position": m2["position"], "all": True})["moves"]
    legal = [m for m in legal if m["legal"] and not m.get("out")]
    m3 = ok("link_play", {"message": m2["message"], "move": legal[0]["move"]})
    page.goto(link_to(server, m3["message"]))
    assert wait_phase(page, [*PLAYING, "send", "refused"]) == "tile"
    assert notice(page) == ""
    kept = saves(page)
    # Ann's other answer to the same link: a different history, refused, the copy kept
    other = ok("link_play", {"message": m2["message"], "move": legal[-1]["move"]})
    page.goto(link_to(server, other["message"]))
    assert wait_phase(page, ["refused", *PLAYING, "send"]) == "refused"
    assert "does not continue your copy" in notice(page)
    assert "older" not in notice(page)
    assert saves(page) == kept
    no_errors(page)


# ------------------------------------------------------------------ languages, axe, a phone


def checker(lang):
    def check(page, where):
        wait_words(page, lang, where)
        if lang == "fr":
            left = english_left(page)
        else:
            left = [s for s in page.evaluate(TEXTS) if english(lang).search(s)]
        assert not left, (lang, where, left)
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            found = page.evaluate(RUN)
            assert not found, (where, theme, found)

    return check


@pytest.mark.parametrize(("lang", "locale", "width"), [("fr", "fr-FR", 1280), ("ja", "ja-JP", 360)])
def test_the_deal_and_its_refusals_in_french_and_japanese(devices, server, lang, locale, width):
    page = devices(locale=locale, width=width, height=800, axe=True)
    check = checker(lang)

    def at(where, walked=False):
        # `walked`: test_pages_walk.py's French walk checks this state in French (its
        # words and axe in both themes, its walk_link), so French checks it there only
        if not (walked and lang == "fr"):
            check(page, where)
        if width <= 360:
            fits(page, width, where)

    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.check("#link-bonus")
    at("home")
    page.click("#btn-link-start")
    assert wait_phase(page, ["send"]) == "send"
    at("the host's link, for the first share", walked=True)
    page.click("#btn-play-here")
    assert wait_phase(page, ["share"]) == "share"
    at("a share to add", walked=True)
    page.click("#btn-share")
    assert wait_phase(page, ["send"]) == "send"
    at("the link for the next share")
    page.click("#btn-play-here")
    wait_phase(page, ["share"])
    page.click("#btn-share")
    assert wait_phase(page, [*PLAYING, "refused"]) == "start"
    at("dealt: the first start mark", walked=True)
    page.locator(".layer-marks .start-mark").first.locator(".start-dot").click(force=True)
    assert wait_phase(page, ["send"]) == "send"
    old = page.input_value("#link-out")
    page.click("#btn-play-here")
    assert wait_phase(page, PLAYING) == "start"
    play_one(page, 1)
    page.goto(old)
    assert wait_phase(page, ["send", *PLAYING]) == "send"
    assert notice(page)
    at("an older link: the copy shown", walked=True)
    # the other side of the setup: a link waiting for the host's deal, on another device
    made = ok(
        "link_new",
        {
            "game": "notMine0001",
            "seats": ["person", "person"],
            "players": [{"name": "Ann"}, {"name": "Bo"}],
        },
    )
    shared = ok("link_share", {"message": made["message"]})
    page.goto(link_to(server, shared["message"]))
    assert wait_phase(page, ["send", "refused"]) == "send"
    at("waiting for the host to deal")
    page.goto(server + Q + "#" + forged_links()["deal"])
    assert wait_phase(page, ["refused"]) == "refused"
    at("a tampered link")
    record = ok("new_game", {"players": [{"name": "Ann"}, {"name": "Bo"}], "seed": 3})["record"]
    page.goto(
        server + Q + "#" + pagekit.link_fragment(record, ["person", "person"], "oldStyle0001")
    )
    assert wait_phase(page, [*PLAYING, "refused"]) == "start"
    at("a link dealt by the host")
    page.goto(server + Q)
    wait_phase(page, ["home"])
    page.wait_for_function("document.querySelectorAll('#games li[data-state]').length === 3")
    at("your games: dealt, waiting for a deal, dealt by the host")
    no_errors(page)
