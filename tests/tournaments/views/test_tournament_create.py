"""Starting a new event from the browser."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Tournament, TournamentRole
from tournaments.services.events import tournament_role_assign, tournament_role_remove

pytestmark = pytest.mark.django_db


def test_an_organiser_starts_an_event_and_directs_it(client, director, event):
    client.force_login(director)
    assert "New tournament" in client.get(reverse("tournaments:list")).text
    response = client.post(
        reverse("tournaments:create"),
        {"name": "Spring Open", "venue": "Hall", "is_public": "on", "rules_preset": "wespa"},
    )
    created = Tournament.objects.get(name="Spring Open")
    assert response.status_code == 302 and response["Location"] == created.get_absolute_url()
    assert (created.slug, created.venue, created.rules_preset) == ("spring-open", "Hall", "wespa")
    assert created.roles.get().user == director
    assert created.roles.get().role == TournamentRole.Role.DIRECTOR


def test_an_unknown_rule_set_is_refused(client, director, event):
    client.force_login(director)
    response = client.post(reverse("tournaments:create"), {"name": "X", "rules_preset": "chess"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.text
    assert not Tournament.objects.filter(name="X").exists()


def test_someone_who_organises_nothing_may_not_start_an_event(client, stranger):
    client.force_login(stranger)
    assert "New tournament" not in client.get(reverse("tournaments:list")).text
    assert client.post(reverse("tournaments:create"), {"name": "Mine"}).status_code == 403
    assert not Tournament.objects.filter(name="Mine").exists()


def test_a_club_officer_may_start_an_event():
    from django.test import Client

    officer = factories.officer(factories.club()).player.user
    client = Client()
    client.force_login(officer)
    assert client.get(reverse("tournaments:create")).status_code == 200


def test_a_role_given_and_taken_away_is_audited_both_times(event, stranger):
    assignment = tournament_role_assign(
        by=None, tournament=event, user=stranger, role=TournamentRole.Role.ASSISTANT
    )
    tournament_role_remove(by=None, assignment=assignment)
    assert not TournamentRole.objects.filter(user=stranger).exists()
    actions = list(
        AuditEntry.objects.filter(object_id=str(assignment.pk))
        .order_by("pk")
        .values_list("action", "tournament_id", "before")
    )
    assert actions == [
        ("tournament.role", event.pk, None),
        ("tournament.role_remove", event.pk, {"user": stranger.pk, "role": "assistant"}),
    ]
