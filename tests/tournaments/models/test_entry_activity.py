"""Who plays a round: ``Entry.is_active_in`` and its query form ``active_in_q`` agree."""

import pytest

from tests import factories
from tournaments.models import Entry
from tournaments.models.entries import active_in_q

pytestmark = pytest.mark.django_db


def test_the_query_and_the_method_agree_on_every_round():
    division = factories.division(factories.tournament(), rounds=4)
    entries = factories.entries(division, 6)
    states = [(1, None), (2, None), (1, 0), (1, 2), (3, 3), (2, 1)]
    for entry, (joins, withdrawn) in zip(entries, states, strict=True):
        Entry.objects.filter(pk=entry.pk).update(
            joins_at_round=joins, withdrawn_after_round=withdrawn
        )
    fresh = list(Entry.objects.filter(division=division).order_by("number"))
    for number in range(1, 5):
        by_query = set(
            Entry.objects.filter(division=division)
            .filter(active_in_q(number))
            .values_list("number", flat=True)
        )
        by_method = {e.number for e in fresh if e.is_active_in(number)}
        assert by_query == by_method, number
    assert {e.number for e in fresh if e.is_active_in(1)} == {1, 4}
    assert {e.number for e in fresh if e.is_active_in(3)} == {1, 2, 5}
