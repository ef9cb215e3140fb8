"""Builders for the rating and club tests: tournaments with results, lists, club nights."""

import datetime

from clubs.models import ClubSession
from players.models import Player
from ratings.models import RatingList
from ratings.services import rating_list_create, rating_seed
from tests import factories
from tournaments.models import Division, Entry, Pairing, Round, Tournament

# A round's table: (first number, second number or None for a bye, first score, second score).
Table = tuple[int, int | None, int | None, int | None]


def played_division(
    players: list[Player], rounds: list[list[Table]], *, event: Tournament | None = None, **fields
) -> Division:
    """A division whose entries are `players` numbered 1.. and whose rounds hold `rounds`."""
    event = event or factories.tournament()
    fields.setdefault("rounds", len(rounds))
    division = factories.division(event, **fields)
    entries = {
        number: Entry.objects.create(division=division, player=player, number=number)
        for number, player in enumerate(players, start=1)
    }
    for number, tables in enumerate(rounds, start=1):
        paired = Round.objects.create(division=division, number=number)
        for table, (first, second, first_score, second_score) in enumerate(tables, start=1):
            Pairing.objects.create(
                round=paired,
                table=table,
                first=entries[first],
                second=entries[second] if second else None,
                kind=Pairing.Kind.PLAYED if second else Pairing.Kind.BYE,
                first_score=first_score,
                second_score=second_score,
            )
    return division


def seeded_list(ratings: dict[Player, float], *, name: str = "National", **fields) -> RatingList:
    """A rating list on which each player starts with the rating given (experienced)."""
    rating_list = rating_list_create(by=None, name=name, **fields)
    for player, rating in ratings.items():
        rating_seed(by=None, rating_list=rating_list, player=player, rating=rating, games=100)
    return rating_list


def club_night(club, day: datetime.date | None = None) -> ClubSession:
    return ClubSession.objects.create(club=club, date=day or datetime.date(2025, 3, 4))
