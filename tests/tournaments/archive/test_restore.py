"""What an import matches, adds and leaves out: players, roles, club, users of the log."""

import json

import pytest

from core.models import AuditEntry
from players.models import Player
from tests import factories
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.services.results import ResultRefused, audit_undo

from .world import small_event

pytestmark = pytest.mark.django_db


def imported(archive: dict, **options):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="copy", **options)


def test_players_are_found_by_member_id_else_by_name_and_country_else_added(director):
    archive = event_archive(small_event(director))
    players = archive["players"]
    players[0] |= {"member_id": "M-1", "name": "Renamed Since"}
    factories.player("Someone Else", member_id="M-1")
    players[1] |= {"member_id": "M-2"}  # no local player has M-2
    players[2] |= {"country": "NG"}  # same name, other country
    outcome = imported(archive)
    assert outcome.players_matched == ["Renamed Since", players[3]["name"]]
    assert outcome.players_created == [players[1]["name"], players[2]["name"]]
    entries = outcome.tournament.divisions.get().entries.order_by("number")
    assert [e.player.name for e in entries][:1] == ["Someone Else"]
    added = Player.objects.get(member_id="M-2")
    assert AuditEntry.objects.filter(action="player.create", object_id=str(added.pk)).count() == 1


def test_of_two_local_players_with_the_name_and_country_neither_is_chosen(director):
    archive = event_archive(small_event(director))
    name = archive["players"][0]["name"]
    factories.player(name, country=archive["players"][0]["country"])
    outcome = imported(archive)
    assert outcome.players_created == [name]
    assert Player.objects.filter(name=name).count() == 3


def test_a_role_whose_user_is_missing_is_left_out_and_said(director):
    assistant = factories.user("visiting-helper")
    event = small_event(director)
    event.roles.create(user=assistant, role="assistant")
    archive = event_archive(event)
    assistant.delete()
    outcome = imported(archive)
    assert outcome.roles_skipped == ["visiting-helper"]
    assert outcome.notes == [
        "There is no user “visiting-helper” here; their role (assistant) is left out."
    ]
    assert list(outcome.tournament.roles.values_list("user", "role")) == [(director.pk, "director")]


def test_a_missing_club_and_missing_actors_are_said_and_left_empty(director):
    club = factories.club(slug="gone-club")
    archive = event_archive(small_event(director, club=club))
    archive["audit"][0]["actor"] = "nobody-here"
    club.delete()
    outcome = imported(archive)
    assert outcome.notes == [
        "There is no club “gone-club” here; the event is imported without a club.",
        "These users of the audit log do not exist here; their entries name nobody: nobody-here",
    ]
    assert outcome.tournament.club is None
    restored = AuditEntry.objects.filter(tournament=outcome.tournament, action="result.record")
    assert [entry.actor for entry in restored] == [None]


def test_the_importing_organiser_becomes_director_unless_the_archive_gives_them_a_role(director):
    organiser = factories.user()
    archive = event_archive(small_event(director))
    roles = imported(archive, director=organiser).tournament.roles
    assert sorted(roles.values_list("user", "role")) == sorted(
        [(director.pk, "director"), (organiser.pk, "director")]
    )
    again = event_import(
        by=None, data=json.dumps(archive).encode(), slug="again", director=director
    )
    assert list(again.tournament.roles.values_list("user", "role")) == [(director.pk, "director")]


def test_a_logged_change_of_a_pairing_the_event_no_longer_has_names_no_object(director):
    archive = event_archive(small_event(director))
    entry = archive["audit"][0]
    entry["object_id"] = "999999"
    outcome = imported(archive)
    restored = AuditEntry.objects.get(tournament=outcome.tournament, action="result.record")
    assert restored.object_id == ""
    with pytest.raises(ResultRefused, match="That game no longer exists."):
        audit_undo(by=director, entry_id=restored.pk)
