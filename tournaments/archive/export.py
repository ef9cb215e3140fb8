"""Reading a whole event into one archive (a dict that is JSON as it stands), and its bytes.

Reads only: a fixed number of queries per division whatever the field size, rows read as
values rather than model objects, so a 400-player, 31-round division writes in well under a
second.
"""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.utils import timezone

from core.models import AuditEntry
from players.models import Player

from ..models import (
    Division,
    Entry,
    FixedPairing,
    Pairing,
    PrizeBand,
    Round,
    ScoreReport,
    Tournament,
    TournamentRole,
)
from . import shape
from .audit_trail import AUDIT_ENTRY, user_ids_in
from .sections import SECTIONS


def event_archive(tournament: Tournament) -> dict:
    """Everything of ``tournament``: settings, roles, players, divisions with their entries,
    rounds, pairings, prize bands and pins, score reports, each registered section (the
    scoresheets) and the audit log."""
    audit = audit_records(tournament)
    roles = list(
        TournamentRole.objects.filter(tournament=tournament)
        .order_by("id")
        .values("id", "role", "user_id", "user__username")
    )
    reports = score_report_records(tournament)
    user_ids = {r["user_id"] for r in roles} | user_ids_in(audit)
    user_ids |= {r.pop("user_id") for r in reports} | {a.pop("actor_id") for a in audit}
    archive = {
        "format": shape.FORMAT,
        "version": shape.VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": tournament_record(tournament),
        "roles": [{"id": r["id"], "user": r["user__username"], "role": r["role"]} for r in roles],
        "users": user_records(user_ids - {None}),
        "players": player_records(tournament),
        "divisions": [division_record(d) for d in tournament.divisions.order_by("id")],
        "score_reports": reports,
    }
    for key, section in SECTIONS.items():
        archive[key] = section.export(tournament)
    archive["audit"] = audit
    return archive


def archive_bytes(tournament: Tournament) -> bytes:
    """The archive as UTF-8 JSON, one line (names in any script written as they are)."""
    text = json.dumps(event_archive(tournament), ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8")


def archive_file_name(tournament: Tournament) -> str:
    return f"{tournament.slug}-{timezone.localdate():%Y-%m-%d}.json"


def tournament_record(tournament: Tournament) -> dict:
    record = shape.dump_rows(shape.TOURNAMENT, Tournament.objects.filter(pk=tournament.pk))[0]
    club = tournament.club
    record["club"] = None if club is None else {"id": club.pk, "slug": club.slug}
    return record


def user_records(user_ids: set[int]) -> list[dict]:
    users = get_user_model().objects.filter(pk__in=user_ids).order_by("pk")
    return [{"id": pk, "username": name} for pk, name in users.values_list("pk", "username")]


def player_records(tournament: Tournament) -> list[dict]:
    players = Player.objects.filter(entries__division__tournament=tournament).distinct()
    return shape.dump_rows(shape.PLAYER, players.order_by("id"))


def division_record(division: Division) -> dict:
    record = shape.dump_rows(shape.DIVISION, Division.objects.filter(pk=division.pk))[0]
    pairings: dict[int, list[dict]] = {}
    for row in shape.dump_rows(
        shape.PAIRING, Pairing.objects.filter(round__division=division).order_by("id"), "round"
    ):
        pairings.setdefault(row.pop("round"), []).append(row)
    rounds = shape.dump_rows(
        shape.ROUND, Round.objects.filter(division=division).order_by("number")
    )
    record["entries"] = shape.dump_rows(
        shape.ENTRY, Entry.objects.filter(division=division).order_by("number")
    )
    record["rounds_paired"] = [r | {"pairings": pairings.get(r["id"], [])} for r in rounds]
    record["prize_bands"] = shape.dump_rows(
        shape.PRIZE_BAND, PrizeBand.objects.filter(division=division).order_by("position", "id")
    )
    record["pins"] = shape.dump_rows(
        shape.PIN, FixedPairing.objects.filter(division=division).order_by("id")
    )
    return record


def score_report_records(tournament: Tournament) -> list[dict]:
    reports = ScoreReport.objects.filter(pairing__round__division__tournament=tournament)
    rows = reports.order_by("id").values(*shape.SCORE_REPORT.keys, "user_id", "user__username")
    return [
        {key: shape.json_value(value) for key, value in row.items() if key != "user__username"}
        | {"user": row["user__username"]}
        for row in rows
    ]


def audit_records(tournament: Tournament) -> list[dict]:
    """The event's audit log, oldest first, each entry's actor by username."""
    entries = AuditEntry.objects.filter(tournament=tournament).order_by("at", "id")
    rows = entries.values(*AUDIT_ENTRY.keys, "actor_id", "actor__username")
    return [
        {key: shape.json_value(value) for key, value in row.items() if key != "actor__username"}
        | {"actor": row["actor__username"]}
        for row in rows
    ]
