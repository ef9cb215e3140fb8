"""What COP keeps on a division, an entry and a round travels in the archive too."""

import pytest

from tests import factories
from tournaments.archive.export import archive_bytes
from tournaments.archive.restore import event_import

pytestmark = pytest.mark.django_db


def test_cop_settings_classes_and_the_rounds_explanation_round_trip():
    event = factories.tournament(slug="cop-open")
    division = factories.division(event, cop_settings={"control_loss_threshold": 0.3})
    entries = factories.entries(division, 4)
    entries[0].player_class = "B"
    entries[0].save()
    played = factories.round_with_pairings(division, entries)
    played.pairing_log = [{"kind": "Some note %(n)d", "params": {"n": 1}}]
    played.save()
    copy = event_import(by=None, data=archive_bytes(event), slug="cop-copy").tournament
    restored = copy.divisions.get()
    assert restored.cop_settings == {"control_loss_threshold": 0.3}
    assert restored.entries.get(number=entries[0].number).player_class == "B"
    assert restored.round_set.get().pairing_log == played.pairing_log
