"""A division's prize settings: read back from JSON, grade bases and days typed by directors."""

from decimal import Decimal as D

import pytest

from tournaments.results.prize_money import Remainder, Split
from tournaments.results.prize_settings import (
    MAX_DAYS,
    PrizeSettings,
    SettingsError,
    TieBy,
    read_bases,
    read_days,
    settings_from_json,
)


def test_defaults_and_a_round_trip():
    default = settings_from_json(None)
    assert default == PrizeSettings()
    assert default.money.unit == 1 and default.money.split is Split.EVEN
    stored = {
        "currency": "THB", "unit": "5", "split": "hort", "hort_share": 40,
        "remainder": "organiser", "tie_by": "wins", "bases": "A=0, B=10", "per_win": "2",
        "per_tie": "1", "day_multiplier": "1.5", "days": "1-3; 4-6",
    }  # fmt: skip
    settings = settings_from_json(stored)
    assert settings.money.remainder is Remainder.ORGANISER and settings.tie_by is TieBy.WINS
    assert settings.handicap.days == ((1, 2, 3), (4, 5, 6))
    assert settings.handicap.bases == {"A": D(0), "B": D(10)}
    assert settings.to_json() == stored


def test_grade_bases_are_read_with_their_bounds():
    assert read_bases("A=0; B = 12.5\nม.1=10000") == {"A": 0, "B": D("12.5"), "ม.1": 10000}
    assert read_bases("") == {}
    for bad in ("A", "=5", "A=x", "A=10000.01", "A=-1", "TOOLONGGRADE=1"):
        with pytest.raises(SettingsError):
            read_bases(bad)


def test_days_are_read_each_round_once():
    assert read_days("1-7; 8-14") == (tuple(range(1, 8)), tuple(range(8, 15)))
    assert read_days("1, 3\n2") == ((1, 3), (2,))
    assert read_days("999") == ((999,),)
    for bad in ("0", "1000", "3-1", "a", "1-3; 3-4"):
        with pytest.raises(SettingsError):
            read_days(bad)


def test_at_most_so_many_days():
    assert len(read_days("; ".join(str(n) for n in range(1, MAX_DAYS + 1)))) == MAX_DAYS
    with pytest.raises(SettingsError):
        read_days("; ".join(str(n) for n in range(1, MAX_DAYS + 2)))
