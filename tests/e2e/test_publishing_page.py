"""A director on a phone adds a publishing target, reads its state and presses "Publish now":
no serious or critical axe violation, nothing wider than 360 px."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from publishing.models import PublishJob, PublishTarget
from tests import factories
from tests.e2e.test_accessibility import BLOCKING, axe_violations

from .test_director_flow import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
LONG = "/srv/www/results/" + "riverside-open-2026-" * 4 + "final-day"


def test_a_director_adds_a_target_and_publishes_now_on_a_phone(live_server, page, screenshot):
    director = factories.user("director1")
    event = factories.tournament("Phone Open", director=director, slug="phone-open")
    PublishTarget.objects.create(
        tournament=event,
        spec="desk@results.example.org:/srv/www/phone-open",
        last_published_at=timezone.now() - datetime.timedelta(minutes=50),
        unreachable_since=timezone.now() - datetime.timedelta(minutes=40),
        last_error="ssh: connect to host results.example.org port 22: Network is unreachable",
        failures=6,
        retry_at=timezone.now() + datetime.timedelta(minutes=5),
    )
    page.set_viewport_size({"width": 360, "height": 800})
    log_in(page, live_server.url, "director1")
    page.goto(f"{live_server.url}/t/phone-open/")
    page.get_by_role("link", name="Publishing").click()
    expect(page.get_by_text("target unreachable since")).to_be_visible()

    page.get_by_role("textbox", name="Target").fill(LONG)
    page.get_by_role("button", name="Add the target").click()
    expect(page.get_by_text(f"Publishing to {LONG}.")).to_be_visible()
    expect(page.get_by_text("not published yet")).to_be_visible()
    page.get_by_role("button", name="Publish now").first.click()
    expect(page.get_by_text("as soon as it answers")).to_be_visible()
    screenshot("publishing-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    blocking = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert blocking == []
    assert PublishTarget.objects.get(spec__startswith="desk@").retry_at is None
    # "Publish now" leaves the desk@ target a job due at once: its own, or the change job the
    # new target's audit entry queued (due 0.5 s later), which it joins once that time has come
    # (a loaded run took longer than that between the two presses).
    due = PublishJob.objects.filter(state=PublishJob.WAITING, due_at__lte=timezone.now())
    assert due.filter(target__spec__startswith="desk@").exists()
    assert PublishJob.objects.get(target__spec=LONG, reason="director").state == "waiting"
