"""A scorekeeper saves moves on a 390 px phone while a viewer watches the broadcast board on a
big screen and a streamer's overlay shows the last move: each move appears there (the seconds it
took, by this test's clock, are printed, not asserted). A delayed event shows nothing of a move
before its delay. The broadcast board has no serious or critical axe violation at 390 px."""

import time

import pytest
from playwright.sync_api import expect

from games.broadcast import services
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_thai_scoresheet import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
BIG_SCREEN = {"width": 1600, "height": 1000}
MOVES = ["8D TRAIN", "D8 .HORB", "-"]


def _broadcast_game(director, slug: str, delay: int = 0):
    event = factories.tournament(director=director, slug=slug)
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    services.broadcast_mark(by=director, game=game, on=True)
    if delay:
        services.broadcast_delay_set(by=director, tournament=event, minutes=delay)
    return game


def _record(page, move: str) -> None:
    page.fill("#id_move", move)
    page.get_by_role("button", name="Record", exact=True).click()


def test_each_move_saved_at_the_table_appears_on_the_board_and_the_overlay(
    live_server, page, browser
):
    director = factories.user("broadcast-keeper")
    game = _broadcast_game(director, "broadcast-live")
    base = live_server.url
    page.set_viewport_size(PHONE)
    log_in(page, base, "broadcast-keeper")
    page.goto(f"{base}/games/{game.pk}/sheet/")

    viewer = browser.new_context(viewport=BIG_SCREEN)
    board = viewer.new_page()
    board.goto(f"{base}/games/broadcast/game/{game.pk}/")
    overlay = viewer.new_page()
    overlay.goto(f"{base}/games/broadcast/broadcast-live/A/table/1/overlay/last/")
    rows = board.locator('[data-bc="moves"] tr')
    expect(rows).to_have_count(0)

    seen = []
    for number, move in enumerate(MOVES, start=1):
        _record(page, move)
        saved = time.monotonic()
        expect(page.locator("#sheet-panel")).to_have_attribute("data-lines", str(number))
        expect(rows).to_have_count(number)
        on_board = time.monotonic() - saved
        expect(rows.nth(number - 1)).to_contain_text(move)
        expect(overlay.locator('[data-bc="last"]')).to_contain_text(move)
        seen.append((move, on_board, time.monotonic() - saved))
    for move, on_board, on_overlay in seen:
        print(
            f"broadcast: {move!r} on the board after {on_board:.2f} s, overlay {on_overlay:.2f} s"
        )
    expect(board.locator('[data-bc="score0"]')).to_have_text("12")
    expect(board.locator('[data-bc="score1"]')).to_have_text("20")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(board, ARTIFACTS / "broadcast-board-1600.png")
    phone = viewer.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(f"{base}/games/broadcast/game/{game.pk}/")
    full_page_png(phone, ARTIFACTS / "broadcast-board-390.png")
    serious = [v for v in axe_violations(phone) if v["impact"] in ("serious", "critical")]
    assert serious == []
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    viewer.close()


def test_a_delayed_event_shows_nothing_of_a_move_before_its_delay(live_server, page, browser):
    director = factories.user("delayed-keeper")
    game = _broadcast_game(director, "broadcast-delayed", delay=1)
    base = live_server.url
    page.set_viewport_size(PHONE)
    log_in(page, base, "delayed-keeper")
    page.goto(f"{base}/games/{game.pk}/sheet/")
    viewer = browser.new_context(viewport=PHONE)
    board = viewer.new_page()
    board.goto(f"{base}/games/broadcast/game/{game.pk}/")
    _record(page, MOVES[0])
    expect(page.locator("#sheet-panel")).to_have_attribute("data-lines", "1")
    feed = board.locator("#broadcast").get_attribute("data-feed")
    for _ in range(3):  # three answers of the feed since the move was saved
        with board.expect_response(lambda r, feed=feed: r.url.endswith(feed)):
            pass
    expect(board.locator('[data-bc="moves"] tr')).to_have_count(0)
    expect(board.locator('[data-bc="score0"]')).to_have_text("0")
    board.reload()
    expect(board.locator('[data-bc="moves"] tr')).to_have_count(0)
    assert MOVES[0] not in board.content()
    viewer.close()
