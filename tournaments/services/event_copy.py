"""A new event set up from last year's (its divisions with their settings, rules and prize bands,
and on request its players as registrations) or from a template (a saved set of divisions).

What a director expects of "copy last year's": the event's own settings (venue, rules, language,
country, paper, time zone, club, public or not, self-reporting) under a new name and dates, every
division as it was set up, its prize bands; never its rounds, results, pins or audit. With
``copy_entries`` each player is entered again as a fresh registration (not checked in, unpaid,
from round 1, the player's current rating, same number, team and class). One transaction: a
refused division leaves nothing behind. Every row written is audited.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_created, audited_create
from core.refusal import Refusal

from ..models import Division, Entry, EventTemplate, Tournament
from .divisions import DIVISION_FIELDS, division_create
from .entries import ENTRY_FIELDS
from .events import TOURNAMENT_FIELDS, tournament_create
from .prizes import BAND_FIELDS, prize_band_create

# Enough for any championship (King's Cup runs ~40); a template is bounded before it is stored.
MAX_DIVISIONS = 200
TEMPLATE_FIELDS = ["name", "divisions"]
COPIED_EVENT_FIELDS = [
    f for f in TOURNAMENT_FIELDS if f not in ("name", "slug", "start_date", "end_date")
]
SPEC_FIELDS = [*DIVISION_FIELDS, "rules_preset", "rules"]

TOO_MANY = gettext_noop("A template holds at most %(limit)s divisions, not %(count)s.")
NO_DIVISIONS = gettext_noop("“%(event)s” has no divisions to save as a template.")
TEMPLATE_TAKEN = gettext_noop("There is already a template called “%(name)s”.")
BAD_SPEC = gettext_noop("The template's division %(number)s cannot be read.")


class CopyRefused(Refusal):
    """A copy or template refused with a reason."""


def division_specs(tournament: Tournament) -> list[dict]:
    """Every division of ``tournament`` as plain values with its prize bands (two queries)."""
    specs = []
    for division in tournament.divisions.prefetch_related("prize_bands").order_by("name"):
        spec = {name: getattr(division, name) for name in SPEC_FIELDS}
        spec["prize_bands"] = [
            {name: getattr(band, name) for name in BAND_FIELDS}
            for band in division.prize_bands.all()
        ]
        specs.append(spec)
    return specs


def divisions_create_from(*, by, tournament: Tournament, specs: list[dict]) -> list[Division]:
    """Create ``specs`` (``division_specs`` values) in ``tournament``, with their prize bands."""
    if len(specs) > MAX_DIVISIONS:
        raise CopyRefused(TOO_MANY, limit=MAX_DIVISIONS, count=len(specs))
    created = []
    with transaction.atomic():
        for number, spec in enumerate(specs, start=1):
            if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
                raise CopyRefused(BAD_SPEC, number=number)
            settings = {k: spec[k] for k in SPEC_FIELDS if k in spec and k != "name"}
            division = division_create(by=by, tournament=tournament, name=spec["name"], **settings)
            for band in spec.get("prize_bands") or ():
                prize_band_create(by=by, division=division, **band)
            created.append(division)
    return created


def event_copy(
    *,
    by,
    source: Tournament,
    name: str,
    director=None,
    copy_entries: bool = False,
    **fields,
) -> Tournament:
    """A new event like ``source`` (``fields``: slug, dates or any other event field to differ)."""
    settings = {f: getattr(source, f) for f in COPIED_EVENT_FIELDS} | fields
    with transaction.atomic():
        event = tournament_create(by=by, name=name, director=director, **settings)
        divisions = divisions_create_from(by=by, tournament=event, specs=division_specs(source))
        if copy_entries:
            _copy_entries(by, source, {d.name: d for d in divisions})
    return event


def _copy_entries(by, source: Tournament, divisions: dict[str, Division]) -> None:
    """Each entry of ``source`` as a new registration in the division of the same name."""
    old = Entry.objects.filter(division__tournament=source).select_related("division", "player")
    by_division: dict[str, list[Entry]] = {}
    for entry in old.order_by("division__name", "number"):
        by_division.setdefault(entry.division.name, []).append(
            Entry(
                division=divisions[entry.division.name],
                player=entry.player,
                number=entry.number,
                rating=entry.player.rating or 0,
                team=entry.team,
                player_class=entry.player_class,
            )
        )
    for name, entries in by_division.items():
        audit_created(
            by=by,
            action="entry.copy",
            objs=Entry.objects.bulk_create(entries),
            fields=[*ENTRY_FIELDS, "team", "player_class"],
            tournament_id=divisions[name].tournament_id,
        )


def template_save(*, by, tournament: Tournament, name: str) -> EventTemplate:
    """Save ``tournament``'s divisions (settings, rules, prize bands) as a template."""
    specs = division_specs(tournament)
    if not specs:
        raise CopyRefused(NO_DIVISIONS, event=tournament.name)
    if len(specs) > MAX_DIVISIONS:
        raise CopyRefused(TOO_MANY, limit=MAX_DIVISIONS, count=len(specs))

    def check(template: EventTemplate) -> None:
        if EventTemplate.objects.filter(name=template.name).exists():
            raise CopyRefused(TEMPLATE_TAKEN, name=template.name)

    return audited_create(
        by=by,
        instance=EventTemplate(name=name.strip(), divisions=specs, created_by=by),
        fields=TEMPLATE_FIELDS,
        action="event_template.create",
        tournament_id=tournament.pk,
        check=check,
    )


def divisions_from_template(
    *, by, tournament: Tournament, template: EventTemplate
) -> list[Division]:
    """Add the template's divisions to ``tournament`` (all or none)."""
    return divisions_create_from(by=by, tournament=tournament, specs=list(template.divisions))
