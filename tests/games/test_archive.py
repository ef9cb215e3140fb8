"""Scoresheets in an event archive: kept with their turns, linked back to the same table, the
word list and the sheet's author matched by name."""

import json

import pytest

from games.models import Game, GameClock, Lexicon
from games.services import clock as clock_services
from games.services import games as services
from tests import factories
from tests.command_runs import database_state
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db
T0 = 1_800_000_000_000  # a fixed moment on the server's time line (ms)


@pytest.fixture
def archive(event, director):
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    lexicon = Lexicon.objects.create(name="CSW", checksum="0" * 64, word_count=1, word_list="CAT")
    game = services.game_create(
        by=director, first_player=pairing.first.player, second_player=pairing.second.player,
        rules_preset="home", pairing=pairing, lexicon=lexicon,
    )  # fmt: skip
    clock_services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    clock_services.clock_act(by=director, game=game, action="press", player=0, now=T0 + 40_500)
    services.turn_record(by=director, game=game, move="8D TRAIN", rack="ainrtxy", seconds=40)
    return event_archive(event)


def imported_game(archive: dict) -> Game:
    outcome = event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    return Game.objects.get(pairing__round__division__tournament=outcome.tournament)


def refused(archive: dict) -> list[str]:
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal:
        event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    assert database_state() == before
    return refusal.value.problems


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


def test_a_running_table_clock_comes_back_running_from_the_same_moment(archive):
    assert archive["games"][0]["clock"] == {
        "running": 1,
        "since_ms": T0 + 40_500,
        "first_used_ms": 40_500,
        "second_used_ms": 0,
        "turn_of": 1,
        "turn_ms": 0,
        "last_turn_player": 0,
        "last_turn_ms": 40_500,
        "version": 2,
    }
    clock = GameClock.objects.get(game=imported_game(archive))
    assert clock_services.clock_read(clock.game, now=T0 + 50_500).reading.used == (40_500, 10_000)
    assert (clock.running, clock.since_ms, clock.last_turn_ms, clock.version) == (
        1,
        T0 + 40_500,
        40_500,
        2,
    )


def test_a_sheet_without_a_clock_comes_back_without_one(archive):
    archive["games"][0]["clock"] = None
    assert not GameClock.objects.filter(game=imported_game(archive)).exists()


def test_the_play_off_words_of_a_tied_sheet_come_back(director):
    from games.services.end_racks import end_racks_record
    from games.services.playoff import playoff_record
    from tests.games.views.test_playoff import EQUAL_RACKS, OPENING

    event = factories.tournament(slug="tied", rules_preset="thai")
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    for move in (*OPENING, *["-"] * 6):
        game = services.turn_record(by=director, game=game, move=move)
    game = end_racks_record(by=director, game=game, racks=EQUAL_RACKS)
    playoff_record(by=director, game=game, words=("quiet", "zebra"), scores=(40, 40))
    copy = imported_game(event_archive(event))
    assert copy.playoff_words == [{"words": ["QUIET", "ZEBRA"], "scores": [40, 40]}]
    assert copy.end_racks == list(EQUAL_RACKS)


@pytest.mark.parametrize(
    ("words", "problems"),
    [
        ("QUIET ZEBRA", ["games[0].playoff_words: must be a list of play-off attempts"]),
        (
            {"words": ["QUIET", "ZEBRA"]},
            ["games[0].playoff_words: must be a list of play-off attempts"],
        ),
        (
            [{"words": ["QUIET"], "scores": [40, 38]}],
            ["games[0].playoff_words[0]: must be an object with two words and two scores"],
        ),
        (
            [{"words": ["CAT3", "ZEBRA"], "scores": [10, 20]}],
            [
                "games[0].playoff_words[0]: “CAT3” is not a play-off word: use letters only "
                "(A to Z), 1 to 7 of them."
            ],
        ),
        (
            [{"words": ["CAT", "ZEBRA"], "scores": [1001, 20]}],
            [
                "games[0].playoff_words[0]: 1001 is not a play-off score: a whole number from 0 "
                "to 1000."
            ],
        ),
        (
            [{"words": ["CAT", "ZEBRA"], "scores": [10, 20]}],
            ["games[0].playoff_words: only a game tied under play-off rules has play-off words"],
        ),
        (
            [
                {"words": ["CAT", "OX"], "scores": [10, 20]},
                {"words": ["CAT", "OX"], "scores": [9, 9]},
            ],
            [
                "games[0].playoff_words: the play-off goes on after one side won it",
                "games[0].playoff_words: only a game tied under play-off rules has play-off words",
            ],
        ),
    ],
)
def test_hostile_play_off_words_are_refused_by_name(archive, words, problems):
    archive["games"][0]["playoff_words"] = words
    assert refused(archive) == problems


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        ({"first_used_ms": -1}, ["games[0].clock.first_used_ms: a time cannot be negative"]),
        (
            {"since_ms": None},
            ["games[0].clock: a running clock needs the moment it started, and only it has one"],
        ),
        (
            {"last_turn_ms": None},
            ["games[0].clock: the last turn needs both its player and its time"],
        ),
        ({"running": 2}, ["games[0].clock.running: Value 2 is not a valid choice."]),
        ({"version": "x"}, ["games[0].clock.version: “x” value must be an integer."]),
    ],
)
def test_a_clock_no_clock_could_have_kept_is_refused_by_name(archive, change, problems):
    archive["games"][0]["clock"] |= change
    assert refused(archive) == problems


def test_a_clock_that_is_not_an_object_is_refused(archive):
    archive["games"][0]["clock"] = [1, 2]
    assert refused(archive) == ["games[0].clock: must be an object"]
