"""Standings, the TSH export, the rating export and the rated games read a pairing the same way.

They used to decide byes and forfeits each on their own and disagreed: a forfeit without a named
forfeiter was left out of the standings, a win for both in the TSH export and a loss for the
second player in the rating export; a forfeit without an opponent was a forfeit loss in the
standings but a bye (+bye spread) in the rating export. Now every kind goes through
``tournaments.results.outcomes`` and a forfeit without a forfeiter cannot be stored at all.
"""

import pytest
from django.db import IntegrityError, transaction

from ratings.export import tsh_division_file
from ratings.games import division_games
from ratings.services import rating_list_create, tournament_rate
from tests import factories
from tournaments.models import Pairing, Round
from tournaments.results.standings import standings
from tournaments.selectors.divisions import division_results, division_rows
from tournaments.selectors.tsh import division_as_tsh
from tournaments.tsh import read_t, tsh_players, tsh_results, write_t

pytestmark = pytest.mark.django_db

# Player number -> (wins, losses, spread) after both rounds (bye spread 40, forfeit spread 75).
EXPECTED = {
    1: (1.5, 0.5, 40),  # won 420-380, tied 400-400
    2: (1.0, 1.0, 0),  # lost 380-420, bye at the division's +40
    3: (1.5, 0.5, 75),  # #4 forfeited to them, tied
    4: (0.5, 1.5, -75),  # forfeited, half bye (recorded 0)
    5: (0.0, 2.0, -150),  # forfeited, then a forfeit without an opponent (nothing recorded)
    6: (1.0, 1.0, 65),  # #5 forfeited to them, lost 350-360
    7: (1.0, 1.0, -65),  # double forfeit, won 360-350
    8: (1.0, 1.0, -25),  # double forfeit, bye recorded +50
}


@pytest.fixture
def division():
    division = factories.division(rounds=2, bye_spread=40, forfeit_spread=75)
    e = {entry.number: entry for entry in factories.entries(division, 8)}
    one, two = (Round.objects.create(division=division, number=n) for n in (1, 2))
    played, bye, forfeit = Pairing.Kind.PLAYED, Pairing.Kind.BYE, Pairing.Kind.FORFEIT
    for rnd, first, second, fields in [
        (one, 1, 2, {"kind": played, "first_score": 420, "second_score": 380}),
        (one, 3, 4, {"kind": forfeit, "forfeited_by": e[4]}),
        (one, 5, 6, {"kind": forfeit, "forfeited_by": e[5]}),
        (one, 7, 8, {"kind": Pairing.Kind.DOUBLE_FORFEIT}),
        (two, 1, 3, {"kind": played, "first_score": 400, "second_score": 400}),
        (two, 2, None, {"kind": bye}),
        (two, 4, None, {"kind": bye, "first_score": 0}),
        (two, 5, None, {"kind": forfeit, "forfeited_by": e[5]}),
        (two, 6, 7, {"kind": played, "first_score": 350, "second_score": 360}),
        (two, 8, None, {"kind": bye, "first_score": 50}),
    ]:
        Pairing.objects.create(
            round=rnd, first=e[first], second=e[second] if second else None, **fields
        )
    return division


def records(rows) -> dict[int, tuple[float, float, int]]:
    return {row.player: (row.wins, row.losses, row.spread) for row in rows}


def read_back(tsh_text: str) -> dict[int, tuple[float, float, int]]:
    """What TSH itself would count from a ``.t`` file (the spread of every 0 line as written)."""
    tsh = read_t(tsh_text.encode())
    return records(standings(tsh_players(tsh), tsh_results(tsh)))


def test_standings_count_every_kind_as_the_outcomes_say(division):
    assert records(division_rows(division).standings()) == EXPECTED
    assert records(division_results(division).standings()) == EXPECTED


def test_the_tsh_export_counts_the_same(division):
    assert read_back(write_t(division_as_tsh(division))) == EXPECTED


def test_the_rating_export_counts_the_same(division):
    rating_list = rating_list_create(by=None, name="National")
    (event,) = tournament_rate(by=None, tournament=division.tournament, rating_list=rating_list)
    assert read_back(tsh_division_file(event)) == EXPECTED


def test_a_forfeit_without_an_opponent_is_minus_the_forfeit_spread_in_both_files(division):
    rating_list = rating_list_create(by=None, name="National")
    (event,) = tournament_rate(by=None, tournament=division.tournament, rating_list=rating_list)
    for text in (write_t(division_as_tsh(division)), tsh_division_file(event)):
        fifth = read_t(text.encode()).player(5)
        assert (fifth.opponents, fifth.scores) == ((0, 0), (-75, -75))


def test_only_the_played_games_are_rated_with_their_outcomes(division):
    (games,) = division_games([division.pk]).values()
    number = {entry.player_id: entry.number for entry in division.entries.all()}
    assert [(g.round, number[g.player], number[g.opponent], g.result) for g in games] == [
        (1, 1, 2, 1.0),
        (2, 1, 3, 0.5),
        (2, 6, 7, 0.0),
    ]


@pytest.mark.parametrize("second", [True, False], ids=["between two players", "no opponent"])
def test_a_forfeit_without_a_named_forfeiter_cannot_be_stored(division, second):
    forfeits = Pairing.objects.filter(round__division=division, kind=Pairing.Kind.FORFEIT)
    target = forfeits.filter(second__isnull=not second)
    with pytest.raises(IntegrityError), transaction.atomic():
        target.update(forfeited_by=None)


@pytest.fixture
def playoff_division(division):
    """Round 2's 400-400 tie between #1 and #3 decided by #3's play-off word."""
    tie = Pairing.objects.get(round__division=division, round__number=2, first__number=1)
    Pairing.objects.filter(pk=tie.pk).update(playoff_winner=tie.second)
    return division


def test_a_playoff_decides_the_tie_in_the_standings(playoff_division):
    expected = {**EXPECTED, 1: (1.0, 1.0, 40), 3: (2.0, 0.0, 75)}
    assert records(division_rows(playoff_division).standings()) == expected
    assert records(division_results(playoff_division).standings()) == expected


def test_a_playoff_tie_stays_a_tie_in_the_tsh_file(playoff_division):
    assert read_back(write_t(division_as_tsh(playoff_division))) == EXPECTED


def test_a_playoff_tie_is_rated_as_a_tie(playoff_division):
    (games,) = division_games([playoff_division.pk]).values()
    number = {entry.player_id: entry.number for entry in playoff_division.entries.all()}
    assert [(g.round, number[g.player], number[g.opponent], g.result) for g in games] == [
        (1, 1, 2, 1.0),
        (2, 1, 3, 0.5),
        (2, 6, 7, 0.0),
    ]


@pytest.mark.parametrize(
    ("kind", "first_score", "second_score", "waits"),
    [
        ("played", None, None, True),
        ("played", 400, None, True),
        ("played", None, 400, True),
        ("played", 400, 380, False),
        ("bye", None, None, False),
        ("forfeit", None, None, False),
        ("double_forfeit", None, None, False),
    ],
)
def test_unreported_is_one_meaning_for_a_row_a_model_and_a_query(
    division, kind, first_score, second_score, waits
):
    from tournaments.results.outcomes import awaits_result

    e = {entry.number: entry for entry in division.entries.all()}
    third = Round.objects.create(division=division, number=3)
    fields = {"forfeited_by": e[1]} if kind == "forfeit" else {}
    pairing = Pairing.objects.create(
        round=third,
        first=e[1],
        second=None if kind == "bye" else e[2],
        kind=kind,
        first_score=first_score,
        second_score=second_score,
        **fields,
    )
    assert awaits_result(kind, first_score, second_score) is waits
    assert pairing.is_reported is not waits
    assert list(third.pairings.unreported()) == ([pairing] if waits else [])
    assert list(third.pairings.reported()) == ([] if waits else [pairing])
