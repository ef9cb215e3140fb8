"""The newest restore points of an event, for its page (directors only)."""

from ..models import RestorePoint, Tournament

RECENT = 5


def recent_points(tournament: Tournament, count: int = RECENT) -> list[RestorePoint]:
    """The event's ``count`` newest points (``what`` says why each was taken)."""
    return list(
        RestorePoint.objects.filter(tournament=tournament).select_related("taken_by")[:count]
    )
