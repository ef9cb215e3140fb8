"""Results, pure: what a game's result means (outcomes), the standings and tie-breaks, the
crosstable, statistics and prize awards, the typed result line, and how records and spreads are
written. Plain values in, plain values out; no Django (tests/test_pure_cores.py)."""
