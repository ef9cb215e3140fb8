"""Results a broadcast delay still holds back from the public pages, feeds and files.

An event with a broadcast delay shows each board as it was that long ago, so the result its
scoresheet gave the pairing must not be public before the board shows the end: a reported
pairing whose scoresheet changed within the delay reads as not yet played on the division page,
live pairings, crosstable, player pages, statistics, ``feed.json`` and ``tourney.js``, and is
let out once the delay has passed since the sheet's last change. The division's stamp names the
held results and the moment the first is let out (``selectors.stamps``), so every kept page and
file is built again then. Whoever may enter the division's results sees every result on every
page and printout (``held_for``); the files other sites fetch (``tourney.js``, published
copies) are public and hold them for everyone.

The delay and the sheets are ``games``' (``EventBroadcast``, ``Game``): read here through the
ORM's reverse names ``tournament.broadcast`` and ``pairing.game``, as ``tournaments`` may not
import ``games``.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from core.permissions import RESULTS, may_change

from ..models import Pairing, Tournament
from ..models.rounds import unreported_q

NOTHING_HELD: frozenset[int] = frozenset()


def broadcast_delay(tournament_id: int) -> int:
    """The event's broadcast delay in minutes; 0 without one (1 query)."""
    found = (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("broadcast__delay_minutes", flat=True)
        .first()
    )
    return found or 0


def held_results(
    division_id: int, delay_minutes: int, now: datetime.datetime | None = None
) -> tuple[frozenset[int], datetime.datetime | None]:
    """The division's reported pairings whose scoresheet changed within the delay, and the
    moment the first of them is let out (``None`` when nothing is held; 1 query with a delay)."""
    if not delay_minutes:
        return NOTHING_HELD, None
    delay = datetime.timedelta(minutes=delay_minutes)
    since = (now or timezone.now()) - delay
    rows = (
        Pairing.objects.filter(round__division_id=division_id, game__updated_at__gt=since)
        .exclude(unreported_q())
        .values_list("pk", "game__updated_at")
    )
    held = {pk: changed for pk, changed in rows}
    first = min(held.values(), default=None)
    return frozenset(held), None if first is None else first + delay


def event_held(division_ids, delay_minutes: int, now: datetime.datetime | None = None):
    """The reported pairings of the divisions ``division_ids`` whose scoresheet changed within
    the delay (1 query with a delay, whatever the number of divisions)."""
    if not delay_minutes:
        return NOTHING_HELD
    since = (now or timezone.now()) - datetime.timedelta(minutes=delay_minutes)
    rows = Pairing.objects.filter(
        round__division_id__in=division_ids, game__updated_at__gt=since
    ).exclude(unreported_q())
    return frozenset(rows.values_list("pk", flat=True))


def division_held(division) -> frozenset[int]:
    """The results of ``division`` held back now (``held_results`` with its event's delay)."""
    return held_results(division.pk, broadcast_delay(division.tournament_id))[0]


def held_for(user, division) -> frozenset[int]:
    """The results a broadcast delay holds back from ``user``: none for those who may enter the
    division's results, who read the one record as it stands."""
    if may_change(user, division) or may_change(user, division, RESULTS):
        return NOTHING_HELD
    return division_held(division)


def hide_results(rows: list, held: frozenset[int]) -> list:
    """``rows`` with each held pairing read as a game not yet played."""
    if not held:
        return rows
    return [_unplayed(row) if row.pk in held else row for row in rows]


def _unplayed(row):  # a divisions.PairingRow (not imported: divisions imports this module)
    return row._replace(
        kind=Pairing.Kind.PLAYED.value,
        first_score=None,
        second_score=None,
        forfeited_by_id=None,
        playoff_winner_id=None,
    )


def hide_pairing_results(pairings: list[Pairing], held: frozenset[int]) -> list[Pairing]:
    """``pairings`` (read for a page, never saved) with each held one read as not yet played."""
    for pairing in pairings:
        if pairing.pk in held:
            pairing.kind = Pairing.Kind.PLAYED
            pairing.first_score = pairing.second_score = None
            pairing.forfeited_by = pairing.playoff_winner = None
    return pairings
