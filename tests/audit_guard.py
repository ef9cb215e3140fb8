"""A test-only watch on writes: every row a request saves or deletes must be audited.

`watching_writes()` records, while it is open, each model instance saved or deleted (Django's
`post_save`/`post_delete` signals, connected only here) and each table an INSERT, UPDATE or
DELETE statement touched (which also catches bulk writes, which send no signals). `unaudited`
then names every write that no audit entry written since a given one covers: an entry for the
object itself, or for the object it belongs to (a game's lines belong to the game, a round's
games to the round, a rating list's rows to the list or to an event rated into it).
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import connection
from django.db.models.signals import post_delete, post_save

from core.models import AuditEntry

# Written by every request or by the audit itself: sessions and log-in bookkeeping, the admin's
# own history, the audit log, and the judge's log (which is the record of the judge's answers).
EXEMPT = {
    "sessions.session",
    "auth.user",
    "admin.logentry",
    "core.auditentry",
    "games.judgment",
}
# What each kind of row belongs to: an audit entry of the owner covers the row.
OWNERS = {
    "tournaments.pairing": ("round",),
    "tournaments.tournamentrole": ("tournament",),
    "games.turn": ("game",),
    "ratings.ratingevent": ("rating_list",),
    "ratings.ratingchange": ("event",),
    "ratings.playerrating": ("rating_list",),
    # A publish job is queued for its target by the director's audited change of the target.
    "publishing.publishjob": ("target",),
}
# A rating list is rewritten when an event is rated into it: the event's audit covers it.
RATED_INTO = ("tournaments.tournament", "clubs.clubsession")
# A restore in place replaces a whole event: its one ``tournament.restore`` entry covers every
# row of that event it deletes (the event of a deleted row is read as the row is deleted, while
# what it belongs to still exists) and the tables of what an event archive holds.
RESTORE = "tournament.restore"
UP = ("tournament", "division", "round", "pairing", "game")
RESTORED_TABLES = {
    "tournaments.division", "tournaments.entry", "tournaments.round", "tournaments.pairing",
    "tournaments.prizeband", "tournaments.fixedpairing", "tournaments.scorereport",
    "tournaments.tournamentrole", "games.game", "games.turn", "games.gameclock",
    "games.judgekiosk",
}  # fmt: skip
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
SAVEPOINT = re.compile(r'^\s*(SAVEPOINT|ROLLBACK TO SAVEPOINT|RELEASE SAVEPOINT)\s+"?(\w+)"?', re.I)


@dataclass
class Writes:
    """What was written, in order; what a savepoint rollback undid is forgotten again."""

    events: list[tuple[str, object, object]] = field(default_factory=list)
    savepoints: dict[str, int] = field(default_factory=dict)
    # What a deleted row belonged to, read as it went (its owner may be deleted right after it:
    # a rating event taken off a list takes its changes with it).
    owners_of_deleted: dict[tuple[str, object], set[tuple[str, str]]] = field(default_factory=dict)
    # (label, pk) of a deleted row -> the id of the event it belonged to
    deleted_from: dict[tuple[str, object], int | None] = field(default_factory=dict)

    def saved(self, sender, instance, raw=False, **kwargs) -> None:
        self.events.append(("saved", instance, instance.pk))

    def deleted(self, sender, instance, **kwargs) -> None:
        # The primary key is read now: a deleted instance loses it once the delete is done.
        self.events.append(("deleted", instance, instance.pk))
        label = instance._meta.label_lower
        self.owners_of_deleted[(label, instance.pk)] = _keys(label, instance, instance.pk)
        self.deleted_from[(instance._meta.label_lower, instance.pk)] = _event_of(instance)

    def statement(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        # An UPDATE or DELETE that changed no row (a cascade with nothing to set null) wrote
        # nothing; an INSERT always counts (SQLite reports no rows for INSERT ... RETURNING).
        found = WRITE.match(sql)
        if found and (sql.lstrip()[:6].upper() == "INSERT" or context["cursor"].rowcount != 0):
            self.events.append(("table", found.group(1), None))
        elif found := SAVEPOINT.match(sql):
            verb, name = found.group(1).upper(), found.group(2)
            if verb == "SAVEPOINT":
                self.savepoints[name] = len(self.events)
            elif verb == "ROLLBACK TO SAVEPOINT":
                del self.events[self.savepoints[name] :]
        return result

    @property
    def rows(self) -> list[tuple[str, object, object]]:
        return [event for event in self.events if event[0] != "table"]

    def models(self) -> set[str]:
        """The labels of the models whose tables were written, exempt ones included."""
        by_table = {
            m._meta.db_table: m._meta.label_lower
            for m in apps.get_models(include_auto_created=True)
        }
        return {by_table.get(item, item) for what, item, _pk in self.events if what == "table"}


@contextmanager
def watching_writes() -> Iterator[Writes]:
    writes = Writes()
    post_save.connect(writes.saved, weak=False, dispatch_uid="audit_guard.saved")
    post_delete.connect(writes.deleted, weak=False, dispatch_uid="audit_guard.deleted")
    try:
        with connection.execute_wrapper(writes.statement):
            yield writes
    finally:
        post_save.disconnect(dispatch_uid="audit_guard.saved")
        post_delete.disconnect(dispatch_uid="audit_guard.deleted")


def last_audit_id() -> int:
    return AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def unaudited(writes: Writes, since: int) -> list[str]:
    """The writes no audit entry after `since` covers, as "saved tournaments.pairing#3"."""
    entries = list(AuditEntry.objects.filter(pk__gt=since))
    audited = {(e.object_type, e.object_id) for e in entries}
    audited_types = {e.object_type for e in entries}
    restored = {int(e.object_id) for e in entries if e.action == RESTORE}
    missing = []
    for what, instance, pk in writes.rows:
        label = instance._meta.label_lower
        if what == "deleted" and writes.deleted_from.get((label, pk)) in restored:
            continue
        keys = _keys(label, instance, pk) | writes.owners_of_deleted.get((label, pk), set())
        if label not in EXEMPT and not audited & keys:
            missing.append(f"{what} {label}#{pk}")
    for label in sorted(writes.models() - EXEMPT):
        if not audited_types & _types(label) and not (restored and label in RESTORED_TABLES):
            missing.append(f"wrote the table of {label}")
    return missing


def _event_of(instance, depth: int = 0) -> int | None:
    """The id of the event ``instance`` belongs to, following tournament, division, round,
    pairing and game while they exist."""
    if instance._meta.label_lower == "tournaments.tournament":
        return instance.pk
    for name in UP if depth < len(UP) else ():
        try:
            field = instance._meta.get_field(name)
        except FieldDoesNotExist:
            continue
        owner_id = getattr(instance, field.attname, None) if field.many_to_one else None
        owner = field.related_model.objects.filter(pk=owner_id).first() if owner_id else None
        if owner is not None:
            return _event_of(owner, depth + 1)
    return None


def _keys(label: str, instance, pk) -> set[tuple[str, str]]:
    """The audit keys that cover `instance`: its own and those of what it belongs to."""
    keys = {(label, str(pk))}
    for name in OWNERS.get(label, ()):
        owner_id = getattr(instance, f"{name}_id")
        model = instance._meta.get_field(name).related_model
        owner = model.objects.filter(pk=owner_id).first()
        if owner is not None:
            keys |= _keys(model._meta.label_lower, owner, owner.pk)
    if label == "ratings.ratinglist":
        for event in instance.events.all():
            keys.add(("tournaments.tournament", str(event.tournament_id)))
            keys.add(("clubs.clubsession", str(event.club_session_id)))
    return keys


def _types(label: str) -> set[str]:
    """The audited object types that may cover a write to `label`'s table."""
    types = {label}
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError):  # a table no model of the project describes
        return types
    for name in OWNERS.get(label, ()):
        types |= _types(model._meta.get_field(name).related_model._meta.label_lower)
    if label == "ratings.ratinglist":
        types |= set(RATED_INTO)
    return types
