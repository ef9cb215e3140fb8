"""COP as a registered system: in division plans, through pair_round and the database."""

import pytest

from pairing.cop.settings import CopSettings
from pairing.plan import parse_plan, system_for_round, validate_plan
from pairing.registry import SYSTEMS, pair_round
from pairing.types import PairingSettings
from tests.pairing.builders import make_field, make_input
from tests.tournaments.division_setup import field, games, play_round
from tournaments.services.round_edits import pin_pair
from tournaments.services.rounds import round_pair

FAST = CopSettings(division_sims=1000, control_loss_sims=200)


def test_a_plan_can_switch_from_swiss_to_cop_for_the_second_half():
    plan = parse_plan("1-8 swiss; 9-N cop")
    validate_plan(plan, 16)
    assert "cop" in SYSTEMS
    assert [system_for_round(plan, n, 16).system for n in (8, 9, 16)] == ["swiss", "cop", "cop"]


def test_pair_round_keeps_fixed_pairs_and_pairs_everyone_else_once():
    # Nine players 9-1 down to 1-9 (ids 1..9): after the fixed 1 v 9, COP pairs the rest by
    # rank and gives the bye to the lowest remaining player, 8.
    competitors = make_field(9)
    settings = PairingSettings(gibsonize=False, prize_places=2, cop=FAST)
    round_input = make_input(
        competitors, round_number=5, total_rounds=10, fixed_pairs=((1, 9),), settings=settings
    )
    out = pair_round("cop", round_input)
    assert sorted(tuple(sorted(p.players)) for p in out) == [(1, 9), (2, 3), (4, 5), (6, 7), (8,)]


@pytest.mark.django_db
def test_a_division_plan_pairs_its_later_rounds_with_cop():
    division, entries = field(6, rounds=4, pairing_plan="1-2 swiss; 3-N cop")
    for number in (1, 2):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    pin_pair(by=None, division=division, round_number=3, first=entries[0], second=entries[5])
    paired = round_pair(by=None, division=division, round_number=3, seed=3)
    assert paired.system == "cop"
    seen = sorted(n for game in games(division, 3) for n in game)
    assert seen == [1, 2, 3, 4, 5, 6]
    assert frozenset({1, 6}) in games(division, 3)
