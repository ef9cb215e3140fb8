"""A score report keeps a keyed hash of the browser it came from (a cookie of its own, never
stored as such): both sides reported from one browser are one device for the integrity desk,
two browsers are two."""

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.integrity import flags as F
from games.integrity.selectors import event_flags
from tournaments import devices
from tournaments.models import ScoreReport
from tournaments.selectors.entry_links import entry_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(self_reporting_round):
    """A self-reporting event's first round; the first table's game."""
    _division, entries, game = self_reporting_round
    return entries, game


def report(client, entry, pairing):
    slug = entry.division.tournament.slug
    url = reverse("tournaments:entry_link_report", args=[slug, entry_token(entry.pk)])
    return client.post(url, {"pairing": pairing.pk, "first_score": 410, "second_score": 380})


def test_one_browser_reporting_both_sides_is_one_device_and_flagged(client, played):
    entries, game = played
    report(client, entries[0], game)
    assert devices.COOKIE in client.cookies and client.cookies[devices.COOKIE]["httponly"]
    report(client, entries[1], game)
    stored = set(ScoreReport.objects.values_list("device", flat=True))
    assert len(stored) == 1 and len(next(iter(stored))) == 32
    assert client.cookies[devices.COOKIE].value not in stored
    found = event_flags(game.round.division.tournament)[0]
    assert [(f.code, f.pairing) for f in found] == [(F.ONE_DEVICE, game.pk)]


def test_two_browsers_are_two_devices_and_raise_nothing(client, played):
    entries, game = played
    report(client, entries[0], game)
    report(Client(), entries[1], game)
    assert ScoreReport.objects.values("device").distinct().count() == 2
    assert event_flags(game.round.division.tournament)[0] == []
