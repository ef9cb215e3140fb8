"""Recording changes of state. Every service calls `audit_record` inside its transaction.

`audited_create`, `audited_update` and `audited_delete` are the whole write of the simple
cases (lock, check, validate, save, record before/after); services with more to do call
`audit_record` themselves.
"""

from collections.abc import Callable, Sequence
from decimal import Decimal

from django.db import models, transaction
from django.forms.models import model_to_dict
from django.utils.translation import gettext_noop

from .models import AuditEntry
from .versions import tournament_changed

ALREADY_UNDONE = gettext_noop("This change has already been undone.")


def snapshot(instance: models.Model, fields: list[str] | None = None) -> dict:
    """A JSON-safe picture of a model instance's fields, for the before/after columns."""
    data = model_to_dict(instance, fields=fields)
    return {key: _json_safe(value) for key, value in data.items()}


def _json_safe(value):
    if isinstance(value, models.Model):
        return value.pk
    if isinstance(value, list | tuple):
        return [_json_safe(item) for item in value]
    if isinstance(value, Decimal):
        # JSON has no decimal; text keeps "0.5" exact where a float might not.
        return str(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def audit_record(
    *,
    by,
    action: str,
    obj: models.Model,
    tournament_id: int | None = None,
    scope: str = "",
    before: dict | None = None,
    after: dict | None = None,
    undoes: AuditEntry | None = None,
) -> AuditEntry:
    """Write one audit entry. `by` may be None for the system itself (imports, quickstart).

    A change to a tournament also renews its version, so its public pages stop answering 304.
    """
    if tournament_id is not None:
        tournament_changed(tournament_id)
    return AuditEntry.objects.create(
        actor=_actor(by),
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        tournament_id=tournament_id,
        scope=scope,
        before=before,
        after=after,
        undoes=undoes,
    )


def _actor(by):
    """The user an entry names: None for the system itself or an anonymous visitor."""
    return by if getattr(by, "is_authenticated", False) else None


def audit_created(
    *,
    by,
    action: str,
    objs: Sequence[models.Model],
    fields: list[str] | None,
    tournament_id: int | None = None,
    scope: str = "",
) -> None:
    """One ``action`` entry per new object, written in one statement (for bulk imports, where a
    row-by-row insert would be most of the import's time); ``fields`` None: all of them."""
    if tournament_id is not None:
        tournament_changed(tournament_id)
    actor = _actor(by)
    AuditEntry.objects.bulk_create(
        AuditEntry(
            actor=actor,
            action=action,
            object_type=obj._meta.label_lower,
            object_id=str(obj.pk),
            tournament_id=tournament_id,
            scope=scope,
            after=snapshot(obj, fields),
        )
        for obj in objs
    )


def audited_create(
    *,
    by,
    instance: models.Model,
    fields: list[str] | None,
    action: str,
    tournament_id: int | None = None,
    scope: str = "",
    check: Callable[[models.Model], None] | None = None,
):
    """Validate the unsaved `instance`, save it and audit it (`fields` in the after column;
    None: all of them).

    `check(instance)` may raise before anything is written.
    """
    with transaction.atomic():
        if check is not None:
            check(instance)
        _save_and_record(
            instance, by=by, action=action, fields=fields, tournament_id=tournament_id, scope=scope
        )
    return instance


def audited_update(
    *,
    by,
    instance: models.Model,
    fields: list[str],
    changes: dict | Callable[[models.Model], dict],
    action: str,
    tournament_id: int | None = None,
    scope: str = "",
    check: Callable[[models.Model, dict], None] | None = None,
    clean: Callable[[models.Model], None] | None = None,
    select_related: Sequence[str] = (),
    undoes: AuditEntry | None = None,
):
    """Lock `instance`'s row, apply `changes` (only names in `fields`), validate, save, audit.

    `changes` may be a function of the locked row, for new values that depend on the current
    ones. `check(locked_instance, changes)` may raise before anything is changed, and
    `clean(changed_instance)` after the changes are applied and before the model's own
    validation. `select_related` joins related rows into the locking query, which locks them
    too on PostgreSQL.
    """
    with transaction.atomic():
        locked = _locked(instance, select_related)
        if callable(changes):
            changes = changes(locked)
        unknown = set(changes) - set(fields)
        if unknown:
            raise ValueError(f"Unknown {instance._meta.model_name} fields: {sorted(unknown)}")
        before = snapshot(locked, fields)
        if check is not None:
            check(locked, changes)
        for name, value in changes.items():
            setattr(locked, name, value)
        if clean is not None:
            clean(locked)
        _save_and_record(
            locked,
            by=by,
            action=action,
            fields=fields,
            tournament_id=tournament_id,
            scope=scope,
            before=before,
            undoes=undoes,
        )
    return locked


def _save_and_record(
    instance: models.Model,
    *,
    by,
    action: str,
    fields: list[str] | None,
    tournament_id: int | None,
    scope: str,
    before: dict | None = None,
    undoes: AuditEntry | None = None,
) -> None:
    """The end of every audited create and update: validate, save, and record `fields` of the
    saved row in the after column."""
    instance.full_clean()
    instance.save()
    audit_record(
        by=by,
        action=action,
        obj=instance,
        tournament_id=tournament_id,
        scope=scope,
        before=before,
        after=snapshot(instance, fields),
        undoes=undoes,
    )


def _locked(instance: models.Model, select_related: Sequence[str] = ()) -> models.Model:
    rows = type(instance).objects.select_for_update().select_related(*select_related)
    return rows.get(pk=instance.pk)


def audited_delete(
    *,
    by,
    instance: models.Model,
    fields: list[str],
    action: str,
    tournament_id: int | None = None,
    scope: str = "",
    undoes: AuditEntry | None = None,
) -> None:
    """Lock `instance`'s row, audit it (`fields` in the before column) and delete it."""
    with transaction.atomic():
        locked = _locked(instance)
        audit_record(
            by=by,
            action=action,
            obj=locked,
            tournament_id=tournament_id,
            scope=scope,
            before=snapshot(locked, fields),
            undoes=undoes,
        )
        locked.delete()


def refuse_if_undone(entry: AuditEntry | None, refused: type[Exception]) -> None:
    """Raise ``refused`` (a ``Refusal``) when ``entry`` has been undone already. An undo checks
    this under the lock of what it changes, so of two simultaneous undos the second sees the
    first."""
    if entry is not None and AuditEntry.objects.filter(undoes=entry).exists():
        raise refused(ALREADY_UNDONE)
