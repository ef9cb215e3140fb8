"""Writes for games: scoresheets (games.py), GCG imports (imports.py), word lists (words.py)."""
