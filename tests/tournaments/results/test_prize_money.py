"""Tied places share their money; the Hort system; rounding to the currency unit and where the
remainder goes. Every expectation is worked out by hand in the comments."""

from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.results.prize_money import (
    MoneyError,
    MoneyRules,
    Remainder,
    Split,
    fmt_money,
    read_amounts,
    share_tie,
)

EVEN = MoneyRules()
ORGANISER = MoneyRules(remainder=Remainder.ORGANISER)


def test_a_place_held_alone_pays_its_own_money():
    assert share_tie([D(500)], EVEN).shares == (D(500),)


def test_two_tied_for_two_paid_places_share_both_evenly():
    # (500 + 300) / 2 = 400 each, nothing left.
    assert share_tie([D(500), D(300)], EVEN) == share_tie([D(300), D(500)], EVEN)
    assert share_tie([D(500), D(300)], EVEN).shares == (D(400), D(400))
    assert share_tie([D(500), D(300)], EVEN).kept == 0


def test_three_tied_for_three_paid_places_share_with_the_remainder_to_the_highest_placed():
    # (500 + 300 + 200) / 3 = 333.33..; rounded down to 1: 333 each = 999; 1 left, which goes
    # to the first of the three in standings order: 334, 333, 333.
    shared = share_tie([D(500), D(300), D(200)], EVEN)
    assert shared.shares == (D(334), D(333), D(333))
    assert shared.kept == 0


def test_the_remainder_may_stay_with_the_organiser_instead():
    # Same 1,000 shared by 3: 333 each, 1 kept.
    shared = share_tie([D(500), D(300), D(200)], ORGANISER)
    assert shared.shares == (D(333), D(333), D(333))
    assert shared.kept == D(1)


def test_a_tie_straddling_the_last_paid_place_shares_only_the_paid_money():
    # Third place pays 200, fourth nothing: (200 + 0) / 2 = 100 each.
    assert share_tie([D(200), D(0)], EVEN).shares == (D(100), D(100))
    # Three tied for 3rd, 4th, 5th of three paid places: 200 / 3 = 66.67 -> 66 each = 198,
    # the 2 left go one each to the two highest placed: 67, 67, 66.
    assert share_tie([D(200), D(0), D(0)], EVEN).shares == (D(67), D(67), D(66))


def test_rounding_to_a_unit_exact_and_not_exact():
    # Unit 5: (500 + 300) / 2 = 400, a multiple of 5: exact.
    five = MoneyRules(unit=D(5))
    assert share_tie([D(500), D(300)], five).shares == (D(400), D(400))
    # Unit 5: (500 + 305) / 2 = 402.5 -> 400 each, 5 left: one unit to the first: 405, 400.
    assert share_tie([D(500), D(305)], five).shares == (D(405), D(400))
    # Kept by the organiser instead: 400, 400, 5 kept.
    kept = share_tie([D(500), D(305)], MoneyRules(unit=D(5), remainder=Remainder.ORGANISER))
    assert kept.shares == (D(400), D(400)) and kept.kept == D(5)


def test_rounding_to_cents():
    # 100.00 / 3 = 33.333..: 33.33 each = 99.99, the cent left to the first: 33.34.
    cents = MoneyRules(unit=D("0.01"))
    assert share_tie([D(100), D(0), D(0)], cents).shares == (D("33.34"), D("33.33"), D("33.33"))


def test_the_hort_system_keeps_half_with_the_place_order():
    # 50%: player 1: 0.5 x 500 + 0.5 x 800 / 2 = 250 + 200 = 450; player 2: 150 + 200 = 350.
    hort = MoneyRules(split=Split.HORT, hort_share=50)
    assert share_tie([D(500), D(300)], hort).shares == (D(450), D(350))


def test_the_hort_system_with_a_remainder():
    # 50% over 500, 300, 200 (pool 1,000, even part 500 / 3 = 166.67):
    # 250 + 166.67 = 416.67 -> 416; 150 + 166.67 = 316.67 -> 316; 100 + 166.67 = 266.67 -> 266;
    # 998 paid, 2 left: one each to the first two: 417, 317, 266.
    hort = MoneyRules(split=Split.HORT, hort_share=50)
    assert share_tie([D(500), D(300), D(200)], hort).shares == (D(417), D(317), D(266))


def test_hort_at_0_percent_is_the_even_split_and_at_100_percent_no_sharing():
    amounts = [D(500), D(300)]
    assert share_tie(amounts, MoneyRules(split=Split.HORT, hort_share=0)).shares == (400, 400)
    assert share_tie(amounts, MoneyRules(split=Split.HORT, hort_share=100)).shares == (500, 300)


def test_amounts_are_read_one_per_place_within_bounds():
    assert read_amounts("500, 300; 200", D(1), 3) == (D(500), D(300), D(200))
    assert read_amounts("", D(1), 3) == ()
    assert read_amounts("12.50", D("0.01"), 1) == (D("12.50"),)


@pytest.mark.parametrize(
    "text, unit, places",
    [
        ("500 300", D(1), 1),  # two amounts, one place
        ("abc", D(1), 1),
        ("-5", D(1), 1),
        ("1.005", D("0.01"), 1),
        ("100000001", D(1), 1),  # one over the most
        ("12.50", D(1), 1),  # not a whole number of the unit
        ("102", D(5), 1),
        ("300 500", D(1), 2),  # rising
    ],
)
def test_bad_amounts_are_refused(text, unit, places):
    with pytest.raises(MoneyError):
        read_amounts(text, unit, places)


def test_the_most_amount_is_accepted_and_money_is_written_grouped():
    assert read_amounts("100000000", D(1), 1) == (D(100000000),)
    assert fmt_money(D("1250.50"), "THB") == "1,250.50 THB"
    assert fmt_money(D(400)) == "400"


@settings(max_examples=60, deadline=None)
@given(
    amounts=st.lists(st.integers(0, 2000), min_size=1, max_size=6),
    unit=st.sampled_from([D("0.01"), D(1), D(5), D(10)]),
    split=st.sampled_from(list(Split)),
    share=st.integers(0, 100),
    remainder=st.sampled_from(list(Remainder)),
)
def test_shares_and_what_is_kept_always_add_up_to_the_pool(amounts, unit, split, share, remainder):
    # Amounts as whole numbers of the unit, best first, as the forms allow.
    places = sorted((D(a) * unit for a in amounts), reverse=True)
    shared = share_tie(places, MoneyRules(unit, split, share, remainder))
    assert sum(shared.shares) + shared.kept == sum(places)
    assert all(s % unit == 0 and s >= 0 for s in shared.shares)
    # Less than one unit per player is ever left over, and nothing when it goes to the players.
    assert shared.kept < unit * len(places)
    if remainder is Remainder.HIGHER:
        assert shared.kept == 0
