"""Named reads of one round: its pairings, the games still to report, the pins of a round."""

from django.db.models import F, QuerySet

from ..models import Division, Pairing, Round
from .playoffs import playoff_finished


def round_pairings(division: Division | int, number: int) -> QuerySet[Pairing]:
    """The pairings of one round by table, byes last, with both players' names (one query)."""
    return (
        Pairing.objects.filter(round__division=division, round__number=number)
        .select_related("first__player", "second__player", "round", "forfeited_by")
        .order_by(F("table").asc(nulls_last=True), "id")
    )


def division_rounds(division: Division) -> QuerySet[Round]:
    return division.round_set.order_by("number")


def unreported_games(round_: Round) -> list[Pairing]:
    """Played games of the round still waiting for a score (byes and forfeits are complete)."""
    return list(
        round_.pairings.unreported()
        .filter(second__isnull=False)
        .select_related("first__player", "second__player")
        .order_by("table", "id")
    )


def unreported_through(division: Division, through_round: int) -> QuerySet[Pairing]:
    """The division's games up to ``through_round`` still waiting for a score, by round and
    table, with both players' names: the one list of missing results (one query)."""
    return (
        Pairing.objects.filter(round__division=division, round__number__lte=through_round)
        .unreported()
        .select_related("round", "first__player", "second__player")
        .order_by("round__number", "table", "id")
    )


def missing_results(division: Division, through_round: int) -> dict[int, list[str]]:
    """Rounds up to ``through_round`` with unreported games: round -> tables (or player numbers)."""
    missing: dict[int, list[str]] = {}
    for pairing in unreported_through(division, through_round):
        label = str(pairing.table) if pairing.table else f"#{pairing.first.number}"
        missing.setdefault(pairing.round.number, []).append(label)
    return missing


def division_complete(division: Division, rounds: list[Round] | None = None) -> bool:
    """Whether the division's last round is paired and every game of every round is in: the
    division shows "Division complete" and its final report. One query when the last round is
    paired, none before; ``rounds``: the division's rounds in order, when already read. With a
    playoff, the playoff decides instead of the planned rounds: complete once its last series
    is decided (one query) and every game is in."""
    if division.playoff:
        if not playoff_finished(division):
            return False
    elif rounds is not None:
        if not rounds or rounds[-1].number < division.rounds:
            return False
    elif not Round.objects.filter(division=division, number__gte=division.rounds).exists():
        return False
    games = Pairing.objects.filter(round__division=division, second__isnull=False)
    return not games.unreported().exists()
