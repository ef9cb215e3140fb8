"""The director's side of self check-in: open/close, the live arrival count, the no-shows."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Entry
from tournaments.services import check_in
from tournaments.services import entries as entry_services
from tournaments.services.entries import WITHDRAW_PAIRED, RegistrationRefused
from tournaments.services.rounds import round_pair
from tournaments.templatetags.qr_codes import qr_data_uri

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(event):
    division = factories.division(event, name="A", rounds=5)
    entries = factories.entries(division, 5)
    for entry in entries[1:]:
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    return division


def url(division, name: str) -> str:
    return reverse(f"tournaments:{name}", args=[division.tournament.slug, division.name])


def test_the_director_opens_and_closes_check_in(client, director, division):
    client.force_login(director)
    client.post(url(division, "check_in_toggle"), {"action": "open"})
    division.refresh_from_db()
    assert division.check_in_open is True
    client.post(url(division, "check_in_toggle"), {"action": "close"})
    division.refresh_from_db()
    assert division.check_in_open is False


def test_a_stranger_cannot_open_check_in(client, stranger, division):
    client.force_login(stranger)
    assert client.post(url(division, "check_in_toggle"), {"action": "open"}).status_code == 403
    division.refresh_from_db()
    assert division.check_in_open is False


def test_the_arrival_count_polls_only_while_check_in_is_open(client, director, division):
    client.force_login(director)
    closed = client.get(url(division, "arrivals")).content.decode()
    assert "1 of 5 checked in · 4 still expected" in closed
    assert "hx-trigger" not in closed
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    opened = client.get(url(division, "arrivals")).content.decode()
    assert 'hx-trigger="every 5s"' in opened
    page = client.get(url(division, "registration")).content.decode()
    assert 'id="arrivals"' in page and "1 of 5 checked in" in page


def test_the_no_shows_page_lists_them_and_changes_nothing(client, director, division):
    client.force_login(director)
    before = AuditEntry.objects.count()
    page = client.get(url(division, "no_shows"))
    assert page.status_code == 200
    assert [e.number for e in page.context["entries"]] == [2, 3, 4, 5]
    assert AuditEntry.objects.count() == before
    assert not division.entries.filter(withdrawn_after_round__isnull=False).exists()


def test_withdrawing_the_no_shows_after_confirmation_then_undoing(client, director, division):
    client.force_login(director)
    ids = list(division.entries.exclude(number=1).values_list("pk", flat=True))
    response = client.post(url(division, "no_shows"), {"entries": ids})
    assert response.status_code == 302
    assert "undo=reinstate" in response["Location"]
    assert dict(division.entries.values_list("number", "withdrawn_after_round")) == {
        1: None,
        2: 0,
        3: 0,
        4: 0,
        5: 0,
    }
    page = client.get(response["Location"]).content.decode()
    assert 'name="action" value="reinstate"' in page
    client.post(url(division, "registration_bulk"), {"action": "reinstate", "entries": ids})
    assert not division.entries.filter(withdrawn_after_round__isnull=False).exists()
    assert AuditEntry.objects.filter(action="entry.reinstate").count() == 4


def test_no_shows_cannot_be_withdrawn_while_check_in_is_open(client, director, division):
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    client.force_login(director)
    ids = list(division.entries.values_list("pk", flat=True))
    client.post(url(division, "no_shows"), {"entries": ids})
    assert not division.entries.filter(withdrawn_after_round__isnull=False).exists()


@pytest.mark.parametrize("players", [5, 60])
def test_the_arrivals_and_no_shows_pages_queries_do_not_grow(
    client, director, event, players, django_assert_max_num_queries
):
    division = factories.division(event, name="B")
    for entry in factories.entries(division, players):
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    client.force_login(director)
    with django_assert_max_num_queries(8):
        assert client.get(url(division, "arrivals")).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(url(division, "no_shows")).status_code == 200


def test_the_entry_page_shows_the_players_personal_link_and_its_code(client, director, division):
    client.force_login(director)
    entry = division.entries.get(number=2)
    page = client.get(
        reverse("tournaments:entry_update", args=[division.tournament.slug, "A", entry.pk])
    )
    link = page.context["personal_link"]
    assert link.startswith(f"http://testserver/t/{division.tournament.slug}/me/")
    assert client.get(link).context["entry"] == entry
    assert f'<img src="{qr_data_uri(link)}"' in page.content.decode()
    assert qr_data_uri(link).startswith("data:image/svg+xml")


def paired_round_one(division, director) -> None:
    """Round 1 paired with #1 to #4 (#5 left out); #4's check-in then taken back at the desk."""
    for entry in division.entries.select_related("division").filter(number__in=[2, 3, 4]):
        entry_services.entry_check_in(by=director, entry=entry)
    round_pair(by=director, division=division, round_number=1, seed=1)
    four = division.entries.select_related("division").get(number=4)
    entry_services.entry_undo_check_in(by=director, entry=four)


def test_the_no_shows_page_leaves_out_a_player_paired_in_round_one(client, director, division):
    paired_round_one(division, director)
    client.force_login(director)
    assert [e.number for e in client.get(url(division, "no_shows")).context["entries"]] == [5]
    ids = list(division.entries.filter(number__in=[4, 5]).values_list("pk", flat=True))
    response = client.post(url(division, "no_shows"), {"entries": ids})
    assert response.status_code == 302
    assert list(
        division.entries.filter(withdrawn_after_round=0).values_list("number", flat=True)
    ) == [5]


def test_a_refused_withdrawal_is_a_message_and_changes_nothing(
    client, director, division, monkeypatch
):
    withdraw = check_in.entry_withdraw

    def refuse_the_second(*, by, entry, after_round):  # as if #3 were paired meanwhile
        if entry.number == 3:
            raise RegistrationRefused(WITHDRAW_PAIRED, player=entry.number, round=1)
        return withdraw(by=by, entry=entry, after_round=after_round)

    monkeypatch.setattr(check_in, "entry_withdraw", refuse_the_second)
    client.force_login(director)
    before = AuditEntry.objects.count()
    ids = list(division.entries.values_list("pk", flat=True))
    response = client.post(url(division, "no_shows"), {"entries": ids})
    assert response.status_code == 302
    assert response["Location"] == url(division, "no_shows")
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "#3 is paired in round 1; re-pair that round or withdraw after it."
    ]
    assert not division.entries.filter(withdrawn_after_round__isnull=False).exists()
    assert AuditEntry.objects.count() == before
