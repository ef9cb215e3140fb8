"""Importing an event archive as a new event: the service.

The whole archive is read and checked first (``check.py``); then everything is written in one
transaction, so an archive is imported whole or not at all. Objects get new ids and every
reference is translated. What lives outside the event is matched, never created, except players:
roles and actors by username (a role whose user does not exist here is left out, and said so),
the club by slug, players by member id or by name and country (added when not found). The import
is audited as one ``tournament.import`` entry, after the event's own audit log is restored.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.models import AuditEntry
from pairing.why import GAME as WHY_GAME

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
from .audit_trail import USER_LABEL, restored_entries
from .check import CheckedArchive, check_archive, parse
from .players import match_players
from .same_ids import SameEntries, entry_ids_kept
from .sections import SECTIONS, RestoreContext
from .shape import database_rules_kept


@dataclass
class EventImport:
    """What an import made, and what it had to leave out or add."""

    tournament: Tournament
    players_matched: list[str] = field(default_factory=list)
    players_created: list[str] = field(default_factory=list)
    roles_skipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def event_import(
    *,
    by,
    data: bytes,
    slug: str | None = None,
    director=None,
    name: str | None = None,
    is_public: bool | None = None,
) -> EventImport:
    """A new event from the archive ``data`` (under ``slug``, ``name`` and visibility
    ``is_public`` when given; else the archive's). ``director`` (the organiser importing it in
    the browser) becomes a director unless the archive gives them a role already, so they can
    run what they imported. Raises ``ArchiveRefused`` naming every problem, with nothing
    written."""
    if slug is None and name:
        # A copy under a new name gets a slug of its own, not the original's.
        slug = slugify(name, allow_unicode=True)[:50].strip("-") or None
    checked = check_archive(parse(data), slug, name=name, is_public=is_public)
    users = {
        user.username: user
        for user in get_user_model().objects.filter(username__in=checked.usernames())
    }
    with database_rules_kept(), transaction.atomic():
        return write_event(by, checked, users, director)


def write_event(
    by,
    checked: CheckedArchive,
    users: dict,
    director=None,
    into: Tournament | None = None,
    same: SameEntries | None = None,
) -> EventImport:
    """Write ``checked`` as a new event, or over the event ``into`` (emptied by
    ``in_place.event_clear`` first), which keeps its id, and its entries theirs (``same``: what
    they were before the clear, ``same_ids``)."""
    tournament = checked.tournament
    context = RestoreContext(by=by, tournament=tournament, users=users)
    _save_tournament(checked, context, users, into)
    outcome = EventImport(tournament)
    restore_roles(checked, context, outcome)
    if director is not None and not tournament.roles.filter(user=director).exists():
        TournamentRole.objects.create(
            tournament=tournament, user=director, role=TournamentRole.Role.DIRECTOR
        )
    players = match_players(checked.players, by=by)
    outcome.players_matched, outcome.players_created = players.matched, players.created
    context.ids["players.player"] = players.ids
    restore_divisions(checked, context, same)
    restore_score_reports(checked, context)
    for key, section in SECTIONS.items():
        section.restore(checked.sections[key], context)
    restore_audit(checked, context)
    outcome.notes = context.notes
    if into is not None:
        return outcome  # the restore in place records its own entry
    audit_record(
        by=by,
        action="tournament.import",
        obj=tournament,
        tournament_id=tournament.pk,
        after={
            "format_version": shape.VERSION,
            "slug": tournament.slug,
            "name": tournament.name,
            "is_public": tournament.is_public,
            "players_matched": len(outcome.players_matched),
            "players_created": len(outcome.players_created),
            "roles_skipped": outcome.roles_skipped,
            "audit_entries": len(checked.audit),
        },
    )
    return outcome


def _save_tournament(checked: CheckedArchive, context: RestoreContext, users: dict, into) -> None:
    """Save the archive's event (new, or over ``into``) and start the id maps with it and the
    users found here."""
    tournament = checked.tournament
    old_id, created_at = tournament.pk, tournament.created_at
    tournament.pk = None if into is None else into.pk
    tournament.club = local_club(checked.club, context)
    tournament.save(force_update=into is not None)
    # The first save stamps "now" on created_at; the archive's own moment is put back.
    Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
    tournament.created_at = created_at
    context.ids["tournaments.tournament"] = {old_id: tournament.pk}
    context.ids[USER_LABEL] = {
        old: users[name].pk for old, name in checked.users.items() if name in users
    }


def local_club(club: dict | None, context: RestoreContext):
    """The local club of the archive's club slug; the club model is named through the foreign
    key, as clubs sit beside tournaments."""
    context.ids["clubs.club"] = {}
    if club is None:
        return None
    found = Tournament._meta.get_field("club").related_model.objects.filter(slug=club["slug"])
    local = found.first()
    if local is None:
        context.notes.append(
            _("There is no club “%(slug)s” here; the event is imported without a club.")
            % {"slug": club["slug"]}
        )
        return None
    context.ids["clubs.club"] = {club["id"]: local.pk}
    return local


def restore_roles(checked: CheckedArchive, context: RestoreContext, outcome: EventImport) -> None:
    roles = []
    for _role_id, username, role in checked.roles:
        if username in context.users:
            roles.append(TournamentRole(user=context.users[username], role=role))
        else:
            outcome.roles_skipped.append(username)
            context.notes.append(
                _("There is no user “%(username)s” here; their role (%(role)s) is left out.")
                % {"username": username, "role": role}
            )
    kept = [r for r in checked.roles if r[1] in context.users]
    for role in roles:
        role.tournament = context.tournament
    made = TournamentRole.objects.bulk_create(roles)
    context.ids["tournaments.tournamentrole"] = {
        old[0]: new.pk for old, new in zip(kept, made, strict=True)
    }


def create_all(
    model: type[models.Model],
    objects: list,
    context: RestoreContext,
    keep: Set[int] = frozenset(),
    *,
    noted: bool = True,
) -> list:
    """Insert ``objects`` (holding their archive ids) in bulk, each with a new id but those whose
    archive id is in ``keep``; note each one's id here (unless not ``noted``: then the audit log
    goes on naming them by their archive ids)."""
    old_ids = [obj.pk for obj in objects]
    for obj in objects:
        if obj.pk not in keep:
            obj.pk = None
    made = model.objects.bulk_create(objects, batch_size=1000)
    if noted:
        context.ids[model._meta.label_lower] = {
            old: new.pk for old, new in zip(old_ids, made, strict=True)
        }
    return made


def create_stamped(
    model: type[models.Model],
    objects: list,
    context: RestoreContext,
    stamps: tuple[str, ...],
    *,
    noted: bool = True,
) -> list:
    """``create_all``, keeping the archive's own moments in the fields ``stamps``: inserting
    stamps them with "now" (``auto_now``, ``auto_now_add``), so they are put back after."""
    kept = [[getattr(obj, name) for name in stamps] for obj in objects]
    made = create_all(model, objects, context, noted=noted)
    for obj, values in zip(made, kept, strict=True):
        for name, value in zip(stamps, values, strict=True):
            setattr(obj, name, value)
    model.objects.bulk_update(made, stamps, batch_size=500)
    return made


def restore_divisions(
    checked: CheckedArchive, context: RestoreContext, same: SameEntries | None = None
) -> None:
    divisions = [d.division for d in checked.divisions]
    for division in divisions:
        division.tournament = context.tournament
    made = create_all(Division, divisions, context)
    entries, rounds, bands, pins = [], [], [], []
    for division, part in zip(made, checked.divisions, strict=True):
        for entry in part.entries:
            entry.division_id = division.pk
            entry.player_id = context.new_id("players.player", entry.player_id)
        entries += part.entries
        for rnd, _pairings in part.rounds:
            rnd.division_id = division.pk
        rounds += [rnd for rnd, _pairings in part.rounds]
        for item in part.prize_bands + part.pins:
            item.division_id = division.pk
        bands += part.prize_bands
        pins += part.pins
    owners = [[entry.pk for entry in part.entries] for part in checked.divisions]
    keep = frozenset() if same is None else entry_ids_kept(entries, same)
    create_all(Entry, entries, context, keep)
    for part, own in zip(checked.divisions, owners, strict=True):
        ids = {old: context.ids["tournaments.entry"][old] for old in own}
        for rnd, _pairings in part.rounds:
            rnd.pairing_log = reasons_translated(rnd.pairing_log, ids)
    create_all(Round, rounds, context)
    create_all(Pairing, restored_pairings(checked, context), context)
    create_all(PrizeBand, bands, context)
    for pin in pins:
        context.remap(pin, "tournaments.entry", "first", "second")
    create_all(FixedPairing, pins, context)


def restored_pairings(checked: CheckedArchive, context: RestoreContext) -> list[Pairing]:
    pairings = []
    for part in checked.divisions:
        for rnd, round_pairings in part.rounds:
            for pairing in round_pairings:
                pairing.round_id = rnd.pk
                context.remap(pairing, "tournaments.entry", *shape.PAIRING.all_refs)
                pairings.append(pairing)
    return pairings


def reasons_translated(log, ids: dict[int, int]):
    """A round's pairing log with each game's "Why this pairing?" note (``pairing.why``, which
    names its players by entry id) naming them by their ids here, ``ids`` being the division's
    entries (archive id to new id). A note naming a player the division does not hold is left
    out, never shown beside another game."""
    if not isinstance(log, list):
        return log  # not a log; the archive's check names it
    translated = []
    for note in log:
        if isinstance(note, dict) and note.get("kind") == WHY_GAME:
            note = _game_note_translated(note, ids)
            if note is None:
                continue
        translated.append(note)
    return translated


def _game_note_translated(note: dict, ids: dict[int, int]) -> dict | None:
    params = note.get("params")
    if not isinstance(params, dict):
        return None
    first, second = params.get("first"), params.get("second")
    if not (shape.is_int(first) and first in ids):
        return None
    if second is not None and not (shape.is_int(second) and second in ids):
        return None
    players = {"first": ids[first], "second": None if second is None else ids[second]}
    return note | {"params": params | players}


def restore_score_reports(checked: CheckedArchive, context: RestoreContext) -> None:
    reports = []
    for report, username in checked.score_reports:
        report.pairing_id = context.new_id("tournaments.pairing", report.pairing_id)
        report.reported_by_id = context.new_id("tournaments.entry", report.reported_by_id)
        report.user = context.user(username)
        reports.append(report)
    create_stamped(ScoreReport, reports, context, ("created_at",))


def restore_audit(checked: CheckedArchive, context: RestoreContext) -> None:
    unknown = {a for _entry, a in checked.audit if a and a not in context.users}
    if unknown:
        context.notes.append(
            _(
                "These users of the audit log do not exist here; their entries name nobody: %(names)s"
            )
            % {"names": ", ".join(sorted(unknown))}
        )
    undoes = [entry.undoes_id for entry, _actor in checked.audit]
    for entry, _actor in checked.audit:
        entry.undoes_id = None
    entries = restored_entries(checked.audit, context)
    made = create_all(AuditEntry, entries, context)
    undone = []
    for entry, old in zip(made, undoes, strict=True):
        if old is not None:
            entry.undoes_id = context.new_id("core.auditentry", old)
            undone.append(entry)
    AuditEntry.objects.bulk_update(undone, ["undoes"])
