"""Reads behind the printed reports, public pages and feeds, each a fixed number of queries.

``tournaments.selectors`` holds the division reads (``division_results``); this module adds what
the public side needs on top: the latest round, and the moment the
division last changed (the key of the pages' ETag and Last-Modified).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.db.models import CharField, Count, Max, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Concat

from core.models import AuditEntry
from core.versions import stamp_seconds, tournament_version, tournament_version_key

from ..models import Division, Pairing, Round


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
    division_id: int | None = None
    tournament_id: int | None = None
    rounds_changed_at: datetime | None = None  # pairings and reports only, as division_stamp
    language: str = ""  # the event's language (public stamps): its pages' default


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
        .values(*STAMP_ROW, "audited", "audited_at")
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
    rounds = [found[m] for m in ("paired", "reported") if found[m] is not None]
    return Stamp(
        changed,
        tag,
        found["pk"],
        found["tournament_id"],
        max(rounds, default=None),
        found["tournament__language"],
    )


def public_stamp_key(slug: str, name: str) -> str:
    return "desk:public-stamp:" + hashlib.sha256(f"{slug}|{name}".encode()).hexdigest()


# Per process: the tournament of each kept stamp, so its version is read in the same round trip.
_tournament_of: dict[str, int] = {}
KNOWN_TOURNAMENTS = 10_000


def forget_stamps() -> None:
    _tournament_of.clear()


def cached_public_stamp(slug: str, name: str) -> Stamp | None:
    """``public_division_stamp`` kept in the cache while its tournament's version stands.

    A poll that finds the kept stamp under the current version costs one cache round trip (the
    stamp and the version together) and no query. The version is read before the database, so
    a change committed meanwhile leaves the kept stamp under a version already old; the first
    request for a division only learns its tournament, and keeps its stamp from the next
    request on. ``kept_public_stamp`` also gives other values read in that round trip.
    """
    return kept_public_stamp(slug, name)[0]


def kept_public_stamp(
    slug: str, name: str, also: tuple[str, ...] = ()
) -> tuple[Stamp | None, dict]:
    """``cached_public_stamp`` and the cache values of the keys ``also``, read with the stamp.

    The values of ``also`` are given only when the kept stamp stands (they are meant as keys
    derived from the stamp a caller expects).
    """
    key = public_stamp_key(slug, name)
    known = _tournament_of.get(key)
    wanted = [key, *also] + ([] if known is None else [tournament_version_key(known)])
    found = cache.get_many(wanted)
    kept = found.get(key)
    if kept is None:
        stamp = public_division_stamp(slug, name)
        if stamp is not None:
            cache.set(key, (stamp.tournament_id, None, None), stamp_seconds())
        return stamp, {}
    tournament_id, version, stamp = kept
    if known != tournament_id:
        if len(_tournament_of) >= KNOWN_TOURNAMENTS:
            _tournament_of.clear()
        _tournament_of[key] = tournament_id
    current = found.get(tournament_version_key(tournament_id))
    if current is None:  # not asked for yet, or evicted
        current = tournament_version(tournament_id)
    if version == current:
        return stamp, {k: found[k] for k in also if k in found}
    stamp = public_division_stamp(slug, name)
    if stamp is not None and stamp.tournament_id == tournament_id:
        cache.set(key, (tournament_id, current, stamp), stamp_seconds())
    else:
        cache.delete(key)  # private now, gone, or the name is another tournament's
    return stamp, {}


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
