"""The clubs' tables: the member list's CSV says what its page says."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Membership
from tests import factories

pytestmark = pytest.mark.django_db


def test_the_member_csv_writes_each_status_as_the_page_shows_it(client):
    club = factories.club("E Club")
    left = factories.player("Left Lee")
    Membership.objects.create(
        player=left, club=club, since=datetime.date(2020, 1, 1), until=datetime.date(2021, 1, 1)
    )
    Membership.objects.create(player=factories.player("Stay Sue"), club=club)
    lapsed = Membership.objects.create(player=factories.player("Slow Sam"), club=club)
    Membership.objects.filter(pk=lapsed.pk).update(status=Membership.Status.LAPSED)
    url = reverse("clubs:members", args=[club.slug])
    page = client.get(url).text
    assert '<span class="chip">Ended</span>' in page
    csv = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig").splitlines()
    header, *rows = [line.split(",") for line in csv]
    status = header.index("Status")
    assert {row[0]: row[status] for row in rows} == {
        "Left Lee": "Ended",
        "Stay Sue": "Active",
        "Slow Sam": "Lapsed",
    }
