"""A round's new games written in one statement hold exactly what ``bulk_create`` of the same
games writes: every column, defaults included."""

import pytest
from django.forms.models import model_to_dict

from pairing.types import PairingOut
from tests.tournaments.division_setup import field
from tournaments.models import Pairing, Round
from tournaments.services.round_games import games_insert
from tournaments.services.rounds import new_pairing

pytestmark = pytest.mark.django_db


def columns(rnd: Round) -> list[dict]:
    games = Pairing.objects.filter(round=rnd).order_by("id")
    return [model_to_dict(game, exclude=["id", "round"]) for game in games]


def test_games_inserted_in_one_statement_equal_those_of_bulk_create(
    django_assert_num_queries,
):
    division, entries = field(5, rounds=2)
    outs = [
        PairingOut(entries[0].pk, entries[3].pk, 1, sides_drawn=True),
        PairingOut(entries[1].pk, entries[2].pk, 2),
        PairingOut(entries[4].pk, None, None),
    ]
    by_statement = Round.objects.create(division=division, number=1)
    by_bulk = Round.objects.create(division=division, number=2)
    with django_assert_num_queries(1):
        games_insert(by_statement, outs)
    Pairing.objects.bulk_create([new_pairing(by_bulk, out) for out in outs])
    assert columns(by_statement) == columns(by_bulk)
    assert [g["kind"] for g in columns(by_statement)] == ["played", "played", "bye"]


def test_no_games_write_nothing(django_assert_num_queries):
    division, _entries = field(2, rounds=1)
    rnd = Round.objects.create(division=division, number=1)
    with django_assert_num_queries(0):
        games_insert(rnd, [])
    assert not Pairing.objects.filter(round=rnd).exists()
