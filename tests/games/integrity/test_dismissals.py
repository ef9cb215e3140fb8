"""A dismissal is of a flag as it stood: the flag comes back open once the facts behind it
change (another result entered), stays dismissed while they are the same, and may be dismissed
again with a new note; a dismissal from before the facts were kept covers its flag by key."""

import pytest

from core.models import AuditEntry
from games.integrity.models import FlagDismissal
from games.integrity.selectors import integrity_report
from games.integrity.services import DismissRefused, flag_dismiss
from games.services import end_racks
from games.services import games as services
from games.tournament_results import result_warning
from tests import factories
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def finished_sheet(director, event):
    """A home game finished on its sheet at the event's one table, its result entered."""
    division = factories.division(event, name="A", rules_preset="home")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    game = services.game_create(
        by=None, first_player=pairing.first.player, second_player=pairing.second.player,
        rules_preset="home", pairing=pairing,
    )  # fmt: skip
    for move in ("8D TRAIN", "D8 .HORB", "-", "-", "-", "-"):
        game = services.turn_record(by=director, game=game, move=move, rack="")
    game = end_racks.end_racks_record(by=director, game=game, racks=["EEEEEEE", "XDEEEEE"])
    pairing.refresh_from_db()
    return game, pairing


def enter(director, pairing, first: int, second: int) -> None:
    pairing.refresh_from_db()
    result_record(
        by=director, pairing_id=pairing.pk, first_score=first, second_score=second,
        expected_version=pairing.version, confirm_unusual=True,
    )  # fmt: skip


def result_row(event):
    (row,) = [r for r in integrity_report(event).rows if r.flag.code.startswith("scores.result")]
    return row


@pytest.fixture
def dismissed(director, event):
    """A sheet whose entered result is one point high, the flag dismissed with a note."""
    game, pairing = finished_sheet(director, event)
    enter(director, pairing, pairing.first_score + 1, pairing.second_score)
    note = "Typed one point high; players agreed."
    flag_dismiss(by=director, tournament=event, key=result_row(event).flag.key, note=note)
    pairing.refresh_from_db()
    return game, pairing


def test_a_dismissed_result_flag_is_open_again_once_another_result_is_entered(
    director, event, dismissed
):
    game, pairing = dismissed
    high = (pairing.first_score, pairing.second_score)
    assert result_row(event).dismissal.note == "Typed one point high; players agreed."
    enter(director, pairing, 100, 500)
    assert result_warning(game)
    row = result_row(event)
    assert (row.flag.params["entered"], row.dismissal) == ("100-500", None)
    enter(director, pairing, *high)  # the result the director looked at: dismissed again
    assert result_row(event).dismissal.note == "Typed one point high; players agreed."


def test_the_same_facts_keep_the_flag_dismissed_and_another_dismissal_is_refused(
    director, event, dismissed
):
    _game, pairing = dismissed
    enter(director, pairing, pairing.first_score, pairing.second_score)  # entered again, same
    key = result_row(event).flag.key
    assert integrity_report(event).open_rows == []
    with pytest.raises(DismissRefused):
        flag_dismiss(by=director, tournament=event, key=key, note="Again.")


def test_a_flag_open_again_is_dismissed_again_with_its_new_note(director, event, dismissed):
    _game, pairing = dismissed
    enter(director, pairing, 100, 500)
    key = result_row(event).flag.key
    flag_dismiss(by=director, tournament=event, key=key, note="The sheet was abandoned.")
    assert result_row(event).dismissal.note == "The sheet was abandoned."
    assert FlagDismissal.objects.filter(tournament=event).count() == 1
    entry = AuditEntry.objects.filter(action="integrity.flag_dismiss").latest("pk")
    assert entry.before["note"] == "Typed one point high; players agreed."
    assert entry.after["note"] == "The sheet was abandoned."


def test_a_dismissal_older_than_its_facts_covers_its_flag_whatever_it_says(
    director, event, dismissed
):
    _game, pairing = dismissed
    FlagDismissal.objects.filter(tournament=event).update(seen="")
    enter(director, pairing, 100, 500)
    assert result_row(event).dismissal.note == "Typed one point high; players agreed."
