"""How the site writes dates, times and counts for people: one format per kind, in the active
language, the same on every page, table and printout.

- ``fmt_date``: a day (``23 Nov 2026``; ``2026年11月23日``; ``23 พฤศจิกายน 2026``, Gregorian
  years with Thai month names, or ``23 พฤศจิกายน 2569`` in the Buddhist era for an event that
  chose it; ``23 Novemba 2026``);
- ``fmt_datetime``: a day and a time of day (``23 Nov 2026, 09:05``);
- ``fmt_time``: a time of day (``09:05``);
- ``fmt_days``: an event's days (``23 Nov 2026 – 24 Nov 2026``);
- ``fmt_count``: a count that may run large (words in a word list) with the language's grouping
  (``279,496``).

The formats themselves are the language's ``DATE_FORMAT``, ``DATETIME_FORMAT`` and
``TIME_FORMAT``: Django's, or the site's own in ``config/formats/`` where Django's are missing
(Swahili) or not what the site shows. Moments are shown in the site's time zone.

Ratings, scores, spreads, averages and player or table numbers are small figures read as they
are: they print as plain digits (``tournaments.results.formatting``), never grouped, so ``1948`` reads
the same in a table and in a sentence. Machines get ISO 8601 instead: JSON feeds, archives,
rating submissions and CSV downloads (``iso_day``, ``iso_moment``), which spreadsheets read as
dates whatever the language of the page the download came from.

Thai documents count years in the Buddhist era (BE = CE + 543). Whether an event's dates do is
the event's choice (``Tournament.buddhist_era``); ``buddhist_era(on)`` sets it for a block of
code (a printout), and ``buddhist_era_from(source)`` lazily for a request (the event middleware:
``source`` is asked only when a Thai date is formatted). Only dates read in Thai change; times of
day, other languages and everything for machines (ISO 8601) stay Gregorian.

Templates use the filters of ``{% load desk_format %}``: ``|day``, ``|day_time``,
``|time_of_day``, ``|days:end``, ``|count``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token

from django.utils import formats, timezone, translation

EN_DASH = "–"
BUDDHIST_ERA_OFFSET = 543
# Whether Thai dates count years in the Buddhist era: a value, or a callable asked when needed.
_buddhist_era: ContextVar[bool | Callable[[], bool]] = ContextVar("buddhist_era", default=False)


def buddhist_year(year: int) -> int:
    """The Buddhist-era year of a Gregorian (common-era) year: 2026 -> 2569."""
    return year + BUDDHIST_ERA_OFFSET


@contextmanager
def buddhist_era(on: bool) -> Iterator[None]:
    """Within the block, Thai dates count years in the Buddhist era when ``on``."""
    token = _buddhist_era.set(bool(on))
    try:
        yield
    finally:
        _buddhist_era.reset(token)


def buddhist_era_from(source: Callable[[], bool] | bool) -> Token:
    """Set the era for the rest of this context (a request); ``source`` is called only when a
    Thai date is formatted. Undo with ``buddhist_era_reset(token)``."""
    return _buddhist_era.set(source)


def buddhist_era_reset(token: Token) -> None:
    _buddhist_era.reset(token)


def _in_buddhist_era() -> bool:
    if translation.get_language() != "th":
        return False
    value = _buddhist_era.get()
    return bool(value()) if callable(value) else value


def _with_year(format_string: str, year: int) -> str:
    """``format_string`` with its year (``Y``, ``y``) written as the literal ``year``."""
    out, escaped = [], False
    for char in format_string:
        if escaped:
            out.append("\\" + char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in "Yy":
            digits = str(year) if char == "Y" else f"{year % 100:02d}"
            out.append("".join("\\" + d for d in digits))
        else:
            out.append(char)
    return "".join(out)


def _date_format(value: datetime.date | datetime.datetime, setting: str) -> str:
    """``value`` in the language's ``setting`` format, in the Buddhist era where it applies."""
    format_string = formats.get_format(setting)
    if _in_buddhist_era():
        format_string = _with_year(format_string, buddhist_year(value.year))
    return formats.date_format(value, format_string)


def _moment(value: datetime.datetime) -> datetime.datetime:
    """``value`` in the site's time zone (a naive value is taken as already there)."""
    return timezone.localtime(value) if timezone.is_aware(value) else value


def _day(value: datetime.date | datetime.datetime) -> datetime.date:
    return _moment(value).date() if isinstance(value, datetime.datetime) else value


def fmt_date(value: datetime.date | datetime.datetime | None) -> str:
    """A day in the active language (a moment gives its day in the site's time zone); '' for
    None."""
    if value is None or value == "":
        return ""
    return _date_format(_day(value), "DATE_FORMAT")


def fmt_datetime(value: datetime.datetime | None) -> str:
    """A day and a time of day in the active language, in the site's time zone; '' for None."""
    if value is None or value == "":
        return ""
    return _date_format(_moment(value), "DATETIME_FORMAT")


def fmt_time(value: datetime.datetime | datetime.time | None) -> str:
    """A time of day in the active language (a moment in the site's time zone); '' for None."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.datetime):
        value = _moment(value)
    return formats.time_format(value, "TIME_FORMAT")


def fmt_time_exact(value: datetime.datetime | datetime.time | None) -> str:
    """A time of day to the second (``10:02:03``), for a moment a director waits for; '' for
    None. The language's time format with the seconds after the minutes."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.datetime):
        value = _moment(value)
    return formats.time_format(value, formats.get_format("TIME_FORMAT").replace("i", "i:s", 1))


def fmt_days(start: datetime.date | None, end: datetime.date | None = None) -> str:
    """An event's days: one day, or the first and last joined by an en dash ('' for none)."""
    if start is None or end is None or _day(start) == _day(end):
        return fmt_date(start if start is not None else end)
    return f"{fmt_date(start)} {EN_DASH} {fmt_date(end)}"


def fmt_count(value: int | None) -> str:
    """A whole count with the active language's grouping (``279,496``); '' for None."""
    if value is None or value == "":
        return ""
    return formats.number_format(int(value), force_grouping=True)


class Count(int):
    """A count that prints with the language's grouping and still counts as an int.

    ``{% blocktranslate count words=n|count %}`` needs the number to choose the plural form,
    and shows the same variable: this keeps both, and the sentence's msgid, unchanged.
    """

    def __str__(self) -> str:
        return fmt_count(int(self))

    def __html__(self) -> str:
        # Django's number formatting hands back an int it does not group as it is; a template
        # then escapes it through ``__html__``.
        return str(self)


def iso_day(value: datetime.date | datetime.datetime | None) -> str:
    """A day for machines: ``2026-11-23`` ('' for None)."""
    return "" if value is None or value == "" else _day(value).isoformat()


def iso_moment(value: datetime.datetime | None) -> str:
    """A moment for machines, to the second with its offset: ``2026-11-23T09:05:00+00:00``."""
    if value is None or value == "":
        return ""
    return _moment(value).replace(microsecond=0).isoformat()
