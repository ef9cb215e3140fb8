"""The audit log in words: one describer per action turns an entry into a plain sentence
("Checked in Anna Okafor", "Table 3: 402–380 → 380–402").

Each app registers the describers of its own actions in its ``AppConfig.ready`` (so core imports
no app). A describer is called with the entry and the object it is about, fetched in bulk for a
page of entries (one query per kind of object, with the joins the app asked for), or None when
the object is gone. An action nobody described, or a describer that cannot tell (it returns an
empty string), gets the generic sentence: what kind of object, which one, what happened.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

from .models import AuditEntry

Describer = Callable[[AuditEntry, models.Model | None], str]

_DESCRIBERS: dict[str, Describer] = {}
_RELATED: dict[str, tuple[str, ...]] = {}


def register(describers: dict[str, Describer], *, related: dict[str, Sequence[str]] = ()) -> None:
    """Describe these actions (action name -> describer). ``related`` names, per object type
    (``"tournaments.entry"``), the joins its describers read (``["player"]``)."""
    _DESCRIBERS.update(describers)
    for object_type, joins in dict(related).items():
        _RELATED[object_type] = tuple(joins)


def naming(template: str, snapshot_key: str = "name") -> Describer:
    """A describer filling ``%(name)s`` in ``template`` (marked with gettext_noop) with the
    object's own text, or once it is gone the ``snapshot_key`` of its before/after snapshot."""

    def describe(entry: AuditEntry, obj: models.Model | None) -> str:
        snapshot = entry.after or entry.before or {}
        name = str(obj) if obj is not None else snapshot.get(snapshot_key, "")
        return _(template) % {"name": name} if name else ""

    return describe


@dataclass(frozen=True, slots=True)
class DescribedEntry:
    entry: AuditEntry
    text: str
    obj: models.Model | None


def describe_entries(entries: Iterable[AuditEntry]) -> list[DescribedEntry]:
    """Each entry with its sentence (a fixed number of queries: one per kind of object)."""
    entries = list(entries)
    objects = _objects(entries)
    described = []
    for entry in entries:
        obj = objects.get((entry.object_type, entry.object_id))
        described.append(DescribedEntry(entry, describe(entry, obj), obj))
    return described


def describe(entry: AuditEntry, obj: models.Model | None = None) -> str:
    """The sentence for one entry (``obj``: the object it is about, when already fetched)."""
    describer = _DESCRIBERS.get(entry.action)
    text = ""
    if describer is not None:
        try:
            text = describer(entry, obj)
        except (KeyError, TypeError, ValueError, AttributeError):
            text = ""  # an old entry whose snapshot lacks a field: say what we can
    return text or generic_sentence(entry, obj)


def generic_sentence(entry: AuditEntry, obj: models.Model | None = None) -> str:
    """'Changed division "A"', 'Created club #4': the kind of object, which one, what happened."""
    kind = _kind(entry.object_type)
    which = f'"{obj}"' if obj is not None else f"#{entry.object_id}"
    verb = entry.action.rsplit(".", 1)[-1]
    if verb in ("create", "add", "import", "upload"):
        return _("Added %(kind)s %(which)s") % {"kind": kind, "which": which}
    if verb in ("delete", "remove", "role_remove"):
        return _("Removed %(kind)s %(which)s") % {"kind": kind, "which": which}
    return _("Changed %(kind)s %(which)s") % {"kind": kind, "which": which}


def _login_unlock(entry: AuditEntry, obj) -> str:
    who = entry.before.get("username") or entry.before.get("ip_address") or ""
    return _("Lifted the login lock on %(who)s") % {"who": who} if who else ""


def _profile_language(entry: AuditEntry, obj) -> str:
    language = (entry.after or {}).get("language", "")
    names = dict(settings.LANGUAGES)
    return _("Chose %(language)s as the account's language") % {
        "language": str(names.get(language, language))
    }


def register_describers() -> None:
    register({"login.unlock": _login_unlock, "profile.language": _profile_language})


def _kind(object_type: str) -> str:
    try:
        return str(apps.get_model(object_type)._meta.verbose_name)
    except (LookupError, ValueError):
        return _("record")


def _objects(entries: list[AuditEntry]) -> dict[tuple[str, str], models.Model]:
    ids: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        ids[entry.object_type].add(entry.object_id)
    found = {}
    for object_type, wanted in ids.items():
        try:
            model = apps.get_model(object_type)
        except (LookupError, ValueError):
            continue
        keys = [key for key in wanted if key.isdigit()]
        rows = model._default_manager.select_related(*_RELATED.get(object_type, ()))
        for pk, obj in rows.in_bulk(keys).items():
            found[(object_type, str(pk))] = obj
    return found
