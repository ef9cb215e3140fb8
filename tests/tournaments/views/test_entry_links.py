"""A player's personal link: check in, find their table, report their scores; bad links refused."""

import time

import pytest
from django.contrib.messages import get_messages
from django.core import signing
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Entry, Pairing, ScoreReport
from tournaments.selectors.entry_links import BAD, EXPIRED, OTHER_EVENT, entry_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(event):
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="A", rounds=5)
    entries = factories.entries(division, 4)
    for entry in entries:
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    return division


def link(entry: Entry, name: str = "entry_link", slug: str | None = None) -> str:
    slug = slug or entry.division.tournament.slug
    return reverse(f"tournaments:{name}", args=[slug, entry_token(entry.pk)])


def first(division, number: int = 1) -> Entry:
    return Entry.objects.select_related("division__tournament").get(
        division=division, number=number
    )


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_link_page_names_the_player_and_offers_check_in_only_while_open(client, division):
    page = client.get(link(first(division)))
    button = '/check-in/"'  # the form's action (a token's timestamp may tick between calls)
    assert page.status_code == 200
    assert "Entrant" in page.content.decode() and button not in page.content.decode()
    assert "Check-in is not open now." in page.content.decode()
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    assert button in client.get(link(first(division))).content.decode()


def test_im_here_checks_the_player_in_while_open(client, division):
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    response = client.post(link(first(division), "entry_link_check_in"))
    assert response.status_code == 302
    assert said(response) == ["Thank you: you are checked in."]
    assert first(division).status == Entry.Status.CHECKED_IN
    assert AuditEntry.objects.get().action == "entry.self_check_in"


def test_im_here_while_closed_is_refused_and_changes_nothing(client, division):
    response = client.post(link(first(division), "entry_link_check_in"))
    assert said(response) == ["Check-in is closed. Please see the director's desk."]
    assert first(division).status == Entry.Status.REGISTERED
    assert not AuditEntry.objects.exists()


def test_the_link_needs_a_post_with_csrf(division):
    from django.test import Client

    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(link(first(division), "entry_link_check_in")).status_code == 403
    assert strict.get(link(first(division), "entry_link_check_in")).status_code == 405
    assert first(division).status == Entry.Status.REGISTERED


@pytest.mark.parametrize("name", ["entry_link", "entry_link_check_in", "entry_link_report"])
def test_an_altered_link_is_refused_and_changes_nothing(client, division, name):
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    token = entry_token(first(division).pk)
    altered = token[:-1] + ("A" if token[-1] != "A" else "B")
    url = reverse(f"tournaments:{name}", args=[division.tournament.slug, altered])
    response = client.post(url) if name != "entry_link" else client.get(url)
    assert response.status_code == 404
    assert BAD in response.content.decode().replace("&#x27;", "'")
    assert first(division).status == Entry.Status.REGISTERED
    assert not AuditEntry.objects.exists()


def test_an_expired_link_is_refused_and_changes_nothing(client, division, settings, monkeypatch):
    settings.ENTRY_LINK_MAX_AGE = 60
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    now = time.time()
    monkeypatch.setattr(signing.time, "time", lambda: now - 61)
    old = entry_token(first(division).pk)
    monkeypatch.setattr(signing.time, "time", lambda: now)
    url = reverse("tournaments:entry_link_check_in", args=[division.tournament.slug, old])
    response = client.post(url)
    assert response.status_code == 403
    assert EXPIRED in response.content.decode()
    assert first(division).status == Entry.Status.REGISTERED


def test_a_link_just_inside_its_age_still_works(client, division, settings, monkeypatch):
    settings.ENTRY_LINK_MAX_AGE = 60
    now = time.time()
    monkeypatch.setattr(signing.time, "time", lambda: now - 59)
    young = entry_token(first(division).pk)
    monkeypatch.setattr(signing.time, "time", lambda: now)
    url = reverse("tournaments:entry_link", args=[division.tournament.slug, young])
    assert client.get(url).status_code == 200


def test_a_link_of_another_event_is_refused(client, division):
    other = factories.tournament()
    other_division = factories.division(other, name="A")
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    stranger_entry = factories.entries(other_division, 1)[0]
    url = reverse(
        "tournaments:entry_link", args=[division.tournament.slug, entry_token(stranger_entry.pk)]
    )
    response = client.get(url)
    assert response.status_code == 404
    assert OTHER_EVENT in response.content.decode()


def test_a_token_for_an_entry_gone_is_refused(client, division):
    gone = reverse("tournaments:entry_link", args=[division.tournament.slug, entry_token(99999)])
    assert client.get(gone).status_code == 404


def test_the_page_shows_the_table_and_the_opponent(client, division):
    entries = list(division.entries.order_by("number"))
    factories.round_with_pairings(division, entries)
    page = client.get(link(entries[2])).content.decode()
    assert "Round 1: table 2 against Entrant" in page
    assert f"Entrant {division.pk}-4" in page


def report(client, entry, pairing, a, b):
    return client.post(
        link(entry, "entry_link_report"),
        {"pairing": pairing.pk, "first_score": a, "second_score": b},
    )


def test_both_players_agreeing_by_link_store_the_result(client, division):
    entries = list(division.entries.order_by("number"))
    factories.round_with_pairings(division, entries)
    game = Pairing.objects.get(first=entries[0])
    assert said(report(client, entries[0], game, 410, 380)) == ["Thank you: your scores were sent."]
    report(client, entries[1], game, 410, 380)
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (410, 380)
    assert set(ScoreReport.objects.values_list("status", "user")) == {("confirmed", None)}
    recorded = AuditEntry.objects.get(action="result.record")
    assert recorded.actor is None


def test_a_link_cannot_report_another_tables_game(client, division):
    entries = list(division.entries.order_by("number"))
    factories.round_with_pairings(division, entries)
    other_game = Pairing.objects.get(first=entries[2])
    response = report(client, entries[0], other_game, 410, 380)
    assert said(response) == ["You can only report the scores of your own game."]
    assert not ScoreReport.objects.exists()


def test_a_report_by_link_is_refused_when_players_may_not_report(client, division):
    division.tournament.self_reporting = False
    division.tournament.save(update_fields=["self_reporting"])
    entries = list(division.entries.order_by("number"))
    factories.round_with_pairings(division, entries)
    game = Pairing.objects.get(first=entries[0])
    assert "Report your score" not in client.get(link(entries[0])).content.decode()
    assert said(report(client, entries[0], game, 410, 380)) == [
        "Players cannot report scores in this event."
    ]
    assert not ScoreReport.objects.exists()


@pytest.mark.parametrize("players", [4, 40])
def test_the_link_page_queries_do_not_grow(client, event, players, django_assert_max_num_queries):
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="B")
    entries = factories.entries(division, players)
    factories.round_with_pairings(division, entries)
    with django_assert_max_num_queries(6):
        assert client.get(link(entries[0])).status_code == 200


def test_a_score_of_thousands_of_digits_is_refused_with_a_message(client, division):
    entries = list(division.entries.order_by("number"))
    factories.round_with_pairings(division, entries)
    game = Pairing.objects.get(first=entries[0])
    response = report(client, entries[0], game, "9" * 5000, 380)
    assert response.status_code == 302
    assert any("is not a score" in line for line in said(response))
    assert not ScoreReport.objects.exists() and not AuditEntry.objects.exists()


def test_im_here_once_the_event_is_finalized_is_refused_and_changes_nothing(client, division):
    from django.utils import timezone

    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    event = division.tournament
    event.finalized_at = timezone.now()
    event.save(update_fields=["finalized_at"])
    response = client.post(link(first(division), "entry_link_check_in"))
    assert said(response) == ["This event is finalized: check-in is over."]
    assert first(division).status == Entry.Status.REGISTERED
    assert not AuditEntry.objects.exists()
