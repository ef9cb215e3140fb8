"""Under rules that break ties with a play-off word, a forfeit or double forfeit line is never a
tie that needs a play-off winner (both scores are empty there, which must not read as equal)."""

import pytest

from tests import factories
from tournaments.models import Pairing
from tournaments.services import result_lines
from tournaments.services.result_lines import LineState, Shown

pytestmark = pytest.mark.django_db


@pytest.fixture
def thai_table(director):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event)
    first, second = factories.entries(division, 2)
    round_ = factories.round_with_pairings(division, [first, second])
    return round_, round_.pairings.get()


@pytest.mark.parametrize(
    ("line", "kind"),
    [("f 2", Pairing.Kind.FORFEIT), ("ff 1", Pairing.Kind.DOUBLE_FORFEIT)],
    ids=["forfeit", "double-forfeit"],
)
def test_a_forfeit_line_under_playoff_rules_is_saved_without_asking_for_a_playoff(
    thai_table, director, line, kind
):
    round_, pairing = thai_table
    entered = result_lines.result_enter_line(
        by=director, round_=round_, line=line, shown=Shown(pairing.pk, pairing.version)
    )
    assert entered.state == LineState.SAVED
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.playoff_winner_id) == (kind, None)


def test_a_tied_line_under_the_same_rules_still_asks_for_the_playoff(thai_table, director):
    round_, pairing = thai_table
    entered = result_lines.result_enter_line(
        by=director, round_=round_, line="1 400 400", shown=Shown(pairing.pk, pairing.version)
    )
    assert entered.state == LineState.TIE_BREAK_WORD
