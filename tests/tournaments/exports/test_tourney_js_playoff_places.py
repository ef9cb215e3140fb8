"""A playoff final won by the lower seed: the site ranks the final's winner first; liwords ranks
``tourney.js`` by wins then spread, so its order names the loser first. The file cannot say the
places, so ``config.notes`` names them, in the site's final standings' order."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tests import factories
from tests.tournaments.services.test_playoffs import games_of, report, swiss
from tournaments.exports import tourney_js
from tournaments.models import Division
from tournaments.results.playoffs import read_stage
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.selectors.exports import event_export
from tournaments.services import playoffs

from . import liwords_reader as lw

pytestmark = pytest.mark.django_db


def notes(text: str) -> list[str]:
    return json.loads(text[len("newt=") :].rstrip(";\n"))["config"].get("notes", [])


def test_the_playoff_places_are_named_in_the_notes():
    event = factories.tournament("Playoff Open", slug="playoff-open", start_date=date(2026, 3, 14))
    division = factories.division(event, name="B", rounds=3)
    factories.entries(division, 4)
    swiss(division, rounds=2)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    high, low = read_stage(Division.objects.get(pk=division.pk).playoff).seeds
    [final] = games_of(division, 3)
    won_by_one = final.first.number == low  # the lower seed wins by 2: less than its deficit
    report(final, 401 if won_by_one else 399, 399 if won_by_one else 401)
    division = Division.objects.get(pk=division.pk)
    site = standings_records(division_results(division))
    assert [r["number"] for r in site[:2]] == [low, high]
    text = tourney_js(event_export(event))
    [feed] = lw.read_feed(text)
    names = {p.id: p.name for p in feed.players}
    assert lw.standings(feed)[0][0] == names[high]  # what the file alone can say
    assert notes(text) == [
        f"B playoff places: 1 {names[low]}; 2 {names[high]}; this file holds only the games, "
        "which liwords ranks by wins then spread"
    ]


def test_no_note_before_the_playoff_is_paired():
    event = factories.tournament("Swiss Open", slug="swiss-open", start_date=date(2026, 3, 14))
    division = factories.division(event, name="B", rounds=3)
    factories.entries(division, 4)
    swiss(division, rounds=2)
    assert "notes" not in json.loads(tourney_js(event_export(event))[len("newt=") : -2])["config"]
