"""The rating systems by name, and the one entry point the rest of the site calls.

A rating list names its system ("naspa", "absp", "glicko2"); club events of a NASPA
list are rated with the "naspa-club" variant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from . import absp, glicko2, naspa
from .absp import AbspConfig
from .glicko2 import Glicko2Config
from .messages import NO_CLUB_VARIANT, UNKNOWN_SYSTEM, RatingError
from .naspa import NaspaConfig
from .types import EventGame, PlayerRating, RatedEvent, RatingChange

RatingSystemConfig = NaspaConfig | AbspConfig | Glicko2Config
Rater = Callable[..., dict[int, RatingChange]]


@dataclass(frozen=True, slots=True)
class RatingSystem:
    """A named rating system: its constants and, if any, the name of its club variant."""

    name: str
    config: RatingSystemConfig
    club_variant: str | None = None


SYSTEMS: Mapping[str, RatingSystem] = MappingProxyType(
    {
        "naspa": RatingSystem("naspa", naspa.NASPA, club_variant="naspa-club"),
        "naspa-club": RatingSystem("naspa-club", naspa.NASPA_CLUB, club_variant="naspa-club"),
        "absp": RatingSystem("absp", absp.ABSP),
        "glicko2": RatingSystem("glicko2", glicko2.GLICKO2),
    }
)

_RATERS: Mapping[type, Rater] = MappingProxyType(
    {NaspaConfig: naspa.rate, AbspConfig: absp.rate, Glicko2Config: glicko2.rate}
)


def provisional_games(system: str) -> int:
    """How many rated games a newcomer plays before the system treats their rating as settled:
    NASPA's newer-player multipliers end at 50 games, ABSP's rating is provisional for 30;
    Glicko-2 has no such count (its deviation says how sure the rating is), so 0."""
    if system in ("naspa", "naspa-club"):
        return naspa.EXPERIENCED_AFTER_GAMES
    if system == "absp":
        return absp.ABSP.provisional_games
    return 0


def system_config(system: str | RatingSystemConfig, *, club: bool = False) -> RatingSystemConfig:
    """The constants to rate with: a registered name (or its club variant) or a config as is."""
    if not isinstance(system, str):
        if not club:
            return system
        if isinstance(system, NaspaConfig):
            return replace(system, club=True, acceleration=False)
        raise RatingError(NO_CLUB_VARIANT, system=type(system).__name__)
    entry = SYSTEMS.get(system)
    if entry is None:
        raise RatingError(UNKNOWN_SYSTEM, system=system)
    if not club:
        return entry.config
    if entry.club_variant is None:
        raise RatingError(NO_CLUB_VARIANT, system=system)
    return SYSTEMS[entry.club_variant].config


def rate_event(
    ratings: Mapping[int, PlayerRating],
    games: Sequence[EventGame],
    *,
    system: str | RatingSystemConfig = "naspa",
    club: bool = False,
    rounds: int | None = None,
) -> dict[int, RatingChange]:
    """Rate one event (one division) and return each rated player's change.

    ``ratings`` is the list before the event (players absent or with rating None are
    newcomers); ``rounds`` is the scheduled number of rounds (NASPA splits events
    longer than 16 rounds by it), by default the last round present.
    """
    config = system_config(system, club=club)
    return _RATERS[type(config)](ratings, games, rounds=rounds, config=config)


# Projected ratings during an event are the event rated on the games played so far: not binding;
# pass the scheduled ``rounds`` so the segments are those the final rating will use.
project_ratings = rate_event


def recompute(
    events: Iterable[RatedEvent],
    *,
    system: str | RatingSystemConfig = "naspa",
    initial: Mapping[int, PlayerRating] | None = None,
) -> dict[int, PlayerRating]:
    """Re-rate a list from ``initial`` through ``events`` in order; the final list.

    Used after a corrected result: every later event is rated again from the
    ratings the corrected history produces.
    """
    ratings = dict(initial or {})
    for event in events:
        changes = rate_event(
            ratings, event.games, system=system, club=event.club, rounds=event.rounds
        )
        for player, change in changes.items():
            assert change.updated is not None
            ratings[player] = change.updated
    return ratings
