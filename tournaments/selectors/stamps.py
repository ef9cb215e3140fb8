"""Reads behind the printed reports, public pages and feeds, each a fixed number of queries.

``tournaments.selectors`` holds the division reads (``division_results``); this module adds what
the public side needs on top: the latest round, and the moment the
division last changed (the key of the pages' ETag and Last-Modified).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import CharField, Count, Max, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Concat

from core.models import AuditEntry

from ..models import Division, Pairing, Round
from ..models.rounds import unreported_q
from .held import held_results


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
                filter=unreported_q("pairings__"),
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
    division_id: int | None = None
    tournament_id: int | None = None
    rounds_changed_at: datetime | None = None  # pairings and reports only, as division_stamp
    language: str = ""  # the event's language (public stamps): its pages' default
    # Public stamps: the results a broadcast delay holds back (``selectors.held``), and the
    # moment the first is let out: the stamp is stale from then on.
    held: frozenset[int] = frozenset()
    held_until: datetime | None = None

    def is_stale(self, now: datetime) -> bool:
        """Whether a held result has been let out since the stamp was made."""
        return self.held_until is not None and now >= self.held_until


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


STAMP_ROW = ("pk", "tournament_id", "tournament__language", "paired", "reported", "tally")
DELAY = "tournament__broadcast__delay_minutes"


def _public_stamp_row(slug: str, name: str) -> dict | None:
    """The figures a public division's stamp is made of, in one query."""
    rounds = Round.objects.filter(division=OuterRef("pk")).order_by().values("division")
    pairings = (
        Pairing.objects.filter(round__division=OuterRef("pk")).order_by().values("round__division")
    )
    audit = AuditEntry.objects.filter(tournament_id=OuterRef("tournament_id")).order_by("-pk")
    return (
        Division.objects.filter(tournament__slug=slug, tournament__is_public=True, name=name)
        .order_by()
        .annotate(
            paired=Subquery(rounds.annotate(v=Max("paired_at")).values("v")),
            reported=Subquery(pairings.annotate(v=Max("reported_at")).values("v")),
            # games and version sum as one text: one scan of the pairings rather than two
            tally=Subquery(pairings.annotate(v=_text(Count("pk"), Sum("version"))).values("v")),
            audited=Subquery(audit.values("pk")[:1]),
            audited_at=Subquery(audit.values("at")[:1]),
        )
        .values(*STAMP_ROW, "audited", "audited_at", DELAY)
        .first()
    )


def public_division_stamp(slug: str, name: str) -> Stamp | None:
    """The stamp of the pages of a public division (1 query); None if it has nothing to stamp.

    As ``rounds_stamp``, plus the latest audited change in its tournament: every service write
    is audited with its tournament, so a registration, a withdrawal or a new tie-break,
    which change the standings but no pairing, still give the pages a new stamp.
    """
    found = _public_stamp_row(slug, name)
    if found is None:
        return None
    moments = [found[m] for m in ("paired", "reported", "audited_at") if found[m] is not None]
    if not moments:
        return None
    changed = max(moments)
    tag = f"{changed.timestamp():.6f}-{found['tally']}-{found['audited'] or 0}"
    held, held_until = held_results(found["pk"], found[DELAY] or 0)
    if held:
        tag += f"-held{len(held)}-{sum(held)}"
    rounds = [found[m] for m in ("paired", "reported") if found[m] is not None]
    return Stamp(
        changed,
        tag,
        found["pk"],
        found["tournament_id"],
        max(rounds, default=None),
        found["tournament__language"],
        held,
        held_until,
    )


def _text(*figures) -> Concat:
    """``figures`` (numbers, possibly NULL) as one text joined by dashes, in SQL."""
    parts = [Cast(Coalesce(figure, 0), CharField()) for figure in figures]
    joined = [parts[0]]
    for part in parts[1:]:
        joined += [Value("-"), part]
    return Concat(*joined, output_field=CharField())


def division_stamp(division_id: int) -> Stamp:
    """The division's latest change (1 query)."""
    return rounds_stamp(Round.objects.filter(division_id=division_id))


def tournament_stamp(tournament_id: int) -> Stamp:
    """The latest change over every division of a tournament (1 query)."""
    return rounds_stamp(Round.objects.filter(division__tournament_id=tournament_id))
