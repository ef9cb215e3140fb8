"""A small public event for the publishing tests: one division of four, round 1 paired, one of
its two games played; and the files of a published folder."""

import hashlib
import json
from pathlib import Path

from tests import factories
from tests.tournaments.division_setup import field
from tournaments.models import Pairing
from tournaments.services.results import result_record


def small_event(director):
    division, entries = field(4, director=director, rounds=2, name="A")
    factories.round_with_pairings(division, entries, 1)
    first = Pairing.objects.filter(round__division=division).order_by("table").first()
    result_record(
        by=director, pairing_id=first.pk, first_score=410, second_score=380, expected_version=None
    )
    return division.tournament


def second_result(director, event, first_score=455, second_score=377, division="A"):
    """The other game of round 1 of ``small_event``'s division, recorded as a director records
    it. Named by division and round: an event with a division B has its own table 2, and
    PostgreSQL returns two rows equal in their order in whatever order it finds them."""
    games = Pairing.objects.filter(
        round__division__tournament=event, round__division__name=division, round__number=1
    )
    pairing = games.order_by("table").last()
    result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=first_score,
        second_score=second_score,
        expected_version=None,
    )


def folder_files(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def manifest_of(root: Path) -> dict[str, str]:
    return json.loads((root / "manifest.json").read_text())["files"]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
