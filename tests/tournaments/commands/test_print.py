"""`manage.py print`: each report written as a PDF file, the same as the division's print links;
bad combinations of options are refused and write no file."""

import io

import pytest
from django.core.management.base import CommandError
from pypdf import PdfReader

from tests.command_runs import run
from tests.tournaments import reports_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def division():
    return reports_world.build()


def printed(tmp_path, report: str, *extra: str) -> list[str]:
    """Print ``report`` of Spring Open, division A; the text of each page of the file."""
    path = tmp_path / f"{report}.pdf"
    out = run("print", "spring-open", report, "--division", "A", "--output", str(path), *extra)
    assert out.startswith(f"Wrote {path} (") and out.endswith(" KB).\n")
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize(
    ("report", "extra", "title"),
    [
        ("pairings", ("--round", "3"), "Spring Open – A – round 3 pairings"),
        ("standings", (), "Spring Open – A – standings"),
        ("standings", ("--round", "1"), "Spring Open – A – standings after round 1"),
        ("slips", ("--round", "3"), "Spring Open – A – round 3 result slips"),
        ("wall-chart", (), "Spring Open – A – wall chart"),
        ("final-report", (), "Spring Open – A – final report"),
        ("scorecards", (), "Spring Open – A – scorecards"),
        ("badges", (), "Spring Open – A – player cards"),
    ],
)
def test_each_report_is_written(division, tmp_path, report, extra, title):
    pages = printed(tmp_path, report, *extra)
    assert title in pages[0]


def test_pairings_by_name_are_alphabetical(division, tmp_path):
    (body,) = printed(tmp_path, "pairings", "--round", "3", "--order", "name")
    assert "Anna Okafor #5 1 2nd #1 Zoë Ångström" in body


def test_standings_after_round_one_match_the_report(division, tmp_path):
    (body,) = printed(tmp_path, "standings", "--round", "1")
    assert "1 5 Anna Okafor 1400 1–0 +300 600.0 600" in body


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("pairings",), "Give the round with --round."),
        (("slips",), "Give the round with --round."),
        (("pairings", "--round", "4"), "Round 4 of division A has not been paired."),
        (("pairings", "--round", "6"), "Division A has rounds 1 to 5."),
        # The shared --round (``_options.ROUND``) refuses what no division has, as the pages do.
        (
            ("standings", "--round", "0"),
            "Error: argument --round: Enter a whole number from 1 to 32767.",
        ),
        (("wall-chart", "--round", "2"), "--round is only for pairings, slips and standings."),
        (("standings", "--order", "name"), "--order is only for pairings."),
    ],
)
def test_bad_options_are_refused_and_write_nothing(division, tmp_path, args, reason):
    path = tmp_path / "out.pdf"
    with pytest.raises(CommandError) as caught:
        run("print", "spring-open", *args, "--division", "A", "--output", str(path))
    assert str(caught.value) == reason
    assert not path.exists()


def test_unknown_report_or_missing_output_are_refused(division, tmp_path):
    with pytest.raises(CommandError, match="invalid choice: 'crosstable'"):
        run("print", "spring-open", "crosstable", "--output", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="the following arguments are required: --output"):
        run("print", "spring-open", "standings")


def test_unwritable_output_is_refused(division, tmp_path):
    target = tmp_path / "missing-folder" / "standings.pdf"
    with pytest.raises(CommandError) as caught:
        run("print", "spring-open", "standings", "--output", str(target))
    assert str(caught.value).startswith(f"Cannot write {target}: ")
