"""The director's changes to a paired round (swaps, games made by hand, byes) and pins.

Edits keep every untouched game (and its result) and refuse to drop a game that has one; pins
are read when their round is next paired (``rounds.round_pair``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from pairing import manual
from pairing.messages import SAME_PLAYER_EDIT
from pairing.types import PairingOut

from ..models import Division, Entry, FixedPairing, Pairing, Round
from .rounds import BAD_ROUND, RoundRefused, has_result, new_pairing, pairing_snapshot

NOT_PAIRED = gettext_noop("Round %(round)s has not been paired yet.")
EDIT_HAS_RESULT = gettext_noop(
    "Table %(table)s already has a result; clear it before changing that game."
)
NOT_IN_DIVISION = gettext_noop("Player #%(player)s is not in this division.")
ALREADY_PINNED = gettext_noop("Player #%(player)s is already pinned in round %(round)s.")


Edit = Callable[[list[PairingOut], list[tuple[int, int | None]]], list[PairingOut]]


def round_swap_players(
    *, by, division: Division, round_number: int, first: Entry, second: Entry
) -> Round:
    """``first`` and ``second`` exchange opponents, sides and tables."""
    return _edit(
        by,
        division,
        round_number,
        "round.swap",
        (first, second),
        lambda outs, history: manual.swap_players(outs, first.pk, second.pk, history),
    )


def round_pair_players(
    *, by, division: Division, round_number: int, first: Entry, second: Entry
) -> Round:
    """``first`` plays ``second``; their former opponents play each other (or take the bye)."""
    return _edit(
        by,
        division,
        round_number,
        "round.pair_together",
        (first, second),
        lambda outs, history: manual.pair_together(outs, first.pk, second.pk, history),
    )


def round_give_bye(*, by, division: Division, round_number: int, entry: Entry) -> Round:
    """``entry`` takes the bye; the former bye player takes over their opponent."""
    return _edit(
        by,
        division,
        round_number,
        "round.give_bye",
        (entry,),
        lambda outs, history: manual.give_bye(outs, entry.pk, history),
    )


def _edit(
    by, division: Division, round_number: int, action: str, entries: Sequence[Entry], change: Edit
) -> Round:
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        for entry in entries:
            if entry.division_id != division.pk:
                raise RoundRefused(NOT_IN_DIVISION, player=entry.number)
        rnd = division.round_set.filter(number=round_number).first()
        if rnd is None:
            raise RoundRefused(NOT_PAIRED, round=round_number)
        current = list(rnd.pairings.select_for_update().order_by("table", "id"))
        current.sort(key=lambda p: (p.second_id is None, p.table is None, p.table or 0, p.id))
        history = list(
            Pairing.objects.filter(
                round__division=division, round__number__lt=round_number
            ).values_list("first_id", "second_id")
        )
        outs = [
            PairingOut(p.first_id, p.second_id, p.table, sides_drawn=p.sides_drawn) for p in current
        ]
        edited = change(outs, history)
        before = pairing_snapshot(rnd.pairings.all())
        _apply(rnd, current, edited)
        audit_record(
            by=by,
            action=action,
            obj=rnd,
            tournament_id=division.tournament_id,
            before=before,
            after=pairing_snapshot(rnd.pairings.all()),
        )
        return rnd


def _apply(rnd: Round, current: list[Pairing], edited: list[PairingOut]) -> None:
    """Delete the games that changed and create their replacements; untouched games stay."""
    wanted = {(o.first, o.second, o.table): o for o in edited}
    existing = {(p.first_id, p.second_id, p.table): p for p in current}
    gone = [p for key, p in existing.items() if key not in wanted]
    for pairing in gone:
        if has_result(pairing):
            raise RoundRefused(EDIT_HAS_RESULT, table=pairing.table or "—")
    Pairing.objects.filter(pk__in=[p.pk for p in gone]).delete()
    Pairing.objects.bulk_create(
        [new_pairing(rnd, o) for key, o in wanted.items() if key not in existing]
    )


# Pins -----------------------------------------------------------------------------------------


def pin_pair(
    *, by, division: Division, round_number: int, first: Entry, second: Entry
) -> FixedPairing:
    """Pin ``first`` and ``second`` together for ``round_number`` (used when it is next paired)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if not 1 <= round_number <= division.rounds:
            raise RoundRefused(BAD_ROUND, round=round_number, total=division.rounds)
        if first.pk == second.pk:
            raise RoundRefused(SAME_PLAYER_EDIT)
        for entry in (first, second):
            if entry.division_id != division.pk:
                raise RoundRefused(NOT_IN_DIVISION, player=entry.number)
            pinned = division.fixed_pairings.filter(round_number=round_number)
            if pinned.filter(first=entry).exists() or pinned.filter(second=entry).exists():
                raise RoundRefused(ALREADY_PINNED, player=entry.number, round=round_number)
        pin = FixedPairing.objects.create(
            division=division, round_number=round_number, first=first, second=second
        )
        audit_record(
            by=by,
            action="round.pin",
            obj=pin,
            tournament_id=division.tournament_id,
            after={"round": round_number, "first": first.pk, "second": second.pk},
        )
        return pin


def pin_remove(*, by, pin: FixedPairing) -> None:
    """Take a pin away."""
    with transaction.atomic():
        before = {"round": pin.round_number, "first": pin.first_id, "second": pin.second_id}
        audit_record(
            by=by,
            action="round.unpin",
            obj=pin,
            tournament_id=pin.division.tournament_id,
            before=before,
        )
        pin.delete()
