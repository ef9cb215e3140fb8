"""Handicap prizes from a stored division: grades on the entries, the division's bases and
points, and days from the setting or from the rounds' start dates (reports_world, 2 rounds in).

R1: #1 W, #2 L, #3 L, #4 W, #5 W, #6 L.   R2: #1 T, #4 T, #2 W, #5 L, #6 W, #3 L.
"""

import datetime
from decimal import Decimal as D

import pytest

from tests.tournaments import reports_world
from tournaments.models import Division
from tournaments.selectors.prizes import division_prizes
from tournaments.services.prizes import prize_band_create, prize_settings_update

pytestmark = pytest.mark.django_db

SETTINGS = {
    "currency": "", "unit": "1", "split": "even", "hort_share": 50, "remainder": "higher",
    "tie_by": "standings", "bases": "A=0, B=50", "per_win": "10", "per_tie": "5",
    "day_multiplier": "3", "days": "1; 2",
}  # fmt: skip


@pytest.fixture
def division():
    division = reports_world.build()
    division.entries.filter(number=1).update(grade="A")
    division.entries.filter(number=2).update(grade="B")
    prize_band_create(by=None, division=division, kind="handicap", label="Handicap", places=2,
                      money="200 100")  # fmt: skip
    return division


def found(division, **change):
    prize_settings_update(by=None, division=division, settings=SETTINGS | change)
    return division_prizes(Division.objects.select_related("tournament").get(pk=division.pk))


def test_each_day_of_one_round_won_triples_its_win(division):
    # Days R1 and R2: #1 (A) 10 x 3 + 5 = 35; #2 (B) 50 + 10 x 3 = 80; #4 (no grade: 0) 35;
    # #5 30; #6 30; #3 0.
    prizes = found(division)
    assert {n: h.total for n, h in prizes.handicaps.items()} == {
        1: 35, 2: 80, 3: 0, 4: 35, 5: 30, 6: 30,
    }  # fmt: skip
    # #2 200; #4 and #1 tied on 35 for places 2-3: (100 + 0) / 2 = 50 each (standings order).
    assert [(p.players, p.shares) for p in prizes.prizes] == [
        ((2,), (D(200),)),
        ((4, 1), (D(50), D(50))),
    ]


def test_one_day_of_both_rounds_has_no_perfect_day(division):
    # Day R1-R2: nobody won both: #1 10 + 5 = 15; #2 50 + 10 = 60; #4 15; #5 10; #6 10.
    prizes = found(division, days="1-2")
    assert {n: h.total for n, h in prizes.handicaps.items()} == {
        1: 15, 2: 60, 3: 0, 4: 15, 5: 10, 6: 10,
    }  # fmt: skip


def start(division, number: int, day: int) -> None:
    at = datetime.datetime(2026, 3, day, 9, tzinfo=datetime.UTC)
    division.round_set.filter(number=number).update(started_at=at)


def test_without_the_setting_days_follow_the_rounds_start_dates(division):
    start(division, 1, 1)
    start(division, 2, 2)
    assert found(division, days="").handicaps[2].total == 80  # as "1; 2"
    start(division, 2, 1)
    assert found(division, days="").handicaps[2].total == 60  # as "1-2"


def test_start_dates_are_read_in_the_events_time_zone(division):
    # 23:30 UTC on 1 March is 06:30 on 2 March in Bangkok: a second day there.
    division.tournament.time_zone = "Asia/Bangkok"
    division.tournament.save()
    at = datetime.datetime(2026, 3, 1, 2, tzinfo=datetime.UTC)
    division.round_set.filter(number=1).update(started_at=at)
    division.round_set.filter(number=2).update(started_at=at.replace(hour=23, minute=30))
    assert found(division, days="").handicaps[2].total == 80


def test_without_a_graded_entry_with_base_points_the_handicap_prize_waits(division):
    # Issue 33: no grades set split the money among every player tied at 0.
    division.entries.update(grade="")
    waiting = found(division)
    assert (waiting.handicap_waits, waiting.prizes, waiting.handicaps) == (True, [], {})
    division.entries.filter(number=1).update(grade="C")  # a grade without base points
    assert found(division).handicap_waits
    division.entries.filter(number=1).update(grade="B")
    given = found(division)
    assert not given.handicap_waits
    assert given.prizes[0].players == (1,)
