"""The table clock follows the scoresheet on a 390 px phone: a reload during the over-time
question keeps the typed move and the clock's seconds; after "Challenged, valid" the clock runs
for the player to move; when the game ends the clock stops and nothing is left to challenge; the
clock never covers the score and "to move"."""

import re
import threading

import pytest
from playwright.sync_api import expect

from games.services import clock as clock_services
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png, viewport_png
from tests.e2e.test_thai_scoresheet import PHONE, log_in, start_clock_seconds_ago

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def overlap(a: dict, b: dict) -> bool:
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def assert_clock_covers_no_status(page) -> None:
    """Where the score and "to move" are on the screen, the clock is not on them."""
    clock = page.locator("#table-clock").bounding_box()
    for selector in (".sheet-status .scores", ".sheet-status .to-move"):
        box = page.locator(selector).bounding_box()
        if box["y"] + box["height"] > 0 and box["y"] < PHONE["height"]:
            assert not overlap(box, clock), (selector, box, clock)


def side(page, number: int):
    return page.locator(f".clock-side[data-side='{number}']")


def open_thai_sheet(page, base: str, username: str, slug: str):
    """A Thai-rules game of two entrants in round 1 of ``slug``, its sheet open for ``username``,
    the event's director; the game."""
    director = factories.user(username)
    event = factories.tournament(director=director, slug=slug, rules_preset="thai")
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    log_in(page, base, username)
    page.goto(f"{base}/games/{game.pk}/sheet/")
    return game


def test_the_clock_follows_the_sheet_on_a_phone(live_server, page):
    page.set_viewport_size(PHONE)
    base = live_server.url
    game = open_thai_sheet(page, base, "clock-keeper", "clock-follows")
    first, second = game.player_names
    assert_clock_covers_no_status(page)

    # An over-time turn: the first player's clock ran 70 s; the question is up, then a reload.
    start_clock_seconds_ago(page, base, 70)
    page.reload()
    side(page, 0).click()
    seconds = page.locator("#id_seconds")
    expect(seconds).not_to_have_value("")
    used = seconds.input_value()
    page.fill("#id_move", "8H AT")
    page.get_by_role("button", name="Record", exact=True).click()
    expect(page.locator(".overtime-confirm")).to_be_visible()
    page.reload()
    expect(page.locator("#id_move")).to_have_value("8H AT")  # the typed move is kept
    expect(seconds).to_have_value(used)  # and the seconds of the clock's last turn
    page.get_by_role("button", name="Record", exact=True).click()
    page.locator(".overtime-confirm").get_by_role("button", name="Record as lost").click()
    expect(page.locator(".sheet-status .to-move")).to_contain_text(second)

    # The second player plays and presses; the first challenges and the play is valid: the
    # challenger loses the turn, the second player moves again and the clock runs for them.
    side(page, 1).click()
    expect(side(page, 0)).to_have_attribute("aria-pressed", "true")
    page.fill("#id_move", "8H AT")
    page.get_by_role("button", name="Challenged, valid", exact=True).click()
    expect(page.locator(".sheet-status .to-move")).to_contain_text(second)
    expect(side(page, 1)).to_have_attribute("aria-pressed", "true")
    expect(side(page, 0)).to_have_attribute("aria-pressed", "false")
    assert_clock_covers_no_status(page)
    page.locator("#id_move").scroll_into_view_if_needed()
    assert_clock_covers_no_status(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    viewport_png(page, ARTIFACTS / "scoresheet-clock-follows-390.png")

    # Scoreless turns end the game: the clock stops, the challenge buttons go.
    for _turn in range(8):
        if page.locator("[data-awaiting-racks]").count():
            break
        panel = page.locator("#sheet-panel")
        lines, to_move = panel.get_attribute("data-lines"), panel.get_attribute("data-to-move")
        side(page, int(to_move)).click()
        page.get_by_role("button", name="Pass", exact=True).click()
        expect(panel).not_to_have_attribute("data-lines", lines)  # the sheet is redrawn
    expect(page.locator("[data-awaiting-racks]")).to_be_visible()
    for number in (0, 1):
        expect(side(page, number)).to_have_attribute("aria-pressed", "false")
        expect(side(page, number)).to_be_disabled()
        expect(side(page, number).locator(".clock-note")).to_have_text("Game over")
    expect(page.get_by_role("button", name="Last play: challenged, valid")).to_have_count(0)
    expect(page.get_by_role("button", name="Challenged, valid")).to_have_count(0)
    game.refresh_from_db()
    assert game.clock.running is None
    full_page_png(page, ARTIFACTS / "scoresheet-clock-stopped-390.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    full_page_png(page, ARTIFACTS / "scoresheet-clock-stopped-1280.png")


def test_a_clock_read_answered_after_a_press_does_not_undo_the_press(live_server, page):
    """A read of the clock sent before a press and answered after it (the server took the read
    first) carries the old side: adopting it would make the next tap count for nobody."""
    page.set_viewport_size(PHONE)
    base = live_server.url
    game = open_thai_sheet(page, base, "clock-reader", "clock-read")
    side(page, 0).click()  # the first player's clock starts
    expect(side(page, 0)).to_have_attribute("aria-pressed", "true")
    page.wait_for_load_state("networkidle")

    held = []  # a read answered now (the first player's clock running), delivered later

    def hold_one_read(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    page.route(re.compile(rf"/games/{game.pk}/clock/$"), hold_one_read)
    page.evaluate(
        "document.getElementById('sheet-panel')"
        ".dispatchEvent(new CustomEvent('htmx:afterSettle', {bubbles: true}))"
    )  # what a redrawn sheet does: read the clock
    for _ in range(100):  # the handler runs while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    with page.expect_response(lambda r: r.request.method == "POST"):
        side(page, 0).click()  # the first player is done: the second player's clock runs
    route, stale = held[0]
    reads = int(page.locator("#table-clock").get_attribute("data-reads") or 0)
    route.fulfill(response=stale)
    # The page counts each read it has handled (adopted or dropped): wait for this one, then
    # read at once: the page's own reads every 5 s would mend the screen before a retry.
    expect(page.locator("#table-clock")).to_have_attribute("data-reads", str(reads + 1))
    assert side(page, 1).get_attribute("aria-pressed") == "true"
    with page.expect_request(lambda r: r.method == "POST" and "player=1" in (r.post_data or "")):
        side(page, 1).click()  # and the second player's press still counts
    expect(side(page, 0)).to_have_attribute("aria-pressed", "true")


def test_a_challenge_sent_while_a_press_is_on_its_way_waits_for_the_press(
    live_server, page, monkeypatch
):
    """The scorekeeper presses the clock and at once enters "Challenged, valid": the sheet's
    write leaves only after the press is answered. Sent together, the server could take the
    challenge first and the press after it, and the clock ran for the challenger."""
    base = live_server.url
    game = open_thai_sheet(page, base, "quick-keeper", "clock-quick")
    second = game.player_names[1]
    start_clock_seconds_ago(page, base, 5)
    page.reload()
    page.get_by_role("button", name="Pass", exact=True).click()  # the first player passes
    expect(page.locator(".sheet-status .to-move")).to_contain_text(second)
    expect(side(page, 1)).to_have_attribute("aria-pressed", "true")

    answer = threading.Event()  # the test says when the server answers the press
    real_act = clock_services.clock_act

    def slow_act(**kwargs):
        answer.wait(timeout=30)
        return real_act(**kwargs)

    monkeypatch.setattr(clock_services, "clock_act", slow_act)
    sent: list[str] = []

    def sheet_write_sent(request) -> None:
        if request.method == "POST" and request.url.endswith(f"/games/{game.pk}/turn/"):
            sent.append("challenge")

    def press_answered(request) -> None:
        if request.method == "POST" and request.url.endswith(f"/games/{game.pk}/clock/"):
            sent.append("press")

    page.on("request", sheet_write_sent)
    page.on("requestfinished", press_answered)

    side(page, 1).click()  # the second player ends the turn: the clock runs for the first
    page.fill("#id_move", "8H AT")
    # Whether the page held the sheet's write back, read once htmx has asked about sending it
    # (this listener comes after the clock's own). Only the write is read: the move's preview
    # (a GET 250 ms after typing) asks too, and on a loaded machine it asked after the write.
    page.evaluate(
        "document.addEventListener('htmx:confirm', e => {"
        " if (e.detail.verb === 'post' && e.detail.target.id === 'sheet-panel')"
        " window.writeHeld = e.defaultPrevented; })"
    )
    page.get_by_role("button", name="Challenged, valid", exact=True).click()
    page.wait_for_function("window.writeHeld !== undefined")
    assert page.evaluate("window.writeHeld") is True
    assert "challenge" not in sent  # the challenge waits for the press on its way
    answer.set()
    expect(page.locator(".sheet-status .to-move")).to_contain_text(second)
    expect(side(page, 1)).to_have_attribute("aria-pressed", "true")
    expect(side(page, 0)).to_have_attribute("aria-pressed", "false")
    assert sent[-1] == "challenge" and set(sent[:-1]) == {"press"}  # every press went first
    game.refresh_from_db()
    assert game.clock.running == 1
