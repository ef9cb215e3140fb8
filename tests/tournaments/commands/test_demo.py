"""The quickstart demo: a finished 30-player event and one running with round 4 paired."""

import pytest

from config.demo import load_demo
from tournaments.models import Pairing, Tournament
from tournaments.selectors.divisions import division_results, standings_records

pytestmark = pytest.mark.django_db


def test_demo_builds_a_finished_and_a_running_tournament():
    load_demo()
    finished = Tournament.objects.get(slug="riverside-winter-classic-2025").divisions.get()
    assert finished.entries.count() == 30
    assert list(finished.round_set.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6, 7]
    pairings = Pairing.objects.filter(round__division=finished)
    assert pairings.count() == 7 * 15
    assert all(p.is_reported for p in pairings)
    records = standings_records(division_results(finished))
    assert all(r["games"] == 7 for r in records)
    assert sum(r["wins"] for r in records) == sum(r["losses"] for r in records) == 105

    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    rounds = list(running.round_set.values_list("number", flat=True))
    assert rounds == [1, 2, 3, 4]
    played = Pairing.objects.filter(round__division=running, round__number__lte=3)
    assert all(p.is_reported for p in played)
    fourth = Pairing.objects.filter(round__division=running, round__number=4)
    assert fourth.exists() and not any(p.first_score is not None for p in fourth)
    late = running.entries.get(joins_at_round=2)
    withdrawn = running.entries.get(withdrawn_after_round=2)
    in_fourth = {p.first_id for p in fourth} | {p.second_id for p in fourth}
    assert late.pk in in_fourth and withdrawn.pk not in in_fourth
