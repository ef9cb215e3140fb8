"""Swiss pairing: within wins, then by spread, avoiding repeats, as a min-penalty matching.

Each possible game gets a penalty; the round is the perfect matching with the least total.
Penalty tiers, steepest first (each tier outweighs everything below it summed over a round):
meeting more often than ``max_repeats`` allows, any repeat at all, team-mates (only in the
rounds ``PairingSettings.avoid_team_rounds`` keeps teams apart, see ``teams``), the difference in
wins, and the distance in the standings (which, inside one wins group, is the spread order).
Only opponents near in the standings are candidates, so the graph stays small; the window
widens while the matching is imperfect or holds a repeat (or team-mates that the field could
keep apart), up to the complete graph. Each window's matching is solved by structure
(``swiss_local``): neighbours in the standings are paired, and the exact matching runs only in
stretches around the neighbours' games that are repeats or team-mates, with the same least
penalty as the exact matching of the whole graph (``swiss_pairs_exact``, kept as the reference).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from .byes import split_bye
from .matching import min_penalty_matching
from .meetings import Meetings
from .swiss_local import LocalMatcher, local_pairs
from .teams import avoiding, separable, team_mates
from .types import Competitor, PairingOut, PairingSettings, RoundInput

EXCESS_WEIGHT = 10**14
REPEAT_WEIGHT = 10**10
TEAM_WEIGHT = 10**8
WIN_WEIGHT = 10**4
# Caps keep every total inside 64-bit integers for fields of a few thousand players.
MAX_COUNTED_MEETINGS = 10
MAX_COUNTED_HALF_WINS = 20
MAX_COUNTED_RANKS = 100


def penalty(
    a: Competitor, b: Competitor, distance: int, met: int, max_repeats: int, apart: bool = False
) -> int:
    """The Swiss penalty for pairing ``a`` and ``b`` who stand ``distance`` places apart;
    ``apart``: this round keeps team-mates apart."""
    excess = min(max(0, met - max_repeats), MAX_COUNTED_MEETINGS)
    half_wins = min(round(abs(a.wins - b.wins) * 2), MAX_COUNTED_HALF_WINS)
    ranks = min(distance, MAX_COUNTED_RANKS)
    return (
        excess * EXCESS_WEIGHT
        + min(met, MAX_COUNTED_MEETINGS) * REPEAT_WEIGHT
        + (TEAM_WEIGHT if apart and team_mates(a, b) else 0)
        + half_wins * half_wins * WIN_WEIGHT
        + ranks * ranks
    )


def candidate_edges(
    field: Sequence[Competitor],
    meetings: Meetings,
    settings: PairingSettings,
    window: int,
    apart: bool = False,
) -> list[tuple[int, int, int]]:
    """Penalised candidate games ``(i, j, penalty)`` between positions of ``field``.

    Each player gets everyone within ``window`` places, and the window is stretched for a
    player until they have ``settings.swiss_min_candidates`` opponents they have never met.
    """
    count = len(field)
    edges: dict[tuple[int, int], int] = {}
    for i, player in enumerate(field):
        fresh = 0
        for distance in range(1, count):
            if distance > window and fresh >= settings.swiss_min_candidates:
                break
            for j in (i - distance, i + distance):
                if not 0 <= j < count:
                    continue
                met = meetings.times(player.id, field[j].id)
                fresh += met == 0
                key = (min(i, j), max(i, j))
                if key not in edges:
                    edges[key] = penalty(
                        player, field[j], distance, met, settings.max_repeats, apart
                    )
    return [(i, j, weight) for (i, j), weight in edges.items()]


def swiss_pairs(
    field: Sequence[Competitor],
    meetings: Meetings,
    settings: PairingSettings,
    apart: bool = False,
) -> list[tuple[Competitor, Competitor]]:
    """Pair an even ``field`` (standings order); each pair is returned best-placed first.

    The window doubles until the graph is complete, where an even field always has a perfect
    matching; an odd field has none, and is refused rather than widened for ever. ``apart``
    weighs team-mates games (and widens for them only when the field can avoid them all).
    Each window's matching is ``swiss_local``'s: exact around the neighbours' games that are
    repeats or team-mates, the neighbours' games elsewhere; ``swiss_pairs_exact`` is the
    reference it is measured against.
    """

    def matched(window: int) -> list[tuple[int, int]] | None:
        local = LocalMatcher(
            field, meetings, settings, window, apart, penalty, MAX_COUNTED_HALF_WINS
        )
        return local_pairs(local, partial(exact_matching, field, meetings, settings, window, apart))

    return _widening(field, meetings, settings, apart, matched)


def swiss_pairs_exact(
    field: Sequence[Competitor],
    meetings: Meetings,
    settings: PairingSettings,
    apart: bool = False,
) -> list[tuple[Competitor, Competitor]]:
    """``swiss_pairs`` with one exact matching of the whole candidate graph at each window."""
    return _widening(
        field,
        meetings,
        settings,
        apart,
        partial(exact_matching, field, meetings, settings, apart=apart),
    )


def exact_matching(
    field: Sequence[Competitor],
    meetings: Meetings,
    settings: PairingSettings,
    window: int,
    apart: bool = False,
) -> list[tuple[int, int]] | None:
    """The least penalised matching of the whole candidate graph at ``window``."""
    return min_penalty_matching(
        len(field), candidate_edges(field, meetings, settings, window, apart)
    )


def _widening(
    field: Sequence[Competitor],
    meetings: Meetings,
    settings: PairingSettings,
    apart: bool,
    matching: Callable[[int], list[tuple[int, int]] | None],
) -> list[tuple[Competitor, Competitor]]:
    window = max(1, settings.swiss_window)
    widen_for_teams = apart and separable(field)
    while True:
        complete = window >= len(field) - 1
        matched = matching(window)
        if matched is not None and (
            complete
            or all(
                meetings.times(field[i].id, field[j].id) == 0
                and not (widen_for_teams and team_mates(field[i], field[j]))
                for i, j in matched
            )
        ):
            return [(field[i], field[j]) for i, j in matched]
        if complete:
            raise ValueError(f"Swiss pairs an even field, not {len(field)} players")
        window *= 2


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair one Swiss round; an odd field's bye goes by ``byes.choose_bye``."""
    bye, field = split_bye(round_input.competitors)
    meetings = Meetings(round_input.history)
    out = [
        PairingOut(first=a.id, second=b.id, repeats=meetings.times(a.id, b.id))
        for a, b in swiss_pairs(field, meetings, round_input.settings, avoiding(round_input))
    ]
    if bye is not None:
        out.append(PairingOut(first=bye.id, second=None))
    return out
