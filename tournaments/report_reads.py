"""Reads behind the printed reports, public pages and feeds, each a fixed number of queries.

``tournaments.selectors`` holds the division reads (``division_results``); this module adds what
the public side needs on top: the latest round, and the moment the
division last changed (the key of the pages' ETag and Last-Modified).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Q, Sum

from .models import Division, Pairing, Round


@dataclass(frozen=True, slots=True)
class RoundState:
    """The latest paired round of a division and how many of its games still lack a result."""

    number: int | None
    unreported: int

    @property
    def under_way(self) -> bool:
        return self.number is not None and self.unreported > 0


def latest_round(division: Division) -> RoundState:
    """The highest paired round and its count of unreported played games (1 query)."""
    last = (
        Round.objects.filter(division=division, pairings__isnull=False)
        .annotate(
            unreported=Count(
                "pairings",
                filter=Q(pairings__kind=Pairing.Kind.PLAYED)
                & (Q(pairings__first_score__isnull=True) | Q(pairings__second_score__isnull=True)),
            )
        )
        .order_by("-number")
        .values_list("number", "unreported")
        .first()
    )
    return RoundState(None, 0) if last is None else RoundState(last[0], last[1])


@dataclass(frozen=True, slots=True)
class Stamp:
    """When pages showing a division (or tournament) last changed, and a tag naming that state.

    ``reported_at`` alone misses a cleared result and an undo, so the tag also carries the count
    of pairings and the sum of their versions (every result write bumps a version).
    """

    changed_at: datetime | None
    tag: str


def rounds_stamp(rounds) -> Stamp:
    """The stamp of a queryset of rounds, in one aggregate query."""
    found = rounds.aggregate(
        paired=Max("paired_at"),
        reported=Max("pairings__reported_at"),
        games=Count("pairings"),
        versions=Sum("pairings__version"),
    )
    moments = [m for m in (found["paired"], found["reported"]) if m is not None]
    changed = max(moments) if moments else None
    stamp = changed.timestamp() if changed else 0
    return Stamp(changed, f"{stamp:.6f}-{found['games']}-{found['versions'] or 0}")


def division_stamp(division_id: int) -> Stamp:
    """The division's latest change (1 query)."""
    return rounds_stamp(Round.objects.filter(division_id=division_id))


def tournament_stamp(tournament_id: int) -> Stamp:
    """The latest change over every division of a tournament (1 query)."""
    return rounds_stamp(Round.objects.filter(division__tournament_id=tournament_id))
