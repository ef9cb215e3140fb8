"""The note an event's pages carry about their times: which zone they are in, shown (by
``desk/zone-note.js``) only to a reader whose own clock is in another offset."""

from django import template
from django.utils import timezone

register = template.Library()


@register.inclusion_tag("partials/zone_note.html", takes_context=True)
def zone_note(context) -> dict:
    """The page's event zone (``tournaments.middleware.apply_event_time_zone``) with its
    current offset from UTC, in minutes and as ``+07:00``; nothing on other pages."""
    request = context.get("request")
    zone = getattr(request, "event_zone", None)
    if zone is None:
        return {"zone": None}
    offset = timezone.now().astimezone(zone).utcoffset()
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return {"zone": zone.key, "minutes": minutes, "offset": f"{sign}{hours:02d}:{rest:02d}"}
