"""Shared helpers for the games tests: fixture records and small word lists built here (the
project ships no licensed word list)."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "engine" / "gcg_fixtures"
# The NASPA (TWL) challenge rule of these records: the challenged player gains 5 points.
FIVE_POINT_CHALLENGE = {"challenge": "challenged_bonus", "challenge_points": 5}
WORDS = "cat\ncats\ndog\nQI\n# a comment line\n\nTRAIN  a line with a definition\n"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()
