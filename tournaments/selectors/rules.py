"""The rules a division's games are played under: the one place that reads them.

Today the rules are the event's (a preset and changes); per-division rules replace the body of
``division_rules`` and every caller follows.
"""

from games.engine.rules import PRESETS, RuleSet, TieRule, rules_from_dict

from ..models import Division


def division_rules(division: Division) -> RuleSet:
    """The rule set in force in ``division``."""
    own = getattr(division, "rule_set", None)
    if callable(own):
        return own()
    tournament = division.tournament
    base = PRESETS.get(tournament.rules_preset, RuleSet())
    return rules_from_dict(tournament.rules or {}, base=base)


def ties_need_playoff(division: Division) -> bool:
    """Whether a tied game in ``division`` is decided by a play-off word (seed 004)."""
    return division_rules(division).tie is TieRule.PLAYOFF_WORD
