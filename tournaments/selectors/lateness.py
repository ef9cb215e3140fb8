"""Reads for late arrival (docs/RULES.md, Late arrival): which tables of a round
have not started, and from when the director may record a no-show.

A table counts as started once its result is in, once a player has reported its scores (a score
report, whatever became of it: the game was played), or once its scoresheet (``games``) has a
turn or its table clock has been started. The scoresheet lives in the app above, so it is read here
only through the reverse lookups ``game__turns`` and ``game__clock`` (no import of ``games``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q

from ..models import Pairing, Round
from ..models.rounds import unreported_q
from .rules import division_rules

# What "started" means for a table, as a filter on pairings.
STARTED = (
    ~unreported_q()
    | Q(score_reports__isnull=False)
    | Q(game__turns__isnull=False)
    | Q(game__clock__turn_of__isnull=False)
)


def unstarted_games(round_: Round) -> list[Pairing]:
    """Games of the round (byes aside) with no result, no score report, no scoresheet turn and
    no started clock."""
    started = Pairing.objects.filter(STARTED, round=round_).values("pk")
    return list(
        round_.pairings.filter(second__isnull=False)
        .exclude(pk__in=started)
        .select_related("first__player", "second__player")
        .order_by("table", "id")
    )


def late_forfeit_minutes(round_: Round) -> int | None:
    """The minutes late that forfeit a game in the round's division (``None``: no such rule)."""
    return division_rules(round_.division).late_forfeit_minutes


def no_show_from(round_: Round) -> datetime.datetime | None:
    """When a no-show may first be recorded: the round's start plus the late-forfeit minutes;
    ``None`` before the round starts or when the rules have no late forfeit."""
    minutes = late_forfeit_minutes(round_)
    if round_.started_at is None or minutes is None:
        return None
    return round_.started_at + datetime.timedelta(minutes=minutes)


@dataclass(frozen=True)
class LateArrivals:
    """What the result entry page shows of the round's start and its tables not yet started."""

    started_at: datetime.datetime | None
    minutes: int | None
    no_show_from: datetime.datetime | None
    may_record_no_show: bool
    unstarted: list[Pairing]
    # Milliseconds from the reading until no-shows may be recorded (None: not waiting for it),
    # so the page can refresh itself at that moment.
    ms_to_no_show: int | None = None


def late_arrivals(round_: Round, now: datetime.datetime) -> LateArrivals:
    """The round's late-arrival state at ``now`` (before the round starts: nothing to read)."""
    if round_.started_at is None:
        return LateArrivals(None, None, None, False, [])
    from_ = no_show_from(round_)
    waiting = from_ is not None and now < from_
    return LateArrivals(
        started_at=round_.started_at,
        minutes=late_forfeit_minutes(round_),
        no_show_from=from_,
        may_record_no_show=from_ is not None and now >= from_,
        unstarted=unstarted_games(round_),
        ms_to_no_show=min(MAX_WAIT_MS, _ms_until(now, from_)) if waiting else None,
    )


# The page polls anyway; one wait longer than this is not worth a timer of its own.
MAX_WAIT_MS = 60 * 60 * 1000


def _ms_until(now: datetime.datetime, moment: datetime.datetime) -> int:
    delta = moment - now
    return delta.days * 86_400_000 + delta.seconds * 1000 + -(-delta.microseconds // 1000)
