"""A club's new rating list started from the players' ratings takes only the club's rated
members (each once), never every rated player; a national list takes every rated player of
its country."""

import pytest

from clubs.models import Membership
from ratings.models import PlayerRating
from ratings.seeds import newcomer_rows
from ratings.services import rating_list_create
from tests import factories

pytestmark = pytest.mark.django_db


def seeded(rating_list) -> dict[int, float]:
    rows = PlayerRating.objects.filter(rating_list=rating_list)
    return {r.player_id: (r.rating, r.initial_rating) for r in rows}


def test_a_clubs_new_rating_list_from_players_ratings_takes_only_the_clubs_members():
    club, other = factories.club(), factories.club()
    member = factories.player("Member", rating=1650)
    officer = factories.player("Officer", rating=1400)
    unrated = factories.player("Unrated")
    stranger = factories.player("Stranger", rating=1700)
    elsewhere = factories.player("Elsewhere", rating=1500)
    for person in (member, unrated):
        Membership.objects.create(player=person, club=club)
    Membership.objects.create(player=officer, club=club, role=Membership.Role.OFFICER)
    Membership.objects.create(player=officer, club=other)
    Membership.objects.create(player=elsewhere, club=other)
    made = rating_list_create(by=None, name="Club ratings", scope_club=club, seed_from_players=True)
    assert seeded(made) == {member.pk: (1650.0, 1650.0), officer.pk: (1400.0, 1400.0)}
    assert stranger.pk not in seeded(made)


def test_a_national_list_from_players_ratings_takes_every_rated_player_of_its_country():
    club = factories.club()
    here = factories.player("Here", rating=1650, country="GB")
    member = factories.player("Member", rating=1400, country="GB")
    Membership.objects.create(player=member, club=club)
    factories.player("Abroad", rating=1700, country="FR")
    factories.player("Unrated", country="GB")
    made = rating_list_create(
        by=None, name="National ratings", scope_country="GB", seed_from_players=True
    )
    assert seeded(made) == {here.pk: (1650.0, 1650.0), member.pk: (1400.0, 1400.0)}


def test_a_rating_of_0_is_no_start_on_a_new_list_as_for_a_newcomer():
    # 0 is "unrated" (TSH): the player starts by the system's newcomer rule on both paths.
    zero = factories.player("Zero", rating=0, country="GB")
    one = factories.player("One", rating=1, country="GB")
    made = rating_list_create(by=None, name="National", scope_country="GB", seed_from_players=True)
    assert seeded(made) == {one.pk: (1.0, 1.0)}
    assert [row.player_id for row in newcomer_rows(made, [zero.pk])] == []
