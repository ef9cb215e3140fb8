"""Events, divisions, entries, rounds and pairings. Logic lives in the pure cores and services."""

from .entries import Entry
from .events import Division, Tournament, TournamentRole
from .reports import PrizeBand, ScoreReport
from .restore_points import RestorePoint
from .rounds import FixedPairing, Pairing, Round
from .templates import EventTemplate

__all__ = [
    "Division",
    "Entry",
    "EventTemplate",
    "FixedPairing",
    "Pairing",
    "PrizeBand",
    "RestorePoint",
    "Round",
    "ScoreReport",
    "Tournament",
    "TournamentRole",
]
