"""`manage.py import_roster` does the page's bulk work: the queries grow with batches of rows,
never with rows, and the one form that checks every row keeps each row's problems its own."""

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.roster import roster_text
from players.models import Player
from players.roster import parse_roster

pytestmark = pytest.mark.django_db


def command_queries(tmp_path, lines: int, tag: str) -> int:
    path = tmp_path / f"{tag}.csv"
    path.write_text(roster_text(lines, tag), encoding="utf-8")
    with CaptureQueriesContext(connection) as queries:
        call_command("import_roster", str(path), stdout=io.StringIO())
    return len(queries)


def test_the_command_takes_a_few_queries_per_batch_not_per_row(tmp_path):
    few = command_queries(tmp_path, 200, "A")
    many = command_queries(tmp_path, 4_000, "B")
    assert Player.objects.count() == 4_200
    # SQLite inserts about seventy rows a statement (999 parameters, 14 columns a player since
    # the name parts), PostgreSQL thousands: at most one query per 40 rows plus the fixed reads,
    # however long the file.
    assert few <= 4 + 200 // 40
    assert many <= 4 + 4_000 // 40


def test_each_row_keeps_its_own_problems_when_one_form_checks_them_all():
    text = "name,country,rating\nAnn,GBR1,5\nBen,GB,x\nCat,gb,3\n,GB,1\nDan,,\n"
    roster = parse_roster(text)
    assert [(r.line, r.name, r.country, r.rating) for r in roster.rows] == [
        (4, "Cat", "GB", 3),
        (6, "Dan", "", None),
    ]
    assert [str(p) for p in roster.problems] == [
        "Line 2: “GBR1” is not a 2- or 3-letter country code.",
        "Line 3: “x” is not a rating (a whole number from 0 to 3500).",
        "Line 5: A player needs a name.",
    ]
