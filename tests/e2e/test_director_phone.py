"""Every director page of the demo event fits a 360 px phone: no sideways page scroll (a wide
table may scroll inside its own .table-wrap box). One browser page visits them all and saves
artifacts/screenshots/director-phone-<page>.png for each.

The demo's running event (Riverside Open 2026, round 4 paired, a late entry and a withdrawal),
with a word list loaded and a judging screen open, and a scoresheet started from a pairing.
"""

import pytest
from django.urls import reverse

from clubs.models import ClubSession
from config.demo import DEMO_CLUB, DIRECTOR_PASSWORD, DIRECTOR_USERNAME
from games.services.kiosk import kiosk_open
from games.services.words import lexicon_upload
from tests.demo_copy import load_demo_copy
from tests.e2e.conftest import ARTIFACTS, full_page_png, viewport_png
from tournaments.models import Division, Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def running_division() -> Division:
    """The demo, a word list and an open judging screen on the running event's division."""
    director = load_demo_copy()["director"]
    division = Division.objects.get(tournament__slug="riverside-open-2026", name="A")
    lexicon = lexicon_upload(by=director, name="DEMO", data=b"CAT\nDOG\nZAX\nQI\n")
    kiosk_open(by=director, division=division, lexicon=lexicon, hours=4)
    return division


def director_pages(division: Division) -> dict[str, str]:
    slug, name = division.tournament.slug, division.name
    here = {"tournament_slug": slug, "division_name": name}
    entry = division.entries.order_by("number").first()
    played = Pairing.objects.filter(round__division=division, round__number=3).first()
    club = ClubSession.objects.filter(club__name=DEMO_CLUB).select_related("club").first()
    return {
        "event": reverse("tournaments:detail", args=[slug]),
        "event-rules": reverse("tournaments:rules", args=[slug]),
        "division": reverse("tournaments:division", kwargs=here),
        "division-settings": reverse("tournaments:division_edit", kwargs=here),
        "registration": reverse("tournaments:registration", kwargs=here),
        "add-many": reverse("tournaments:registration_add_many", kwargs=here),
        "entry": reverse("tournaments:entry_update", kwargs=here | {"entry_id": entry.pk}),
        "pairing": reverse("tournaments:pairing", kwargs=here),
        "result-entry": reverse("tournaments:results", kwargs=here | {"round_number": 4}),
        "result-edit": reverse("tournaments:result_edit", args=[slug, played.pk]),
        "rules": reverse("tournaments:division_rules", kwargs=here),
        "prizes": reverse("tournaments:prizes", kwargs=here),
        "audit-log": reverse("tournaments:audit", args=[slug]),
        "judging-screens": reverse("games:kiosk_manage", args=[slug, name]),
        "club-night": reverse("clubs:session", args=[club.club.slug, club.pk]),
        "club": reverse("clubs:detail", args=[club.club.slug]),
    }


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", DIRECTOR_USERNAME)
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def visit(page, url: str, name: str) -> bool:
    """Open ``url``, screenshot it; True when the page does not scroll sideways."""
    response = page.goto(url)
    assert response.ok, (name, response.status)
    page.wait_for_load_state()
    full_page_png(page, ARTIFACTS / f"director-phone-{name}.png")
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def start_scoresheet(page, base: str, division: Division) -> str:
    """The scoresheet of a round-4 table, started as a scorekeeper does from its link."""
    pairing = Pairing.objects.filter(
        round__division=division, round__number=4, kind=Pairing.Kind.PLAYED
    ).first()
    page.goto(f"{base}{reverse('games:create')}?pairing={pairing.pk}")
    page.get_by_role("button", name="Start the scoresheet").click()
    page.wait_for_load_state()
    return page.url


def test_every_director_page_of_the_demo_fits_a_phone(live_server, page):
    division = running_division()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    too_wide = [
        name
        for name, path in director_pages(division).items()
        if not visit(page, live_server.url + path, name)
    ]
    sheet = start_scoresheet(page, live_server.url, division)
    if not visit(page, sheet, "scoresheet"):
        too_wide.append("scoresheet")
    # The table clock sticks to the top of the screen, which a full-page shot misplaces: keep
    # what the scorekeeper's phone shows too.
    viewport_png(page, ARTIFACTS / "director-phone-scoresheet-screen.png")
    page.goto(live_server.url + reverse("games:kiosk_manage", args=[division.tournament.slug, "A"]))
    kiosk = page.locator(".kiosks a").first.get_attribute("href")  # the open screen's address
    if not visit(page, kiosk, "judging-screen"):
        too_wide.append("judging-screen")
    assert too_wide == []
