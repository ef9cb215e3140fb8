"""A whole event as the export files see it (``tournaments.exports``), in three queries (and
one per division for the public ``tourney.js`` of an event with a broadcast delay).

The tournament's divisions, then every entry and every pairing of the event, whatever the
number of divisions or players. Each line is named as the ``.t`` export names it
(``selectors.tsh.line_name``: ``Surname, Given``); the date is the event's first day (else its
last, else today).
"""

from __future__ import annotations

from django.utils import timezone

from ..exports import EntryIn, ExportEvent, build_division
from ..models import Division, Entry, Pairing, Tournament
from .divisions import PAIRING_ROW_FIELDS, PairingRow, division_spreads
from .held import broadcast_delay, held_results, hide_results
from .tsh import line_name

_ENTRY_FIELDS = (
    "division_id",
    "pk",
    "player__name",
    "player__sort_name",
    "tsh_fields",
    "rating",
    "withdrawn_after_round",
)


def event_export(tournament: Tournament, *, public: bool = False) -> ExportEvent:
    """``tournament`` as an ``ExportEvent``, divisions by name; ``public``: as the public sees
    it, the results a broadcast delay holds back not yet played (``selectors.held``)."""
    divisions = list(tournament.divisions.order_by("name"))
    entries: dict[int, list[EntryIn]] = {d.pk: [] for d in divisions}
    query = Entry.objects.filter(division__tournament=tournament).order_by("division_id", "number")
    for division_id, pk, name, sort_name, fields, rating, withdrawn in query.values_list(
        *_ENTRY_FIELDS
    ):
        entries[division_id].append(
            EntryIn(pk, line_name(name, sort_name, fields or {}), rating, withdrawn is not None)
        )
    pairings: dict[int, list[PairingRow]] = {d.pk: [] for d in divisions}
    rows = (
        Pairing.objects.filter(round__division__tournament=tournament)
        .order_by("round__number", "table", "id")
        .values_list("round__division_id", *PAIRING_ROW_FIELDS)
    )
    make = PairingRow._make
    for row in rows:
        pairings[row[0]].append(make(row[1:]))
    day = tournament.start_date or tournament.end_date or timezone.localdate()
    delay = broadcast_delay(tournament.pk) if public else 0
    built = tuple(
        build_division(
            d.name,
            d.rounds,
            entries[d.pk],
            hide_results(pairings[d.pk], held_results(d.pk, delay)[0]),
            division_spreads(d),
        )
        for d in divisions
    )
    return ExportEvent(tournament.name, day, built)


def public_event_divisions(slug: str) -> tuple[int, tuple[str, ...]] | None:
    """The id and division names of the public event ``slug`` (1 query).

    None when there is no such public event, or it has no division yet (a feed without a
    division is one its readers reject).
    """
    rows = list(
        Division.objects.filter(tournament__slug=slug, tournament__is_public=True)
        .order_by("name")
        .values_list("tournament_id", "name")
    )
    if not rows:
        return None
    return rows[0][0], tuple(name for _id, name in rows)
