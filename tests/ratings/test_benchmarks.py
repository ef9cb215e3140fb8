"""The ratings benchmark runs end to end on a small size and leaves nothing behind."""

import re

import pytest

from players.models import Player
from ratings.benchmarks import bench_ratings
from ratings.models import RatingChange, RatingList
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_bench_ratings_reports_both_measurements_and_rolls_back():
    lines = bench_ratings(players=12, rounds=3, games=600)
    assert lines[0] == "rate one event: 12 players x 3 rounds, 18 games"
    assert re.fullmatch(
        r"  core \d+\.\d{3} s, service with database \d+\.\d{3} s \(target < 1 s\)", lines[1]
    )
    assert re.fullmatch(r"recompute a list: \d+ games in 3 events, 100 players", lines[3])
    assert (Player.objects.count(), Pairing.objects.count(), RatingList.objects.count()) == (
        0,
        0,
        0,
    )
    assert not RatingChange.objects.exists()
