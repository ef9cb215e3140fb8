"""COP (Castellano-O'Connor Pairing): contention-aware pairing for the second half of an event.

Pure like the rest of ``pairing``: no Django, no clock, randomness only from the
request's seed. The method is described in ``shared/COP.md``; ``engine.pair_request`` runs it.
This package file imports nothing so that ``types`` can import ``settings`` without a cycle.
"""
