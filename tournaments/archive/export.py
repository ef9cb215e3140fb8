"""Reading a whole event into one archive (a dict that is JSON as it stands), and its bytes.

Reads only: a fixed number of queries per division whatever the field size, rows read as
values rather than model objects, so a 400-player, 31-round division writes in well under a
second.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field

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
    return event_read(tournament).archive


@dataclass
class EventRead:
    """An archive as read, and the users each part of it names (by id): a restore point keeps
    these to name the same users again when it is followed by one holding only changes."""

    archive: dict
    role_users: set[int] = field(default_factory=set)
    audit_users: set[int] = field(default_factory=set)
    report_users: dict[int, set[int]] = field(default_factory=dict)  # by round id


@dataclass(frozen=True)
class Parts:
    """Parts of an event's divisions: the heads of the divisions ``heads`` (ids; a division's
    own settings, entries, prize bands and pins) and the rounds ``rounds`` (ids) with their
    games."""

    heads: frozenset[int] = frozenset()
    rounds: frozenset[int] = frozenset()


def event_read(
    tournament: Tournament,
    parts: Parts | None = None,
    audit_after: int | None = None,
    more_users: Collection[int] = (),
) -> EventRead:
    """The archive of ``tournament`` (``event_archive``); or, of the divisions, only the
    ``parts`` (``changed_records``) and their score reports, and only the audit entries after
    ``audit_after`` (an id). Its users are those it names and ``more_users``."""
    audit = audit_records(tournament, after=audit_after)
    roles = list(
        TournamentRole.objects.filter(tournament=tournament)
        .order_by("id")
        .values("id", "role", "user_id", "user__username")
    )
    reports, report_users = score_report_records(tournament, parts and parts.rounds)
    read = EventRead({}, {r["user_id"] for r in roles}, user_ids_in(audit), report_users)
    read.audit_users |= {a.pop("actor_id") for a in audit}
    user_ids = read.role_users | read.audit_users | set(more_users)
    user_ids = user_ids.union(*report_users.values())
    if parts is None:
        divisions = [division_record(d) for d in tournament.divisions.order_by("id")]
    else:
        divisions = changed_records(tournament, parts)
    read.archive = {
        "format": shape.FORMAT,
        "version": shape.VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": tournament_record(tournament),
        "roles": [{"id": r["id"], "user": r["user__username"], "role": r["role"]} for r in roles],
        "users": user_records(user_ids - {None}),
        "players": player_records(tournament),
        "divisions": divisions,
        "score_reports": reports,
    }
    for key, section in SECTIONS.items():
        read.archive[key] = section.export(tournament)
    read.archive["audit"] = audit
    read.audit_users.discard(None)
    return read


def changed_records(tournament: Tournament, parts: Parts) -> list[dict]:
    """Of each division with a part in ``parts``: its id, its head (``division_head``) when
    asked for, and the rounds asked for (``round_records``)."""
    rounds = round_records(
        Round.objects.filter(pk__in=parts.rounds, division__tournament=tournament)
    )
    by_division: dict[int, list[dict]] = {}
    for record in rounds.values():
        by_division.setdefault(record.pop("division"), []).append(record)
    heads = tournament.divisions.filter(pk__in=parts.heads)
    records = {
        division.pk: {"id": division.pk, "head": division_head(division)} for division in heads
    }
    for pk, found in by_division.items():
        records.setdefault(pk, {"id": pk})["rounds"] = sorted(found, key=lambda r: r["number"])
    return [records[pk] for pk in sorted(records)]


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
    """A division as the archive keeps it: its head, then its rounds with their games."""
    head = division_head(division)
    rounds = round_records(Round.objects.filter(division=division))
    paired = sorted(rounds.values(), key=lambda r: r["number"])
    for record in paired:
        del record["division"]
    return whole_division(head, paired)


def whole_division(head: dict, rounds: list[dict]) -> dict:
    """A division's record from its head and its rounds, in the archive's order of keys."""
    record = {
        key: value for key, value in head.items() if key not in (*HEAD_LISTS, "rounds_paired")
    }
    return record | {
        "entries": head["entries"],
        "rounds_paired": rounds,
        "prize_bands": head["prize_bands"],
        "pins": head["pins"],
    }


HEAD_LISTS = ("entries", "prize_bands", "pins")


def division_head(division: Division) -> dict:
    """A division's own settings, entries, prize bands and pins (4 queries)."""
    record = shape.dump_rows(shape.DIVISION, Division.objects.filter(pk=division.pk))[0]
    record["entries"] = shape.dump_rows(
        shape.ENTRY, Entry.objects.filter(division=division).order_by("number")
    )
    record["prize_bands"] = shape.dump_rows(
        shape.PRIZE_BAND, PrizeBand.objects.filter(division=division).order_by("position", "id")
    )
    record["pins"] = shape.dump_rows(
        shape.PIN, FixedPairing.objects.filter(division=division).order_by("id")
    )
    return record


def round_records(rounds) -> dict[int, dict]:
    """The rounds of the queryset ``rounds`` by id, each with its games and, under
    ``division``, its division's id (2 queries)."""
    records = {
        row["id"]: row | {"pairings": []}
        for row in shape.dump_rows(shape.ROUND, rounds.order_by("number"), "division")
    }
    games = Pairing.objects.filter(round__in=list(records)).order_by("id")
    for row in shape.dump_rows(shape.PAIRING, games, "round"):
        records[row.pop("round")]["pairings"].append(row)
    return records


def score_report_records(
    tournament: Tournament, rounds: Collection[int] | None = None
) -> tuple[list[dict], dict[int, set[int]]]:
    """The score reports of ``tournament`` (of the games of ``rounds`` only, when given) and,
    by round, the users who sent them."""
    reports = ScoreReport.objects.filter(pairing__round__division__tournament=tournament)
    if rounds is not None:
        reports = reports.filter(pairing__round__in=rounds)
    keys = (*shape.SCORE_REPORT.keys, "user_id", "user__username", "pairing__round_id")
    records, users = [], {}
    for row in reports.order_by("id").values(*keys):
        users.setdefault(row["pairing__round_id"], set()).add(row["user_id"])
        records.append(
            {key: shape.json_value(row[key]) for key in shape.SCORE_REPORT.keys}
            | {"user": row["user__username"]}
        )
    for found in users.values():
        found.discard(None)
    return records, users


def audit_records(tournament: Tournament, after: int | None = None) -> list[dict]:
    """The event's audit log (only the entries after the id ``after``, when given), oldest
    first, each entry's actor by username."""
    entries = AuditEntry.objects.filter(tournament=tournament).order_by("at", "id")
    if after is not None:
        entries = entries.filter(pk__gt=after)
    rows = entries.values(*AUDIT_ENTRY.keys, "actor_id", "actor__username")
    return [
        {key: shape.json_value(value) for key, value in row.items() if key != "actor__username"}
        | {"actor": row["actor__username"]}
        for row in rows
    ]
