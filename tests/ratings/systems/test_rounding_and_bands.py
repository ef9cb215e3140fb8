"""Published ratings round half up (never half to even), and prorating across the NASPA band edges
starts, stops and crosses exactly at 1800 and 2000, in either direction, and always finishes."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.systems import PlayerRating, naspa, rate_event
from ratings.systems.naspa import BAND_EDGES, NaspaConfig, multiplier, prorated_rating
from ratings.systems.types import EventGame, RatingChange

from .factories import rated, rating_list

# --- rounding half up --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("after", "published"),
    [
        (1500.5, 1501),  # half to even would give 1500
        (1501.5, 1502),
        (2.5, 3),
        (0.5, 1),
        (1500.4999, 1500),
        (1500.5001, 1501),
        (1500.0, 1500),
    ],
)
def test_published_rating_rounds_half_up(after, published):
    change = RatingChange(player=1, before=1500, after=after, games=1, wins=1, expected=0.5)
    assert change.published == published


def test_naspa_rating_of_exactly_a_half_rounds_up_at_the_end_of_the_segment():
    # Equal ratings and a tie: expected 0.5, no change, no bonus: 1500.5 stays, published 1501.
    ratings = rating_list(rated(1, 1500.5), rated(2, 1500.5))
    changes = rate_event(ratings, [EventGame(1, 1, 2, 0.5)], system="naspa")
    assert (changes[1].after, changes[2].after) == (1501.0, 1501.0)
    assert changes[1].segments == (1501.0,)


def test_naspa_loss_landing_on_a_half_rounds_up():
    # 1500.5 loses to an equal player: 20 * -0.5 = -10 -> 1490.5, published 1491 (no bonus, so
    # no feedback); the winner gains 10 -> 1510.5, published 1511.
    ratings = rating_list(rated(1, 1500.5), rated(2, 1500.5))
    changes = naspa.rate(ratings, [EventGame(1, 1, 2, 0.0)], config=NaspaConfig(acceleration=False))
    assert (changes[1].after, changes[2].after) == (1491.0, 1511.0)


def test_absp_rating_of_exactly_a_half_rounds_up():
    # Both 100.5 over one game; a tie earns 100.5: the weighted mean is 100.5, published 101.
    ratings = {p: PlayerRating(p, 100.5, 1) for p in (1, 2)}
    changes = rate_event(ratings, [EventGame(1, 1, 2, 0.5)], system="absp")
    assert (changes[1].after, changes[2].after) == (101.0, 101.0)


# --- band edges --------------------------------------------------------------------------------


@pytest.mark.timeout(5)
@pytest.mark.parametrize(
    ("rating", "excess", "after"),
    [
        (1799.0, 1.0, 1800 + 24 * (1 - 1 / 30)),  # reaches 1800, then goes on at 24
        (1800.0, 0.5, 1812.0),  # on the edge and rising: the band above
        (1800.0, -0.5, 1785.0),  # on the edge and falling: the band below
        (1999.0, 1.0, 2000 + 15 * (1 - 1 / 24)),
        (2000.0, 1.0, 2015.0),
        (2000.0, -1.0, 1976.0),
        (1790.0, 1 / 3, 1800.0),  # lands exactly on the edge
        (2010.0, -2.0, 2000 - 24 * (2 - 10 / 15)),
    ],
)
def test_prorating_starts_and_stops_exactly_at_the_band_edges(rating, excess, after):
    assert prorated_rating(rating, 10, excess) == pytest.approx(after)


@pytest.mark.timeout(5)
def test_prorating_from_a_band_edge_finishes():
    # A rating that reaches an edge must move on from it: a band test that put 1800 rising in
    # the band below would spend nothing at the edge, forever.
    for edge in BAND_EDGES:
        for excess in (-2.0, -0.01, 0.01, 2.0):
            result = prorated_rating(edge, 10, excess)
            assert (result > edge) is (excess > 0)


@pytest.mark.timeout(5)
@pytest.mark.parametrize("excess", [math.nan, math.inf, -math.inf])
def test_prorating_a_non_finite_excess_raises_instead_of_hanging(excess):
    with pytest.raises(RuntimeError, match="stalled"):
        prorated_rating(1500.0, 10, excess)


def test_multiplier_on_an_edge_depends_on_the_direction():
    assert [multiplier(e, 10) for e in BAND_EDGES] == [24, 15]
    assert [multiplier(e, 10, falling=True) for e in BAND_EDGES] == [30, 24]
    assert [multiplier(e - 0.5, 10) for e in BAND_EDGES] == [30, 24]
    assert [multiplier(e + 0.5, 10, falling=True) for e in BAND_EDGES] == [24, 15]


@pytest.mark.timeout(5)
@settings(max_examples=150, derandomize=True, deadline=None)
@given(
    st.sampled_from([1700.0, 1799.0, 1800.0, 1801.0, 1999.0, 2000.0, 2001.0, 2100.0]),
    st.integers(0, 60),
    st.integers(-800, 800).map(lambda n: n / 100),
    st.integers(0, 400).map(lambda n: n / 100),
)
def test_prorating_rises_with_the_excess_and_undoes_itself(rating, career, excess, more):
    after = prorated_rating(rating, career, excess)
    assert (after > rating) is (excess > 0) and (after < rating) is (excess < 0)
    assert prorated_rating(rating, career, excess + more) >= after
    # Wins spent across an edge come back across it: prorating is reversible.
    back = prorated_rating(after, career, -excess)
    assert back == pytest.approx(rating, abs=1e-6)
