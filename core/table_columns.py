"""Table columns for days and moments: shown through ``core.formatting`` in the page's language,
exported to CSV as ISO 8601 (``2026-11-23``), which spreadsheets read as dates whatever language
the page was in."""

from __future__ import annotations

import django_tables2 as tables

from .formatting import fmt_date, fmt_datetime, iso_day, iso_moment


class DayColumn(tables.Column):
    """A day (a moment shows its day): ``23 Nov 2026`` on the page, ``2026-11-23`` in CSV."""

    def render(self, value) -> str:
        return fmt_date(value)

    def value(self, value) -> str:
        return iso_day(value)


class MomentColumn(tables.Column):
    """A day and a time of day: ``23 Nov 2026, 09:05`` on the page; in CSV ISO 8601 to the
    second with the offset (``2026-11-23T09:05:00+00:00``)."""

    def render(self, value) -> str:
        return fmt_datetime(value)

    def value(self, value) -> str:
        return iso_moment(value)
