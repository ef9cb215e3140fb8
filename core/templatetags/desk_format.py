"""``{% load desk_format %}``: the template side of ``core.formatting``.

``{{ value|day }}``, ``{{ value|day_time }}``, ``{{ value|time_of_day }}``,
``{{ start|days:end }}``, ``{{ event|event_day }}`` and ``{{ n|count }}``: the only way a template shows a date, a time or
a large count, so each kind has one format per language (tests/core/test_formatting.py refuses
Django's ``|date``/``|time`` filters with a format of their own in templates).
"""

from __future__ import annotations

from django import template

from core import formatting

register = template.Library()


# A date or a time is shown by its formatter itself (each says its format, and '' for None).
register.filter("day", formatting.fmt_date)  # ``23 Nov 2026``
register.filter("day_time", formatting.fmt_datetime)  # ``23 Nov 2026, 09:05``
register.filter("time_of_day", formatting.fmt_time)  # ``09:05``
register.filter("time_exact", formatting.fmt_time_exact)  # ``10:02:03``


@register.filter
def days(start, end=None) -> str:
    """An event's days: ``{{ tournament.start_date|days:tournament.end_date }}``."""
    return formatting.fmt_days(start or None, end or None)


@register.filter
def event_day(event) -> str:
    """An event's first day in its own era choice, for lists of events from many events
    (``{{ t|event_day }}``): a Thai event's day in Thai counts from the Buddhist era.
    ``event`` is anything with ``start_date`` and ``buddhist_era`` (a ``Tournament``)."""
    with formatting.buddhist_era(getattr(event, "buddhist_era", False)):
        return formatting.fmt_date(event.start_date)


@register.filter
def count(value):
    """A count with the language's grouping that still picks a plural form in
    ``{% blocktranslate count %}``."""
    if value is None or value == "":
        return ""
    return formatting.Count(value)
