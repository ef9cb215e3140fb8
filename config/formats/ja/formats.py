"""Japanese: Django's (``2026年11月23日``, ``9:05``), with a space between the day and the time
(Django writes ``2026年11月23日9:05``, where the day's 日 runs into the hour)."""

DATETIME_FORMAT = "Y年n月j日 G:i"
SHORT_DATETIME_FORMAT = "Y/m/d G:i"
