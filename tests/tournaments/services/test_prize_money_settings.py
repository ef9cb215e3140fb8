"""Prize money and prize settings a director writes: read and bounded, audited, and refused
with nothing changed. Shares worked out by hand on reports_world after round 2:

#4 สมชาย 1.5 +51, #1 Zoë 1.5 +40, #5 Anna 1 +297, #2 王小明 1 -37, #6 Ben 1 -278, #3 山田 0.
"""

from decimal import Decimal as D

import pytest

from core.models import AuditEntry
from tests.tournaments import reports_world
from tournaments.models import Division
from tournaments.selectors.prizes import division_prizes
from tournaments.services.entries import entry_set_grade
from tournaments.services.prizes import (
    MAX_PLACES,
    PrizeRefused,
    prize_band_create,
    prize_settings_update,
)

pytestmark = pytest.mark.django_db

SETTINGS = {
    "currency": "THB", "unit": "5", "split": "even", "hort_share": 50, "remainder": "higher",
    "tie_by": "standings", "bases": "", "per_win": "0", "per_tie": "0", "day_multiplier": "1",
    "days": "",
}  # fmt: skip


@pytest.fixture
def division():
    return reports_world.build()


def band(division, **fields):
    return prize_band_create(
        by=None, division=division, **({"kind": "rank", "label": "Places"} | fields)
    )


def test_money_is_read_and_written_back_one_amount_per_place(division):
    made = band(division, places=3, money="500 300;200")
    assert made.money == "500, 300, 200"


@pytest.mark.parametrize(
    "fields",
    [
        {"places": 2, "money": "500 300 200"},  # more amounts than places
        {"places": 2, "money": "300 500"},  # rising
        {"places": 1, "money": "12.50"},  # not a whole number of the unit 1
        {"places": MAX_PLACES + 1},
        {"places": 0},
    ],
)
def test_bad_money_or_places_are_refused_and_nothing_is_written(division, fields):
    with pytest.raises(PrizeRefused):
        band(division, **fields)
    assert not division.prize_bands.exists()


def test_the_most_places_are_accepted(division):
    assert band(division, places=MAX_PLACES).places == MAX_PLACES


def test_settings_are_stored_audited_and_read_back(division, director):
    prize_settings_update(by=director, division=division, settings=SETTINGS)
    division.refresh_from_db()
    assert division.prize_settings == SETTINGS
    assert AuditEntry.objects.filter(action="division.prize_settings", actor=director).count() == 1


@pytest.mark.parametrize(
    "change",
    [
        {"hort_share": 101},
        {"hort_share": -1},
        {"unit": "0.001"},
        {"unit": "1000.01"},
        {"per_win": "10000.01"},
        {"day_multiplier": "0.99"},
        {"day_multiplier": "10.01"},
        {"split": "random"},
        {"bases": "A"},
        {"days": "1-3; 2"},
        {"currency": "TOO LONG!"},
        {"unknown": 1},
    ],
)
def test_bad_settings_are_refused_and_nothing_changes(division, change):
    with pytest.raises(PrizeRefused):
        prize_settings_update(by=None, division=division, settings=SETTINGS | change)
    assert Division.objects.get(pk=division.pk).prize_settings == {}


@pytest.mark.parametrize(
    "change", [{"hort_share": 0}, {"hort_share": 100}, {"unit": "0.01"}, {"unit": "1000"}]
)
def test_settings_at_their_bounds_are_accepted(division, change):
    prize_settings_update(by=None, division=division, settings=SETTINGS | change)
    assert Division.objects.get(pk=division.pk).prize_settings == SETTINGS | change


def test_a_unit_the_bands_money_does_not_fit_is_refused(division):
    band(division, places=1, money="102")  # unit 1
    with pytest.raises(PrizeRefused, match="Places"):
        prize_settings_update(by=None, division=division, settings=SETTINGS)  # unit 5
    assert Division.objects.get(pk=division.pk).prize_settings == {}


def test_a_grade_is_set_audited_and_cleared(division, director):
    entry = division.entries.get(number=1)
    entry_set_grade(by=director, entry=entry, grade=" B ")
    entry.refresh_from_db()
    assert entry.grade == "B"
    entry_set_grade(by=director, entry=entry, grade="")
    entry.refresh_from_db()
    assert entry.grade == ""
    assert AuditEntry.objects.filter(action="entry.grade").count() == 2


def shares(division) -> list[tuple[int, tuple[int, ...], tuple[D, ...], D]]:
    fresh = Division.objects.select_related("tournament").get(pk=division.pk)
    return [(p.first, p.players, p.shares, p.kept) for p in division_prizes(fresh).prizes]


def test_hort_with_ties_on_wins_and_a_remainder_to_the_higher_placed(division):
    # Ties on wins: {#4, #1} (1.5) hold places 1-2, {#5, #2, #6} (1) places 3-5.
    # 600 + 300 = 900, Hort 50%: #4 300 + 225 = 525; #1 150 + 225 = 375 (whole fives: exact).
    # 160 + 0 + 0: the shared half is 80 / 3 = 26.67 each: #5 80 + 26.67 = 106.67; #2 26.67;
    # #6 26.67; down to the unit 5: 105, 25, 25 = 155; 5 left = one unit, to the highest
    # placed: #5 110, #2 25, #6 25.
    settings = SETTINGS | {"unit": "5", "split": "hort", "tie_by": "wins"}
    prize_settings_update(by=None, division=division, settings=settings)
    band(division, places=3, money="600 300 160")
    assert shares(division) == [
        (1, (4, 1), (D(525), D(375)), D(0)),
        (3, (5, 2, 6), (D(110), D(25), D(25)), D(0)),
    ]
    # The remainder kept by the organiser instead: 105, 25, 25 and 5 kept.
    settings |= {"remainder": "organiser"}
    prize_settings_update(by=None, division=division, settings=settings)
    assert shares(division)[1] == (3, (5, 2, 6), (D(105), D(25), D(25)), D(5))


def test_without_ties_each_place_pays_its_own_money(division):
    band(division, places=3, money="600 300 150")
    assert shares(division) == [
        (1, (4,), (D(600),), D(0)),
        (2, (1,), (D(300),), D(0)),
        (3, (5,), (D(150),), D(0)),
    ]


def test_money_that_does_not_read_pays_nothing_rather_than_breaking_the_page(division):
    # Only a hand-edited archive could store it: the services never do.
    made = band(division, places=1, money="100")
    type(made).objects.filter(pk=made.pk).update(money="lots")
    assert shares(division) == [(1, (4,), (D(0),), D(0))]
