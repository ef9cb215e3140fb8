"""The reasons of "Why this pairing?" travel in the event archive: each game's note names its
players by entry id, and the import names them by their ids in the copy (or after a restore in
place), so every game keeps its reasons; a note naming a player the division does not hold is
left out rather than shown beside another game."""

import json

import pytest

from pairing.why import GAME
from tests import factories
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.models import Pairing, Round
from tournaments.selectors.why import round_reasons
from tournaments.services import results, rounds
from tournaments.services.restore_points import restore_point_in_place, restore_point_take

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    """Two Swiss divisions of six, each with round 1 played and round 2 paired."""
    event = factories.tournament(director=director)
    for name in ("A", "B"):
        division = factories.division(event, name=name, rounds=4)
        factories.entries(division, 6)
        rounds.round_pair(by=director, division=division, round_number=1, seed=7)
        for game in Pairing.objects.filter(round__division=division).exclude(second=None):
            results.result_record(
                by=director, pairing_id=game.pk, first_score=400, second_score=300 + game.table,
                expected_version=None,
            )  # fmt: skip
        rounds.round_pair(by=director, division=division, round_number=2, seed=7)
    return event


def reasons(event) -> dict:
    """Each round's games (table, players' names) with their reasons."""
    found = Round.objects.filter(division__tournament=event).order_by("division__name", "number")
    return {
        (rnd.division.name, rnd.number): [
            (line["table"], line["first"], line["second"], line["why"])
            for line in round_reasons(rnd)
        ]
        for rnd in found
    }


def imported(archive: dict):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament


def test_every_game_of_a_copy_keeps_its_reasons(event):
    wanted = reasons(event)
    assert all(len(games) == 3 for games in wanted.values())
    assert reasons(imported(event_archive(event))) == wanted


def test_every_game_keeps_its_reasons_after_a_restore_in_place(director, event):
    wanted = reasons(event)
    point = restore_point_take(by=director, tournament=event)
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert reasons(event) == wanted


def test_a_note_naming_a_player_the_division_does_not_hold_is_left_out(event):
    archive = event_archive(event)
    first, second = archive["divisions"][0], archive["divisions"][1]
    notes = [n for n in first["rounds_paired"][1]["pairing_log"] if n["kind"] == GAME]
    # One names a player of the other division, one an entry the archive does not hold.
    notes[0]["params"]["second"] = second["entries"][0]["id"]
    notes[1]["params"]["first"] = max(e["id"] for e in second["entries"]) + 1000
    wanted, got = reasons(event), reasons(imported(archive))
    assert len(got["A", 2]) == 1 and got["A", 2][0] in wanted["A", 2]
    del wanted["A", 2], got["A", 2]
    assert got == wanted
