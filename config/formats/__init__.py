"""The site's own date, time and number formats (``FORMAT_MODULE_PATH``), where Django's locale
formats are missing or not what the site shows.

Only the names a module defines are taken from it; the rest come from Django's module for the
language (Thai uses Django's as they are: ``23 พฤศจิกายน 2026``, Gregorian years). Every page,
printout and table reads them through ``core.formatting``, one format per kind:

- a day (``DATE_FORMAT``): ``23 Nov 2026``, ``2026年11月23日``, ``23 พฤศจิกายน 2026``,
  ``23 Novemba 2026``;
- a day and a time (``DATETIME_FORMAT``);
- a time of day (``TIME_FORMAT``), on a 24-hour clock in every language.

Input formats are left to Django (a browser's date field sends ISO 8601, which every language
accepts).
"""
