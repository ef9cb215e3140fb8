"""Step 6's building block: a hard constraint removes games from the graph, never penalises.

A ``Rule`` restricts some players (or the bye, ``BYE``) to a set of allowed opponents, and may
keep games inside Gibson groups. Each has a translatable name so that an overconstrained round
can say which rule made it so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from core.refusal import gettext_noop

from .messages import Note

KOTH = gettext_noop("final-round king of the hill among the cash contenders")
CLASS_KOTH = gettext_noop("final-round class-prize king of the hill")
CONTROL_LOSS = gettext_noop("control loss")
FACTOR_3 = gettext_noop("factor 3")
GROUPS = gettext_noop("Gibson groups")
GIBSON_BYE = gettext_noop("only a gibsonized player may have the bye")
TOP_DOWN = gettext_noop("top-down byes")

# Stable keys for the rules, so that a director's choice to drop one survives a change of words.
KEYS = {
    "koth": KOTH,
    "class_koth": CLASS_KOTH,
    "control_loss": CONTROL_LOSS,
    "factor3": FACTOR_3,
    "groups": GROUPS,
    "gibson_bye": GIBSON_BYE,
    "top_down": TOP_DOWN,
}
KEY_OF = {name: key for key, name in KEYS.items()}


def _empty() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Rule:
    """One hard constraint: ``partners[p]`` are the only opponents ``p`` may have (``BYE`` as
    a key restricts who may have the bye); ``group_of`` keeps games inside groups (players
    missing from it are free). ``notes`` say what the rule did this round, for the log."""

    name: str
    partners: Mapping[int, frozenset[int]] = field(default_factory=_empty)
    group_of: Mapping[int, int] = field(default_factory=_empty)
    notes: tuple[Note, ...] = ()

    def allows(self, a: int, b: int) -> bool:
        """Whether the game ``a`` v ``b`` (either may be ``BYE``) survives this rule."""
        for one, other in ((a, b), (b, a)):
            allowed = self.partners.get(one)
            if allowed is not None and other not in allowed:
                return False
        ga, gb = self.group_of.get(a), self.group_of.get(b)
        return ga is None or gb is None or ga == gb


def forcing(name: str, pairs: Iterable[tuple[int, int]], notes: tuple[Note, ...]) -> Rule:
    """A rule that makes each pair play each other (``(p, BYE)``: p has the bye)."""
    partners: dict[int, frozenset[int]] = {}
    for a, b in pairs:
        partners[a] = frozenset({b})
        partners[b] = frozenset({a})
    return Rule(name, MappingProxyType(partners), notes=notes)


def allows_all(rules: Iterable[Rule], a: int, b: int) -> bool:
    """Whether every rule allows ``a`` v ``b``."""
    return all(rule.allows(a, b) for rule in rules)
