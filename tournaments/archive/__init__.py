"""A whole event in one JSON archive and back: ``export.py`` reads it, ``restore.py`` (the
service) checks and writes it, ``shape.py`` says what the format keeps. See README "Backups"."""
