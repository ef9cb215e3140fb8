"""A scoresheet may end under 0 (the tiles left on the rack, the overtime come off the score:
RULES.md); its result reaches the pairing as the sheet says it, so the standings carry the
sheet's spread."""

import pytest

from games.end_racks import awaiting_racks
from games.services.end_racks import end_racks_record
from games.services.games import turn_record
from tests import factories
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairing(director):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 2))
    return round_.pairings.get()


def test_a_sheet_ending_under_zero_gives_the_pairing_its_negative_scores(director, pairing):
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    # 8H AT scores 4; then six scoreless turns end the game, each side losing its own rack
    for move in ("8H AT", *["-"] * 6):
        game = turn_record(by=director, game=game, move=move)
    assert awaiting_racks(game) == [0, 1]
    game = end_racks_record(by=director, game=game, racks=("EEIIOOU", "QZXJKVW"))
    assert game.scores == (4 - 7, 0 - 49)
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert (pairing.kind, pairing.first_score, pairing.second_score) == ("played", -3, -49)
    assert game.result_version == pairing.version
