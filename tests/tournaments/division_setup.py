"""Shared set-up for the tournament service and page tests: a division, entries and results."""

from tests import factories
from tournaments.models import Pairing, Round


def field(count: int, *, director=None, rounds: int = 7, **division_fields):
    """A division of ``count`` checked-in entries numbered 1.. in rating order (#1 strongest)."""
    event = factories.tournament(director=director)
    division = factories.division(event, rounds=rounds, **division_fields)
    return division, factories.entries(division, count)


def play(pairing: Pairing, first_score: int, second_score: int) -> None:
    """Record a played result directly (the result-entry service is tested elsewhere)."""
    pairing.first_score, pairing.second_score = first_score, second_score
    pairing.save(update_fields=["first_score", "second_score"])


def play_round(division, number: int, *, margin=lambda pairing: 10 * (pairing.table or 1)):
    """Every game of the round won by the first player by ``margin(pairing)`` points."""
    rnd = Round.objects.get(division=division, number=number)
    for pairing in rnd.pairings.filter(kind=Pairing.Kind.PLAYED):
        play(pairing, 400 + margin(pairing), 400)


def games(division, number: int) -> set[frozenset[int]]:
    """The round's games as sets of player numbers (a bye is a one-player set)."""
    found = set()
    for p in Pairing.objects.filter(round__division=division, round__number=number).select_related(
        "first", "second"
    ):
        found.add(frozenset({p.first.number} | ({p.second.number} if p.second else set())))
    return found
