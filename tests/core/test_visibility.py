"""One rule decides who sees a private event: the predicate and the query agree for every role,
and what derives from the event (rating events, scoresheets, players known only there) follows."""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser

from clubs.models import Attendance, Membership
from core.permissions import tournament_visible_to
from games.models import Game
from players.models import Player
from ratings.models import RatingEvent
from ratings.services import rating_list_create
from tests import factories
from tests.ratings.rating_world import club_night
from tournaments.models import Tournament
from tournaments.selectors.visibility import visible_players

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "user", "assistant", "director", "officer", "past_officer", "staff"]
SEES_PRIVATE = {"assistant", "director", "officer", "staff"}


def viewer_and_event(role: str):
    club = factories.club()
    event = factories.tournament(club=club, is_public=False)
    if role == "anonymous":
        return AnonymousUser(), event
    account = factories.user(is_staff=role == "staff")
    if role in ("assistant", "director"):
        factories.tournament(is_public=False)  # another private event: still hidden
        event.roles.create(user=account, role=role)
    if role in ("officer", "past_officer"):
        membership = factories.officer(club, account=account)
        if role == "past_officer":
            membership.until = datetime.date(2000, 1, 1)
            membership.since = datetime.date(1999, 1, 1)
            membership.save()
    return account, event


@pytest.mark.parametrize("role", ROLES)
def test_the_predicate_and_the_query_agree_on_a_private_event(role):
    viewer, event = viewer_and_event(role)
    public = factories.tournament()
    assert tournament_visible_to(viewer, event) is (role in SEES_PRIVATE)
    expected = {public.pk, event.pk} if role in SEES_PRIVATE else {public.pk}
    if role == "staff":
        expected = set(Tournament.objects.values_list("pk", flat=True))
    assert set(Tournament.objects.visible_to(viewer).values_list("pk", flat=True)) == expected


def test_an_inactive_director_sees_no_private_event():
    account = factories.user(is_active=False)
    event = factories.tournament(director=account, is_public=False)
    assert tournament_visible_to(account, event) is False
    assert list(Tournament.objects.visible_to(account)) == []


def test_an_officer_of_two_clubs_lists_each_private_event_once():
    account = factories.user()
    player = factories.player(user=account)
    clubs = [factories.club(), factories.club()]
    for club in clubs:
        Membership.objects.create(player=player, club=club, role=Membership.Role.OFFICER)
    event = factories.tournament(club=clubs[0], is_public=False)
    assert list(Tournament.objects.visible_to(account)) == [event]


def private_event_with_a_game():
    event = factories.tournament(is_public=False)
    division = factories.division(event)
    entries = factories.entries(division, 2)
    paired = factories.round_with_pairings(division, entries)
    game = factories.game(entries[0].player, entries[1].player, pairing=paired.pairings.get())
    return event, entries, game


def test_games_of_a_private_event_are_seen_only_by_who_runs_it(director, stranger):
    event, _entries, hidden = private_event_with_a_game()
    event.roles.create(user=director, role="director")
    casual = factories.game()
    assert list(Game.objects.visible_to(None)) == [casual]
    assert list(Game.objects.visible_to(stranger)) == [casual]
    assert set(Game.objects.visible_to(director)) == {casual, hidden}


def test_rating_events_of_a_private_event_are_hidden_club_nights_are_not(director):
    private = factories.tournament(is_public=False, director=director)
    public = factories.tournament()
    rating_list = rating_list_create(by=None, name="National")
    night = club_night(factories.club())
    events = [
        RatingEvent.objects.create(rating_list=rating_list, order=n, **source)
        for n, source in enumerate(
            [{"tournament": private}, {"tournament": public}, {"club_session": night}], start=1
        )
    ]
    assert list(RatingEvent.objects.visible_to(AnonymousUser())) == events[1:]
    assert list(RatingEvent.objects.visible_to(director)) == events


def test_a_player_known_only_through_a_private_event_is_hidden_from_outsiders(director, stranger):
    event, entries, _game = private_event_with_a_game()
    event.roles.create(user=director, role="director")
    newcomer = factories.player("Not yet entered")
    shown_to = {
        who: set(visible_players(viewer).values_list("name", flat=True))
        for who, viewer in (("anonymous", None), ("stranger", stranger), ("director", director))
    }
    assert shown_to["anonymous"] == {newcomer.name}
    assert shown_to["stranger"] == {newcomer.name}
    assert shown_to["director"] == {newcomer.name, entries[0].player.name, entries[1].player.name}


def test_a_player_named_elsewhere_stays_visible_though_they_played_a_private_event():
    _event, entries, _game = private_event_with_a_game()
    first, second = entries[0].player, entries[1].player
    Membership.objects.create(player=first, club=factories.club())
    assert list(visible_players(None)) == [first]
    Attendance.objects.create(session=club_night(factories.club()), player=second)
    assert set(visible_players(None)) == {first, second}


def test_a_player_in_a_casual_scoresheet_or_with_a_public_entry_stays_visible():
    _event, entries, _game = private_event_with_a_game()
    first, second = entries[0].player, entries[1].player
    factories.game(first, factories.player("Casual partner"))
    public_division = factories.division(factories.tournament())
    public_division.entries.create(player=second, number=1)
    assert {p.name for p in visible_players(None)} == {first.name, second.name, "Casual partner"}


def test_a_player_sees_themselves_though_they_played_only_a_private_event(stranger):
    _event, entries, _game = private_event_with_a_game()
    Player.objects.filter(pk=entries[0].player.pk).update(user=stranger)
    assert list(visible_players(stranger)) == [entries[0].player]
