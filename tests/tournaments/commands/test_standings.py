"""manage.py standings: the division's standings as text, JSON or CSV."""

import csv
import io
import json

import pytest
from django.urls import reverse

from tests.command_runs import run
from tests.tournaments import reports_world

pytestmark = pytest.mark.django_db


def test_text_standings_mark_a_withdrawn_player_as_the_page_does():
    division = reports_world.build()
    division.entries.filter(number=6).update(withdrawn_after_round=2)
    lines = run("standings", "spring-open").splitlines()
    marked = [line for line in lines if "(withdrawn)" in line]
    assert len(marked) == 1 and "Ben Ng (withdrawn)" in marked[0]


def test_csv_standings_write_wins_and_losses_as_the_page_s_csv_does(client):
    division = reports_world.build()
    command = list(csv.DictReader(io.StringIO(run("standings", "spring-open", "--format", "csv"))))
    url = reverse("tournaments:standings", args=["spring-open", division.name])
    page = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    web = {row["No."]: (row["Won"], row["Lost"]) for row in csv.DictReader(io.StringIO(page))}
    assert {row["number"]: (row["wins"], row["losses"]) for row in command} == web
    assert ("1.5", "0.5") in web.values() and ("1", "1") in web.values()
    # JSON keeps numbers for the programs that read it.
    found = json.loads(run("standings", "spring-open", "--format", "json"))
    assert {type(row["wins"]) for row in found} == {float}
