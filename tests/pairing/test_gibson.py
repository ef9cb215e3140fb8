from dataclasses import replace

from pairing.gibson import clinched_first, out_of_the_prizes
from pairing.registry import pair_round
from pairing.types import PairingSettings

from .builders import byes_of, games, make_field, make_input

GIBSON = PairingSettings(gibsonize=True, prize_places=3, max_spread_per_round=250)


def standings(wins, spreads):
    return tuple(
        replace(c, wins=float(w), spread=s)
        for c, w, s in zip(make_field(len(wins)), wins, spreads, strict=True)
    )


FIELD = standings([9, 7, 7, 5, 3, 2], [500, 300, 200, 100, 0, -100])


def test_leader_has_clinched_when_no_one_can_catch_them_in_wins():
    assert clinched_first(FIELD, rounds_left=1, max_spread_per_round=250) == 1
    assert clinched_first(FIELD, rounds_left=2, max_spread_per_round=250) is None


def test_clinching_on_spread_needs_a_strict_lead_over_the_best_comeback():
    level = standings([9, 8], [500, 0])
    assert clinched_first(level, rounds_left=1, max_spread_per_round=250) is None
    ahead = standings([9, 8], [501, 0])
    assert clinched_first(ahead, rounds_left=1, max_spread_per_round=250) == 1


def test_players_out_of_the_prizes_are_those_three_others_are_sure_to_beat():
    assert [c.id for c in out_of_the_prizes(FIELD, 1, 250, 3)] == [4, 5, 6]


def test_gibsonized_leader_plays_the_highest_ranked_player_out_of_the_prizes():
    for system in ("swiss", "koth"):
        pairings = pair_round(
            system, make_input(FIELD, round_number=10, total_rounds=10, settings=GIBSON)
        )
        assert games(pairings) == {frozenset({1, 4}), frozenset({2, 3}), frozenset({5, 6})}


def test_gibsonized_leader_avoids_an_opponent_met_too_often():
    history = ((1, 4), (1, 4))
    pairings = pair_round(
        "koth",
        make_input(FIELD, round_number=10, total_rounds=10, history=history, settings=GIBSON),
    )
    assert frozenset({1, 5}) in games(pairings)


def test_gibsonized_leader_takes_the_bye_in_an_odd_field():
    field = FIELD + standings([1] * 7, [0] * 7)[6:]
    pairings = pair_round(
        "swiss", make_input(field, round_number=10, total_rounds=10, settings=GIBSON)
    )
    assert byes_of(pairings) == [1]


def test_gibsonization_can_be_switched_off_per_division():
    off = replace(GIBSON, gibsonize=False)
    pairings = pair_round("koth", make_input(FIELD, round_number=10, total_rounds=10, settings=off))
    assert frozenset({1, 2}) in games(pairings)
