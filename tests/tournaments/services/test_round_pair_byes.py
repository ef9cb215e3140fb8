"""Who has had a bye, as the pairing counts it: a bye, not a forfeit loss with no opponent (an
imported ``.t`` round written ``0 -50``), so the bye goes to the lowest-placed player with the
fewest byes and "Why this pairing?" says so truly."""

import pytest

from tests.tournaments.division_setup import games
from tournaments.models import Pairing, Round
from tournaments.selectors import why
from tournaments.services.rounds import round_pair
from tournaments.services.tsh_import import tsh_import
from tournaments.why_text import reasons_text

pytestmark = pytest.mark.django_db

# Round 1: Ann beat Ben by 10, Cat beat Dan by 20, Eve forfeited (no opponent, -50): Eve is
# last, Dan next to last.
ROUND_ONE = b"""Ann Able 1900 2; 400
Ben Bell 1800 1; 390
Cat Cole 1700 4; 420
Dan Dee 1600 3; 400
Eve Ewe 1500 0; -50
"""


@pytest.fixture
def imported():
    division = tsh_import(by=None, data=ROUND_ONE, name="Open").division
    division.rounds, division.pairing_plan = 4, "1-N swiss"
    division.save(update_fields=["rounds", "pairing_plan"])
    return division


def test_a_forfeit_loss_without_an_opponent_is_not_a_bye(imported):
    eve = Pairing.objects.get(round__division=imported, round__number=1, first__number=5)
    assert (eve.kind, eve.second_id, eve.first_score) == (Pairing.Kind.FORFEIT, None, -50)
    round_pair(by=None, division=imported, round_number=2, seed=1)
    assert frozenset({5}) in games(imported, 2)
    assert frozenset({4}) not in games(imported, 2)


def test_why_gives_the_bye_rule_for_the_last_placed_player_who_forfeited(imported):
    round_pair(by=None, division=imported, round_number=2, seed=1)
    lines = why.round_reasons(Round.objects.get(division=imported, number=2))
    bye = next(line for line in lines if line["second"] is None)
    assert bye["first"] == "Eve Ewe"
    assert reasons_text(bye["why"]) == (
        "Bye rule: the lowest-placed of the players with the fewest byes (0 before)."
    )
