"""Step 6: the hard constraints built from the standings (control loss and factor 3 live in
``control``). Each returns a ``Rule`` (or nothing) with log notes saying what it does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from core.refusal import gettext_noop

from . import rules as r
from .gibson import GibsonGroups, can_catch
from .messages import note
from .rules import Rule, forcing
from .standings import Field
from .weights import BYE

GROUPS_NOTE = gettext_noop("Gibson groups: %(groups)s; gibsonized outside the groups: %(outside)s.")
GIBSON_BYE_NOTE = gettext_noop(
    "A gibsonized player stands outside the groups, so only %(players)s may have the bye."
)
TOP_DOWN_NOTE = gettext_noop(
    "Top-down byes: the bye goes to %(player)s, the highest-ranked with the fewest byes (%(byes)s)."
)
KOTH_NOTE = gettext_noop("Final round, king of the hill among the cash contenders: %(pairs)s.")
CLASS_KOTH_NOTE = gettext_noop("Final round, class %(klass)s prize king of the hill: %(pairs)s.")


def label(field: Field, pos: int) -> str:
    """A player as the log shows them: name and standings position."""
    if pos == BYE:
        return "BYE"
    return f"{field.standings[pos].name} ({pos + 1})"


def _labels(field: Field, positions: Sequence[int]) -> str:
    return ", ".join(label(field, p) for p in positions) or "-"


def _pairs_text(field: Field, pairs: Sequence[tuple[int, int]]) -> str:
    return "; ".join(f"{label(field, a)} v {label(field, b)}" for a, b in pairs) or "-"


def group_rule(field: Field, groups: GibsonGroups) -> Rule | None:
    """No games across Gibson groups (only when gibsonized players split the field)."""
    if len(groups.groups) <= 1 and not groups.outside:
        return None
    group_of = {p: index for index, group in enumerate(groups.groups) for p in group}
    text = " | ".join(_labels(field, g) for g in groups.groups) or "-"
    detail = note(GROUPS_NOTE, groups=text, outside=_labels(field, groups.outside))
    return Rule(r.GROUPS, group_of=MappingProxyType(group_of), notes=(detail,))


def bye_rules(
    field: Field, locked: frozenset[int], groups: GibsonGroups, top_down: bool
) -> tuple[list[Rule], int | None]:
    """The rules on who may have an odd field's bye, and the one player forced to have it."""
    to_pair = field.to_pair
    if len(to_pair) % 2 == 0:
        return [], None
    found: list[Rule] = []
    candidates = list(to_pair)
    if groups.outside:
        candidates = [p for p in to_pair if p in locked]
        detail = note(GIBSON_BYE_NOTE, players=_labels(field, candidates))
        partners = MappingProxyType({BYE: frozenset(candidates)})
        found.append(Rule(r.GIBSON_BYE, partners, notes=(detail,)))
    if not top_down:
        return found, None
    recipient = min(candidates, key=lambda p: (field.standings[p].byes, p))
    detail = note(
        TOP_DOWN_NOTE, player=label(field, recipient), byes=field.standings[recipient].byes
    )
    found.append(forcing(r.TOP_DOWN, [(recipient, BYE)], (detail,)))
    return found, recipient


def koth_rule(
    field: Field, contenders_down_to: int, locked: frozenset[int], groups: GibsonGroups
) -> Rule | None:
    """Final round: the players to pair down to the lowest hopeful casher, gibsonized players
    skipped, play 1v2, 3v4, ... inside their Gibson group (an odd one out is left free)."""
    contenders = [p for p in field.to_pair if p <= contenders_down_to and p not in locked]
    pairs = _consecutive(contenders, groups)
    if not pairs:
        return None
    return forcing(r.KOTH, pairs, (note(KOTH_NOTE, pairs=_pairs_text(field, pairs)),))


def class_koth_rules(
    field: Field,
    class_prizes: Mapping[str, int],
    taken: frozenset[int],
    locked: frozenset[int],
    groups: GibsonGroups,
    gibson_spread: int,
) -> list[Rule]:
    """Final round: in each class with prizes, the members who can still reach a class prize
    (the top ``prizes`` of the class and whoever can catch the last of them) play king of the
    hill among themselves; players already forced by ``taken`` are skipped."""
    found = []
    free = set(field.to_pair) - taken - locked
    for klass, prizes in sorted(class_prizes.items()):
        members = [p for p in range(field.size) if field.standings[p].klass == klass]
        if prizes <= 0 or not members:
            continue
        line = field.standings[members[min(prizes, len(members)) - 1]]
        contenders = [
            p
            for k, p in enumerate(members)
            if k < prizes or can_catch(line, field.standings[p], field.rounds_left, gibson_spread)
        ]
        pairs = _consecutive([p for p in contenders if p in free], groups)
        if pairs:
            detail = note(CLASS_KOTH_NOTE, klass=klass, pairs=_pairs_text(field, pairs))
            found.append(forcing(r.CLASS_KOTH, pairs, (detail,)))
            free -= {p for pair in pairs for p in pair}
    return found


def _consecutive(players: Sequence[int], groups: GibsonGroups) -> list[tuple[int, int]]:
    """Pair 1v2, 3v4, ... within each group, in standings order."""
    by_group: dict[int | None, list[int]] = {}
    for p in players:
        by_group.setdefault(groups.group_of(p), []).append(p)
    pairs = []
    for members in by_group.values():
        pairs += list(zip(members[0::2], members[1::2], strict=False))
    return sorted(pairs)
