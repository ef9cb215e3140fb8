"""Reads about rule sets: which divisions follow their event's, and what was played so far."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max, Min, Q

from games.engine.rules import RuleSet, TieRule

from ..models import Division, Pairing, Tournament


@dataclass(frozen=True)
class PlayedGames:
    """The results entered so far: how many, and the first and last round they are in."""

    count: int
    first_round: int
    last_round: int


def played_games(divisions) -> PlayedGames | None:
    """The results entered in ``divisions`` (a queryset), byes aside; None before the first."""
    entered = (
        Pairing.objects.filter(round__division__in=divisions)
        .exclude(kind=Pairing.Kind.BYE)
        .reported()
    )
    found = entered.aggregate(first=Min("round__number"), last=Max("round__number"))
    if found["first"] is None:
        return None
    return PlayedGames(entered.count(), found["first"], found["last"])


def inheriting_divisions(tournament: Tournament):
    """The divisions of ``tournament`` that play under its rules."""
    return tournament.divisions.filter(rules_preset="")


def unreported_game_of(division_id: int, entry_id: int) -> Pairing | None:
    """The entry's latest game in the division still waiting for its result (byes aside): the
    one a scorekeeper at its table keeps a sheet for."""
    return (
        Pairing.objects.filter(round__division_id=division_id)
        .filter(Q(first_id=entry_id) | Q(second_id=entry_id), second__isnull=False)
        .unreported()
        .order_by("-round__number")
        .first()
    )


def division_rules(division: Division) -> RuleSet:
    """The rule set in force in ``division`` (its own, or its event's)."""
    return division.rule_set()


# The tie rules under which a tied final score still has a winner, to be asked for when a
# director types the scores (docs/RULES.md, Ties).
TIE_BREAKING_RULES = frozenset({TieRule.PLAYOFF_WORD, TieRule.HIGHER_BEFORE_ADJUSTMENTS})


def tie_break_rule(division: Division) -> TieRule | None:
    """How a tied game in ``division`` gets its winner (a play-off word, or who led before the
    racks were counted); ``None`` when a tie stands as half a win each."""
    tie = division_rules(division).tie
    return tie if tie in TIE_BREAKING_RULES else None
