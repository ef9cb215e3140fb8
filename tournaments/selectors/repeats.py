"""Reads for the pairing page's repeat warnings: the games of a paired round beyond the
division's repeat limit, and whether the system pairing the next round keeps the limit."""

from __future__ import annotations

from pairing.registry import LIMIT_IGNORED
from pairing.repeats import Rematch, rematches_beyond

from ..models import Division, Pairing


def round_rematches(division: Division, round_number: int) -> list[Rematch]:
    """Games of round ``round_number`` whose players had met more than the division's
    ``max_repeats`` times in the rounds before it."""
    rows = Pairing.objects.filter(
        round__division=division, round__number__lte=round_number, second__isnull=False
    ).values_list("round__number", "table", "first_id", "second_id")
    games, history = [], []
    for number, table, first, second in rows:
        if number == round_number:
            games.append((table, first, second))
        else:
            history.append((first, second))
    return rematches_beyond(games, history, division.max_repeats)


def ignores_repeat_limit(system: str) -> bool:
    """Whether ``system`` pairs without looking at the repeat limit."""
    return system in LIMIT_IGNORED
