"""Recording changes of state. Every service calls `audit_record` inside its transaction."""

from django.db import models, transaction
from django.forms.models import model_to_dict

from .models import AuditEntry


def snapshot(instance: models.Model, fields: list[str] | None = None) -> dict:
    """A JSON-safe picture of a model instance's fields, for the before/after columns."""
    data = model_to_dict(instance, fields=fields)
    return {key: _json_safe(value) for key, value in data.items()}


def _json_safe(value):
    if isinstance(value, models.Model):
        return value.pk
    if isinstance(value, list | tuple):
        return [_json_safe(item) for item in value]
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
    """Write one audit entry. `by` may be None for the system itself (imports, quickstart)."""
    return AuditEntry.objects.create(
        actor=by if getattr(by, "is_authenticated", False) else None,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        tournament_id=tournament_id,
        scope=scope,
        before=before,
        after=after,
        undoes=undoes,
    )


def audited_update(
    *,
    by,
    instance: models.Model,
    fields: list[str],
    changes: dict,
    action: str,
    tournament_id: int | None = None,
    scope: str = "",
    check=None,
):
    """Lock `instance`'s row, apply `changes` (only names in `fields`), validate, save, audit.

    `check(locked_instance, changes)` may raise ValidationError before anything is written.
    """
    unknown = set(changes) - set(fields)
    if unknown:
        raise ValueError(f"Unknown {instance._meta.model_name} fields: {sorted(unknown)}")
    with transaction.atomic():
        locked = type(instance).objects.select_for_update().get(pk=instance.pk)
        before = snapshot(locked, fields)
        if check is not None:
            check(locked, changes)
        for name, value in changes.items():
            setattr(locked, name, value)
        locked.full_clean()
        locked.save()
        audit_record(
            by=by,
            action=action,
            obj=locked,
            tournament_id=tournament_id,
            scope=scope,
            before=before,
            after=snapshot(locked, fields),
        )
    return locked
