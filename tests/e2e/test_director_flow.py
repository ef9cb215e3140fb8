"""A director runs a small event in a real browser: division, players, two rounds, standings PDF."""

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests import factories
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna Okafor", "Ben Ng", "王小明", "สมชาย ใจดี"]


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def wait_for_result(page, event, table: int) -> None:
    """Wait until the page lists the line as saved, then read the database once: polling the
    database while the live server writes would hold SQLite's shared in-memory test database
    (its table locks refuse the server's write instead of waiting)."""
    expect(page.locator("#saved-log li")).to_have_count(table, timeout=15_000)
    game = Pairing.objects.get(round__division__tournament=event, round__number=1, table=table)
    assert game.first_score is not None, f"table {table} was never saved"


def test_director_pairs_two_rounds_enters_results_and_prints_standings(
    live_server, page, screenshot, tmp_path
):
    director = factories.user("director1")
    factories.officer(factories.club(), account=director)  # an organiser may start events
    for name in NAMES:
        factories.player(name)
    base = live_server.url
    page.set_viewport_size({"width": 1200, "height": 900})
    log_in(page, base, "director1")

    page.goto(f"{base}/t/")
    page.get_by_role("link", name="New tournament").click()
    page.fill("#id_name", "Browser Open")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()
    event = Tournament.objects.get(name="Browser Open")
    assert event.roles.get().user == director

    page.goto(f"{base}/t/{event.slug}/divisions/new/")
    page.fill("#id_name", "A")
    page.fill("#id_rounds", "3")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()

    for rating, name in zip((1800, 1600, 1400, 1200), NAMES, strict=True):
        page.goto(f"{base}/t/{event.slug}/A/registration/")
        page.fill("#id_q", name)  # the picker lists matches as the director types
        page.get_by_role("radio", name=name).check()
        page.fill("#id_rating", str(rating))
        page.check("#id_checked_in")
        page.get_by_role("button", name="Add").click()
        page.wait_for_load_state()
    for name in NAMES:
        expect(page.locator("table.registration").get_by_text(name)).to_have_count(1)

    for rnd in (1, 2):
        page.goto(f"{base}/t/{event.slug}/A/pairing/")
        page.fill("#id_round_number", str(rnd))
        page.get_by_role("button", name="Pair", exact=True).click()
        page.wait_for_load_state()
        assert (
            Pairing.objects.filter(round__division__tournament=event, round__number=rnd).count()
            == 2
        )
        if rnd == 2:
            break
        page.goto(f"{base}/t/{event.slug}/A/round/1/results/")
        for table, scores in ((1, "420 380"), (2, "399 401")):
            page.fill("#id_line", f"{table} {scores}")
            # Let the live preview settle first, as a director glances at it before Enter.
            preview = page.locator("#entry-feedback", has_text=f"Table {table}:")
            preview.filter(has_text="Enter saves.").wait_for()
            page.locator("#id_line").press("Enter")
            wait_for_result(page, event, table)
        screenshot("director-results-round-1")
        assert not Pairing.objects.filter(round__number=1, first_score__isnull=True).exists()

    page.goto(f"{base}/t/{event.slug}/A/")
    screenshot("director-round-2-pairings")
    response = page.request.get(f"{base}/t/{event.slug}/A/print/standings/?round=1")
    assert response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(response.body())
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Browser Open – A – standings after round 1" in text
    for name in NAMES:
        assert name in text
    assert "+40" in text and "+2" in text
