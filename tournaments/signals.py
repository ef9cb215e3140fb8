"""Notices this app sends to the apps above it, which it must not import.

Ratings sit above tournaments; when a result of an already rated tournament is corrected, the
ratings app re-rates its lists. The signal is sent inside the correction's transaction, so a
refused re-rate rolls the correction back too.
"""

from django.dispatch import Signal

# Sent with ``tournament`` and ``by`` after a result of a finalized tournament changed.
rated_result_changed = Signal()
