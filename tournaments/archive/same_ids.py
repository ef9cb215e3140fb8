"""A restore in place is the same event: its entries keep their ids.

A player's personal link and short code (printed on the scorecard and the result slips) name
the entry by its id and link generation (``selectors.entry_links``), so the entries an archive
restored in place holds keep the ids they had, and the links printed before keep opening the
same players' pages. A copy or an import is a new event: its entries get new ids, and the
original's links never open it.

The archive restored in place is one of the event's own restore points, so each of its entry ids
was handed out to this event's entry; the rows holding them were deleted by the restore's clear
in the same transaction (or before it: a division deleted by mistake). An id is kept only when
no row holds it now and the database has handed it out already (on PostgreSQL, at most its
sequence's last value, so no later insert is given it again); otherwise the entry gets a new
one. An entry's link generation is the higher of the archived one and the one it had just
before the restore, so a link the director replaced after the point stays void.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, models

from ..models import Entry, Tournament


@dataclass(frozen=True)
class SameEntries:
    """The event's entries just before a restore in place: link generation by id."""

    generations: dict[int, int]


def same_entries(tournament: Tournament) -> SameEntries:
    """Read before the event is cleared."""
    entries = Entry.objects.filter(division__tournament=tournament)
    return SameEntries(dict(entries.values_list("pk", "link_generation")))


def entry_ids_kept(entries: list[Entry], same: SameEntries) -> set[int]:
    """The archive ids of ``entries`` (unsaved, holding them) that may be theirs again; each
    entry's link generation is raised to the one it had before the restore (1 or 2 queries)."""
    wanted = {entry.pk for entry in entries}
    taken = set(Entry.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    issued = last_issued(Entry)
    for entry in entries:
        entry.link_generation = max(entry.link_generation, same.generations.get(entry.pk, 0))
    return {pk for pk in wanted - taken if issued is None or pk <= issued}


def last_issued(model: type[models.Model]) -> int | None:
    """The highest id PostgreSQL's sequence of ``model`` has handed out (0: none yet); ``None``
    where an explicit id moves the counter past itself (SQLite's AUTOINCREMENT, MySQL)."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_sequence_last_value(pg_get_serial_sequence(%s, %s)::regclass)",
            [model._meta.db_table, model._meta.pk.column],
        )
        (value,) = cursor.fetchone()
    return value or 0
