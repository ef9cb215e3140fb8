"""One rule places every event on a rating list: the day it was played. A club night counts on
its date, a tournament on its last day; an event rated after events played later goes in its
day's place and those are re-rated, so the list reads as if everything was rated in order."""

import datetime

import pytest

from clubs.models import ClubSession
from clubs.services import casual_game_add
from ratings import systems as core
from ratings.games import division_games, session_games
from ratings.models import PlayerRating
from ratings.services import club_rating_list_start, club_session_rate, tournament_rate
from tests import factories
from tests.ratings.rating_world import played_division, seeded_list

pytestmark = pytest.mark.django_db

MAY = {day: datetime.date(2025, 5, day) for day in range(1, 31)}


@pytest.fixture
def club():
    return factories.club("Riverside Club")


@pytest.fixture
def people():
    return [factories.player(name) for name in ("Ann", "Ben", "Cat")]


def night_on(club, day, ann, ben):
    night = ClubSession.objects.create(club=club, date=day)
    casual_game_add(by=None, session=night, player_a=ann, player_b=ben, score_a=300, score_b=420)
    return night


def tournament_on(club, people, first_day, last_day):
    event = factories.tournament(club=club, start_date=first_day, end_date=last_day)
    ann, ben, cat = people
    played_division([ann, ben, cat], [[(1, 2, 450, 350)], [(1, 3, 400, 380)]], event=event)
    return event


def club_list(club, name="Club"):
    return club_rating_list_start(
        by=None, club=club, name=name, system="naspa", count_tournaments=True
    )


def sources(rating_list):
    events = rating_list.events.order_by("order")
    return [
        ("night", e.club_session_id) if e.club_session_id else ("event", e.tournament_id)
        for e in events
    ]


def stored(rating_list):
    return {
        r.player_id: (round(r.rating, 6), r.games)
        for r in PlayerRating.objects.filter(rating_list=rating_list)
    }


def test_a_tournament_rated_after_a_later_night_goes_before_it_and_the_night_is_re_rated(
    club, people
):
    ann, ben, _ = people
    late = club_list(club)
    night = night_on(club, MAY[10], ann, ben)
    club_session_rate(by=None, session=night)
    event = tournament_on(club, people, MAY[3], MAY[4])
    tournament_rate(by=None, tournament=event, rating_list=seeded_list({}))
    assert sources(late) == [("event", event.pk), ("night", night.pk)]
    # The list is as the pure core rates the two events in the order they were played.
    division = event.divisions.get()
    played = [
        core.RatedEvent(division_games([division.pk])[division.pk], rounds=division.rounds),
        core.RatedEvent(session_games([night.pk])[night.pk], club=is_club_list(late)),
    ]
    final = core.recompute(played, system=late.system)
    assert stored(late) == {pk: (round(r.rating, 6), r.career_games) for pk, r in final.items()}


def is_club_list(rating_list) -> bool:
    return core.SYSTEMS[rating_list.system].club_variant is not None


def test_a_tournament_that_ended_on_or_after_the_nights_day_goes_after_it(club, people):
    ann, ben, _ = people
    rating_list = club_list(club)
    night = night_on(club, MAY[10], ann, ben)
    club_session_rate(by=None, session=night)
    same_day = tournament_on(club, people, MAY[9], MAY[10])
    tournament_rate(by=None, tournament=same_day, rating_list=seeded_list({}))
    later = tournament_on(club, people, MAY[11], MAY[11])
    tournament_rate(by=None, tournament=later, rating_list=seeded_list({}, name="National 2"))
    assert sources(rating_list) == [
        ("night", night.pk),
        ("event", same_day.pk),
        ("event", later.pk),
    ]


def test_a_night_played_before_a_rated_tournaments_last_day_goes_before_it(club, people):
    # The tournament began before the night but ended after it: it counts on its last day.
    ann, ben, _ = people
    rating_list = club_list(club)
    event = tournament_on(club, people, MAY[5], MAY[7])
    tournament_rate(by=None, tournament=event, rating_list=seeded_list({}))
    night = night_on(club, MAY[6], ann, ben)
    club_session_rate(by=None, session=night)
    assert sources(rating_list) == [("night", night.pk), ("event", event.pk)]
    after = night_on(club, MAY[7], ann, ben)
    club_session_rate(by=None, session=after)
    assert sources(rating_list) == [("night", night.pk), ("event", event.pk), ("night", after.pk)]
