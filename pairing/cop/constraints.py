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
    """The rules on who may have an odd field's bye, and the one player forced to have it.

    Top-down byes take precedence: the recipient comes from the whole field (fewest byes,
    higher rank on ties) and the gibsonized-bye restriction does not apply. Otherwise, with a
    gibsonized player in the bottom group, only a gibsonized player there may have the bye."""
    to_pair = field.to_pair
    if len(to_pair) % 2 == 0:
        return [], None
    if top_down:
        recipient = min(to_pair, key=lambda p: (field.standings[p].byes, p))
        detail = note(
            TOP_DOWN_NOTE, player=label(field, recipient), byes=field.standings[recipient].byes
        )
        return [forcing(r.TOP_DOWN, [(recipient, BYE)], (detail,))], recipient
    if not groups.outside:
        return [], None
    candidates = [p for p in to_pair if p in locked and p in groups.bottom]
    detail = note(GIBSON_BYE_NOTE, players=_labels(field, candidates))
    partners = MappingProxyType({BYE: frozenset(candidates)})
    return [Rule(r.GIBSON_BYE, partners, notes=(detail,))], None


def koth_rule(
    field: Field,
    contenders_down_to: int,
    locked: frozenset[int],
    groups: GibsonGroups,
    recipient: int | None = None,
) -> Rule | None:
    """Final round: the players to pair down to the lowest absolute casher
    (``contenders_down_to``), gibsonized players and the top-down bye's recipient skipped, play
    1v2, 3v4, ... inside their Gibson group; if the lowest absolute casher is the odd one out,
    they play the next player down (in their group, not gibsonized, not the recipient)."""

    def free(p: int) -> bool:
        return p not in locked and p != recipient

    contenders = [p for p in field.to_pair if p <= contenders_down_to and free(p)]
    pairs = _consecutive(contenders, groups)
    last = contenders_down_to
    if last in contenders and all(last not in pair for pair in pairs):
        below = [
            p
            for p in field.to_pair
            if p > last and free(p) and groups.group_of(p) == groups.group_of(last)
        ]
        pairs += [(last, below[0])] if below else []
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
    cash_chance: Sequence[float] = (),
    start: int = 0,
) -> list[Rule]:
    """Final round: class-prize king of the hill, one walk per class with prizes (see
    ``class_walk``). ``taken``: players already forced (cash king of the hill, the top-down
    bye) or otherwise not free; ``start``: the first position below the cash contenders."""
    found = []
    free = set(field.to_pair) - taken - locked
    for klass, prizes in sorted(class_prizes.items()):
        if prizes <= 0 or not klass:
            continue
        members = [p for p in range(field.size) if field.standings[p].klass == klass]
        above = [p for p in members if p < start and (cash_chance[p] if cash_chance else 0) < 1]
        places = prizes - len(above)
        if places < 1:  # nobody left to catch: no place for the walk to give
            continue
        walking = [p for p in members if p >= start]
        pairs = class_walk(field, walking, places, groups, gibson_spread)
        pairs = [(a, b) for a, b in pairs if a in free and b in free]
        if pairs:
            detail = note(CLASS_KOTH_NOTE, klass=klass, pairs=_pairs_text(field, pairs))
            found.append(forcing(r.CLASS_KOTH, pairs, (detail,)))
            free -= {p for pair in pairs for p in pair}
    return found


def class_walk(
    field: Field,
    members: Sequence[int],
    places: int,
    groups: GibsonGroups,
    gibson_spread: int,
) -> list[tuple[int, int]]:
    """Walk a class's members downwards with ``places`` still to give, counting places taken:
    when the next member cannot catch the current one in the one round left, the current one
    takes one place alone (the last place: the walk ends); otherwise the two are paired and
    take two places, the player to catch being the lower of the pair when exactly two places
    were left, the upper when one was. Once no place is left, pair the next two only while the
    lower of them can still catch the player to catch."""
    to_catch: int | None = None
    standing = field.standings

    def catches(upper: int, lower: int) -> bool:
        return groups.group_of(upper) == groups.group_of(lower) and can_catch(
            standing[upper], standing[lower], 1, gibson_spread
        )

    pairs: list[tuple[int, int]] = []
    index = 0
    while index < len(members):
        current = members[index]
        following = members[index + 1] if index + 1 < len(members) else None
        if places <= 0:
            if to_catch is None or following is None or not catches(to_catch, following):
                break
            pairs.append((current, following))
            index += 2
        elif following is None or not catches(current, following):
            places, index = places - 1, index + 1
            if places == 0:
                break
        else:
            to_catch = {2: following, 1: current}.get(places, to_catch)
            pairs.append((current, following))
            places, index = places - 2, index + 2
    return pairs


def _consecutive(players: Sequence[int], groups: GibsonGroups) -> list[tuple[int, int]]:
    """Pair 1v2, 3v4, ... within each group, in standings order."""
    by_group: dict[int | None, list[int]] = {}
    for p in players:
        by_group.setdefault(groups.group_of(p), []).append(p)
    pairs = []
    for members in by_group.values():
        pairs += list(zip(members[0::2], members[1::2], strict=False))
    return sorted(pairs)
