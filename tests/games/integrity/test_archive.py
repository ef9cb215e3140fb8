"""Dismissed flags in an event archive: each flag of the integrity desk a director dismissed
stays dismissed, with its note, in a copy of the event and after a restore in place (the ids
its key names given anew); one of a sheet no longer there is left out; an archive from before
dismissals were kept imports without them."""

import datetime
import json

import pytest

from bench.sheet_event import plan_event, save_event
from bench.sheet_plants import plant_after_save, plant_all
from games.engine.integrity import flags as F
from games.integrity.models import FlagDismissal
from games.integrity.selectors import integrity_report
from games.integrity.services import flag_dismiss
from games.models import Game
from tests.command_runs import database_state
from tournaments.archive.export import archive_bytes, event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.services.restore_points import restore_point_in_place, restore_point_take

pytestmark = pytest.mark.django_db


@pytest.fixture
def dismissed():
    """A generated event with one flag of each kind (the device of a score report aside, which
    is not this file's to keep), every one of them dismissed."""
    planned = plan_event(players=20, rounds=4, seed=5)
    planted = [(code, table) for code, table in plant_all(planned) if code != F.ONE_DEVICE]
    event = save_event(planned)
    plant_after_save(planted)
    games = list(Game.objects.filter(pairing__round__division__tournament=event.tournament))
    for game in games:  # the rules in full, as the services write them
        game.rules = game.rule_set().to_dict()
    Game.objects.bulk_update(games, ["rules"])
    for row in integrity_report(event.tournament).rows:
        note = f"Looked at {row.flag.code} with both players."
        flag_dismiss(by=event.director, tournament=event.tournament, key=row.flag.key, note=note)
    return event


def notes(tournament) -> list[tuple[str, str | None, str]]:
    report = integrity_report(tournament)
    assert report.open_rows == []
    return sorted((r.flag.code, r.dismissal.by, r.dismissal.note) for r in report.rows)


def test_every_dismissed_flag_stays_dismissed_in_a_copy(dismissed):
    wanted = notes(dismissed.tournament)
    assert len(wanted) == 14
    copy = event_import(by=None, data=archive_bytes(dismissed.tournament), slug="copy")
    assert notes(copy.tournament) == wanted


def test_a_copy_keeps_the_moment_each_flag_was_dismissed(dismissed):
    """The archive's moments, each on its own dismissal, not the import's (inserting a
    dismissal stamps it with "now")."""
    long_ago = datetime.datetime(2024, 5, 1, 9, 30, tzinfo=datetime.UTC)
    rows = FlagDismissal.objects.filter(tournament=dismissed.tournament).order_by("id")
    for minutes, pk in enumerate(rows.values_list("pk", flat=True)):
        at = long_ago + datetime.timedelta(minutes=minutes)
        FlagDismissal.objects.filter(pk=pk).update(dismissed_at=at)
    wanted = sorted(rows.values_list("note", "dismissed_at"))
    copy = event_import(by=None, data=archive_bytes(dismissed.tournament), slug="copy")
    copied = FlagDismissal.objects.filter(tournament=copy.tournament)
    assert sorted(copied.values_list("note", "dismissed_at")) == wanted
    assert len(wanted) == 14


def test_every_dismissed_flag_stays_dismissed_after_a_restore_in_place(dismissed):
    tournament, director = dismissed.tournament, dismissed.director
    wanted = notes(tournament)
    point = restore_point_take(by=director, tournament=tournament)
    restore_point_in_place(by=director, tournament=tournament, point_id=point.pk)
    tournament.refresh_from_db()
    assert notes(tournament) == wanted


def test_an_archive_from_before_dismissals_were_kept_imports_without_them(dismissed):
    archive = event_archive(dismissed.tournament)
    del archive["flag_dismissals"]
    copy = event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament
    assert not FlagDismissal.objects.filter(tournament=copy).exists()
    assert len(integrity_report(copy).open_rows) == 14


def test_a_dismissal_of_a_game_the_archive_does_not_hold_is_left_out(dismissed):
    """A scoresheet deleted after its flag was dismissed: the dismissal covers nothing."""
    archive = event_archive(dismissed.tournament)
    first = archive["flag_dismissals"][0]
    code, _game, pairing, line, detail = first["key"].split(":")
    first["key"] = f"{code}:424242:{pairing}:{line}:{detail}"
    copy = event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament
    assert FlagDismissal.objects.filter(tournament=copy).count() == 13


def test_a_dismissal_that_is_no_flags_is_refused_with_its_path(dismissed):
    archive = event_archive(dismissed.tournament)
    archive["flag_dismissals"][0]["key"] = "tiles.nonsense:1:1:1:"
    archive["flag_dismissals"][1]["key"] = archive["flag_dismissals"][2]["key"]
    before = database_state()
    with pytest.raises(ArchiveRefused) as refused:
        event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    assert database_state() == before
    assert refused.value.problems == [
        "flag_dismissals[0].key: is not the key of a flag",
        "flag_dismissals[2].key: the flag is dismissed twice",
    ]
