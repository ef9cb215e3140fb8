"""Game pages: lists and viewer (games.py), the scoresheet entry page (sheet.py), word judge
(words.py)."""
