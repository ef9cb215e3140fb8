"""English: day first with the month's short name (``23 Nov 2026``), a 24-hour clock.

Django's own (``Nov. 23, 2026``, ``11/23/2026``, ``9:05 a.m.``) reads differently from one page
to the next and is ambiguous to readers outside the United States; events are international.
"""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j M"
YEAR_MONTH_FORMAT = "M Y"
