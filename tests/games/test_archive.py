"""Scoresheets in an event archive: kept with their turns, linked back to the same table, the
word list and the sheet's author matched by name."""

import json

import pytest

from games.models import Game, Lexicon
from games.services import games as services
from tests import factories
from tests.command_runs import database_state
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(event, director):
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    lexicon = Lexicon.objects.create(name="CSW", checksum="0" * 64, word_count=1, word_list="CAT")
    game = services.game_create(
        by=director, first_player=pairing.first.player, second_player=pairing.second.player,
        rules_preset="home", pairing=pairing, lexicon=lexicon,
    )  # fmt: skip
    services.turn_record(by=director, game=game, move="8D TRAIN", rack="ainrtxy", seconds=40)
    return event_archive(event)


def test_a_sheet_comes_back_on_the_same_table_with_its_turns(archive, director):
    outcome = event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    pairing = Pairing.objects.get(round__division__tournament=outcome.tournament)
    game = Game.objects.get(pairing=pairing)
    assert (game.lexicon.name, game.created_by, game.first_player) == (
        "CSW", director, pairing.first.player
    )  # fmt: skip
    assert list(game.turns.values_list("number", "move", "rack", "seconds", "score")) == [
        (1, "8D TRAIN", "AINRTXY", 40, 12)
    ]
    assert outcome.notes == []


def test_a_missing_word_list_and_author_leave_the_sheet_without_them(archive):
    archive["games"][0]["created_by"] = "someone-elsewhere"
    Lexicon.objects.all().delete()
    outcome = event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    game = Game.objects.get(pairing__round__division__tournament=outcome.tournament)
    assert (game.lexicon, game.created_by) == (None, None)
    assert outcome.notes == [
        "There is no word list “CSW” here; its games are imported without one."
    ]


def test_bad_sheets_are_refused_with_their_paths(archive):
    turns = archive["games"][0]["turns"]
    turns += [dict(turns[0]), turns[0] | {"number": 3, "kind": "juggle"}]
    archive["games"][0]["pairing"] = 424242
    before = database_state()
    with pytest.raises(ArchiveRefused) as refused:
        event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    assert refused.value.problems == [
        "games[0].pairing: the archive holds no such record here (id 424242)",
        "games[0].turns[1].number: line 1 appears twice",
        "games[0].turns[2].kind: Value 'juggle' is not a valid choice.",
    ]
    assert database_state() == before
