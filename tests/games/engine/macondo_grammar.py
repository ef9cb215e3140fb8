"""The line rules of macondo's GCG reader (domino14/macondo ``gcgio``, which liwords' GCG upload
uses), re-implemented for the tests from reading its patterns, no code copied.

Each line is searched (not anchored) against the patterns in macondo's order; the first that
matches names the line. A line no pattern matches is refused, unless it follows a ``#note``
line after the first move (it is then taken as more of that note) or is blank. A ``#note`` line
before the first move is read as a ``key: value`` setting. Player, title, description, id and
lexicon lines must come before the first move; a ``#character-encoding`` line only first.
"""

from __future__ import annotations

import re

LETTERS = r"(?:[^\W\d_]|[\\.])+"  # Go's [\p{L}\\.]+ : letters, '.' and '\'
PATTERNS = [
    ("player", r"#player(?P<n>[1-2])\s+(?P<nick>\S+)\s+(?P<name>.+)"),
    ("title", r"#title\s*(?P<title>.*)"),
    ("description", r"#description\s*(?P<text>.*)"),
    ("id", r"#id\s*(?P<auth>\S+)\s+(?P<id>\S+)"),
    ("rack1", r"#rack1 (?P<rack>\S+)"),
    ("rack2", r"#rack2 (?P<rack>\S+)"),
    ("encoding", r"#character-encoding (?P<enc>[!-~]+)"),
    ("move", r">(?P<nick>\S+):\s+(?P<rack>\S+)\s+(?P<pos>\w+)\s+(?P<play>" + LETTERS + r")"
             r"\s+\+(?P<score>\d+)\s+(?P<cumul>\d+)"),
    ("note", r"#note (?P<note>.+)"),
    ("lexicon", r"#lexicon (?P<lexicon>.+)"),
    ("phony", r">(?P<nick>\S+):\s+(?P<rack>\S+)\s+--\s+-(?P<lost>\d+)\s+(?P<cumul>\d+)"),
    ("pass", r">(?P<nick>\S+):\s+(?P<rack>\S+)\s+-\s+\+0\s+(?P<cumul>\d+)"),
    ("challenge", r">(?P<nick>\S+):\s+(?P<rack>\S*)\s+\(challenge\)\s+\+(?P<bonus>\d+)"
                  r"\s+(?P<cumul>\d+)"),
    ("exchange", r">(?P<nick>\S+):\s+(?P<rack>\S+)\s+-(?P<tiles>\S+)\s+\+0\s+(?P<cumul>\d+)"),
    ("end_rack", r">(?P<nick>\S+):\s+\((?P<rack>\S+)\)\s+\+(?P<score>\d+)\s+(?P<cumul>-?\d+)"),
    ("time", r">(?P<nick>\S+):\s+(?P<rack>\S*)\s+\(time\)\s+-(?P<penalty>\d+)\s+(?P<cumul>-?\d+)"),
    ("rack_penalty", r">(?P<nick>\S+):\s+(?P<rack>\S+)\s+\((?P<counted>\S+)\)\s+-(?P<penalty>\d+)"
                     r"\s+(?P<cumul>-?\d+)"),
]  # fmt: skip
COMPILED = [(name, re.compile(pattern)) for name, pattern in PATTERNS]
HEADER_ONLY = {"player", "title", "description", "id", "lexicon"}
EVENTS = {"move", "phony", "pass", "challenge", "exchange", "end_rack", "time", "rack_penalty"}


def line_kind(line: str) -> str | None:
    for name, pattern in COMPILED:
        if pattern.search(line):
            return name
    return None


def refusals(text: str) -> list[str]:
    """Why macondo's reader would refuse ``text`` (empty: it reads every line)."""
    found, last, moves = [], None, 0
    for number, line in enumerate(text.splitlines(), start=1):
        kind = line_kind(line)
        if kind is None:
            if last == "note" and moves:
                continue  # more of the note
            if not line.strip():
                continue
            found.append(f"line {number}: no match found for line {line!r}")
            continue
        if kind == "encoding" and number != 1:
            found.append(f"line {number}: encoding line must be first")
        if kind in HEADER_ONLY and moves:
            found.append(f"line {number}: {kind} after the first move")
        moves += kind in EVENTS
        last = kind
    return found
