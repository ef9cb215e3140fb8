"""The event page's one switch for check-in and its no-show page (issue 33)."""

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

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_with_two(director):
    event = factories.tournament(director=director, slug="two-rooms")
    for name in ("A", "B"):
        division = factories.division(event, name=name, rounds=3)
        for entry in factories.entries(division, 2):
            entry.status = Entry.Status.REGISTERED
            entry.save(update_fields=["status"])
    return event


def test_the_event_page_opens_every_division_and_says_how_many_are_open(
    client, director, event_with_two
):
    client.force_login(director)
    page = reverse("tournaments:detail", args=["two-rooms"])
    assert "Self check-in is open in 0 of 2 divisions." in client.get(page).text
    toggle = reverse("tournaments:event_check_in_toggle", args=["two-rooms"])
    assert client.post(toggle, {"action": "open"}).status_code == 302
    assert "Self check-in is open in 2 of 2 divisions." in client.get(page).text
    client.post(toggle, {"action": "close"})
    assert not event_with_two.divisions.filter(check_in_open=True).exists()


def test_the_switch_is_post_only_and_for_directors(client, director, event_with_two):
    toggle = reverse("tournaments:event_check_in_toggle", args=["two-rooms"])
    client.force_login(factories.user())
    assert client.post(toggle, {"action": "open"}).status_code == 403
    client.force_login(director)
    assert client.get(toggle).status_code == 405
    assert not event_with_two.divisions.filter(check_in_open=True).exists()


def test_the_no_show_page_lists_every_division_then_withdraws_them(
    client, director, event_with_two
):
    client.force_login(director)
    url = reverse("tournaments:event_no_shows", args=["two-rooms"])
    page = client.get(url)
    assert [(e.division.name, e.number) for e in page.context["entries"]] == [
        ("A", 1), ("A", 2), ("B", 1), ("B", 2),
    ]  # fmt: skip
    ids = [str(e.pk) for e in page.context["entries"]]
    response = client.post(url, {"entries": ids})
    assert response.status_code == 302
    assert Entry.objects.filter(withdrawn_after_round=0).count() == 4


def test_the_no_show_page_refuses_while_a_division_is_open(client, director, event_with_two):
    event_with_two.divisions.filter(name="B").update(check_in_open=True)
    client.force_login(director)
    url = reverse("tournaments:event_no_shows", args=["two-rooms"])
    assert "Check-in is still open in division B: close it first." in client.get(url).text
    ids = [str(pk) for pk in Entry.objects.values_list("pk", flat=True)]
    response = client.post(url, {"entries": ids}, follow=True)
    assert "Check-in is still open in division B" in response.text
    assert not Entry.objects.filter(withdrawn_after_round__isnull=False).exists()


def test_players_paired_in_round_one_are_not_listed_nor_withdrawn(client, director, event_with_two):
    for division in event_with_two.divisions.all():
        for entry in division.entries.select_related("division"):
            entry_services.entry_check_in(by=director, entry=entry)
        round_pair(by=director, division=division, round_number=1, seed=1)
    taken_back = Entry.objects.select_related("division").get(division__name="A", number=2)
    entry_services.entry_undo_check_in(by=director, entry=taken_back)  # paired still
    client.force_login(director)
    url = reverse("tournaments:event_no_shows", args=["two-rooms"])
    page = client.get(url)
    assert list(page.context["entries"]) == []
    assert "Every player entered for round 1 has checked in, been paired or withdrawn." in page.text
    response = client.post(url, {"entries": [str(taken_back.pk)]})
    assert response.status_code == 302
    assert not Entry.objects.filter(withdrawn_after_round__isnull=False).exists()


def test_a_refused_withdrawal_across_the_event_is_a_message_and_changes_nothing(
    client, director, event_with_two, monkeypatch
):
    withdraw = check_in.entry_withdraw

    def refuse_in_b(*, by, entry, after_round):  # as if B's round 1 were paired meanwhile
        if entry.division.name == "B":
            raise RegistrationRefused(WITHDRAW_PAIRED, player=entry.number, round=1)
        return withdraw(by=by, entry=entry, after_round=after_round)

    monkeypatch.setattr(check_in, "entry_withdraw", refuse_in_b)
    client.force_login(director)
    before = AuditEntry.objects.count()
    url = reverse("tournaments:event_no_shows", args=["two-rooms"])
    ids = [str(pk) for pk in Entry.objects.values_list("pk", flat=True)]
    response = client.post(url, {"entries": ids})
    assert (response.status_code, response["Location"]) == (302, url)
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "#1 is paired in round 1; re-pair that round or withdraw after it."
    ]
    assert not Entry.objects.filter(withdrawn_after_round__isnull=False).exists()
    assert AuditEntry.objects.count() == before
