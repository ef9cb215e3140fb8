"""What COP counts from the history: a loss counts against a player (ranking, the log's
wins-minus-losses, who can still catch whom), any self-pairing is a bye already had (a forfeit
bye too), the simulated last round is king of the hill over the whole field, and factor 3
starts at a field of exactly six."""

from __future__ import annotations

from pairing.cop.contention import assess
from pairing.cop.engine import pair_request
from pairing.cop.gibson import can_catch, gibsonized
from pairing.cop.messages import render
from pairing.cop.request import read_request
from pairing.cop.simulate import factor_segments
from pairing.cop.standings import Standing, field_from_request

from .build import fast, make_field, request_dict

NO_CONTROL = {"control_loss_activation_round": 12}


def two_rounds() -> dict:
    """Round 1: A beats B by 300, C beats D by 10. Round 2: D beats A by 1, B and C tie.
    A has a win and a loss (+299), C a win and a tie (+10), D a loss and a win (-9),
    B a loss and a tie (-300)."""
    return request_dict(
        player_names=["A", "B", "C", "D"],
        player_classes=["A", "A", "A", "A"],
        division_pairings=[{"pairings": [1, 0, 3, 2]}, {"pairings": [3, 2, 1, 0]}],
        division_results=[{"results": [500, 200, 400, 390]}, {"results": [399, 350, 350, 400]}],
        rounds=5,
    )


def test_a_loss_counts_against_a_player_in_the_cop_ranking():
    field = field_from_request(read_request(two_rounds()))
    ranked = [(s.name, s.wl2, s.spread) for s in field.standings]
    # A's 299 spread does not lift a win and a loss above C's win and tie.
    assert ranked == [("C", 2, 10), ("A", 0, 299), ("D", 0, -9), ("B", -2, -300)]


def test_the_cop_log_prints_wins_minus_losses_with_the_losses_taken_off():
    response = pair_request(read_request(two_rounds()))
    log = render(response.notes)
    assert "1. C: wins minus losses +1, spread +10;" in log
    assert "2. A: wins minus losses +0, spread +299;" in log
    assert "4. B: wins minus losses -1, spread -300;" in log


def standing(wl2: int, spread: int) -> Standing:
    return Standing(0, "P", "", wl2, spread, 0)


def test_a_player_a_loss_and_a_win_behind_can_catch_up_only_on_spread_in_the_last_round():
    leader = standing(2, 0)  # one win
    assert can_catch(leader, standing(-2, -500), rounds_left=1, gibson_spread=250)
    assert not can_catch(leader, standing(-2, -501), rounds_left=1, gibson_spread=250)


def test_two_losses_behind_with_one_round_left_cannot_catch_up():
    assert not can_catch(standing(4, 0), standing(-4, 900), rounds_left=1, gibson_spread=250)
    assert can_catch(standing(4, 0), standing(-4, 900), rounds_left=2, gibson_spread=250)


def test_a_leader_whose_rivals_lost_is_gibsonized_from_the_request():
    # A won both rounds; everyone else lost at least once: with one round left nobody catches A.
    data = request_dict(
        player_names=["A", "B", "C", "D"],
        division_pairings=[{"pairings": [1, 0, 3, 2]}, {"pairings": [2, 3, 0, 1]}],
        division_results=[{"results": [500, 200, 400, 390]}, {"results": [500, 450, 300, 300]}],
        rounds=3,
    )
    field = field_from_request(read_request(data))
    assert [(s.name, s.wl2) for s in field.standings][0] == ("A", 4)
    assert gibsonized(field.standings, 1, field.rounds_left, 250) == frozenset({0})


def five_players_after_one_round(bye_score: int) -> dict:
    return request_dict(
        player_names=["A", "B", "C", "D", "E"],
        player_classes=["A"] * 5,
        division_pairings=[{"pairings": [1, 0, 3, 2, 4]}],
        division_results=[{"results": [450, 350, 400, 390, bye_score]}],
        rounds=5,
    )


def test_a_forfeit_loss_recorded_as_a_self_pairing_counts_as_a_bye_already_had():
    field = field_from_request(read_request(five_players_after_one_round(-50)))
    byes = {s.name: s.byes for s in field.standings}
    assert byes == {"A": 0, "B": 0, "C": 0, "D": 0, "E": 1}


def test_a_bye_and_a_half_bye_count_as_byes_already_had():
    for score in (50, 0):
        field = field_from_request(read_request(five_players_after_one_round(score)))
        assert {s.name: s.byes for s in field.standings}["E"] == 1


def test_the_simulated_last_round_is_king_of_the_hill_across_the_whole_field():
    assert factor_segments(8, 1) == ([(slice(0, 8, 2), slice(1, 8, 2))], None)
    assert factor_segments(7, 1) == ([(slice(0, 6, 2), slice(1, 6, 2))], 6)


def test_a_simulated_round_before_the_last_pairs_by_factor():
    segments, bye = factor_segments(8, 2)
    assert (segments, bye) == ([(slice(0, 2), slice(2, 4)), (slice(4, 6), slice(6, 8))], None)


SIX = [(16, 300), (14, 250), (14, 200), (12, 150), (10, 100), (8, 50)]


def test_factor_three_is_weighed_in_a_field_of_exactly_six():
    assessed = assess(make_field(SIX, rounds_left=2), fast(**NO_CONTROL), seed=5)
    assert assessed.factor3 is not None


def test_factor_three_is_not_weighed_in_a_field_of_five():
    assessed = assess(make_field(SIX[:5], rounds_left=2), fast(**NO_CONTROL), seed=5)
    assert assessed.factor3 is None
