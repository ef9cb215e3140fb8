"""Each rule of "Precise rules where the steps above are loose" (shared/COP.md) on hand-built
standings, with the outcome worked out by hand here, on both sides of each boundary."""

from dataclasses import replace

import pytest

from pairing.cop import rules as r
from pairing.cop.constraints import bye_rules, class_koth_rules, class_walk
from pairing.cop.contention import assess, odd_pull
from pairing.cop.control import below_the_outright_run, helps_enough
from pairing.cop.engine import pair_field
from pairing.cop.gibson import gibson_groups
from pairing.cop.hope import Hope
from pairing.cop.messages import render
from pairing.cop.request import read_request
from pairing.cop.standings import field_from_request
from pairing.cop.weights import BYE, MAJOR, WeightContext, cash_contenders, weight_parts

from .build import fast, make_field, request_dict

# --- Standings ties -----------------------------------------------------------------------


def test_equal_wins_and_spread_rank_the_higher_player_index_first():
    # Everybody 400-400 in round 1 (ties): all level, so the order is 3, 2, 1, 0.
    data = request_dict(division_results=[{"results": [400, 400, 400, 400]}])
    field = field_from_request(read_request(data))
    assert [s.player for s in field.standings] == [3, 2, 1, 0]


def test_spread_still_decides_before_the_index():
    data = request_dict(division_results=[{"results": [400, 400, 401, 400]}])
    field = field_from_request(read_request(data))
    # C (2) won by 1: first; D (3) lost by 1: last; A and B tied at 0: B (1) before A (0).
    assert [s.player for s in field.standings] == [2, 1, 0, 3]


# --- Rounds, history, byes ------------------------------------------------------------------


def test_a_forfeit_bye_in_a_complete_round_counts_as_a_bye():
    # E sat out round 1 with a forfeit (-50), round 2 with a win (+50): two byes.
    data = request_dict(
        player_names=["A", "B", "C", "D", "E"],
        player_classes=[],
        division_pairings=[{"pairings": [1, 0, 3, 2, 4]}, {"pairings": [2, 3, 0, 1, 4]}],
        division_results=[
            {"results": [400, 300, 400, 300, -50]},
            {"results": [400, 300, 400, 300, 50]},
        ],
    )
    field = field_from_request(read_request(data))
    assert {s.player: s.byes for s in field.standings}[4] == 2


def test_the_last_quarter_counts_complete_rounds_not_scored_ones():
    # 12 rounds; 8 scored. With round 9 paired but unscored, 9 are complete: 3 rounds are
    # still to pair, 4 x 3 = 12 <= 12, the last quarter. With 8 complete: 16 > 12, not yet.
    hope = Hope(1, 1, 1, (0,) * 4, (0,) * 4, (0, 0, 0, 0), (0, 0, 0, 0), (3, 3, 3, 3))
    records = [(0, 0)] * 4
    paired = replace(make_field(records, rounds_left=4), rounds_paired=9)
    scored = make_field(records, rounds_left=4)
    assert (paired.completed, scored.completed) == (9, 8)
    assert WeightContext(paired, hope, 1, frozenset(), {}, False).last_quarter is True
    assert WeightContext(scored, hope, 1, frozenset(), {}, False).last_quarter is False


# --- Gibson groups --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locked", "groups", "outside"),
    [
        # Group {0} above 1 is odd: 1 joins it; the rest is the bottom group.
        ({1}, ((0, 1), (2, 3, 4, 5, 6, 7)), ()),
        # Group {0, 1} above 2 is even: 2 goes to the bottom group.
        ({2}, ((0, 1), (2, 3, 4, 5, 6, 7)), (2,)),
        # Two gibsonized: 0 (nothing above: even) and 3 (above it 1, 2: even) both go down.
        ({0, 3}, ((1, 2), (0, 3, 4, 5, 6, 7)), (0, 3)),
        # 3 closes the odd group 0-2 and joins it; 5 closes {4}, odd, and joins it.
        ({3, 5}, ((0, 1, 2, 3), (4, 5), (6, 7)), ()),
    ],
)
def test_the_gibson_walk_makes_odd_groups_take_in_and_even_ones_send_down(locked, groups, outside):
    found = gibson_groups(range(8), frozenset(locked))
    assert (found.groups, found.outside) == (groups, outside)


HOPE8 = Hope(
    sims=1000,
    requested=1000,
    cap=1000,
    first_chance=(0.5, 0.5, 0, 0, 0, 0, 0, 0),
    cash_chance=(1, 1, 0.5, 0.5, 0, 0, 0, 0),
    hopeful_rank=(0, 0, 1, 1, 4, 5, 6, 7),
    absolute_rank=(0, 0, 0, 1, 2, 3, 4, 5),
    lowest_hopeful=(1, 3, 3, 3, 4, 5, 6, 7),
)
RECORDS8 = [(10, 0), (10, 0), (8, 0), (8, 0), (0, 0), (0, 0), (-2, 0), (-2, 0)]


def context8(rounds_left=6, gibsonized=frozenset(), hope=HOPE8, **extra):
    field = make_field(RECORDS8, rounds_left=rounds_left)
    bottoms = {p: hope.lowest_hopeful[hope.hopeful_rank[p]] for p in range(8)}
    return WeightContext(field, hope, 2, frozenset(gibsonized), bottoms, False, **extra)


def test_the_gibsonized_v_casher_penalty_applies_only_inside_the_bottom_group():
    # 3 gibsonized (for the test) against 2, who can still cash: major in the bottom group,
    # nothing when the two stand in an upper group (they could only meet there anyway).
    inside = context8(gibsonized={3}, bottom_group=frozenset({2, 3, 4, 5, 6, 7}))
    upper = context8(gibsonized={3}, bottom_group=frozenset({4, 5, 6, 7}))
    assert weight_parts(2, 3, inside)["gibson"] == MAJOR
    assert "gibson" not in weight_parts(2, 3, upper)


# --- Precedence of byes -------------------------------------------------------------------

SEVEN = [(40, 900), (8, 40), (8, 30), (6, 20), (6, 10), (4, 0), (4, -10)]


def test_a_gibsonized_player_in_the_bottom_group_of_an_odd_field_alone_may_have_the_bye():
    field = make_field(SEVEN, rounds_left=3)
    groups = gibson_groups(field.to_pair, frozenset({0}))
    found, recipient = bye_rules(field, frozenset({0}), groups, top_down=False)
    assert recipient is None
    assert [(rule.name, dict(rule.partners)) for rule in found] == [
        (r.GIBSON_BYE, {BYE: frozenset({0})})
    ]


def test_top_down_byes_take_precedence_over_the_gibsonized_bye():
    # The gibsonized leader has had a bye; the highest-ranked with none is 2nd (position 1),
    # and the gibsonized-bye rule is not made at all.
    field = make_field(SEVEN, rounds_left=3, byes={0: 1})
    groups = gibson_groups(field.to_pair, frozenset({0}))
    found, recipient = bye_rules(field, frozenset({0}), groups, top_down=True)
    assert recipient == 1
    assert [(rule.name, dict(rule.partners)) for rule in found] == [
        (r.TOP_DOWN, {1: frozenset({BYE}), BYE: frozenset({1})})
    ]


def test_the_top_down_recipient_leaves_king_of_the_hill_to_its_neighbours():
    # Final round, 2 paid: 1st (no bye) gets the bye; 2nd and 3rd then meet, not 1st v 2nd.
    records = [(10, 50), (10, 40), (8, 30), (0, 0), (-2, 0)]
    games, notes = pair_field(
        make_field(records, rounds_left=1), fast(place_prizes=2, top_down_byes=True), seed=2
    )
    assert games == [(0, BYE), (1, 2), (3, 4)]
    assert "cash contenders: P2 (2) v P3 (3)." in render(notes)


# --- Final-round class king of the hill ----------------------------------------------------


def class_field(records):
    return make_field(records, rounds_left=1)


NO_GROUPS = gibson_groups(range(8), frozenset())


def test_the_class_walk_pairs_a_member_the_next_can_catch_and_stops_once_held():
    # Twice W-L; one round closes at most 4 of a gap. One prize. 3 (0) and 4 (-2): gap 2, 4
    # can catch 3: they meet for the one place, 3 (the upper) the one to catch. 6 (-10) is 10
    # behind 3: the walk stops.
    field = class_field([(8, 0), (8, 0), (6, 0), (0, 0), (-2, 0), (-8, 0), (-10, 0), (-10, 0)])
    assert class_walk(field, [3, 4, 5, 6], 1, NO_GROUPS, 250) == [(3, 4)]


def test_a_member_the_next_cannot_catch_holds_a_prize_and_the_walk_moves_on():
    # Two prizes. 3 (6) is out of 4's reach (0: gap 6): 3 holds one; 4 and 5 (-2: gap 2) meet
    # for the other.
    field = class_field([(10, 0), (10, 0), (8, 0), (6, 0), (0, 0), (-2, 0), (-8, 0), (-8, 0)])
    assert class_walk(field, [3, 4, 5], 2, NO_GROUPS, 250) == [(4, 5)]


def test_once_no_place_is_left_pairing_goes_on_while_the_lower_can_catch_the_one_to_catch():
    # One prize: 2 (2) v 3 (0) meet for it; with one place left, 2 (the upper) is the one to
    # catch. 5 (-2) can still catch 2 (a gap of 4, spreads level): 4 v 5 meet; 7 (-6) cannot:
    # the walk stops.
    field = class_field([(10, 0), (10, 0), (2, 0), (0, 0), (0, 0), (-2, 0), (-6, 0), (-6, 0)])
    assert class_walk(field, [2, 3, 4, 5, 6, 7], 1, NO_GROUPS, 250) == [(2, 3), (4, 5)]


@pytest.mark.parametrize(("spread_gap", "pairs"), [(500, [(3, 4)]), (501, [])])
def test_catching_in_the_one_round_left_is_two_games_and_twice_the_gibson_spread(spread_gap, pairs):
    # 3 and 4 are a gap of 4 apart (twice W-L): level on wins only if 3 loses and 4 wins, and
    # then ahead only if the spread gap is at most 2 x 250 = 500.
    records = [(10, 0), (10, 0), (8, 0), (0, spread_gap), (-4, 0), (-20, 0), (-20, 0), (-20, 0)]
    assert class_walk(class_field(records), [3, 4], 1, NO_GROUPS, 250) == pairs


@pytest.mark.parametrize(("prizes", "made"), [(1, []), (2, [{4: {5}, 5: {4}}])])
def test_a_member_above_the_walk_who_may_finish_unpaid_uses_up_a_prize(prizes, made):
    # Class 1 is 2, 4, 5; the cash contenders end at 2 (start 3). 2 may still finish outside
    # the paid places (cash chance 0.5): it uses a prize. With one prize, none is left for
    # the walk: nothing is forced (there is no player to catch). With two, one is left: 4 and
    # 5 (a gap of 2) meet for it.
    records = [(10, 0), (10, 0), (6, 0), (4, 0), (4, 0), (2, 0), (-10, 0), (-10, 0)]
    field = make_field(records, rounds_left=1, classes="xx1x11xx")
    chance = (1, 1, 0.5, 0, 0, 0, 0, 0)
    found = class_koth_rules(
        field, {"1": prizes}, frozenset(), frozenset(), NO_GROUPS, 250, chance, 3
    )
    assert [{p: set(q) for p, q in rule.partners.items()} for rule in found] == made
    # With the bye recipient among the two, nothing is forced.
    found = class_koth_rules(
        field, {"1": prizes}, frozenset({5}), frozenset(), NO_GROUPS, 250, chance, 3
    )
    assert found == []


def test_class_0_has_no_class_prize():
    records = [(10, 0), (10, 0), (6, 0), (4, 0), (4, 0), (2, 0), (-10, 0), (-10, 0)]
    field = make_field(records, rounds_left=1)  # everybody class 0 (the key "")
    assert class_koth_rules(field, {"": 3}, frozenset(), frozenset(), NO_GROUPS, 250) == []


# --- Control loss -----------------------------------------------------------------------------


@pytest.mark.parametrize(("without", "qualifies"), [(750, True), (751, False)])
def test_destinys_child_needs_at_least_the_threshold_more_first_places(without, qualifies):
    # 1000 runs, threshold 0.25: 250 more is exactly enough, 249 is not.
    assert helps_enough(1000, without, 0.25, 1000) is qualifies


# Leader 1 game ahead of 2nd and 3rd, who are level; the rest far behind.
CLOSE = [(4, 100), (0, 50), (0, 40), (-20, 0), (-20, 0), (-20, -10)]
CONTROL = fast(control_loss_threshold=0, control_loss_activation_round=0)


# The outright test with five rounds left (against whoever leads each simulated round) is in
# test_clarified_rules.py, on both sides.


def test_with_four_rounds_left_the_outright_test_is_not_made():
    # Threshold 0: meeting the leader cannot hurt 2nd, so 2nd is destiny's child.
    games, notes = pair_field(make_field(CLOSE, rounds_left=4), CONTROL, seed=5)
    assert "destiny's child is P2 (2); the leader may only play P2 (2)." in render(notes)
    assert games[0] == (0, 1)


@pytest.mark.parametrize(
    ("tried", "child"),
    [
        # 2nd wins outright either way; 3rd gains from meeting the leader: 3rd.
        ([(1, 100, 100), (2, 90, 80)], 2),
        # 3rd gains nothing: nobody.
        ([(1, 100, 100), (2, 80, 80)], None),
        # No run above: the rule does not apply.
        ([(1, 99, 90), (2, 90, 80)], None),
        # Everybody wins outright: nobody below the run.
        ([(1, 100, 100), (2, 100, 100)], None),
    ],
)
def test_two_rounds_left_falls_back_to_the_player_below_a_run_of_outright_winners(tried, child):
    assert below_the_outright_run(tried, 100) == child


def test_control_loss_needs_more_than_one_round_left():
    _, notes = pair_field(make_field(CLOSE, rounds_left=1), CONTROL, seed=5)
    assert "Control loss does not apply: only one round is left." in render(notes)


def test_control_loss_needs_a_leader_who_is_not_gibsonized():
    runaway = [(40, 900), (0, 50), (0, 40), (-20, 0), (-20, 0), (-20, -10)]
    _, notes = pair_field(make_field(runaway, rounds_left=4), CONTROL, seed=5)
    assert "Control loss does not apply: the leader is gibsonized." in render(notes)


# --- Odd group of contenders for 1st ---------------------------------------------------------


def odd_case(lowest_first, locked=(), recipient=None, size=8):
    field = make_field(RECORDS8[:size], rounds_left=6)
    assessment = assess(field, fast(place_prizes=2, control_loss_activation_round=12), 1)
    hope = replace(
        assessment.hope, lowest_hopeful=(lowest_first, *assessment.hope.lowest_hopeful[1:])
    )
    return odd_pull(field, replace(assessment, hope=hope, locked=frozenset(locked)), recipient)


@pytest.mark.parametrize(
    ("lowest_first", "locked", "recipient", "pulled"),
    [
        (2, (), None, 3),  # 0, 1, 2: odd, 3 is pulled in
        (1, (), None, None),  # 0, 1: even
        (3, (), None, None),  # 0-3: even
        (2, (0,), None, None),  # a gibsonized leader is not counted: 1, 2 even
        (3, (0,), None, 4),  # 1, 2, 3: odd
        (2, (), 1, None),  # the bye's recipient is not counted: 0, 2 even
        (2, (), 3, 4),  # the recipient is not pulled in: the next one is
        (0, (), None, None),  # the leader alone, not gibsonized: nobody
        (0, (0,), None, 1),  # the leader alone, gibsonized: 2nd is kept from them
    ],
)
def test_an_odd_group_of_contenders_for_first_pulls_in_the_next_player(
    lowest_first, locked, recipient, pulled
):
    assert odd_case(lowest_first, locked, recipient) == pulled


def test_the_pulled_player_is_major_penalised_against_the_leader_only():
    ctx = context8(odd_pull=3)
    assert weight_parts(0, 3, ctx)["odd_group"] == MAJOR
    assert "odd_group" not in weight_parts(1, 3, ctx)


# --- Cash-contention weights -------------------------------------------------------------------


def test_cash_contenders_are_the_hopeful_cashers_made_even():
    field = make_field(RECORDS8, rounds_left=3)
    # Hopeful ranks 0,0,1,1: four hopeful cashers, even.
    assert cash_contenders(field, HOPE8, 2, frozenset()) == {0, 1, 2, 3}
    # Three hopeful: the highest non-hopeful (3) joins them.
    three = replace(HOPE8, hopeful_rank=(0, 0, 1, 4, 4, 5, 6, 7))
    assert cash_contenders(field, three, 2, frozenset()) == {0, 1, 2, 3}
    # A gibsonized player is no cash contender: 1, 2, 3 are odd, 4 joins.
    assert cash_contenders(field, HOPE8, 2, frozenset({0})) == {1, 2, 3, 4}


@pytest.mark.parametrize(("size", "contenders"), [(11, set(range(11))), (12, set(range(6)))])
def test_from_twelve_players_the_bottom_six_never_count_as_hopeful(size, contenders):
    # Everybody hopeful for 1st. 11 players: all eleven, odd, nobody left to add. 12 players:
    # the bottom six (6-11) are left out: 0-5.
    field = make_field([(0, -p) for p in range(size)], rounds_left=3)
    hope = Hope(1, 1, 1, (0,) * size, (0,) * size, (0,) * size, (0,) * size, (size - 1,) * size)
    assert cash_contenders(field, hope, 3, frozenset()) == contenders


def test_a_hopeful_casher_against_a_non_hopeful_player_is_major_in_the_last_quarter():
    # 3 rounds left of 12: last quarter. Contenders 0-3; 4 is the first rank past them (half).
    ctx = context8(rounds_left=3, cash_contenders=frozenset({0, 1, 2, 3}))
    assert weight_parts(3, 4, ctx)["cash"] == MAJOR // 2
    assert weight_parts(3, 5, ctx)["cash"] == MAJOR
    assert "cash" not in weight_parts(2, 3, ctx) and "cash" not in weight_parts(4, 5, ctx)


def test_cash_weights_wait_for_the_last_quarter_and_stop_in_the_final_round():
    early = context8(rounds_left=4, cash_contenders=frozenset({0, 1, 2, 3}))
    final = context8(rounds_left=1, cash_contenders=frozenset({0, 1, 2, 3}))
    assert "cash" not in weight_parts(3, 5, early)  # 4 x 4 = 16 > 12: not the last quarter
    assert "cash" not in weight_parts(3, 5, final)


def test_rank_difference_is_zeroed_only_before_the_final_round_and_not_for_gibsonized():
    assert "rank" not in weight_parts(0, 1, context8(rounds_left=3))
    assert weight_parts(0, 1, context8(rounds_left=1))["rank"] == 1
    # Gibsonized 0: squared, not zeroed. Below the lowest hopeful casher (4): not zeroed.
    assert weight_parts(0, 2, context8(rounds_left=3, gibsonized={0}))["rank"] == 4
    assert weight_parts(4, 6, context8(rounds_left=3))["rank"] == 4


def test_the_window_is_off_in_the_final_round():
    assert weight_parts(0, 3, context8(rounds_left=2))["window"] == MAJOR
    assert "window" not in weight_parts(0, 3, context8(rounds_left=1))


def test_giving_a_hopeful_casher_the_bye_costs_three_major_penalties():
    assert weight_parts(3, BYE, context8())["casher_bye"] == 3 * MAJOR
    assert "casher_bye" not in weight_parts(4, BYE, context8())


def pending_case(paired_ahead: bool):
    # Round 1: A beat B by 200, C beat D by 100. Round 2 is paired A v C, B v D but not
    # scored when TSH asks for round 3 (of 3): 2 rounds are left by results.
    pairings = [{"pairings": [1, 0, 3, 2]}] + ([{"pairings": [2, 3, 0, 1]}] if paired_ahead else [])
    data = request_dict(
        player_names=["A", "B", "C", "D"],
        player_classes=[],
        rounds=3,
        division_pairings=pairings,
        division_results=[{"results": [500, 300, 450, 350]}],
        division_sims=4000,
        control_loss_activation_round=9,
    )
    request = read_request(data)
    field = field_from_request(request)
    return field, assess(field, request.settings, 1)


def test_a_round_paired_but_not_scored_is_simulated_as_paired():
    # Standings A, C, D, B. Round 2 as paired is A v C (positions 0 v 1) and D v B (2 v 3);
    # without it, the simulation's first round pairs by factor: A v D, C v B. As paired, A
    # or C surely loses once before the last round, so D, a game behind, finishes first
    # less often than when D could meet and beat A in round 2.
    ahead, with_pending = pending_case(True)
    plain, without = pending_case(False)
    assert [s.name for s in ahead.standings] == ["A", "C", "D", "B"]
    assert (ahead.pending, plain.pending) == (((0, 1), (2, 3)), ())
    assert (ahead.rounds_left, ahead.completed) == (2, 2)
    assert with_pending.hope.first_chance[2] < without.hope.first_chance[2]
