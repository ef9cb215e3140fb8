"""Player numbers by rating before round 1 (issue 33)."""

import pytest

from core.models import AuditEntry
from tests import factories
from tournaments.services.entry_numbers import NumbersRefused, entries_number_by_rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(event):
    division = factories.division(event, name="A", rounds=3)
    for entry, rating in zip(factories.entries(division, 4), [1500, 1900, 0, 1900], strict=True):
        entry.rating = rating
        entry.save(update_fields=["rating"])
    return division


def numbers(division) -> list[tuple[int, int]]:
    return list(division.entries.order_by("number").values_list("number", "rating"))


def test_numbers_follow_rating_highest_first_ties_keeping_their_order(division, director):
    before = dict(division.entries.values_list("pk", "number"))
    changed = entries_number_by_rating(by=director, division=division)
    assert numbers(division) == [(1, 1900), (2, 1900), (3, 1500), (4, 0)]
    after = dict(division.entries.values_list("pk", "number"))
    assert [before[pk] for pk in sorted(after, key=after.get)] == [2, 4, 1, 3]
    assert changed == 4 == AuditEntry.objects.filter(action="entry.number").count()
    assert entries_number_by_rating(by=director, division=division) == 0  # already in order


def test_numbers_stay_once_round_one_is_paired(division, director):
    factories.round_with_pairings(division, list(division.entries.order_by("number")))
    before = numbers(division)
    with pytest.raises(NumbersRefused):
        entries_number_by_rating(by=director, division=division)
    assert numbers(division) == before
    assert not AuditEntry.objects.filter(action="entry.number").exists()
