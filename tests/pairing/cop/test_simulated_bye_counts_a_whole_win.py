"""COP's simulations in an odd field: the last-ranked player's bye is a whole win (and +50),
never half of one, so the bye can lift them over a game's winner."""

from __future__ import annotations

import numpy as np

from pairing.cop.simulate import Plan, factor_segments, simulate

SIMS = 400


def finals(wl2, spread, cap):
    rng = np.random.Generator(np.random.PCG64(7))
    return simulate(wl2, spread, Plan(rounds=1, spread_cap=cap), SIMS, rng)


def test_an_odd_field_gives_the_last_ranked_player_the_simulated_bye():
    assert factor_segments(3, 1) == ([(slice(0, 2, 2), slice(1, 2, 2))], 2)
    assert factor_segments(5, 3)[1] == 4
    assert factor_segments(4, 1)[1] is None


def test_the_simulated_bye_counts_a_whole_win_and_its_spread():
    # Three level players; 0 v 1 is won by at most 10 points, 2 has the bye (+1 win, +50).
    final = finals([0, 0, 0], [0, 0, 0], cap=10)
    assert (final[:, 0] == 2).all()  # a win and 50 beats a win by 10 (a tie: 0-0 trails it too)


def test_the_simulated_bye_wins_the_race_when_the_game_is_won_by_under_fifty():
    # Margins up to 500: the bye's player leads when 0 v 1 ends by less than 50 (about 37%
    # of a half-normal margin with deviation 104), second otherwise, never last.
    final = finals([0, 0, 0], [0, 0, 0], cap=500)
    first = (final[:, 0] == 2).mean()
    assert 0.25 < first < 0.5
    assert (final[:, 2] != 2).all()
