"""Who gets the bye in an odd field."""

from __future__ import annotations

from collections.abc import Sequence

from .types import Competitor


def choose_bye(competitors: Sequence[Competitor]) -> Competitor:
    """The bye goes to the lowest-ranked player among those with the fewest byes.

    ``competitors`` must be in standings order (best first).
    """
    fewest = min(c.byes for c in competitors)
    return [c for c in competitors if c.byes == fewest][-1]


def split_bye(
    competitors: Sequence[Competitor],
) -> tuple[Competitor | None, tuple[Competitor, ...]]:
    """For an odd field, take out the bye (see ``choose_bye``); return it and the even rest."""
    if len(competitors) % 2 == 0:
        return None, tuple(competitors)
    bye = choose_bye(competitors)
    return bye, tuple(c for c in competitors if c.id != bye.id)
