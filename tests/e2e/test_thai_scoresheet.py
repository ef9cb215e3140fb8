"""A scorekeeper on a 390 px phone keeps a Thai-rules scoresheet from a pairing with the table
clock: an over-time turn confirmed as lost, a reload mid-turn, and a tie decided by play-off words.

Time: the over-time turn needs a turn of more than 60 s. Rather than sleep, the test starts the
first player's clock with an explicit moment 70 s ago (the clock POST's ``at``, the same field a
phone uses to send presses it kept through a network drop); everything after is real taps on the
page at real time. No fake browser clock: the page's clock adopts the server's time line anyway.
"""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests import factories
from tests.e2e.conftest import ARTIFACTS, viewport_png
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def seconds_shown(text: str) -> int:
    """The clock's text ("57 s", "1:02", "+10 s") as signed seconds left."""
    over = text.startswith("+")
    text = text.lstrip("+").strip()
    if ":" in text:
        minutes, seconds = text.split(":")
        value = int(minutes) * 60 + int(seconds)
    else:
        value = int(text.removesuffix(" s"))
    return -value if over else value


def shot(page, name: str, selector: str) -> None:
    """A phone-sized screenshot with ``selector`` in the middle of the screen (the table clock
    sits at the bottom of a phone's screen, so a full-page shot would cover the page under it)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    viewport_png(page, ARTIFACTS / f"{name}.png")


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def start_clock_seconds_ago(page, base: str, seconds: int) -> None:
    """POST the clock's start for the first player, dated ``seconds`` ago on the server's line."""
    clock = page.locator("#table-clock")
    url, csrf = base + clock.get_attribute("data-url"), clock.get_attribute("data-csrf")
    server_now = page.request.get(url).json()["now"]
    response = page.request.post(
        url,
        form={"action": "start", "player": "0", "at": str(server_now - seconds * 1000)},
        headers={"X-CSRFToken": csrf, "Referer": page.url},
    )
    assert response.ok, response.text()


def over_time_turn(page, base: str) -> None:
    start_clock_seconds_ago(page, base, 70)
    page.reload()
    first_side = page.locator(".clock-side[data-side='0']")
    expect(first_side).to_have_attribute("aria-pressed", "true")
    expect(first_side.locator(".clock-note")).to_have_text("Over time")
    first_side.click()  # the player is done: the clock closes the turn and fills its seconds
    seconds = page.locator("#id_seconds")
    expect(seconds).not_to_have_value("")
    used = int(seconds.input_value())
    page.fill("#id_move", "8H AT")
    expect(page.locator("#preview")).to_contain_text(f"over by {used - 60}", ignore_case=True)
    page.get_by_role("button", name="Record", exact=True).click()
    confirm = page.locator(".overtime-confirm")
    expect(confirm).to_contain_text(f"Over by {used - 60} s ({used} s for a 60 s turn)")
    shot(page, "scoresheet-over-time", ".overtime-confirm")
    confirm.get_by_role("button", name="Record as lost").click()
    expect(page.locator(".sheet-table")).to_contain_text("Over time: turn lost")
    shot(page, "scoresheet-over-time-recorded", ".kind-time_overrun")


def reload_mid_turn(page) -> None:
    second_side = page.locator(".clock-side[data-side='1']")
    expect(second_side).to_have_attribute("aria-pressed", "true")
    expect(second_side.locator(".clock-time")).to_have_text(re.compile(r"^\d+ s$"))
    shown = second_side.locator(".clock-time")
    first_read = shown.inner_text()
    expect(shown).not_to_have_text(first_read)  # it has ticked since the turn began
    before = seconds_shown(shown.inner_text())
    shot(page, "scoresheet-before-reload", "#table-clock")
    page.reload()
    expect(second_side).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".clock-side[data-side='0']")).to_have_attribute("aria-pressed", "false")
    after = seconds_shown(shown.inner_text())
    # The reload kept the running clock: never more time than before it (a clock started
    # again would show the whole turn), and it still counts down.
    assert after <= before < seconds_shown(first_read), (first_read, before, after)
    expect(shown).not_to_have_text(shown.inner_text())
    shot(page, "scoresheet-after-reload", "#table-clock")


def clocked_turn(page, move: str) -> None:
    """The player to move presses their side of the clock, then the scorekeeper records."""
    panel = page.locator("#sheet-panel")
    lines, to_move = panel.get_attribute("data-lines"), panel.get_attribute("data-to-move")
    page.locator(f".clock-side[data-side='{to_move}']").click()
    expect(page.locator("#id_seconds")).not_to_have_value("")
    if move == "-":
        page.get_by_role("button", name="Pass", exact=True).click()
    else:
        page.fill("#id_move", move)
        page.get_by_role("button", name="Record", exact=True).click()
    expect(panel).not_to_have_attribute("data-lines", lines)  # recorded and redrawn


def play_to_a_tie(page) -> None:
    """8H ZA (22) and 7I QI (42), then six scoreless turns: the game is over, awaiting the
    racks; the tiles left (7 and 27 points) make it a tie at 15-15."""
    for move in ("8H ZA", "7I QI", *["-"] * 6):
        clocked_turn(page, move)
    expect(page.locator("[data-awaiting-racks]")).to_be_visible()
    expect(page.locator("[data-playoff]")).to_have_count(0)  # no tie before the racks
    shot(page, "scoresheet-awaiting-racks", "[data-end-racks]")
    page.fill("#id_rack_0", "JXKDGAE")
    page.fill("#id_rack_1", "aeeiino")
    page.get_by_role("button", name="Settle the racks").click()
    expect(page.locator(".sheet-status .result")).to_contain_text("Tie: a play-off word decides")


def play_off(page, words: tuple[str, str], scores: tuple[int, int]) -> None:
    page.fill("#id_first_word", words[0])
    page.fill("#id_first_score", str(scores[0]))
    page.fill("#id_second_word", words[1])
    page.fill("#id_second_score", str(scores[1]))
    page.get_by_role("button", name="Record the play-off").click()


def test_a_thai_game_with_the_table_clock_an_over_time_turn_a_reload_and_a_playoff(
    live_server, page
):
    director = factories.user("thai-keeper")
    event = factories.tournament(director=director, slug="thai-open", rules_preset="thai")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2))
    pairing = Pairing.objects.get()
    first, second = pairing.first.player.name, pairing.second.player.name
    page.set_viewport_size(PHONE)
    base = live_server.url
    log_in(page, base, "thai-keeper")

    page.goto(f"{base}/t/thai-open/A/round/1/results/")
    page.locator(f"#pairing-{pairing.pk}").get_by_role("link", name="Scoresheet").click()
    page.get_by_role("button", name="Start the scoresheet").click()
    expect(page.locator(".sheet-rules summary")).to_have_text("Rules: Thai association")
    shot(page, "scoresheet-thai-start", "h1")

    over_time_turn(page, base)
    reload_mid_turn(page)
    play_to_a_tie(page)
    play_off(page, ("cat", "dog"), (5, 5))
    expect(page.locator("[data-attempt='1']")).to_contain_text("equal: another play-off")
    expect(page.locator("#id_first_word")).to_have_value("")
    shot(page, "scoresheet-playoff-equal", "[data-playoff]")
    play_off(page, ("dog", "zax"), (5, 19))
    expect(page.locator("[data-playoff-winner]")).to_have_text(f"{second} won the play-off")
    expect(page.locator("[data-attempt='1']")).to_be_visible()
    shot(page, "scoresheet-playoff-decided", "[data-playoff]")

    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    game = Game.objects.get()
    assert [t.kind for t in game.turns.order_by("number")][0] == "time_overrun"
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (15, 15)
    assert pairing.playoff_winner.player.name == second != first
