"""The director sees the unusual-result warnings before anything is saved, whichever player won."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.services import results as services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("first", "second"), [(700, 150), (150, 700)])
def test_a_big_win_by_either_player_waits_for_confirmation(director, event, first, second):
    division = factories.division(event)
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    kwargs = {"by": director, "pairing_id": pairing.pk, "first_score": first}
    with pytest.raises(services.UnusualResult) as caught:
        services.result_record(**kwargs, second_score=second, expected_version=0)
    assert [str(r) for r in caught.value.reasons] == ["A spread of 550 is unusually large."]
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (None, None)
    services.result_record(**kwargs, second_score=second, expected_version=0, confirm_unusual=True)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (first, second)
