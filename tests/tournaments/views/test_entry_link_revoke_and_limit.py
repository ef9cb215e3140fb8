"""A personal link's writes are limited a minute, and a director can void one player's link
and issue a new one (the old link, printed QR codes included, then says it is void)."""

import re

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.tournaments.views.test_entry_links import first, link, report, said
from tournaments.models import Entry, Pairing, ScoreReport
from tournaments.selectors import entry_links
from tournaments.selectors.entry_links import REVOKED, TOO_MANY, entry_token

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture
def division(event, settings, monkeypatch):
    settings.ENTRY_LINK_WRITES_PER_MINUTE = LIMIT
    monkeypatch.setattr(entry_links, "current_minute", lambda: 1000)
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="A", rounds=5)
    entries = factories.entries(division, 4)
    for entry in entries:
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    factories.round_with_pairings(division, entries)
    return division


def counts() -> tuple[int, int]:
    return ScoreReport.objects.count(), AuditEntry.objects.count()


def test_a_link_may_write_up_to_its_limit_a_minute(client, division):
    entry = first(division)
    game = Pairing.objects.get(first=entry)
    for _ in range(LIMIT):
        assert (
            said(report(client, entry, game, 410, 380))[-1] == "Thank you: your scores were sent."
        )
    assert ScoreReport.objects.filter(reported_by=entry).count() == LIMIT


def test_one_write_over_the_limit_is_refused_with_a_message_and_writes_nothing(
    client, division, monkeypatch
):
    entry = first(division)
    game = Pairing.objects.get(first=entry)
    for _ in range(LIMIT):
        report(client, entry, game, 410, 380)
    before = counts()
    response = report(client, entry, game, 400, 390)
    assert response.status_code == 429
    assert TOO_MANY.split(".")[0] in response.content.decode()
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    assert client.post(link(entry, "entry_link_check_in")).status_code == 429
    assert counts() == before
    assert first(division).status == Entry.Status.REGISTERED
    # The limit is the link's own: the opponent's link still writes, and a new minute counts anew.
    opponent = game.second
    assert said(report(client, opponent, game, 410, 380))[-1] == "Thank you: your scores were sent."
    monkeypatch.setattr(entry_links, "current_minute", lambda: 1001)
    assert client.post(link(entry, "entry_link_check_in")).status_code == 302
    assert first(division).status == Entry.Status.CHECKED_IN


def reissue(client, entry):
    url = reverse(
        "tournaments:entry_update",
        args=[entry.division.tournament.slug, entry.division.name, entry.pk],
    )
    return client.post(url, {"action": "reissue_link"})


def test_a_director_voids_a_link_and_the_old_one_says_so_and_writes_nothing(
    client, director, division
):
    entry = first(division)
    old_page, old_check_in = link(entry), link(entry, "entry_link_check_in")
    old_report = link(entry, "entry_link_report")
    client.force_login(director)
    response = reissue(client, entry)
    assert response.status_code == 302
    assert said(response) == [
        f"#1 {entry.player.name} has a new personal link; the old one is void."
    ]
    audit = AuditEntry.objects.get()
    assert (audit.action, audit.actor) == ("entry.link_reissue", director)
    client.logout()
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    page = client.get(old_page)
    assert page.status_code == 410
    assert "This link is void: the director replaced it." in page.content.decode()
    assert REVOKED.startswith("This link is void")
    assert client.post(old_check_in).status_code == 410
    game = Pairing.objects.get(first=entry)
    refused = client.post(old_report, {"pairing": game.pk, "first_score": 1, "second_score": 2})
    assert refused.status_code == 410
    assert first(division).status == Entry.Status.REGISTERED
    assert counts() == (0, 1)


def test_the_new_link_is_shown_to_the_director_and_works(client, director, division):
    entry = first(division)
    client.force_login(director)
    page = client.get(reissue(client, entry).url).content.decode()
    new_token = entry_token(entry.pk, 1)
    # Every personal link on the page carries the new generation's signed value (the token's
    # timestamp may tick); matched as links, not as bare text a random CSRF token may contain.
    prefix = reverse("tournaments:entry_link", args=[division.tournament.slug, "TOKEN"])
    prefix = prefix.split("TOKEN")[0]
    shown = re.findall(re.escape(prefix) + r"([^/\"<>]+)", page)
    assert shown and {token.split(":")[0] for token in shown} == {new_token.split(":")[0]}
    assert entry_token(entry.pk).split(":")[0] != new_token.split(":")[0]
    client.logout()
    division.check_in_open = True
    division.save(update_fields=["check_in_open"])
    slug = division.tournament.slug
    assert client.get(reverse("tournaments:entry_link", args=[slug, new_token])).status_code == 200
    done = client.post(reverse("tournaments:entry_link_check_in", args=[slug, new_token]))
    assert said(done) == ["Thank you: you are checked in."]
    assert first(division).status == Entry.Status.CHECKED_IN


def test_someone_not_running_the_event_cannot_void_a_link(client, stranger, division):
    entry = first(division)
    client.force_login(stranger)
    assert reissue(client, entry).status_code in (403, 404)
    assert first(division).link_generation == 0
    assert not AuditEntry.objects.exists()
    assert client.get(link(entry)).status_code == 200
