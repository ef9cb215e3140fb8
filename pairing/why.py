"""Why this pairing? For Swiss and king of the hill, the rule that decided each game of a round.

``explain`` is given the round's input and the games ``registry.pair_round`` made, and says for
each game (or bye) which rule placed it: a pin, gibsonization, the bye rule, the score group
(and across groups), a repeat avoided or allowed, team-mates kept apart (``teams``), or the
king-of-the-hill neighbours. The notes are ``cop.messages.Note``s (English templates and values),
stored with the round like COP's log and translated when shown. One ``GAME`` note per game, its
``reasons`` the sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from core.refusal import gettext_noop

from .cop.messages import Note, note
from .gibson import clinched_first
from .meetings import Meetings
from .teams import avoiding, team_mates
from .types import Competitor, PairingOut, RoundInput


class Style(Enum):
    """How a system's games are explained (a system names its style in ``registry.SYSTEMS``)."""

    SCORE_GROUPS = "score_groups"  # Swiss: the score group, or across groups
    NEIGHBOURS = "neighbours"  # king of the hill: neighbours in the standings, or the nearest


GAME = "why-game"  # the kind of a game's note: its players and reasons (no text of its own)

PINNED = gettext_noop("Pinned by the director.")
GIBSON_GAME = gettext_noop(
    "Gibsonization: %(leader)s has clinched first and plays the highest-placed player who "
    "cannot finish in the prizes."
)
GIBSON_BYE = gettext_noop(
    "Gibsonization: %(leader)s has clinched first and takes the bye of the odd field."
)
BYE = gettext_noop(
    "Bye rule: the lowest-placed of the players with the fewest byes (%(byes)s before)."
)
SCORE_GROUP = gettext_noop("Score group: both had %(wins)s wins; the nearest in the standings.")
ACROSS_GROUPS = gettext_noop(
    "Across score groups: %(first_wins)s wins against %(second_wins)s, as the groups between "
    "could not be paired among themselves."
)
REPEAT_AVOIDED = gettext_noop("Repeat avoided: %(player)s had already played %(others)s.")
TEAM_MATES_APART = gettext_noop(
    "Team-mates kept apart: %(player)s was not paired with %(others)s, of the same team (%(team)s)."
)
REMATCH = gettext_noop(
    "A rematch (%(times)s earlier games), allowed by the limit of %(limit)s repeats."
)
REMATCH_FORCED = gettext_noop(
    "A rematch beyond the limit of %(limit)s repeats: no pairing of the round avoided it."
)
KOTH = gettext_noop("King of the hill: neighbours in the standings (places %(high)s and %(low)s).")
KOTH_NEAREST = gettext_noop(
    "King of the hill: the nearest opponent within the repeat limit (places %(high)s and %(low)s)."
)
MOST_NAMED = 3


def explain(style: Style, round_input: RoundInput, outs: Sequence[PairingOut]) -> list[Note]:
    """One ``GAME`` note per game and bye of ``outs``, in their order."""
    by_id = {c.id: c for c in round_input.competitors}
    order = {c.id: i for i, c in enumerate(round_input.competitors)}
    meetings = Meetings(round_input.history)
    pinned = {frozenset(pair) for pair in round_input.fixed_pairs}
    leader = None
    if round_input.settings.gibsonize:
        leader = clinched_first(
            round_input.competitors,
            round_input.rounds_left,
            round_input.settings.max_spread_per_round,
        )
    aside = {
        p for o in outs if leader in o.players or frozenset(o.players) in pinned for p in o.players
    }
    byes = {o.first for o in outs if o.is_bye}
    pool = [c for c in round_input.competitors if c.id not in aside and c.id not in byes]
    place = {c.id: i for i, c in enumerate(pool)}  # looked up per game: a field of 1,000 is paired
    notes = []
    for out in outs:
        if frozenset(out.players) in pinned:
            reasons = [note(PINNED)]
        elif leader in out.players:
            template = GIBSON_BYE if out.is_bye else GIBSON_GAME
            reasons = [note(template, leader=by_id[leader].name or str(leader))]
        elif out.is_bye:
            reasons = [note(BYE, byes=by_id[out.first].byes)]
        else:
            high, low = sorted((by_id[out.first], by_id[out.second]), key=lambda c: order[c.id])
            reasons = _game_reasons(style, high, low, (pool, place), meetings, round_input)
        notes.append(note(GAME, first=out.first, second=out.second, reasons=tuple(reasons)))
    return notes


def _game_reasons(
    style: Style,
    high: Competitor,
    low: Competitor,
    ranked: tuple[list[Competitor], dict[int, int]],
    meetings: Meetings,
    round_input: RoundInput,
) -> list[Note]:
    """``ranked``: the players paired by the system (not pinned, not Gibsonized, no bye) in
    standings order, and each one's index in it."""
    times = meetings.times(high.id, low.id)
    limit = round_input.settings.max_repeats
    pool, place = ranked
    between = []
    if high.id in place and low.id in place:
        between = pool[place[high.id] + 1 : place[low.id]]
    if style is Style.NEIGHBOURS:
        # King of the hill pairs neighbours, or the nearest opponent the repeat limit allows.
        template = KOTH_NEAREST if between else KOTH
        reasons = [note(template, high=high.rank, low=low.rank)]
    elif high.wins == low.wins:
        reasons = [note(SCORE_GROUP, wins=_wins(high.wins))]
    else:
        reasons = [note(ACROSS_GROUPS, first_wins=_wins(high.wins), second_wins=_wins(low.wins))]
    met = [c for c in between if meetings.times(high.id, c.id)]
    if met:
        others = ", ".join(c.name or str(c.id) for c in met[:MOST_NAMED])
        reasons.append(note(REPEAT_AVOIDED, player=high.name or str(high.id), others=others))
    mates = [c for c in between if team_mates(high, c)] if avoiding(round_input) else []
    if mates:
        others = ", ".join(c.name or str(c.id) for c in mates[:MOST_NAMED])
        player = high.name or str(high.id)
        reasons.append(note(TEAM_MATES_APART, player=player, team=high.team, others=others))
    if times > limit:
        reasons.append(note(REMATCH_FORCED, limit=limit))
    elif times:
        reasons.append(note(REMATCH, times=times, limit=limit))
    return reasons


def _wins(value: float) -> str:
    return f"{value:g}"
