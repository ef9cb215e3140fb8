"""Properties that hold for any event."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.systems import PlayerRating, rate_event
from ratings.systems.naspa import NaspaConfig, prorated_rating, rate
from ratings.systems.types import EventGame

results = st.sampled_from([0.0, 0.5, 1.0])


@settings(max_examples=60, deadline=None)
@given(
    first=st.floats(600, 1700),
    second=st.floats(600, 1700),
    played=st.lists(results, min_size=1, max_size=4),
)
def test_plain_elo_between_established_players_is_zero_sum(first, second, played):
    # Both stay below 1800 (at most 4 games x 20), so both keep multiplier 20.
    ratings = {1: PlayerRating(1, first, 80), 2: PlayerRating(2, second, 300)}
    games = [EventGame(n, 1, 2, r) for n, r in enumerate(played, 1)]
    plain = NaspaConfig(acceleration=False, round_each_segment=False)
    changes = rate(ratings, games, config=plain)
    gained = (changes[1].after - first) + (changes[2].after - second)
    assert abs(gained) < 1e-9


@st.composite
def events(draw):
    """A few rounds of random pairings among rated players and newcomers."""
    size = draw(st.integers(2, 8))
    ratings = {}
    for player in range(1, size + 1):
        if draw(st.booleans()):
            ratings[player] = PlayerRating(
                player, draw(st.floats(500, 2300)), draw(st.integers(0, 200))
            )
    games = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(range(1, size + 1)))
        for first, second in zip(order[::2], order[1::2], strict=False):
            games.append(EventGame(number, first, second, draw(results)))
    return ratings, games


@settings(max_examples=60, deadline=None)
@given(events())
def test_newcomers_never_start_below_the_floor(event):
    ratings, games = event
    for change in rate_event(ratings, games, system="naspa").values():
        if change.before is None:
            assert change.after >= 500


@settings(max_examples=60, deadline=None)
@given(events())
def test_configured_floor_holds_for_rated_players(event):
    ratings, games = event
    config = NaspaConfig(rating_floor=900)
    for change in rate(ratings, games, config=config).values():
        if change.before is not None:
            assert change.after >= min(900, change.before)


@settings(max_examples=60, deadline=None)
@given(events())
def test_every_system_rates_every_player_who_played(event):
    ratings, games = event
    played = {g.player for g in games} | {g.opponent for g in games}
    for system in ("naspa", "naspa-club", "absp", "glicko2"):
        assert set(rate_event(ratings, games, system=system)) == played


@settings(max_examples=100, deadline=None)
@given(
    rating=st.floats(300, 2500),
    career=st.integers(0, 200),
    low=st.floats(-10, 10),
    high=st.floats(-10, 10),
)
def test_more_excess_wins_never_lowers_the_rating(rating, career, low, high):
    low, high = sorted((low, high))
    assert prorated_rating(rating, career, low) <= prorated_rating(rating, career, high) + 1e-9


@settings(max_examples=60, deadline=None)
@given(events())
def test_absp_ratings_never_below_50(event):
    ratings, games = event
    scaled = {p: PlayerRating(p, e.rating / 12, e.career_games) for p, e in ratings.items()}
    for change in rate_event(scaled, games, system="absp").values():
        assert change.after >= 50
