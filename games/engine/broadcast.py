"""Broadcasting boards: which games show, what a delayed viewer may see, the limits (pure).

A game is broadcast when its event is public and a director marked it, or its table is among
the division's top tables. An event may hold its broadcasts back by a delay: a viewer sees the
sheet as it was saved ``delay`` minutes ago, never later. Racks (the tiles a scorekeeper noted
before a move) are shown only behind a delay long enough that nobody at the table can be told.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.refusal import Refusal, gettext_noop

MIN_DELAY_MINUTES, MAX_DELAY_MINUTES = 0, 60
MAX_TOP_TABLES = 50
# Racks are shown only behind at least this delay (a live rack could be passed to a player).
RACKS_MIN_DELAY_MINUTES = 15
# Every how many milliseconds a viewer asks for news (the page's poll). Behind a caching proxy
# that keeps a feed 1-2 s (nginx counts whole seconds) a 1 s poll brings a move to 1,000 viewers
# in 1.8 s (p50) / 3.1 s (p99) on a loaded 2-core box (`bench broadcast --proxy`); 1.5 s gave
# 2.4 / 5.0 s.
POLL_MS = 1000

DELAY_OUT_OF_RANGE = gettext_noop(
    "A broadcast delay is from %(low)d to %(high)d minutes (0: no delay)."
)
TOP_TABLES_OUT_OF_RANGE = gettext_noop(
    "The top tables to broadcast are from 0 to %(high)d (0: none)."
)


class BroadcastRefused(Refusal):
    """A broadcast setting outside its bounds."""


def checked_delay(minutes: int) -> int:
    """``minutes`` when it is a delay an event may have; refused otherwise."""
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise BroadcastRefused(DELAY_OUT_OF_RANGE, low=MIN_DELAY_MINUTES, high=MAX_DELAY_MINUTES)
    if not MIN_DELAY_MINUTES <= minutes <= MAX_DELAY_MINUTES:
        raise BroadcastRefused(DELAY_OUT_OF_RANGE, low=MIN_DELAY_MINUTES, high=MAX_DELAY_MINUTES)
    return minutes


def checked_top_tables(tables: int) -> int:
    """``tables`` when it is a number of top tables a division may broadcast; refused otherwise."""
    if isinstance(tables, bool) or not isinstance(tables, int) or not 0 <= tables <= MAX_TOP_TABLES:
        raise BroadcastRefused(TOP_TABLES_OUT_OF_RANGE, high=MAX_TOP_TABLES)
    return tables


def is_broadcast(*, public: bool, marked: bool, table: int | None, top_tables: int) -> bool:
    """Whether a game is shown: never for a private event; marked, or at a top table."""
    if not public:
        return False
    return marked or (table is not None and 1 <= table <= top_tables)


def cutoff_ms(now_ms: int, delay_minutes: int) -> int:
    """The moment a viewer's picture is taken at: ``delay_minutes`` before ``now_ms``."""
    return now_ms - checked_delay(delay_minutes) * 60_000


def visible_entries(saved_ms: Sequence[int | None], cutoff: int) -> int:
    """How many of the first entries (in sheet order) were saved by ``cutoff``.

    An entry changed later (a challenge recorded on it) carries the later moment, so it and
    everything after it stay hidden until that moment is past the cut-off. ``None`` is an entry
    saved before moments were kept: long past.
    """
    shown = 0
    for moment in saved_ms:
        if moment is not None and moment > cutoff:
            break
        shown += 1
    return shown


def racks_shown(delay_minutes: int) -> bool:
    """Whether the racks a scorekeeper noted may be shown behind this delay."""
    return delay_minutes >= RACKS_MIN_DELAY_MINUTES


def used_seconds(turns: Sequence[tuple[int, int | None]]) -> tuple[int, int]:
    """Each side's seconds used, from (side, seconds) of the sheet lines a viewer sees."""
    used = [0, 0]
    for side, seconds in turns:
        if seconds is not None and side in (0, 1):
            used[side] += seconds
    return used[0], used[1]
