"""Benchmarks that span apps; each module has ``run(out)`` and reads the clock (never the
pure cores). ``manage.py bench NAME`` runs them."""
