"""The pages a phone shows most, in each of the site's five languages, at 390 px.

One browser session: a director logs in, and for each language picks it on the switcher (as a
visitor does), then opens the event page, the live pairings, a player's page, the standings, the
result entry page and a scoresheet. Each page must be in that language (``<html lang>`` and a
heading translated by the site's own catalogue, looked up here rather than written out) and fit
the screen (no sideways scroll). The screenshots are kept in artifacts/screenshots/i18n/ as
``<language>-<page>.png`` for a person to look at (CJK and Thai fonts, long Swahili words).
"""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.tournaments import reports_world
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SHOTS = ARTIFACTS / "i18n"
HEADINGS = {  # the page, its heading in English and the values the heading names
    "event": ("Divisions", {}),
    "live-pairings": ("Round %(round)s", {"round": 3}),
    "player": ("Results", {}),
    "standings": ("Standings, division %(name)s", {"name": "A"}),
    "results": ("Round %(number)s: results", {"number": 3}),
    "scoresheet": ("Scoresheet", {}),
}


def heading_in(language: str, page_name: str) -> str:
    """The page's heading as the site's catalogue for ``language`` has it."""
    english, values = HEADINGS[page_name]
    with translation.override(language):
        return translation.gettext(english) % values


def event_with_a_director():
    """The Thai-rules event of reports_world (names in four scripts), round 3 paired."""
    director = factories.user("desk-director")
    event = factories.tournament(
        "Songkran Open", director=director, slug="songkran", is_public=True, rules_preset="thai"
    )
    return reports_world.build(event)


def pages(division, sheet_url: str) -> dict[str, str]:
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return {
        "event": reverse("tournaments:detail", args=[division.tournament.slug]),
        "live-pairings": reverse("tournaments:public_pairings", kwargs=kwargs),
        "player": reverse("tournaments:public_player", kwargs=kwargs | {"player_number": 1}),
        "standings": reverse("tournaments:standings", kwargs=kwargs),
        "results": reverse("tournaments:results", kwargs=kwargs | {"round_number": 3}),
        "scoresheet": sheet_url,
    }


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "desk-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def start_a_scoresheet(page, base: str, division) -> str:
    """The director starts table 1's scoresheet from the result entry page; its URL."""
    pairing = Pairing.objects.get(round__division=division, round__number=3, table=1)
    page.goto(f"{base}/t/songkran/A/round/3/results/")
    page.locator(f"#pairing-{pairing.pk}").get_by_role("link", name="Scoresheet").click()
    page.get_by_role("button", name="Start the scoresheet").click()
    expect(page.locator("#id_move")).to_be_visible()
    page.fill("#id_move", "8H AT")
    page.fill("#id_seconds", "40")
    page.get_by_role("button", name="Record", exact=True).click()
    expect(page.locator(".sheet-table")).to_contain_text("AT")
    return page.url.removeprefix(base)


def choose_language(page, code: str) -> None:
    """Pick ``code`` on the page's language switcher, as a visitor does."""
    with page.expect_navigation():
        page.locator("#site-language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def shoot(page, path) -> None:
    """A whole-page screenshot from the top: the scoresheet's move box takes the focus and scrolls
    the page, and its sticky table clock would then be drawn over the form further down."""
    page.evaluate("document.activeElement && document.activeElement.blur(); scrollTo(0, 0)")
    full_page_png(page, path)


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_six_pages_in_five_languages_are_translated_and_fit_a_phone(live_server, page):
    division = event_with_a_director()
    base = live_server.url
    page.set_viewport_size(PHONE)
    log_in(page, base)
    urls = pages(division, start_a_scoresheet(page, base, division))
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = []
    for code, _name in settings.LANGUAGES:
        page.goto(base + urls["event"])
        choose_language(page, code)
        for name, path in urls.items():
            page.goto(base + path)
            page.wait_for_load_state()
            expect(page.locator("html")).to_have_attribute("lang", code)
            heading = heading_in(code, name)
            expect(page.locator("h1, h2").filter(has_text=heading).first).to_be_visible()
            shoot(page, SHOTS / f"{code}-{name}.png")
            if not fits_the_screen(page):
                too_wide.append(f"{code}-{name}")
    assert too_wide == []
