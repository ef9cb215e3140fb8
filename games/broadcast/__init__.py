"""The broadcast: what a viewer sees of an event's games behind its delay.

models.py (an event's delay, a division's top tables, the games a director marked; in the
``games`` app, registered through games/models.py), selectors.py (the named reads), boards.py
(a board's JSON for the feeds), forms.py, services.py (the audited writes), cache.py (the polled
feeds) and views/ (the public pages and feeds, and the director's page). The rules themselves
(delay, cut-off, what a record says) are the pure ``games.engine.broadcast``.
"""
