"""`manage.py bench restore`: a restore point of a 400-player, 31-round event taken and restored
in place and as a copy (target: each under 60 s).

The event is ``bench.pages.build_division`` (12,400 games, the last round half reported) with
an audit entry for every result, as the result service would have written, inside a
transaction rolled back at the end; the points' files go to a temporary directory that is
removed afterwards, so the database and the storage are left as they were.
"""

from __future__ import annotations

import shutil
import tempfile

from django.conf import settings
from django.db import connection, transaction
from django.test.utils import override_settings

from core.models import AuditEntry
from tournaments.models import Pairing, Tournament
from tournaments.selectors.divisions import division_rows
from tournaments.services.restore_points import (
    restore_point_copy,
    restore_point_in_place,
    restore_point_take,
)

from .pages import build_division
from .timing import timed

PLAYERS = 400
ROUNDS = 31
TARGET_S = 60.0


def build_event(players: int = PLAYERS, rounds: int = ROUNDS) -> Tournament:
    """The benchmark's division, with one ``result.record`` audit entry per reported game."""
    division = build_division(players, rounds)
    played = Pairing.objects.filter(round__division=division, first_score__isnull=False)
    AuditEntry.objects.bulk_create(
        (
            AuditEntry(
                action="result.record",
                object_type="tournaments.pairing",
                object_id=str(pk),
                tournament_id=division.tournament_id,
                before={"kind": "played", "first_score": None, "second_score": None},
                after={"kind": "played", "first_score": first, "second_score": second},
            )
            for pk, first, second in played.values_list("pk", "first_score", "second_score")
        ),
        batch_size=2000,
    )
    return division.tournament


def bench_restore(players: int = PLAYERS, rounds: int = ROUNDS) -> list[str]:
    lines = [f"restore point of a {players}-player, {rounds}-round event ({connection.vendor}):"]
    location = tempfile.mkdtemp(prefix="bench-restore-")
    storage = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    storages = settings.STORAGES | {"restore_points": storage | {"OPTIONS": {"location": location}}}
    try:
        with override_settings(STORAGES=storages), transaction.atomic():
            lines += _run(players, rounds)
            transaction.set_rollback(True)
    finally:
        shutil.rmtree(location, ignore_errors=True)
    return lines


def _run(players: int, rounds: int) -> list[str]:
    event = build_event(players, rounds)
    division = event.divisions.get()
    original = division_rows(division)
    standings, crosstable = original.standings(), original.crosstable()
    point, take_s = timed(lambda: restore_point_take(by=None, tournament=event))
    lines = [
        f"  archive: {point.audit_entries:,} audit entries, {point.size / 2**20:.1f} MB gzipped",
        _line("take a restore point", take_s),
    ]
    outcome, copy_s = timed(
        lambda: restore_point_copy(by=None, tournament=event, point_id=point.pk)
    )
    lines.append(
        _line("restore as a copy", copy_s, _same(outcome.tournament, standings, crosstable))
    )
    (outcome, _before), place_s = timed(
        lambda: restore_point_in_place(by=None, tournament=event, point_id=point.pk)
    )
    lines.append(
        _line("restore in place", place_s, _same(outcome.tournament, standings, crosstable))
    )
    return lines


def _same(event: Tournament, standings, crosstable) -> bool:
    rows = division_rows(event.divisions.get())
    return rows.standings() == standings and rows.crosstable() == crosstable


def _line(label: str, seconds: float, same: bool = True) -> str:
    verdict = "ok" if seconds < TARGET_S and same else "SLOW" if same else "DIFFERENT"
    return f"  {label:24} {seconds:7.2f} s  {verdict}"
