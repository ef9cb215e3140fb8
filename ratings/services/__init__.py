"""Writes for rating lists: rating a tournament or a club night into a list, and re-rating.

Each service locks the list row first, so two ratings of one list are applied one after the
other in a definite order. The pure core (`ratings.systems`) does the arithmetic; these modules
translate between its dataclasses and the list's rows. Refusals, the core's among them, are
``RatingRefused``. ``lists`` holds lists, tournaments and re-rating; ``club_nights`` a club's own
list and its nights; ``seeding`` where a player starts on a list.
"""

from .club_nights import (
    club_rating_list_start,
    club_session_rate,
    club_session_rerate,
    club_session_unrate,
)
from .lists import (
    RatingRefused,
    rating_list_create,
    rating_list_recompute,
    rating_seed,
    rerate_after_result_change,
    rerate_after_session_change,
    tournament_rate,
)
from .seeding import seed_newcomers

__all__ = [
    "RatingRefused",
    "club_rating_list_start",
    "club_session_rate",
    "club_session_rerate",
    "club_session_unrate",
    "rating_list_create",
    "rating_list_recompute",
    "rating_seed",
    "rerate_after_result_change",
    "rerate_after_session_change",
    "seed_newcomers",
    "tournament_rate",
]
