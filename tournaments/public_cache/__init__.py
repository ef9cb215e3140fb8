"""The public pages kept for phones (see http.py)."""
