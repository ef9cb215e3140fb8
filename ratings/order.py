"""Where an event goes on a rating list (the reads; ``services.placing`` puts it there, and the
projections start from its place): in the order the events were played, one rule for club nights
and tournaments.

A club night is played on its date; a tournament on its last day (its first when it has no last,
and undated tournaments go where they are rated, after everything on the list). Events of the
same day stay in the order they were rated, except that a club night rated late still goes
before a night of its day that was opened after it.
"""

from datetime import date

from django.db.models import Q
from django.db.models.functions import Coalesce

from .models import RatingEvent, RatingList


def tournament_day(tournament) -> date | None:
    """The day a tournament counts as played on a list: its last day (or its only one)."""
    return tournament.end_date or tournament.start_date


def first_played_after(
    rating_list: RatingList, day: date | None, *, session_id: int | None = None
) -> RatingEvent | None:
    """The list's first event played after ``day`` (``session_id``: a club night of that day,
    which also goes before the nights of its day opened after it); ``None`` when none is, or
    when ``day`` is unknown."""
    if day is None:
        return None
    played_after = Q(club_session__date__gt=day) | Q(last_day__gt=day)
    if session_id is not None:
        played_after |= Q(club_session__date=day, club_session_id__gt=session_id)
    events = rating_list.events.annotate(
        last_day=Coalesce("tournament__end_date", "tournament__start_date")
    )
    return events.filter(played_after).order_by("order").first()
