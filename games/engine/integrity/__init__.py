"""PURE: the integrity desk's checks: a game's tiles, scores and times, its result, and the
patterns across an event; each check returns ``Flag``s (flags.py), never a verdict."""
