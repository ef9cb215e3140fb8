"""Every public page fits a 360 px phone: no sideways page scroll; and a player finds their table.

One browser page visits them all (a 60-player event: a withdrawal, a bye in the latest round,
half of its games reported) and saves a screenshot of each as artifacts/screenshots/phone-*.png.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.models import Entry, Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PLAYERS = 60
ROUNDS = 3
BYE = 4  # the last of round 3's rotated list: 1, 5..59, 2, 3, 4


def sixty_player_event():
    """Rounds 1-2 complete; player 60 withdraws after round 2, so round 3 has a bye (player 4)."""
    event = factories.tournament("Phone Open", slug="phone-open", is_public=True)
    division = factories.division(event, name="A", rounds=6)
    field = factories.entries(division, PLAYERS)
    for number in range(1, ROUNDS + 1):
        players = field if number < ROUNDS else field[:-1]
        # A different opponent each round: rotate everyone but the first player.
        turned = [players[0], *players[1:][number:], *players[1:][:number]]
        paired = factories.round_with_pairings(division, turned, number)
        for game in paired.pairings.filter(kind=Pairing.Kind.PLAYED).order_by("table"):
            if number < ROUNDS or game.table % 2:
                game.first_score, game.second_score = 350 + game.table, 400 - game.table
                game.save()
    Entry.objects.filter(pk=field[-1].pk).update(withdrawn_after_round=ROUNDS - 1)
    assert Pairing.objects.get(round__division=division, kind=Pairing.Kind.BYE).first.number == BYE
    return division


def public_pages(division, game_id: int) -> dict[str, str]:
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return {
        "event-home": reverse("tournaments:public_home", args=[division.tournament.slug]),
        "live-pairings": reverse("tournaments:public_pairings", kwargs=kwargs),
        "standings": reverse("tournaments:standings", kwargs=kwargs),
        "crosstable": reverse("tournaments:crosstable", kwargs=kwargs),
        "player": reverse("tournaments:public_player", kwargs=kwargs | {"player_number": 7}),
        "player-bye": reverse("tournaments:public_player", kwargs=kwargs | {"player_number": BYE}),
        "player-withdrawn": reverse(
            "tournaments:public_player", kwargs=kwargs | {"player_number": 60}
        ),
        "statistics": reverse("tournaments:public_stats", kwargs=kwargs),
        "game": reverse("games:detail", args=[game_id]),
    }


def page_width_fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_every_public_page_fits_a_phone_and_a_player_finds_their_table(live_server, page):
    division = sixty_player_event()
    game = factories.game()
    page.set_viewport_size({"width": 360, "height": 740})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    too_wide = []
    for name, path in public_pages(division, game.pk).items():
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state()
        full_page_png(page, ARTIFACTS / f"phone-{name}.png")
        if not page_width_fits(page):
            too_wide.append(name)
    assert too_wide == []
    page.goto(f"{live_server.url}{public_pages(division, game.pk)['player-bye']}")
    expect(page.locator("section.bye-card")).to_contain_text("Bye this round")
    page.goto(f"{live_server.url}{public_pages(division, game.pk)['player-withdrawn']}")
    expect(page.locator(".notice.withdrawn")).to_contain_text("Withdrawn after round 2.")

    # 390 px: a player opens the event, finds their name and sees their table.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/phone-open/live/")
    page.get_by_role("link", name="Pairings – find my name").click()
    expect(page.locator("#live-pairings tbody tr.bye")).to_have_count(1)
    expect(page.locator("#live-pairings tbody tr.bye")).to_contain_text("bye this round")
    expect(page.locator("#live-pairings tbody tr.bye")).to_contain_text(
        f"Entrant {division.pk}-{BYE}"
    )
    expect(page.locator("#live-pairings .tag.withdrawn")).to_have_count(0)  # not in round 3
    page.get_by_role("searchbox").fill(f"Entrant {division.pk}-7")
    expect(page.locator("#live-pairings tbody tr")).to_have_count(1, timeout=10000)
    assert page_width_fits(page)
    full_page_png(page, ARTIFACTS / "phone-find-my-table.png")
    page.get_by_role("link", name=f"Entrant {division.pk}-7").click()
    page.wait_for_load_state()
    expect(page.locator(".next-game")).to_contain_text("Table")
    assert page_width_fits(page)
    full_page_png(page, ARTIFACTS / "phone-my-table.png")
