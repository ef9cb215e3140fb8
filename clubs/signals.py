"""Notices this app sends to the apps above it, which it must not import.

A club night may be rated into a club's list; when one of its games is added or corrected, the
ratings app re-rates from that night. Sent inside the change's transaction.
"""

from django.dispatch import Signal

# Sent with ``session`` and ``by`` after a rated game of a club night was added or corrected.
rated_session_changed = Signal()
