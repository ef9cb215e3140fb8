"""When each entry of a rewritten sheet was saved: kept for the entries that did not change.

Every change rewrites the whole sheet, so the moments are carried over here: an entry that is
the same as before keeps its moment, a new or changed entry (a challenge recorded on it) is
saved now. A line the engine worked out takes the moment of the last entry before it. A
broadcast's delay hides every line saved after its cut-off (``games.engine.broadcast``).
"""

from collections.abc import Sequence

from django.utils import timezone

from games.engine.scoresheet import SheetEntry, SheetReplay

from ..models import Game


def entry_moments(game: Game, entries: Sequence[SheetEntry]) -> list:
    """The saved moment of each of ``entries`` (read before the old lines are deleted)."""
    previous = [] if game.pk is None else list(game.turns.filter(is_entry=True).order_by("number"))
    now = timezone.now()
    moments = []
    for index, entry in enumerate(entries):
        same = index < len(previous) and previous[index].as_entry() == entry
        moments.append(previous[index].saved_at if same else now)
    return moments


def line_moments(replay: SheetReplay, moments: Sequence) -> list:
    """The saved moment of each line of ``replay``, from its entries' ``moments``."""
    last = timezone.now() if not moments else None
    lines = []
    for line in replay.lines:
        if line.is_entry and line.entry is not None and line.entry < len(moments):
            last = moments[line.entry]
        lines.append(last)
    return lines
