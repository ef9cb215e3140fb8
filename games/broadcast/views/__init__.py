"""Broadcast pages: the public boards, grids, overlays and their feeds (public.py), and the
director's page that chooses what is broadcast (manage.py)."""
