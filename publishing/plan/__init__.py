"""PURE: what a publish round is made of, apart from Django: the manifest of content hashes and
its diff (manifest.py), where each page of the site lands among the published files (paths.py),
how a rendered page is rewritten to stand on its own there (html.py), and what the last round
of an event found, kept in the process for the next one (kept.py)."""
