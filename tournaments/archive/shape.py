"""The event archive's format: its name and version, its size limit, and what it keeps of each
model, with the one way a record is written to and read back from JSON.

Records refer to each other by the ids they had in the database that wrote the archive (each
record's ``id``); the import gives every object a new id and translates the references (a
restore in place keeps the entries' ids, ``same_ids``). Users
are named by username, the club by slug and word lists by name, since those live outside the
event and are matched to what the importing site already has.
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Collection
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import IntegrityError, models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.refusal import Refusal
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
)
from ..models.entries import ENTRY_FIELDS
from ..models.events import DIVISION_FIELDS, TOURNAMENT_FIELDS

FORMAT = "tournament-desk-event"
VERSION = 2
# Version 1 kept payment as an entry status ("paid"); ``check.upgraded`` reads it as version 2.
READABLE_VERSIONS = (1, 2)
MAX_BYTES = 50 * 1024 * 1024
# An archive naming more problems than this is not worth reading further.
PROBLEM_LIMIT = 30
MESSAGE_LIMIT = 200


@dataclass(frozen=True)
class Shape:
    """What the archive keeps of one model: plain ``fields`` written as they are, and ``refs``,
    foreign keys written as the archive id of the object they point to."""

    model: type[models.Model]
    fields: tuple[str, ...]
    refs: tuple[str, ...] = ()
    # Fields added after version 1 (name, value when an older archive lacks them): written
    # like the others, and read as that value when absent.
    added: tuple[tuple[str, object], ...] = ()
    # References added after version 1: written like ``refs``, read as null when absent.
    added_refs: tuple[str, ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        added = (name for name, _value in self.added)
        return ("id", *self.fields, *added, *self.refs, *self.added_refs)

    @property
    def all_refs(self) -> tuple[str, ...]:
        return (*self.refs, *self.added_refs)

    @property
    def optional(self) -> dict[str, object]:
        """The keys an older archive may lack, with the value each is read as."""
        return dict(self.added) | dict.fromkeys(self.added_refs)

    @property
    def relations(self) -> set[str]:
        """Fields the import fills in itself: every relation, and the id."""
        return {f.name for f in self.model._meta.fields if f.is_relation} | {"id"}


_TOURNAMENT_ADDED = {
    "language": "",
    "thai_buddhist_era": None,
    "country": "",
    "paper_size": "a4",
    "time_zone": "",
}
# What the services may write, plus what only the system sets; the club travels by slug.
TOURNAMENT = Shape(
    Tournament,
    (
        *(f for f in TOURNAMENT_FIELDS if f not in ("club", *_TOURNAMENT_ADDED)),
        "finalized_at",
        "created_at",
    ),
    # An archive from before an event had a language, a Buddhist-era choice, a country, a paper
    # size and a time zone reads as none, automatic, none, A4 (all it printed on), the site's zone.
    added=tuple(_TOURNAMENT_ADDED.items()),
)
# What the division update may change, and its rules (their own service, added later), and
# whether self check-in is open (set by ``services.check_in`` alone, so not a division setting
# the update, the form, templates and next year's copy carry): an older archive reads closed.
DIVISION = Shape(
    Division,
    tuple(f for f in DIVISION_FIELDS if f != "avoid_team_rounds"),
    added=(
        ("rules_preset", ""),
        ("rules", {}),
        ("playoff", {}),
        ("prize_settings", {}),
        ("avoid_team_rounds", 0),
        ("check_in_open", False),
    ),
)
ENTRY = Shape(
    Entry,
    (*(f for f in ENTRY_FIELDS if f != "player"), "tsh_fields", "player_class"),
    refs=("player",),
    # The generation of the player's personal link: a link the director replaced stays void
    # after a restore in place (an archive from before reads as the first link).
    added=(("grade", ""), ("team", ""), ("link_generation", 0)),
)
ROUND = Shape(
    Round,
    ("number", "system", "based_on_round", "seed", "paired_at", "pairing_log"),
    added=(("started_at", None),),
)
PAIRING = Shape(
    Pairing,
    (
        "table",
        "sides_drawn",
        "sides_known",
        "kind",
        "first_score",
        "second_score",
        "version",
        "reported_at",
    ),
    refs=("first", "second", "forfeited_by"),
    added_refs=("playoff_winner",),
)
PIN = Shape(FixedPairing, ("round_number",), refs=("first", "second"))
PRIZE_BAND = Shape(
    PrizeBand,
    ("kind", "label", "places", "rating_low", "rating_high", "amount", "position"),
    # An archive from before prize money, trophies and the one-prize choice: none, automatic.
    added=(("money", ""), ("trophy", ""), ("exclusive", None)),
)
SCORE_REPORT = Shape(
    ScoreReport,
    ("first_score", "second_score", "status", "created_at", "settled_at"),
    refs=("pairing", "reported_by"),
    # The device's keyed hash (the integrity desk's "one device" flag); an archive from before
    # it was kept reads as an unknown device, as a report sent before devices were noted.
    added=(("device", ""),),
)
PLAYER = Shape(Player, ("name", "sort_name", "country", "member_id", "rating"))


ARCHIVE_REFUSED = gettext_noop("The archive cannot be imported:\n%(problems)s")


class ArchiveRefused(Refusal):
    """An archive that cannot be imported; ``problems`` name each fault by its place in the
    archive (each already translated when found, as Django's field validation gives them)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(ARCHIVE_REFUSED, problems="\n".join(problems))


@contextmanager
def database_rules_kept():
    """A write that breaks a rule of the database (one the checks did not foresee) refused as a
    fault of the archive, like the rest; the caller's transaction undoes what was written."""
    try:
        yield
    except IntegrityError as err:
        raise ArchiveRefused(
            [_("The archive breaks a rule of the database: %(reason)s") % {"reason": err}]
        ) from err


class Problems:
    """The faults found so far, each with its path in the archive."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.more = 0

    def add(self, path: str, message: str) -> None:
        if len(message) > MESSAGE_LIMIT:
            # Django's messages quote the value, which may be a whole list of records.
            message = message[: MESSAGE_LIMIT - 1] + "…"
        if len(self.items) < PROBLEM_LIMIT:
            self.items.append(f"{path}: {message}" if path else message)
        else:
            self.more += 1

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_any(self) -> None:
        if not self.items:
            return
        problems = list(self.items)
        if self.more:
            problems.append(_("… and %(count)d more problems.") % {"count": self.more})
        raise ArchiveRefused(problems)


def json_value(value):
    """A field's value as JSON keeps it: days and times in ISO 8601 with every digit, decimals
    as text (a float would round them)."""
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def dump_rows(shape: Shape, queryset, *extra: str) -> list[dict]:
    """Every row of ``queryset`` as the archive writes it (read as values: no model objects),
    with the ``extra`` columns the caller groups by. Only the columns that may hold a day, a
    time or a decimal are converted: a restore point of a large event reads a million values."""
    keys = (*shape.keys, *extra)
    converted = [key for key in keys if _may_need_converting(queryset.model, key)]
    rows = list(queryset.values(*keys))
    for row in rows:
        for key in converted:
            row[key] = json_value(row[key])
    return rows


def _may_need_converting(model: type[models.Model], key: str) -> bool:
    """False only for a column known not to be a day, a time or a decimal."""
    try:
        field = model._meta.get_field(key)
    except FieldDoesNotExist:
        return True  # a value across a relation (``lexicon__name``): converted to be sure
    if field.is_relation:
        return False  # read as the id it points to
    return isinstance(field, models.DateField | models.TimeField | models.DecimalField)


def load_record(shape: Shape, data, path: str, problems: Problems) -> models.Model | None:
    """An unsaved, validated instance of ``shape.model`` from one archive record, with each
    reference's archive id on its ``<ref>_id`` attribute; ``None`` (and problems) when the record
    is not usable."""
    if not isinstance(data, dict):
        problems.add(path, _("must be an object"))
        return None
    optional = shape.optional
    missing = [key for key in shape.keys if key not in data and key not in optional]
    for key in missing:
        problems.add(path, _("the key “%(key)s” is missing") % {"key": key})
    if missing:
        return None
    usable = archive_id(data["id"], f"{path}.id", problems) is not None
    for ref in shape.all_refs:
        value = data.get(ref)
        if value is not None and not is_int(value):
            problems.add(f"{path}.{ref}", _("must be an id (a whole number) or null"))
            usable = False
    values = {name: data[name] for name in shape.fields}
    values |= {name: data.get(name, copy.copy(default)) for name, default in shape.added}
    instance = shape.model(id=data["id"], **values)
    errors = untyped_values(instance, values)
    try:
        instance.clean_fields(exclude=shape.relations | set(errors))
    except ValidationError as err:
        errors |= err.message_dict
    for name, messages in errors.items():
        for message in messages:
            problems.add(f"{path}.{name}", message)
    if errors:
        return None
    if not usable:
        return None
    for ref in shape.all_refs:
        setattr(instance, f"{ref}_id", data.get(ref))
    return instance


def load_unnamed(shape: Shape, data, path: str, problems: Problems) -> models.Model | None:
    """``load_record`` of a record named by what holds it (a scoresheet's turns, by their game
    and number; its clock, by its game), with no id of its own: the instance has none either."""
    instance = load_record(
        shape, {"id": 0, **data} if isinstance(data, dict) else data, path, problems
    )
    if instance is not None:
        instance.pk = None
    return instance


def untyped_values(instance: models.Model, values: dict) -> dict[str, list[str]]:
    """What ``clean_fields`` would let through unread or not read at all, refused as it refuses
    the rest, by field name: a moment that is not text (its date parser takes only text), and a
    blank value (``""``, ``[]``, ``{}``, null) of a field that may be blank, which it skips: text
    may be empty but not null, a number or a moment neither. A blank value read is set on
    ``instance``."""
    errors = {}
    for name, value in values.items():
        field = instance._meta.get_field(name)
        if value is None and field.null or isinstance(field, models.JSONField) and value:
            continue
        try:
            if isinstance(field, DATE_FIELDS) and not isinstance(value, str | None):
                raise ValidationError(
                    field.error_messages["invalid"], code="invalid", params={"value": value}
                )
            if field.blank and value in field.empty_values:
                setattr(instance, field.attname, field.clean(value, instance))
        except ValidationError as err:
            errors[name] = err.messages
    return errors


DATE_FIELDS = (models.DateField, models.TimeField)  # a DateTimeField is a DateField


def is_int(value) -> bool:
    # JSON true and false are bools, which Python counts as ints.
    return isinstance(value, int) and not isinstance(value, bool)


def is_named(value, key: str) -> bool:
    """Whether ``value`` names something outside the event as the archive does: an object with
    its id (a whole number) and its ``key`` (text), as the club by ``slug``, a word list by
    ``name``."""
    return isinstance(value, dict) and isinstance(value.get(key), str) and is_int(value.get("id"))


def archive_id(value, path: str, problems: Problems) -> int | None:
    if not is_int(value):
        problems.add(path, _("must be an id (a whole number)"))
        return None
    return value


def object_list(data: dict, key: str, path: str, problems: Problems) -> list:
    """``data[key]`` when it is a list; otherwise a problem and an empty list."""
    value = data.get(key) if isinstance(data, dict) else None
    where = f"{path}.{key}" if path else key
    if isinstance(data, dict) and key not in data:
        problems.add(where, _("the key is missing"))
        return []
    if not isinstance(value, list):
        problems.add(where, _("must be a list"))
        return []
    return value


def load_many(record_shape: Shape, data: dict, key: str, path: str, problems: Problems) -> list:
    """The records of the list ``data[key]``, each checked; ids must not repeat."""
    where = f"{path}.{key}" if path else key
    checked, seen = [], set()
    for index, record in enumerate(object_list(data, key, path, problems)):
        instance = load_record(record_shape, record, f"{where}[{index}]", problems)
        if instance is None:
            continue
        if instance.pk in seen:
            problems.add(
                f"{where}[{index}].id", _("the id %(id)d appears twice") % {"id": instance.pk}
            )
        seen.add(instance.pk)
        checked.append(instance)
    return checked


def missing(archive_id) -> str:
    """A reference to a record the archive does not hold (where it may be held)."""
    return _("the archive holds no such record here (id %(id)s)") % {"id": archive_id}


def refs_held(record, refs, ids: Collection[int], path: str, problems, *, null=False) -> bool:
    """Whether each reference ``refs`` of ``record`` (an archive id) is one of ``ids``, or null
    where ``null``; each one that is not is named at ``path``."""
    held = True
    for ref in refs:
        value = getattr(record, f"{ref}_id")
        if (value is not None or not null) and value not in ids:
            problems.add(f"{path}.{ref}", missing(value))
            held = False
    return held


def record_ids(records) -> set[int]:
    """The ids of ``records`` that have one, valid or not: references are checked against
    these, so one bad field is reported once rather than again at everything pointing to it."""
    if not isinstance(records, list):
        return set()
    return {r["id"] for r in records if isinstance(r, dict) and is_int(r.get("id"))}
