"""What landed after version 2 travels in the archive: the event's language, a round's start, a
pairing's play-off winner, a sheet's play-off words and its table clock. An archive made before
them still imports (each read as its default), and hostile values are named and refused."""

import datetime
import json

import pytest

from games.models import Game, GameClock
from games.services import clock as clock_services
from games.services.end_racks import end_racks_record
from games.services.games import turn_record
from games.services.playoff import playoff_record
from tests import factories
from tests.command_runs import database_state
from tests.games.views.test_playoff import EQUAL_RACKS, OPENING
from tournaments.archive.export import archive_bytes, event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import Pairing, Round
from tournaments.services import events, lateness

from .world import T0, event_picture

pytestmark = pytest.mark.django_db
STARTED = datetime.datetime(2026, 3, 7, 9, 30, 15, 123456, tzinfo=datetime.UTC)


@pytest.fixture
def event(director, monkeypatch):
    """A Thai-rules event in Thai: three players, round 1 started, table 1 tied 15–15 on its
    sheet once the racks are given (its clock pressed each scoreless turn, stopped by the last)
    and won by the second player's
    play-off word after an equal attempt; a bye."""
    monkeypatch.setattr(clock_services, "now_ms", lambda: T0 + 9_000)
    event = factories.tournament(slug="playoff-open", director=director, rules_preset="thai")
    events.tournament_update(by=director, tournament=event, language="th")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 3))
    lateness.round_start(by=director, round_id=round_.pk, now=STARTED)
    pairing = round_.pairings.get(table=1)
    game = factories.game(
        pairing.first.player,
        pairing.second.player,
        pairing=pairing,
        rules_preset="thai",
        created_by=director,
    )
    for move in OPENING:  # 22 and 42, before the clock was started
        game = turn_record(by=director, game=game, move=move)
    clock_services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    for turn in range(6):
        clock_services.clock_act(
            by=director, game=game, action="press", player=turn % 2, now=T0 + turn * 1000
        )
        game = turn_record(by=director, game=game, move="-", seconds=1)
    game = end_racks_record(by=director, game=game, racks=EQUAL_RACKS)  # 15-15: a tie
    game = playoff_record(by=director, game=game, words=("quiet", "zebra"), scores=(40, 40))
    playoff_record(by=director, game=game, words=("ox", "jinxed"), scores=(18, 38))
    event.refresh_from_db()
    return event


def imported(archive: dict, slug: str = "playoff-copy"):
    return event_import(by=None, data=json.dumps(archive).encode(), slug=slug).tournament


def refused(archive: dict) -> list[str]:
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal:
        imported(archive)
    assert database_state() == before
    return refusal.value.problems


def table_one(archive: dict) -> dict:
    return archive["divisions"][0]["rounds_paired"][0]["pairings"][0]


def test_the_new_fields_come_back_as_they_were(event):
    copy = event_import(by=None, data=archive_bytes(event), slug="playoff-copy").tournament
    assert event_picture(copy) == event_picture(event)
    assert copy.language == "th"
    assert Round.objects.get(division__tournament=copy).started_at == STARTED
    pairing = Pairing.objects.get(round__division__tournament=copy, table=1)
    assert (pairing.first_score, pairing.second_score) == (15, 15)
    assert pairing.playoff_winner == pairing.second
    game = Game.objects.get(pairing=pairing)
    assert game.playoff_words == [
        {"words": ["QUIET", "ZEBRA"], "scores": [40, 40]},
        {"words": ["OX", "JINXED"], "scores": [18, 38]},
    ]
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.since_ms, clock.version) == (None, None, 8)
    assert (clock.first_used_ms, clock.second_used_ms) == (6000, 3000)
    assert (clock.turn_of, clock.turn_ms, clock.last_turn_player, clock.last_turn_ms) == (
        0,
        4000,
        1,
        1000,
    )


def test_the_archive_writes_the_play_off_winner_as_the_entrys_archive_id(event):
    archive = event_archive(event)
    pairing = table_one(archive)
    assert pairing["playoff_winner"] == pairing["second"]
    assert archive["tournament"]["language"] == "th"
    assert archive["divisions"][0]["rounds_paired"][0]["started_at"] == STARTED.isoformat()


def test_an_archive_from_before_the_new_fields_reads_them_as_their_defaults(event):
    archive = event_archive(event)
    del archive["tournament"]["language"]
    del archive["divisions"][0]["rounds_paired"][0]["started_at"]
    del table_one(archive)["playoff_winner"]
    del archive["games"][0]["playoff_words"], archive["games"][0]["clock"]
    copy = imported(archive)
    assert copy.language == ""
    assert Round.objects.get(division__tournament=copy).started_at is None
    pairing = Pairing.objects.get(round__division__tournament=copy, table=1)
    assert pairing.playoff_winner is None
    game = Game.objects.get(pairing=pairing)
    assert (game.playoff_words, GameClock.objects.filter(game=game).exists()) == ([], False)


def test_a_play_off_winner_who_is_a_third_entry_is_refused(event):
    archive = event_archive(event)
    bye = archive["divisions"][0]["rounds_paired"][0]["pairings"][1]
    table_one(archive)["playoff_winner"] = bye["first"]
    assert refused(archive) == [
        "divisions[0].rounds_paired[0].pairings[0].playoff_winner: only a player of this game "
        "can win its play-off"
    ]


def test_a_play_off_winner_the_archive_lacks_is_refused(event):
    archive = event_archive(event)
    table_one(archive)["playoff_winner"] = 989898
    assert refused(archive) == [
        "divisions[0].rounds_paired[0].pairings[0].playoff_winner: the archive holds no such "
        "record here (id 989898)"
    ]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"second_score": 1}, "only a tied game has a play-off winner"),
        ({"kind": "double_forfeit"}, "only a tied game has a play-off winner"),
        ({"playoff_winner": "2"}, "must be an id (a whole number) or null"),
    ],
)
def test_a_play_off_winner_of_a_game_that_was_not_tied_is_refused(event, change, problem):
    archive = event_archive(event)
    table_one(archive).update(change)
    where = "divisions[0].rounds_paired[0].pairings[0].playoff_winner"
    assert refused(archive) == [f"{where}: {problem}"]


def test_a_language_the_site_does_not_offer_is_refused(event):
    archive = event_archive(event)
    archive["tournament"]["language"] = "xx"
    assert refused(archive) == ["tournament.language: Value 'xx' is not a valid choice."]


def test_a_start_that_is_not_a_moment_is_refused(event):
    archive = event_archive(event)
    archive["divisions"][0]["rounds_paired"][0]["started_at"] = "soon"
    [problem] = refused(archive)
    assert problem.startswith("divisions[0].rounds_paired[0].started_at: “soon” value has an")
