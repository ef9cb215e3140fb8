"""Which people a viewer may see, for every layer: the one rule pickers, searches and duplicate
checks read through.

A person known to the viewer only through events the viewer may not see stays hidden: naming them
(in a picker, a search, or "a player like this already exists") would tell who plays there. The
rule itself needs the events, which sit above this app, so the events app registers it here when
it starts (``tournaments.selectors.visibility.visible_players``, from ``TournamentsConfig.ready``);
players and clubs read it through ``visible_players`` without importing from beside or above.
"""

from collections.abc import Callable

from django.db.models import QuerySet

from .models import Player

Rule = Callable[[object, QuerySet], QuerySet]
_RULES: dict[str, Rule] = {}


def register_rule(name: str, rule: Rule) -> None:
    """Add (or replace) a rule that narrows the players ``user`` may see."""
    _RULES[name] = rule


def visible_players(user, players: QuerySet[Player] | None = None) -> QuerySet[Player]:
    """``players`` (default: all) that ``user`` may see, by every registered rule."""
    players = Player.objects.all() if players is None else players
    for rule in _RULES.values():
        players = rule(user, players)
    return players


def rule_names() -> list[str]:
    return sorted(_RULES)
