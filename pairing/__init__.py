"""Pure pairing systems of Tournament Desk (no Django, no clock, no global randomness).

Call ``registry.pair_round(system_name, RoundInput(...))`` to pair a round with the common
steps (fixed pairs, gibsonization, bye, first/second, tables); ``plan`` says which system
pairs which round; ``manual`` edits a paired round. Values live in ``types``.
"""
