import pytest

from tests import factories
from tournaments.models import Entry, Pairing


@pytest.fixture
def self_reporting_round(event):
    """A self-reporting event's division A with four registered players and its first round
    paired: (division, entries, the first table's game)."""
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="A", rounds=5)
    entries = factories.entries(division, 4)
    Entry.objects.filter(division=division).update(status=Entry.Status.REGISTERED)
    factories.round_with_pairings(division, entries)
    return division, entries, Pairing.objects.get(first=entries[0])
