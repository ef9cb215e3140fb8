"""Pure rules engine of the crossword board game: no Django, no clock, no global randomness.

Callers import the module they need: the board and its squares (``board``), tiles and the bag
(``tiles``), moves (``moves``), scoring (``scoring``), rule sets and presets (``rules``), the
game as a state machine (``state``), the scoresheet replayed (``scoresheet``, ``replay``) and
GCG files (``gcg``). This package file imports nothing, so that importing one of them does not
load the rest.
"""
