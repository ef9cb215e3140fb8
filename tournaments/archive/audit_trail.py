"""The event's audit log in the archive, and the translation of the ids it names.

An audit entry names its object by type and id, and its before/after snapshots hold the ids of
related objects under the names of the model's foreign keys (a result's ``forfeited_by``, a
role's ``user``). On import each such id of an archived object becomes that object's new id, so
the log still points at the right things and an undo restores the right entry. A user id
becomes the id of the local user with the same username. Ids inside free-form parts of a
snapshot (a round's list of pairings) are kept as the exporting site wrote them: they are a
record of what happened there. An object the event no longer has (a deleted prize band) keeps no
id at all, rather than one that may belong to something else here.
"""

from __future__ import annotations

from django.apps import apps
from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db import models

from core.models import AuditEntry

from .sections import RestoreContext
from .shape import Shape

AUDIT_ENTRY = Shape(
    AuditEntry,
    ("at", "action", "object_type", "object_id", "scope", "before", "after"),
    refs=("undoes",),
)
USER_LABEL = settings.AUTH_USER_MODEL.lower()


def model_of(object_type: str) -> type[models.Model] | None:
    try:
        return apps.get_model(object_type)
    except (LookupError, ValueError):
        return None


def snapshot_refs(model: type[models.Model] | None, snapshot) -> dict[str, str]:
    """The keys of ``snapshot`` that name a foreign key of ``model``, with the label of the model
    they point to."""
    if model is None or not isinstance(snapshot, dict):
        return {}
    refs = {}
    for key in snapshot:
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if (field.many_to_one or field.one_to_one) and field.concrete:
            refs[key] = field.related_model._meta.label_lower
    return refs


def user_ids_in(entries: list[dict]) -> set[int]:
    """Ids of users the snapshots of ``entries`` name."""
    found = set()
    for entry in entries:
        model = model_of(entry["object_type"])
        for snapshot in (entry["before"], entry["after"]):
            for key, label in snapshot_refs(model, snapshot).items():
                if label == USER_LABEL and isinstance(snapshot[key], int):
                    found.add(snapshot[key])
    return found


def remap_snapshot(snapshot, model, ids: dict[str, dict[int, int]]):
    """``snapshot`` with the ids of archived objects replaced by their new ids; an id of a kind
    the archive carries but of an object it does not hold becomes ``None``."""
    refs = snapshot_refs(model, snapshot)
    if not refs:
        return snapshot
    remapped = dict(snapshot)
    for key, label in refs.items():
        value = snapshot[key]
        if label in ids and isinstance(value, int):
            remapped[key] = ids[label].get(value)
    return remapped


def remap_object_id(object_type: str, object_id: str, ids: dict[str, dict[int, int]]) -> str:
    if object_type not in ids:
        return object_id
    new = ids[object_type].get(int(object_id)) if object_id.isdigit() else None
    return "" if new is None else str(new)


def restored_entries(
    checked: list[tuple[AuditEntry, str | None]], context: RestoreContext
) -> list[AuditEntry]:
    """Unsaved audit entries of the new event, in the archive's order (``undoes`` still holding
    archive ids: they point at entries that get their ids only once written)."""
    entries, ids = [], context.ids
    for entry, actor in checked:
        model = model_of(entry.object_type)
        entry.object_id = remap_object_id(entry.object_type, entry.object_id, ids)
        entry.before = remap_snapshot(entry.before, model, ids)
        entry.after = remap_snapshot(entry.after, model, ids)
        entry.actor = context.user(actor)
        entry.tournament_id = context.tournament.pk
        entries.append(entry)
    return entries
