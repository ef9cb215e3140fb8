"""Reading an archive and checking all of it before anything is written.

Every record becomes an unsaved model object validated by the model's own fields (lengths,
choices, numbers, days), every reference is checked against the records it names, and each
problem is reported with its path in the archive (``divisions[0].rounds[2].pairings[5].first``).
Only an archive without a single problem goes on to be written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core.messages import translated
from core.models import AuditEntry
from core.readers.json_input import JsonNotText, JsonRefused, JsonSyntax, read_json
from players.models import Player

from ..models import ScoreReport, Tournament, TournamentRole
from . import shape
from .audit_trail import AUDIT_ENTRY
from .check_divisions import CheckedDivision, check_divisions, check_rules
from .sections import SECTIONS
from .shape import Problems, archive_id, load_many, load_record, object_list

TOP_KEYS = ("tournament", "roles", "users", "players", "divisions", "score_reports", "audit")


@dataclass
class CheckedArchive:
    """An archive that passed every check: unsaved objects holding archive ids."""

    tournament: Tournament
    club: dict | None
    roles: list[tuple[int, str, str]]
    users: dict[int, str]
    players: list[Player]
    divisions: list[CheckedDivision]
    score_reports: list[tuple[ScoreReport, str | None]]
    audit: list[tuple[AuditEntry, str | None]]
    sections: dict[str, object] = field(default_factory=dict)

    def usernames(self) -> set[str]:
        names = {username for _id, username, _role in self.roles}
        names |= set(self.users.values())
        names |= {user for _report, user in self.score_reports if user}
        names |= {actor for _entry, actor in self.audit if actor}
        for key, checked in self.sections.items():
            names |= SECTIONS[key].usernames(checked)
        return names


def parse(data: bytes) -> dict:
    """The archive's JSON object, or ``ArchiveRefused`` saying why the bytes are not one."""
    problems = Problems()
    if len(data) > shape.MAX_BYTES:
        problems.add("", too_large_message())
        problems.raise_any()
    try:
        archive = read_json(data, max_bytes=shape.MAX_BYTES)
    except JsonNotText:
        problems.add("", _("The file is not UTF-8 text."))
    except JsonSyntax as err:
        problems.add(
            "",
            _("The file is not JSON: %(reason)s at line %(line)d, column %(column)d.") % err.params,
        )
    except JsonRefused as err:  # nested too deep (the size was checked above)
        problems.add("", translated(err))
    else:
        if not isinstance(archive, dict) or archive.get("format") != shape.FORMAT:
            problems.add("", _("The file is not a Tournament Desk event archive."))
        elif archive.get("version") not in shape.READABLE_VERSIONS:
            problems.add(
                "version",
                _("this site reads archives of version %(ours)d, not %(theirs)s")
                % {"ours": shape.VERSION, "theirs": json.dumps(archive.get("version"))},
            )
    problems.raise_any()
    return upgraded(archive)


def upgraded(archive: dict) -> dict:
    """A version 1 archive read as version 2: payment moves from the status to its own flag,
    as migration 0009 moved it in the database."""
    if archive.get("version") != 1:
        return archive
    for division in archive.get("divisions") or ():
        for entry in (division.get("entries") or ()) if isinstance(division, dict) else ():
            if isinstance(entry, dict) and "paid" not in entry:
                status = entry.get("status")
                entry["paid"] = status == "paid" or (
                    status == "checked_in" and bool(entry.get("payment_note"))
                )
                if status == "paid":
                    entry["status"] = "registered"
    return archive | {"version": shape.VERSION}


def too_large_message() -> str:
    return _("The archive is larger than %(mb)d MB.") % {"mb": shape.MAX_BYTES // 2**20}


def check_archive(
    archive: dict,
    slug: str | None = None,
    replacing: int | None = None,
    *,
    name: str | None = None,
    is_public: bool | None = None,
) -> CheckedArchive:
    """Every record of ``archive`` checked; ``ArchiveRefused`` with all problems otherwise.
    ``slug`` replaces the event's own (to import a second copy beside the first); ``replacing``
    is the id of the event the archive is restored into, whose slug it may keep; ``name`` and
    ``is_public``, when given, replace its name and visibility (checked like the rest)."""
    problems = Problems()
    required = (key for key, section in SECTIONS.items() if not section.added)
    for key in (*TOP_KEYS, *required):
        if key not in archive:
            problems.add(key, _("the key is missing"))
    problems.raise_any()
    given = {"slug": slug, "name": name, "is_public": is_public}
    tournament, club = check_tournament(
        archive["tournament"],
        problems,
        {key: value for key, value in given.items() if value is not None},
        replacing,
    )
    users = check_users(archive["users"], problems)
    roles = check_roles(archive["roles"], problems)
    players = load_many(shape.PLAYER, archive, "players", "", problems)
    divisions = check_divisions(archive, shape.record_ids(archive["players"]), problems)
    known = known_ids(archive)
    reports = check_score_reports(archive, known, problems)
    sections = {
        key: section.check(archive.get(key), known, problems) for key, section in SECTIONS.items()
    }
    audit = check_audit(archive, problems)
    problems.raise_any()
    return CheckedArchive(
        tournament, club, roles, users, players, divisions, reports, audit, sections
    )


def known_ids(archive: dict) -> dict[str, set[int]]:
    """Archive ids of the records others may point to, by model label."""
    divisions = [d for d in as_list(archive["divisions"]) if isinstance(d, dict)]
    rounds = [r for d in divisions for r in as_list(d.get("rounds_paired")) if isinstance(r, dict)]
    return {
        "players.player": shape.record_ids(archive["players"]),
        "tournaments.division": shape.record_ids(archive["divisions"]),
        "tournaments.entry": set().union(*(shape.record_ids(d.get("entries")) for d in divisions)),
        "tournaments.pairing": set().union(*(shape.record_ids(r.get("pairings")) for r in rounds)),
    }


def as_list(value) -> list:
    return value if isinstance(value, list) else []


def check_tournament(data, problems: Problems, replaced: dict, replacing: int | None = None):
    if isinstance(data, dict) and replaced:
        data = data | replaced
    tournament = load_record(shape.TOURNAMENT, data, "tournament", problems)
    club = data.get("club") if isinstance(data, dict) else None
    if isinstance(data, dict) and "club" not in data:
        problems.add("tournament.club", _("the key is missing"))
    elif club is not None and not shape.is_named(club, "slug"):
        problems.add("tournament.club", _("must be null or an object with an id and a slug"))
        club = None
    if tournament is None:
        return None, None
    check_rules(tournament, "tournament", problems)
    if (
        tournament.end_date
        and tournament.start_date
        and tournament.end_date < tournament.start_date
    ):
        problems.add("tournament.end_date", _("the last day comes before the first"))
    if Tournament.objects.filter(slug=tournament.slug).exclude(pk=replacing).exists():
        problems.add(
            "tournament.slug",
            _("an event with the slug “%(slug)s” already exists; import it under another slug")
            % {"slug": tournament.slug},
        )
    return tournament, club


def check_users(data, problems: Problems) -> dict[int, str]:
    users = {}
    for index, record in enumerate(object_list({"users": data}, "users", "", problems)):
        path = f"users[{index}]"
        if not isinstance(record, dict) or not isinstance(record.get("username"), str):
            problems.add(path, _("must be an object with an id and a username"))
            continue
        user_id = archive_id(record.get("id"), f"{path}.id", problems)
        if user_id is not None:
            users[user_id] = record["username"]
    return users


def check_roles(data, problems: Problems) -> list[tuple[int, str, str]]:
    roles = []
    choices = set(TournamentRole.Role.values)
    for index, record in enumerate(object_list({"roles": data}, "roles", "", problems)):
        path = f"roles[{index}]"
        if not isinstance(record, dict) or not isinstance(record.get("user"), str):
            problems.add(path, _("must be an object with an id, a user and a role"))
            continue
        if not isinstance(record.get("role"), str) or record["role"] not in choices:
            problems.add(
                f"{path}.role",
                _("must be one of: %(choices)s") % {"choices": ", ".join(sorted(choices))},
            )
            continue
        role_id = archive_id(record.get("id"), f"{path}.id", problems)
        if role_id is not None:
            roles.append((role_id, record["user"], record["role"]))
    return roles


def optional_username(record, key: str, path: str, problems: Problems) -> str | None:
    value = record.get(key) if isinstance(record, dict) else None
    if value is not None and not isinstance(value, str):
        problems.add(f"{path}.{key}", _("must be a username or null"))
        return None
    return value


def check_score_reports(archive: dict, known: dict[str, set[int]], problems: Problems) -> list:
    records = object_list(archive, "score_reports", "", problems)
    reports = []
    for index, record in enumerate(records):
        path = f"score_reports[{index}]"
        report = load_record(shape.SCORE_REPORT, record, path, problems)
        if report is None:
            continue
        shape.refs_held(report, ("pairing",), known["tournaments.pairing"], path, problems)
        shape.refs_held(report, ("reported_by",), known["tournaments.entry"], path, problems)
        reports.append((report, optional_username(record, "user", path, problems)))
    return reports


def check_audit(archive: dict, problems: Problems) -> list[tuple[AuditEntry, str | None]]:
    entries = []
    records = object_list(archive, "audit", "", problems)
    for index, record in enumerate(records):
        path = f"audit[{index}]"
        # An imported log keeps no id for an object its event no longer had (audit_trail.py),
        # so an archive of an imported or restored event may hold blank ids: read them back.
        blank = isinstance(record, dict) and record.get("object_id") == ""
        entry = load_record(
            AUDIT_ENTRY, record | {"object_id": "-"} if blank else record, path, problems
        )
        if entry is not None:
            entry.object_id = "" if blank else entry.object_id
            entries.append((entry, optional_username(record, "actor", path, problems)))
    ids = {entry.pk for entry, _actor in entries}
    for index, (entry, _actor) in enumerate(entries):
        if entry.undoes_id is not None and entry.undoes_id not in ids:
            problems.add(f"audit[{index}].undoes", shape.missing(entry.undoes_id))
    return entries
