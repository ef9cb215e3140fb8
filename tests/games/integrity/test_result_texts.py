"""The integrity desk compares a scoresheet with its pairing's result in full, as the sheet page
does (``tournament_results.result_warning``): the play-off word's winner and who forfeited too."""

import pytest

from games.engine.integrity.flags import RESULT_DIFFERS
from games.integrity.selectors import event_flags
from games.services import end_racks, playoff
from games.services import games as services
from games.tournament_results import result_warning
from tests import factories
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db
RULES = {"tie": "playoff_word"}


def _decided_tie(director, event):
    """A 5-5 sheet whose play-off word the pairing's second player won."""
    division = factories.division(event, rules_preset="home", rules=RULES)
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    game = services.game_create(
        by=None,
        first_player=pairing.first.player,
        second_player=pairing.second.player,
        rules_preset="home",
        rules=RULES,
        pairing=pairing,
    )
    for move in ("8D TRAIN", "D8 .HORB", "-", "-", "-", "-"):
        game = services.turn_record(by=director, game=game, move=move, rack="")
    game = end_racks.end_racks_record(by=director, game=game, racks=["EEEEEEE", "XDEEEEE"])
    game = playoff.playoff_record(by=director, game=game, words=["CAT", "DOGS"], scores=[5, 9])
    pairing.refresh_from_db()
    return game, pairing


def _result_flags(event) -> list:
    flags, _count = event_flags(event)
    return [f for f in flags if f.code.startswith("scores.result")]


def test_a_play_off_winner_entered_against_the_sheet_is_flagged(director, event):
    game, pairing = _decided_tie(director, event)
    assert pairing.playoff_winner_id == pairing.second_id
    assert _result_flags(event) == []  # the sheet and the pairing agree
    result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=5,
        second_score=5,
        playoff_winner_id=pairing.first_id,
        expected_version=pairing.version,
        confirm_unusual=True,
    )
    assert result_warning(game)  # the sheet page warns
    (flag,) = _result_flags(event)
    assert flag.code == RESULT_DIFFERS
    assert flag.params == {"entered": "5-5 (play-off #1)", "sheet": "5-5 (play-off #2)"}
