"""The event-day walk's scoresheet path on a 390 px phone under the Thai preset, as a scorekeeper
keeps it: a phony challenged off (the clock goes to the player to move, whether the scorekeeper
records it before or after the press), a turn over time (the seconds column filled from the
clock, the over-time question asked), and scoreless turns to the end (awaiting racks, the clock
stopped).

Time: a turn over 60 s is made, not waited for: the clock is paused and started again for the
player to move with an explicit moment 70 s ago (the clock POST's ``at``, which a phone uses for
presses kept through a network drop). Everything else is real taps at real time.
"""

import pytest
from playwright.sync_api import expect

from games.models import Game, GameClock
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png, viewport_png
from tests.e2e.test_thai_scoresheet import PHONE, log_in
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def side(page, number: int):
    return page.locator(f".clock-side[data-side='{number}']")


def panel_state(page) -> tuple[str, str]:
    panel = page.locator("#sheet-panel")
    return panel.get_attribute("data-lines"), panel.get_attribute("data-to-move")


def expect_redrawn(page, lines: str) -> None:
    expect(page.locator("#sheet-panel")).not_to_have_attribute("data-lines", lines)


def expect_clock_runs_for(page, number: int, name: str) -> None:
    """The sheet says ``name`` is to move and the clock runs for them, not for the other."""
    expect(page.locator(".sheet-status .to-move")).to_contain_text(name)
    expect(side(page, number)).to_have_attribute("aria-pressed", "true")
    expect(side(page, 1 - number)).to_have_attribute("aria-pressed", "false")


def restart_clock_seconds_ago(page, base: str, player: int, seconds: int) -> None:
    """Pause on the page, then start ``player``'s clock dated ``seconds`` ago on the server."""
    page.locator("[data-clock-action=pause]").click()
    expect(side(page, player)).to_have_attribute("aria-pressed", "false")
    clock = page.locator("#table-clock")
    url, csrf = base + clock.get_attribute("data-url"), clock.get_attribute("data-csrf")
    page.wait_for_load_state("networkidle")  # the pause is on the server
    server_now = page.request.get(url).json()["now"]
    response = page.request.post(
        url,
        form={"action": "start", "player": str(player), "at": str(server_now - seconds * 1000)},
        headers={"X-CSRFToken": csrf, "Referer": page.url},
    )
    assert response.ok, response.text()


def test_the_walks_scoresheet_path_on_a_phone_under_the_thai_preset(live_server, page):
    director = factories.user("walk-keeper")
    event = factories.tournament(director=director, slug="walk-thai", rules_preset="thai")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2))
    pairing = Pairing.objects.get()
    first, second = pairing.first.player.name, pairing.second.player.name
    page.set_viewport_size(PHONE)
    base = live_server.url
    log_in(page, base, "walk-keeper")
    page.goto(f"{base}/t/walk-thai/A/round/1/results/")
    page.locator(f"#pairing-{pairing.pk}").get_by_role("link", name="Scoresheet").click()
    page.get_by_role("button", name="Start the scoresheet").click()
    expect(page.locator(".sheet-rules summary")).to_have_text("Rules: Thai association")
    # The clock's script is deferred: a tap on the sheet's first paint, before the page's load,
    # reached a button nothing listened to yet (a loaded run).
    page.wait_for_load_state()
    seconds = page.locator("#id_seconds")

    # 1. The first player plays and presses; the scorekeeper records the play (seconds from the
    # clock); the second player challenges it off: the first player's turn is lost, the second
    # player moves and their clock runs.
    side(page, 0).click()
    expect(side(page, 0)).to_have_attribute("aria-pressed", "true")
    side(page, 0).click()
    expect(seconds).not_to_have_value("")
    lines, _ = panel_state(page)
    page.fill("#id_move", "8H ZAX")
    page.get_by_role("button", name="Record", exact=True).click()
    expect_redrawn(page, lines)
    page.get_by_role("button", name="Last play: phony, withdrawn").click()
    phonies = page.locator(".sheet-table tr.kind-phony")
    expect(phonies).to_have_count(1)  # the last play is now withdrawn
    expect_clock_runs_for(page, 1, second)

    # 2. The second player plays; before they press, the first player challenges and the
    # scorekeeper records it as a phony at once: the clock must go to the first player.
    lines, _ = panel_state(page)
    page.fill("#id_move", "8H QIX")
    page.get_by_role("button", name="Phony, withdrawn", exact=True).click()
    expect_redrawn(page, lines)
    expect(phonies).to_have_count(2)
    expect_clock_runs_for(page, 0, first)
    expect(phonies.nth(1).locator("td.num").last).not_to_have_text(
        ""
    )  # its seconds, from the clock
    expect(seconds).to_have_value("")  # a new turn: nothing in the seconds yet

    # 3. The first player's turn runs over 60 s and the scorekeeper records it before the
    # press: the seconds column is filled from the clock and the over-time question is asked.
    restart_clock_seconds_ago(page, base, 0, 70)
    expect(side(page, 0)).to_have_attribute("aria-pressed", "true", timeout=8_000)
    expect(side(page, 0).locator(".clock-note")).to_have_text("Over time")
    expect(seconds).to_have_value("")
    page.fill("#id_move", "8H ZA")  # recorded before the press, as in the walk
    page.get_by_role("button", name="Record", exact=True).click()
    confirm = page.locator(".overtime-confirm")
    expect(confirm).to_be_visible()
    used = int(seconds.input_value())
    assert used >= 70
    expect(confirm).to_contain_text(f"Over by {used - 60} s ({used} s for a 60 s turn)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    viewport_png(page, ARTIFACTS / "scoresheet-walk-over-time-390.png")
    lines, _ = panel_state(page)
    confirm.get_by_role("button", name="Record as lost").click()
    expect_redrawn(page, lines)
    expect(page.locator(".sheet-table")).to_contain_text("Over time: turn lost")
    expect_clock_runs_for(page, 1, second)

    # 4. Scoreless turns (each pressed, then passed) end the game: awaiting racks, the clock
    # stopped and its buttons off.
    for _turn in range(8):
        if page.locator("[data-awaiting-racks]").count():
            break
        lines, to_move = panel_state(page)
        expect(side(page, int(to_move))).to_have_attribute("aria-pressed", "true")
        side(page, int(to_move)).click()
        expect(seconds).not_to_have_value("")  # filled from the clock for every turn
        page.get_by_role("button", name="Pass", exact=True).click()
        expect_redrawn(page, lines)
    expect(page.locator("[data-awaiting-racks]")).to_be_visible()
    for number in (0, 1):
        expect(side(page, number)).to_have_attribute("aria-pressed", "false")
        expect(side(page, number)).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    full_page_png(page, ARTIFACTS / "scoresheet-walk-awaiting-racks-390.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    full_page_png(page, ARTIFACTS / "scoresheet-walk-awaiting-racks-1280.png")

    game = Game.objects.get()
    kinds = [turn.kind for turn in game.turns.order_by("number")]
    assert kinds[:3] == ["phony", "phony", "time_overrun"]
    timed = [turn.seconds for turn in game.turns.order_by("number")]
    assert None not in timed, timed  # every turn has its seconds, from the clock
    assert GameClock.objects.get(game=game).running is None
