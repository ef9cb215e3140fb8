"""A time zone per event: from its country unless chosen, and every time shown for it (the
round's start and the no-show time, the audit log, the feed, the audit command) in that zone,
with a note for readers whose clock is elsewhere; pages of no event stay in the site's zone."""

import datetime
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from tests import factories
from tests.command_runs import run
from tournaments.models import Tournament
from tournaments.regions import zone_for_country
from tournaments.services import lateness
from tournaments.services import results as result_services
from tournaments.services.events import tournament_create, tournament_update

pytestmark = pytest.mark.django_db
# 03:00 UTC: 10:00 in Bangkok, 06:00 in Nairobi, 22:00 the day before in Toronto (winter). In
# the future, so the no-show time is still ahead and the page says when it comes.
START = datetime.datetime(2030, 1, 15, 3, 0, tzinfo=datetime.UTC)


@pytest.mark.parametrize(
    ("country", "zone"),
    [("TH", "Asia/Bangkok"), ("KE", "Africa/Nairobi"), ("CA", "America/Toronto"), ("AQ", "")],
)
def test_a_new_event_takes_its_zone_from_its_country(country, zone):
    assert (zone_for_country(country) or "") == zone
    assert tournament_create(by=None, name=f"Open {country}", country=country).time_zone == zone


def started_round(director, zone: str, slug: str):
    """A Thai-rules division (15 minutes late forfeits) whose round 1 started at ``START``."""
    event = factories.tournament(director=director, slug=slug, rules_preset="thai", time_zone=zone)
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 2))
    lateness.round_start(by=director, round_id=round_.pk, now=START)
    return round_


@pytest.mark.parametrize(
    ("zone", "started", "no_shows"),
    [
        # To the second, as the director waits for the moment (tournaments/views/lateness.py).
        ("Asia/Bangkok", "10:00:00", "10:15:00"),
        ("Africa/Nairobi", "06:00:00", "06:15:00"),
        ("America/Toronto", "22:00:00", "22:15:00"),
        ("", "03:00:00", "03:15:00"),  # no zone: the site's (UTC)
    ],
)
def test_the_round_start_and_no_show_time_read_in_the_events_zone(
    client, director, zone, started, no_shows
):
    started_round(director, zone, "open")
    client.force_login(director)
    page = client.get(reverse("tournaments:results", args=["open", "A", 1])).text
    assert f"Round started at {started}." in page
    assert f"No-shows can be recorded from {no_shows}." in page


def test_three_events_on_one_server_each_keep_their_own_zone(client, director):
    for zone, slug in (
        ("Asia/Bangkok", "bkk"),
        ("Africa/Nairobi", "nbo"),
        ("America/Toronto", "yyz"),
    ):
        started_round(director, zone, slug)
    client.force_login(director)
    shown = {
        slug: "Round started at 10:00:00."
        in client.get(reverse("tournaments:results", args=[slug, "A", 1])).text
        for slug in ("nbo", "bkk", "yyz")
    }
    assert shown == {"nbo": False, "bkk": True, "yyz": False}
    # and a page of no event is back in the site's zone
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_audit_log_page_and_command_show_the_events_time(client, director):
    round_ = started_round(director, "Asia/Bangkok", "bkk")
    pairing = round_.pairings.get()
    with timezone.override(datetime.UTC):
        result_services.result_record(
            by=director, pairing_id=pairing.pk, first_score=400, second_score=380,
            expected_version=None,
        )  # fmt: skip
    entry = AuditEntry.objects.get(action="result.record")
    AuditEntry.objects.filter(pk=entry.pk).update(at=START)
    client.force_login(director)
    page = client.get(reverse("tournaments:audit", args=["bkk"])).text
    assert "10:00" in page and "03:00" not in page
    assert "2030-01-15 10:00" in run("audit", "bkk")


def test_the_feed_keeps_iso_8601_with_the_events_offset(client, director):
    round_ = started_round(director, "Asia/Bangkok", "bkk")
    pairing = round_.pairings.get()
    result_services.result_record(
        by=director, pairing_id=pairing.pk, first_score=400, second_score=380,
        expected_version=None,
    )  # fmt: skip
    feed = json.loads(client.get(reverse("tournaments:feed", args=["bkk", "A"])).content)
    moment = datetime.datetime.fromisoformat(feed["changed_at"])
    assert moment.utcoffset() == datetime.timedelta(hours=7)


def test_an_event_page_carries_its_zone_note_and_other_pages_none(client, director):
    factories.tournament(slug="bkk", time_zone="Asia/Bangkok")
    page = client.get(reverse("tournaments:detail", args=["bkk"])).text
    assert 'data-zone-offset="420" hidden' in page
    assert "Times on this page are in Asia/Bangkok time (UTC+07:00), not your own." in page
    toronto = factories.tournament(slug="yyz", time_zone="America/Toronto")
    assert 'data-zone-offset="-' in client.get(toronto.get_absolute_url()).text
    assert "data-zone-offset" not in client.get(reverse("tournaments:list")).text


def test_the_event_form_changes_the_zone_and_refuses_an_unknown_one(client, director):
    event = factories.tournament(director=director, slug="edit-me", name="Edit Me")
    client.force_login(director)
    data = {"name": "Edit Me", "paper_size": "a4", "is_public": "on"}
    refused = client.post(
        reverse("tournaments:edit", args=["edit-me"]), data | {"time_zone": "Mars/Base"}
    )
    assert refused.status_code == 200 and "Select a valid choice." in refused.text
    client.post(
        reverse("tournaments:edit", args=["edit-me"]), data | {"time_zone": "Africa/Nairobi"}
    )
    event.refresh_from_db()
    assert event.time_zone == "Africa/Nairobi"


def test_an_edit_of_the_zone_is_seen_at_once(client, director):
    event = factories.tournament(director=director, slug="moving", time_zone="Asia/Bangkok")
    assert 'data-zone-offset="420"' in client.get(event.get_absolute_url()).text
    tournament_update(by=director, tournament=event, time_zone="Africa/Nairobi")
    assert 'data-zone-offset="180"' in client.get(event.get_absolute_url()).text
    assert Tournament.objects.get(slug="moving").zone.key == "Africa/Nairobi"


def test_the_new_event_form_takes_the_zone_and_paper_from_the_country(client, director):
    factories.tournament(director=director)  # directing an event makes an organiser
    client.force_login(director)
    data = {"name": "Nairobi Open", "rules_preset": "naspa", "country": "ke", "is_public": "on"}
    client.post(reverse("tournaments:create"), data)
    event = Tournament.objects.get(name="Nairobi Open")
    assert (event.country, event.time_zone, event.paper_size) == ("KE", "Africa/Nairobi", "a4")
    client.post(reverse("tournaments:create"), data | {"name": "Toronto Open", "country": "CA"})
    event = Tournament.objects.get(name="Toronto Open")
    assert (event.time_zone, event.paper_size) == ("America/Toronto", "letter")


def test_an_edit_that_does_not_send_the_zone_keeps_it(client, director):
    event = factories.tournament(director=director, slug="keep", time_zone="Asia/Bangkok")
    client.force_login(director)
    client.post(reverse("tournaments:edit", args=["keep"]), {"name": "Kept"})
    event.refresh_from_db()
    assert (event.name, event.time_zone, event.paper_size) == ("Kept", "Asia/Bangkok", "a4")
