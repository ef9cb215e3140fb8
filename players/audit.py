"""Recording changes of state. Every service calls `audit_record` inside its transaction."""

from django.db import models
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
        scope=scope,
        before=before,
        after=after,
        undoes=undoes,
    )
