"""King of the hill: 1 v 2, 3 v 4, ... down the standings, honouring the division's repeat limit
as TSH's ``koth`` does with its repeats argument: the highest player still free plays the
nearest player below who has not met them more than ``max_repeats`` times, backing up when the
players left over could not all be paired that way. When no pairing of the field keeps the limit
(or the search grows past ``SEARCH_LIMIT`` steps) it pairs plain neighbours, and the pairing page
names the rematches beyond the limit."""

from __future__ import annotations

from .byes import split_bye
from .meetings import Meetings, pairings_from
from .types import PairingOut, RoundInput

# Steps of the search for pairs within the repeat limit before settling for plain neighbours;
# enough for any field whose limit can be kept with a few swaps near the bottom.
SEARCH_LIMIT = 20_000


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair neighbours in the standings, each with the nearest opponent within the repeat limit."""
    bye, field = split_bye(round_input.competitors)
    meetings = Meetings(round_input.history)
    ids = [c.id for c in field]
    pairs = nearest_within_limit(ids, meetings, round_input.settings.max_repeats)
    if pairs is None:
        pairs = list(zip(ids[0::2], ids[1::2], strict=True))
    return pairings_from(pairs, bye.id if bye else None, meetings)


def nearest_within_limit(
    ids: list[int], meetings: Meetings, max_repeats: int, limit: int = SEARCH_LIMIT
) -> list[tuple[int, int]] | None:
    """Pairs of ``ids`` (an even list in standings order): the first free player with the
    nearest free player below met at most ``max_repeats`` times, depth first; ``None`` when no
    such pairing exists or the search takes more than ``limit`` steps.

    The search keeps its own stack (one frame per pair chosen, holding the players still free
    and the next opponent to try), so a field of thousands does not reach Python's recursion
    limit."""
    steps = 0
    pairs: list[tuple[int, int]] = []
    frames: list[tuple[list[int], int]] = [(list(ids), 0)]
    while frames:
        free, start = frames[-1]
        if not free:
            return pairs
        top, rest = free[0], free[1:]
        for index in range(start, len(rest)):
            steps += 1
            if steps > limit:
                return None
            if meetings.times(top, rest[index]) > max_repeats:
                continue
            frames[-1] = (free, index + 1)  # where to go on if this choice fails below
            pairs.append((top, rest[index]))
            frames.append((rest[:index] + rest[index + 1 :], 0))
            break
        else:
            frames.pop()  # no opponent left for ``top``: undo the choice above
            if pairs:
                pairs.pop()
    return None
