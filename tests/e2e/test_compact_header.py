"""The site header on a phone: compact (at most two short lines at 390 x 844, where it took
145-160 px) with "Log out" on the line of the other links; and a player's results table fits a
360 px phone without scrolling sideways inside its box. Screenshots at 390 and 1280 px."""

import pytest
from django.urls import reverse

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png, viewport_png
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Two lines of links and the language switcher: 2 x (about 40 px) and the header's padding.
MOST_HEADER_PX = 96


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def header_figures(page) -> dict:
    """The header's height, and the vertical middle and height of "Log out" and of each other
    link of the nav."""
    return page.evaluate(
        """() => {
          const header = document.querySelector('header.site');
          const box = (el) => { const r = el.getBoundingClientRect(); return [r.top + r.height / 2, r.height]; };
          const links = [...header.querySelectorAll('nav a')].map(box);
          const logout = header.querySelector('nav button');
          return {height: header.getBoundingClientRect().height,
                  links: links, logout: logout ? box(logout) : null};
        }"""
    )


def in_line(figures: dict) -> bool:
    """ "Log out" is drawn as one of the links: as tall as they are, and level with those on
    its line (its middle within 1 px of theirs; a language with long words may wrap it onto a
    line of its own)."""
    middle, height = figures["logout"]
    tallest = max(h for _m, h in figures["links"])
    beside = [m for m, h in figures["links"] if abs(middle - m) < h / 2]
    return height <= tallest + 1 and all(abs(middle - m) <= 1 for m in beside)


@pytest.mark.parametrize("language", ["en", "th", "sw"])
def test_the_header_is_compact_on_a_phone_with_log_out_in_line(live_server, page, language):
    factories.user("desk")
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "desk")
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(live_server.url + reverse("tournaments:list"))
    figures = header_figures(page)
    print(f"header at 390x844 ({language}): {figures['height']:.0f} px")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    viewport_png(page, ARTIFACTS / f"header-390-{language}.png")
    assert figures["height"] <= MOST_HEADER_PX
    assert in_line(figures), figures
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.set_viewport_size({"width": 1280, "height": 800})
    figures = header_figures(page)
    print(f"header at 1280x800 ({language}): {figures['height']:.0f} px")
    viewport_png(page, ARTIFACTS / f"header-1280-{language}.png")
    assert in_line(figures), figures


def test_the_player_results_table_does_not_scroll_sideways_at_360(live_server, page):
    """Long names, a play-off tie and every column filled: the widest results a player has."""
    event = factories.tournament("Phone Open", slug="phone-open", rules_preset="thai")
    division = factories.division(event, name="A", rounds=4)
    players = factories.entries(division, 4)
    for entry, name in zip(
        players,
        [
            "Wanjiru Kamau-Odhiambo",
            "Somchai Jaidee-Wongsawat",
            "Maximilian Alexander von Hohenberg",
            "Nguyễn Thị Thanh",
        ],
        strict=True,
    ):
        entry.player.name = name
        entry.player.save()
    for number, order in enumerate([(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)], start=1):
        paired = factories.round_with_pairings(division, [players[i] for i in order], number)
        for game in paired.pairings.all():
            game.first_score, game.second_score = 412, 412 if number == 1 else 389
            game.playoff_winner = game.second if number == 1 else None
            game.save()
    assert Pairing.objects.filter(playoff_winner__isnull=False).count() == 2
    url = reverse("tournaments:public_player", args=["phone-open", "A", 1])
    for width in (360, 390, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(live_server.url + url)
        page.wait_for_load_state()
        box = page.locator(".player-results").locator("xpath=..")
        sideways = box.evaluate("el => el.scrollWidth - el.clientWidth")
        assert sideways <= 0, (width, sideways)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        full_page_png(page, ARTIFACTS / f"player-results-{width}.png")
