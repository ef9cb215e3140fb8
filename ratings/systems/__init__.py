"""Rating systems as pure functions: plain dataclasses in, plain dataclasses out."""

from .messages import RatingError
from .registry import (
    SYSTEMS,
    RatingSystem,
    project_ratings,
    provisional_games,
    rate_event,
    recompute,
    system_config,
)
from .types import EventGame, GameKind, PlayerRating, RatedEvent, RatingChange

__all__ = [
    "SYSTEMS",
    "EventGame",
    "GameKind",
    "PlayerRating",
    "RatedEvent",
    "RatingChange",
    "RatingError",
    "RatingSystem",
    "project_ratings",
    "provisional_games",
    "rate_event",
    "recompute",
    "system_config",
]
