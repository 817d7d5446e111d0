"""The game review in the browser (review.html, issue 18), in real Chromium with the real
engine: opened from the game page's game over, it judges the game move by move in the
worker with a progress bar, stops and resumes where it stopped, fills the log with verdicts
and the chart with every seat's chances (a click or the arrow keys step the replay there),
shows the better move as a ghost tile with its path, and is kept with the game, so that a
reload asks the engine for no review at all.  A request sent during a review waits behind
one move's review at most; the link, daily and embed pages open it too; a damaged kept
review is put aside; French, German and Japanese leave no English; axe finds nothing serious."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pagekit
import pytest
from auditkit import Checker
from gamekit import finished_record, fragment
from pagekit import no_errors, wait_phase
from wordkit import assert_french, assert_in

from tsuro_core.api import call

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data" / "review"
THREE = json.loads((DATA / "three-players.json").read_text())  # 30 moves, 3 players
DEAD_END = json.loads((DATA / "walks-into-a-dead-end.json").read_text())
BLUNDER = len(DEAD_END["moves"]) - 1  # move 22 walks into a dead end with a safe tile in hand

# Every request the page sends its engine, in order ({op, from}): through a dedicated
# worker, or through the port of the shared one (made in the page's hidden frame:
# lib/engine/owner.js, whose requests go into the page's list).
OPS_SPY = """(() => {
  const ops = window === window.top ? (window.__ops = []) : window.top.__ops;
  for (const Kind of [Worker, MessagePort]) {
    const post = Kind.prototype.postMessage;
    Kind.prototype.postMessage = function (msg, ...rest) {
      if (msg && typeof msg === 'object' && msg.op)
        ops.push({ op: msg.op, from: msg.args ? msg.args.from : undefined });
      return post.call(this, msg, ...rest);
    };
  }
})();"""


def dead_end_finished() -> dict:
    """DEAD_END played on to its end by the survivor (the blunder stays move 22)."""
    record = json.loads(json.dumps(DEAD_END))
    pos = call("replay", {"record": record})["result"]["position"]
    while pos["turn"] is not None:
        n = len(record["moves"])
        move = call("bot_move", {"position": pos, "bot": "survivor", "seed": n})["result"]["move"]
        played = call("play", {"position": pos, "move": move, "seed": f"{record['seed']}/{n}"})[
            "result"
        ]
        pos = played["position"]
        record["moves"].append(played["move"])
    return record


def reviews_asked(page) -> list:
    """The `from` of every review request the page sent, in order."""
    return page.evaluate("window.__ops.filter((o) => o.op === 'review').map((o) => o.from)")


def loop_idle(page) -> None:
    """Wait until the review's run asks nothing more (its loop has ended)."""
    page.wait_for_function("!tsuroReview.run || tsuroReview.run.loop === null")


@pytest.fixture
def spied(context):
    context.add_init_script(OPS_SPY)
    return context


def test_review_from_game_over_stop_resume_chart_ghost_and_kept(spied, page, server):
    record = dead_end_finished()
    total = len(record["moves"])
    page.goto(server + "?sw=off&anim=0#" + fragment(record))
    assert wait_phase(page, ["over"]) == "over"
    link = page.locator("#review-link")
    link.wait_for(state="visible")
    href = link.get_attribute("href")
    assert href.startswith("review.html#r=") and "&game=" in href and href.endswith(f"&at={total}")
    page.click("#rp-first")  # the link follows the replay's step
    page.wait_for_function("document.querySelector('#review-link').href.endsWith('&at=0')")
    link.click()
    wait_phase(page, ["reviewing"])
    assert page.inner_text("#rp-text").startswith("The deal")  # opened at the replay's step
    # progress, then Stop: the move in hand is still taken, nothing is asked after it
    page.wait_for_function("tsuroReview.moves.length >= 2")
    at_stop = page.evaluate(
        "(() => { const n = tsuroReview.run.calls;"
        " document.getElementById('btn-stop').click(); return n; })()"
    )
    assert wait_phase(page, ["stopped"]) == "stopped"
    loop_idle(page)
    done = page.evaluate("tsuroReview.moves.length")
    assert at_stop <= done <= at_stop + 1 < total
    assert page.evaluate("document.getElementById('review-progress').value") == done
    assert f"{done} of {total}" in page.inner_text("#review-state")
    assert reviews_asked(page) == list(range(done))  # one call a move, in order
    assert page.locator("#btn-resume").is_visible() and not page.locator("#btn-stop").is_visible()
    # Resume: from the first move not judged, to the end
    page.click("#btn-resume")
    assert wait_phase(page, ["done"]) == "done"
    assert reviews_asked(page) == list(range(total))  # each move asked once, in order
    assert page.locator("#review-log > li").count() == total
    assert page.locator("#review-log .rv-verdict").count() == total  # every move has its verdict
    blunder = page.locator(f"#review-log > li[data-move='{BLUNDER}']")
    assert "Blunder" in blunder.inner_text()
    assert "would have kept" in blunder.locator(".rv-better").inner_text()
    summary = page.inner_text("#summary")
    assert "blunder" in summary and "decided at move" in summary
    # the chart: a click on move 10's point steps the replay there, the arrow keys go on
    page.evaluate(
        """(k) => {
          const svg = document.querySelector('#chart svg'), m = svg.getScreenCTM();
          const x = 40 + (360 - 24 - 40) * k / tsuroReview.session.moves.length;
          const p = new DOMPoint(x, 100).matrixTransform(m);
          document.getElementById('chart').dispatchEvent(
            new MouseEvent('click', { clientX: p.x, clientY: p.y, bubbles: true }));
        }""",
        10,
    )
    page.wait_for_function("document.getElementById('rp-range').value === '10'")
    assert page.inner_text("#rp-text").startswith(f"Move 10 of {total}")
    assert page.get_attribute("#chart", "aria-valuenow") == "10"
    page.focus("#chart")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.getElementById('rp-range').value === '9'")
    assert page.get_attribute("#chart", "aria-valuetext").startswith("After move 9")
    page.keyboard.press("End")
    page.wait_for_function(f"document.getElementById('rp-range').value === '{total}'")
    # the better move than the blunder: a ghost tile with its path, on the position before it
    blunder.locator(".rv-show").click()
    page.wait_for_selector(".ghost")
    assert page.locator(".preview-path").count() >= 1
    assert page.input_value("#rp-range") == str(BLUNDER)
    assert page.inner_text("#rp-text").startswith(f"Better than move {BLUNDER + 1}")
    assert blunder.locator(".rv-show").get_attribute("aria-pressed") == "true"
    pagekit.shot(page, "review-ghost-1280")
    blunder.locator(".rv-show").click()  # hidden again: the position after the move
    page.wait_for_function(f"document.getElementById('rp-range').value === '{BLUNDER + 1}'")
    assert page.locator(".ghost").count() == 0
    # kept with the game: a reload shows it all and asks the engine for no review
    page.reload()
    assert wait_phase(page, ["done"]) == "done"
    assert reviews_asked(page) == []
    assert page.locator("#review-log .rv-verdict").count() == total
    assert page.inner_text("#summary") == summary
    no_errors(page)


def test_a_request_during_the_review_waits_for_one_move_at_most(page, server):
    record = THREE
    total = len(record["moves"])
    position = call("replay", {"record": {**record, "moves": record["moves"][:12]}})["result"][
        "position"
    ]
    page.goto(server + "review.html?sw=off&anim=0#" + fragment(record))
    wait_phase(page, ["reviewing"])
    page.wait_for_function("tsuroReview.moves.length >= 1")
    for op, args in (
        ("bot_move", {"position": position, "bot": "planner", "seed": 1, "iterations": 8}),
        ("hint", {"position": position, "seed": 2, "iterations": 8}),
        ("legal_moves", {"position": position}),
    ):
        before, after, answered = page.evaluate(
            """async ([op, args]) => {
              const before = tsuroReview.run.calls;
              const r = await window.tsuro.request(op, args);
              return [before, tsuroReview.run.calls, !r.error];
            }""",
            [op, args],
        )
        assert answered, op
        # answered behind the move in hand, not the rest of the game
        assert after - before <= 1 and after < total, (op, before, after)
    assert wait_phase(page, ["done"]) == "done"
    assert page.evaluate("tsuroReview.run.calls") == total
    no_errors(page)


def test_a_damaged_kept_review_is_put_aside_and_the_game_reviewed_again(page, server):
    """Two damaged reviews kept with two games, in turn on one page: text that is not JSON,
    and an entry whose chances are not numbers."""
    record = finished_record(players=2, seed=4)
    total = len(record["moves"])
    page.goto(server + "review.html?sw=off")  # the site's origin, for its storage
    entry = call("review", {"record": record, "from": 0, "to": 1, "iterations": 2})["result"]
    for game, stored in (("damaged1", "{not json"), ("damaged2", "bad entry")):
        key = f"tsuro.review.game.{game}"
        if stored == "bad entry":
            bad = {**entry["moves"][0], "chances": [7, "x"]}
            stored = json.dumps(
                {
                    "format": "tsuro-review/1",
                    "source": f"game.{game}",
                    "record": "0",
                    "seed": 0,
                    "iterations": 2,
                    "total": total,
                    "seats": 2,
                    "scale": "win_share",
                    "stopped": False,
                    "moves": [bad],
                }
            )
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, stored])
        page.goto(server + f"review.html?sw=off&anim=0#{fragment(record)}&game={game}&iterations=2")
        assert wait_phase(page, ["reviewing", "done"]) in ("reviewing", "done")
        assert page.locator("#notice").is_visible() and "was damaged" in page.inner_text("#notice")
        # kept aside in the one list of entries kept (storage.js), with where it was and why
        kept = page.evaluate(
            """(key) => Object.keys(localStorage).filter((k) => k.startsWith('tsuro.kept.'))
                  .map((k) => JSON.parse(localStorage.getItem(k)))
                  .filter((e) => e.key === key)""",
            key,
        )
        assert len(kept) == 1 and kept[0]["text"] == stored and kept[0]["reason"], game
        assert wait_phase(page, ["done"]) == "done"
        assert page.locator("#review-log .rv-verdict").count() == total
        assert json.loads(page.evaluate(f"localStorage.getItem('{key}')"))["moves"][0][
            "chances"
        ] != [7, "x"]
    no_errors(page)


def test_the_link_daily_and_embed_pages_open_the_review(context, page, server):
    # a finished link game: its review kept with the device's copy of the game
    record = finished_record(players=2, seed=4)
    page.goto(
        server
        + "link.html?sw=off&anim=0#"
        + pagekit.link_fragment(record, ["person", "computer:easy"], "reviewLink1")
    )
    assert wait_phase(page, ["over"]) == "over"
    page.locator("#review-link").wait_for(state="visible")
    assert "&link=reviewLink1" in page.get_attribute("#review-link", "href")
    page.click("#review-link")
    assert wait_phase(page, ["reviewing", "done"])
    assert page.get_attribute("#back-link", "href") == "link.html"
    wait_phase(page, ["done"])
    assert page.evaluate("localStorage.getItem('tsuro.review.link.reviewLink1') !== null")
    # today's daily, counted and over: reviewed from the result panel
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    daily = call("daily", {"date": today})["result"]
    solo, pos = daily["record"], daily["position"]
    while pos["turn"] is not None:
        lm = call("legal_moves", {"position": pos})["result"]["moves"]
        played = call("play", {"position": pos, "move": lm[0]["move"]})["result"]
        pos = played["position"]
        solo["moves"].append(played["move"])
    page.evaluate(
        """([day, frag]) => localStorage.setItem('tsuro.daily',
        JSON.stringify({days: {[day]: {score: 3, fragment: frag}}, current: null}))""",
        [today, fragment(solo)],
    )
    page.goto(server + "daily.html?sw=off&anim=0")
    wait_phase(page, ["over"])
    assert f"&daily={today}" in page.get_attribute("#review-link", "href")
    page.click("#review-link")
    assert wait_phase(page, ["done"], timeout=180_000) == "done"
    assert page.inner_text("#chart-title") == "Tiles to expect"  # solo: tiles, not chances
    assert page.evaluate(f"localStorage.getItem('tsuro.review.daily.{today}') !== null")
    # an embedded record: the review opens in a tab of its own, at the board's step
    page.goto(server + "embed.html?sw=off#" + fragment(THREE) + "&at=5")
    link = page.locator("#review-link")
    link.wait_for(state="visible")
    assert link.get_attribute("target") == "_blank" and link.get_attribute("href").endswith("&at=5")
    with context.expect_page() as opened:
        link.click()
    review = opened.value
    review.wait_for_load_state()
    assert wait_phase(review, ["reviewing", "done"]) in ("reviewing", "done")
    assert review.input_value("#rp-range") == "5"
    review.close()
    no_errors(page)


@pytest.mark.parametrize("locale,lang", [("fr-FR", "fr"), ("de-DE", "de"), ("ja-JP", "ja")])
def test_no_english_left_and_no_serious_axe_violation(new_page, server, locale, lang):
    """Every language's words in every state; axe in every state in French, and in the
    fullest state (the chart's table open, a better move shown) in the others: the page's
    structure is the same in each language, its words and their lang what differ."""
    page = new_page(locale=locale, viewport={"width": 1280, "height": 900}, axe=True)
    every = lang == "fr"
    record = dead_end_finished()  # named as players name themselves: "Player 1" is English
    record["players"] = [{**p, "name": n} for p, n in zip(record["players"], ("Ann", "Bo"))]
    page.goto(server + "review.html?sw=off&anim=0#" + fragment(record) + "&iterations=4")
    wait_phase(page, ["reviewing"])
    page.wait_for_function("tsuroReview.moves.length >= 3")
    page.click("#btn-stop")
    wait_phase(page, ["stopped"])
    check(page, lang, "stopped", axe=every)
    page.click("#btn-resume")
    wait_phase(page, ["done"])
    page.click(".chart-table summary")
    check(page, lang, "done, the table open", axe=every)
    flagged = page.locator("#review-log .rv-show").first
    flagged.click()
    page.wait_for_selector(".ghost, .start-mark")
    check(page, lang, "a better move shown", axe=True)
    pagekit.shot(page, f"review-{lang}-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    check(page, lang, "at 360 px", axe=every)
    pagekit.shot(page, f"review-{lang}-360")
    page.goto(server + "review.html?sw=off")  # nothing to review
    wait_phase(page, ["none"])
    check(page, lang, "nothing to review", axe=every)
    no_errors(page)


def check(page, lang: str, where: str, axe: bool) -> None:
    """No English left (French: test_french's words; the others: test_languages', less those
    the language shares), and, if `axe`, axe in both themes (test_pages_walk's Checker)."""
    if lang == "fr":
        assert_french(page, where)
    else:
        assert_in(page, lang, where)
    if axe:
        Checker(lang, words=False)(page, where)
