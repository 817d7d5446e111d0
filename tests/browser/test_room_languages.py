"""The room page in Spanish, Italian and Brazilian Portuguese (the browser's language):
no English left on the new room's form (with the elimination bonus), the lobby of the
host (on a 360 px phone) and of a guest (1280 px), the guest's elimination-bonus
exchange, whose turn it is, the game over with its embed code, and the log of the
moves so far.  French and Japanese walk further in test_room.py (keys, axe, contrast);
German and Japanese open the room page in test_languages.py."""

from __future__ import annotations

import pagekit
import pytest
import roomkit
from wordkit import assert_in

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "locale"), [("es", "es-ES"), ("it", "it-IT"), ("pt-BR", "pt-BR")])
def test_the_room_page_in_the_other_languages(
    new_page,
    server,
    relay,
    lang,
    locale,
):
    record = roomkit.record_before_bos_exchange()
    host = new_page(locale=locale, viewport={"width": 360, "height": 740}, axe=True)
    guest = new_page(locale=locale, viewport={"width": 1280, "height": 900}, axe=True)
    host.goto(roomkit.room_url(server, relay))
    host.wait_for_selector("#btn-open-room:visible")
    host.select_option("#room-count", "3")
    host.select_option("#room-seat-kinds li:nth-child(3) select", "computer:easy")
    host.check("#room-bonus")
    assert_in(host, lang, "a new room")
    host.click("#btn-open-room")
    host.wait_for_function("document.getElementById('room-link').value !== ''")
    link = host.input_value("#room-link")
    assert_in(host, lang, "the lobby")
    roomkit.take_seat(host, 0, "Ann")
    guest.goto(link)
    guest.wait_for_selector("#seats li[data-seat='1'] button.primary")
    assert_in(guest, lang, "a guest in the lobby")
    roomkit.take_seat(guest, 1, "Bo")

    # the game so far from the host's save: Bo may exchange, everyone has the log
    host.evaluate(roomkit.PUT_SAVE, record)
    host.reload()
    assert pagekit.wait_phase(guest, ["exchange"]) == "exchange"
    assert pagekit.log_count(guest) >= len(record["moves"])
    assert_in(guest, lang, "the exchange and the log so far")
    pagekit.wait_phase(host, ["waiting"])
    assert_in(host, lang, "waiting for a guest")
    pagekit.shot(guest, f"room-exchange-1280-{lang}")
    guest.locator("#exchange-mine .ex-tile").first.click()
    guest.locator("#exchange-theirs .ex-tile").first.click()
    assert_in(guest, lang, "a swap chosen")
    guest.click("#btn-exchange")

    roomkit.play_until_over([host, guest])
    assert_in(host, lang, "game over")
    guest.click("#btn-embed-game")
    guest.wait_for_function("document.querySelector('#embed-snippet').value.includes('#r=')")
    assert_in(guest, lang, "game over, the embed code")
    host.click("#btn-embed-position")
    host.wait_for_function("document.querySelector('#embed-snippet').value.includes('#p=')")
    assert_in(host, lang, "game over, a position's embed code")
    pagekit.shot(host, f"room-over-360-{lang}")
    assert not roomkit.relay_errors(host) and not roomkit.relay_errors(guest)
