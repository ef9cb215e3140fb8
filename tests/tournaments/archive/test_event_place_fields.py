"""An event's country, paper size and time zone travel in its archive; an archive made before
they existed imports as no country, A4 and the site's zone; a zone that does not exist is
refused."""

import json

import pytest

from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused

from .world import small_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def toronto(director):
    return small_event(
        director, slug="toronto", country="CA", paper_size="letter", time_zone="America/Toronto"
    )


def imported(archive: dict, slug: str = "copy"):
    return event_import(by=None, data=json.dumps(archive).encode(), slug=slug).tournament


def test_the_archive_keeps_country_paper_and_time_zone(toronto):
    archive = event_archive(toronto)
    kept = {k: archive["tournament"][k] for k in ("country", "paper_size", "time_zone")}
    assert kept == {"country": "CA", "paper_size": "letter", "time_zone": "America/Toronto"}
    copy = imported(archive)
    assert (copy.country, copy.paper_size, copy.time_zone) == ("CA", "letter", "America/Toronto")


def test_an_archive_from_before_them_reads_the_defaults(toronto):
    archive = event_archive(toronto)
    for key in ("country", "paper_size", "time_zone"):
        del archive["tournament"][key]
    copy = imported(archive)
    assert (copy.country, copy.paper_size, copy.time_zone) == ("", "a4", "")


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("time_zone", "Mars/Olympus", "“Mars/Olympus” is not a time zone"),
        ("paper_size", "a3", "Value 'a3' is not a valid choice."),
        ("country", "Canada", "A two-letter country code, such as TH."),
    ],
)
def test_a_bad_value_is_refused(toronto, key, value, problem):
    archive = event_archive(toronto)
    archive["tournament"][key] = value
    with pytest.raises(ArchiveRefused) as refused:
        imported(archive)
    assert any(p.startswith(f"tournament.{key}: ") and problem in p for p in refused.value.problems)
