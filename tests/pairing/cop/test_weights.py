"""Step 7: each part of a game's penalty, worked out by hand on an 8-player field.

Two places are paid. Hopeful ranks 1,1,2,2,5,6,7,8 (as positions 0,0,1,1,4,5,6,7) make the
lowest player hopeful for 1st position 1 and the lowest hopeful casher position 3; so the hope
window of positions 0 and 1 ends at 1, that of 2 and 3 at 3. Repeats cost (2^t - 1) x 4 x
floor(8^3 / 27) = (2^t - 1) x 72.
"""

from dataclasses import replace

from pairing.cop.hope import Hope
from pairing.cop.weights import BYE, MAJOR, MINOR, WeightContext, weight_parts

from .build import make_field

HOPE = Hope(
    sims=1000,
    requested=1000,
    cap=1000,
    first_chance=(0.5, 0.5, 0, 0, 0, 0, 0, 0),
    cash_chance=(1, 1, 0.5, 0.5, 0, 0, 0, 0),
    hopeful_rank=(0, 0, 1, 1, 4, 5, 6, 7),
    absolute_rank=(0, 0, 0, 1, 2, 3, 4, 5),
    lowest_hopeful=(1, 3, 3, 3, 4, 5, 6, 7),
)
RECORDS = [(10, 0), (10, 0), (8, 0), (8, 0), (0, 0), (0, 0), (-2, 0), (-2, 0)]


def context(rounds_left=6, gibsonized=frozenset(), allow_repeat_byes=False, **field_args):
    field = make_field(RECORDS, rounds_left=rounds_left, **field_args)
    bottoms = {p: HOPE.lowest_hopeful[HOPE.hopeful_rank[p]] for p in range(8)}
    return WeightContext(field, HOPE, 2, gibsonized, bottoms, allow_repeat_byes)


def test_rank_difference_is_cubed_among_the_paid_places():
    assert weight_parts(0, 1, context()) == {"rank": 1}


def test_an_opponent_below_the_hope_window_costs_a_major_penalty():
    assert weight_parts(0, 3, context()) == {"rank": 27, "window": MAJOR}


def test_rank_difference_is_squared_below_the_paid_places():
    assert weight_parts(2, 3, context()) == {"rank": 1}
    assert weight_parts(4, 6, context()) == {"rank": 4}


def test_players_below_the_lowest_hopeful_casher_have_no_window():
    assert "window" not in weight_parts(4, 7, context())


def test_a_widened_window_takes_the_penalty_away():
    ctx = context()
    wider = replace(ctx, window_bottom={**ctx.window_bottom, 0: 3})
    assert weight_parts(0, 3, wider) == {"rank": 27}


def test_in_the_last_quarter_cashers_aim_at_the_bottom_of_their_window():
    # 3 rounds left of 12 is the last quarter: rank difference is dropped for players at or
    # above the lowest hopeful casher (3); inside the window the window costs 2 |L - rj|^3:
    # nothing at L itself (1 for position 0, 3 for position 2); with position 0's window
    # widened to L = 3, 2 x 2^3 = 16 against position 1 and 2 x 1^3 = 2 against position 2.
    ctx = context(rounds_left=3)
    assert weight_parts(0, 1, ctx) == {}
    assert weight_parts(2, 3, ctx) == {}
    wider = replace(ctx, window_bottom={**ctx.window_bottom, 0: 3})
    assert (weight_parts(0, 1, wider), weight_parts(0, 2, wider)) == ({"window": 16}, {"window": 2})
    # Outside the window it stays major: half for the first rank past it (L + 1 = 2 for
    # position 0), whole beyond; position 4 and below are not hopeful cashers (cash: major).
    assert weight_parts(0, 2, ctx) == {"window": MAJOR // 2}
    assert weight_parts(0, 3, ctx) == {"window": MAJOR}
    assert weight_parts(5, 6, ctx) == {"rank": 1}


def test_the_quarter_boundary_is_four_rounds_left_of_sixteen():
    assert context(rounds_left=4, total_rounds=16).last_quarter is True
    assert context(rounds_left=5, total_rounds=16).last_quarter is False


def test_a_gibsonized_player_against_someone_who_can_still_cash_is_major():
    ctx = context(gibsonized=frozenset({0}))
    assert weight_parts(0, 2, ctx) == {"rank": 4, "gibson": MAJOR}
    # Position 5 never reached a paid place in any simulation: no gibson penalty.
    assert weight_parts(0, 5, ctx) == {"rank": 25}


def test_repeats_double_with_each_earlier_meeting():
    assert weight_parts(4, 5, context(met=[(4, 5)]))["repeat"] == 72
    assert weight_parts(4, 5, context(met=[(4, 5), (4, 5)]))["repeat"] == 216


def test_a_back_to_back_rematch_of_non_cashers_costs_a_minor_penalty():
    assert weight_parts(4, 5, context(last=[(4, 5)])) == {"rank": 1, "repeat": 72, "rematch": MINOR}


def test_hopeful_cashers_may_rematch_at_the_repeat_cost_only():
    assert weight_parts(0, 1, context(last=[(0, 1)])) == {"rank": 1, "repeat": 72}


def test_a_repeat_bye_costs_a_major_penalty_per_bye_unless_allowed():
    assert weight_parts(7, BYE, context(byes={7: 2})) == {"rank": 1, "bye": 2 * MAJOR}
    assert weight_parts(7, BYE, context(byes={7: 2}, allow_repeat_byes=True)) == {"rank": 1}
