"""The newest restore points of an event, for its page (directors only)."""

from ..models import RestorePoint, Tournament
from ..tables.restore_points import point_what

RECENT = 5


def recent_points(tournament: Tournament, count: int = RECENT) -> list[RestorePoint]:
    """The event's ``count`` newest points, each with ``what`` (why it was taken) in words."""
    points = list(
        RestorePoint.objects.filter(tournament=tournament).select_related("taken_by")[:count]
    )
    for point in points:
        point.what = point_what(point)
    return points
