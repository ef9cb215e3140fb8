"""Notices this app sends to the apps above it, which it must not import.

Ratings sit above tournaments; when a result of an already rated tournament is corrected, the
ratings app re-rates its lists. Games sit above tournaments too; when a game's result is entered
on the result page, the games app stops that game's table clock. The signal is sent inside the correction's transaction, so a
refused re-rate rolls the correction back too.
"""

from django.dispatch import Signal

# Sent with ``tournament`` and ``by`` after a result of a finalized tournament changed.
rated_result_changed = Signal()

# Sent with ``pairing`` and ``by`` after any result of a pairing was saved, cleared or undone
# (inside the write's transaction): the games app stops the table clock of a game now over.
result_saved = Signal()
