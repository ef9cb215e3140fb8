"""What a stored pairing means for each player, for every kind (pure: plain rows, no database)."""

from typing import NamedTuple

import pytest

from tournaments.results.outcomes import (
    FORFEITER_WITHOUT_FORFEIT,
    NEEDS_FORFEITER,
    OPPONENT_DOES_NOT_FIT_KIND,
    UNKNOWN_KIND,
    InconsistentPairing,
    Outcome,
    SideOutcome,
    Spreads,
    pairing_outcomes,
    played_outcome,
    played_worth,
    side_outcome,
    went_first,
)

SPREADS = Spreads(bye=40, forfeit=75)


class Row(NamedTuple):
    """The stored values, as ``PairingRow`` and ``Pairing`` carry them."""

    kind: str
    first_id: int
    second_id: int | None = None
    first_score: int | None = None
    second_score: int | None = None
    forfeited_by_id: int | None = None
    sides_known: bool = True


def test_played_game_is_a_win_and_a_loss_with_the_score_difference_as_spread():
    assert pairing_outcomes(Row("played", 1, 2, 420, 380), SPREADS) == (
        SideOutcome(1, 2, Outcome.WIN, 40, points_for=420, points_against=380, went_first=True),
        SideOutcome(2, 1, Outcome.LOSS, -40, points_for=380, points_against=420, went_first=False),
    )


def test_played_game_won_by_the_second_player():
    first, second = pairing_outcomes(Row("played", 1, 2, 350, 351), SPREADS)
    assert (first.outcome, first.spread, second.outcome, second.spread) == (
        Outcome.LOSS,
        -1,
        Outcome.WIN,
        1,
    )


def test_played_game_with_equal_scores_is_a_tie_for_both():
    outcomes = pairing_outcomes(Row("played", 1, 2, 400, 400), SPREADS)
    assert [(o.outcome, o.spread) for o in outcomes] == [(Outcome.TIE, 0), (Outcome.TIE, 0)]


def test_played_game_with_unknown_sides_says_nobody_went_first():
    outcomes = pairing_outcomes(Row("played", 1, 2, 420, 380, sides_known=False), SPREADS)
    assert [o.went_first for o in outcomes] == [None, None]


@pytest.mark.parametrize("scores", [(None, None), (420, None), (None, 380)])
def test_played_game_without_both_scores_has_no_outcome_yet(scores):
    assert pairing_outcomes(Row("played", 1, 2, *scores), SPREADS) == ()


def test_bye_without_a_recorded_spread_takes_the_division_bye_spread():
    assert pairing_outcomes(Row("bye", 1), SPREADS) == (SideOutcome(1, None, Outcome.BYE, 40),)


def test_bye_with_a_recorded_spread_keeps_it():
    assert pairing_outcomes(Row("bye", 1, first_score=50), SPREADS) == (
        SideOutcome(1, None, Outcome.BYE, 50),
    )


def test_bye_recorded_with_spread_zero_is_a_half_bye():
    assert pairing_outcomes(Row("bye", 1, first_score=0), SPREADS) == (
        SideOutcome(1, None, Outcome.HALF_BYE, 0),
    )


def test_a_division_bye_spread_of_zero_is_still_a_whole_bye():
    assert pairing_outcomes(Row("bye", 1), Spreads(bye=0, forfeit=75)) == (
        SideOutcome(1, None, Outcome.BYE, 0),
    )


def test_forfeit_without_an_opponent_is_a_forfeit_loss_at_minus_the_forfeit_spread():
    assert pairing_outcomes(Row("forfeit", 1, forfeited_by_id=1), SPREADS) == (
        SideOutcome(1, None, Outcome.FORFEIT_LOSS, -75),
    )


def test_forfeit_without_an_opponent_keeps_a_recorded_spread():
    assert pairing_outcomes(Row("forfeit", 1, first_score=-50, forfeited_by_id=1), SPREADS) == (
        SideOutcome(1, None, Outcome.FORFEIT_LOSS, -50),
    )


def test_forfeit_by_the_second_player_is_a_forfeit_win_for_the_first():
    assert pairing_outcomes(Row("forfeit", 1, 2, forfeited_by_id=2), SPREADS) == (
        SideOutcome(1, 2, Outcome.FORFEIT_WIN, 75),
        SideOutcome(2, 1, Outcome.FORFEIT_LOSS, -75),
    )


def test_forfeit_by_the_first_player_is_a_forfeit_win_for_the_second():
    assert pairing_outcomes(Row("forfeit", 1, 2, forfeited_by_id=1), SPREADS) == (
        SideOutcome(1, 2, Outcome.FORFEIT_LOSS, -75),
        SideOutcome(2, 1, Outcome.FORFEIT_WIN, 75),
    )


def test_forfeit_ignores_scores_left_on_the_pairing():
    outcomes = pairing_outcomes(Row("forfeit", 1, 2, 300, 200, forfeited_by_id=1), SPREADS)
    assert [(o.outcome, o.spread, o.points_for) for o in outcomes] == [
        (Outcome.FORFEIT_LOSS, -75, None),
        (Outcome.FORFEIT_WIN, 75, None),
    ]


def test_double_forfeit_is_a_loss_at_minus_the_forfeit_spread_for_each():
    assert pairing_outcomes(Row("double_forfeit", 1, 2), SPREADS) == (
        SideOutcome(1, 2, Outcome.DOUBLE_FORFEIT, -75),
        SideOutcome(2, 1, Outcome.DOUBLE_FORFEIT, -75),
    )


def test_the_default_spreads_are_fifty_each_way():
    assert [o.spread for o in pairing_outcomes(Row("forfeit", 1, 2, forfeited_by_id=1))] == [
        -50,
        50,
    ]
    assert pairing_outcomes(Row("bye", 1))[0].spread == 50


@pytest.mark.parametrize(
    ("row", "template"),
    [
        (Row("forfeit", 1, 2), NEEDS_FORFEITER),
        (Row("forfeit", 1), NEEDS_FORFEITER),
        (Row("forfeit", 1, 2, forfeited_by_id=3), NEEDS_FORFEITER),
        (Row("forfeit", 1, forfeited_by_id=2), NEEDS_FORFEITER),
        (Row("bye", 1, 2), OPPONENT_DOES_NOT_FIT_KIND),
        (Row("played", 1, None, 400, 300), OPPONENT_DOES_NOT_FIT_KIND),
        (Row("double_forfeit", 1), OPPONENT_DOES_NOT_FIT_KIND),
        (Row("played", 1, 2, 400, 300, forfeited_by_id=2), FORFEITER_WITHOUT_FORFEIT),
        (Row("double_forfeit", 1, 2, forfeited_by_id=1), FORFEITER_WITHOUT_FORFEIT),
        (Row("walkover", 1, 2), UNKNOWN_KIND),
    ],
    ids=lambda value: value.kind if isinstance(value, Row) else "",
)
def test_values_without_a_meaning_are_refused(row, template):
    with pytest.raises(InconsistentPairing) as refused:
        pairing_outcomes(row, SPREADS)
    assert refused.value.template == template


def test_side_outcome_picks_one_player_and_is_none_while_unreported():
    forfeit = Row("forfeit", 1, 2, forfeited_by_id=2)
    assert side_outcome(forfeit, 2, SPREADS) == SideOutcome(2, 1, Outcome.FORFEIT_LOSS, -75)
    assert side_outcome(Row("played", 1, 2), 1, SPREADS) is None


def test_went_first_needs_an_opponent_and_known_sides():
    assert (went_first(Row("played", 1, 2), 1), went_first(Row("played", 1, 2), 2)) == (
        True,
        False,
    )
    assert went_first(Row("played", 1, 2, sides_known=False), 1) is None
    assert went_first(Row("bye", 1), 1) is None


@pytest.mark.parametrize(
    ("score", "against", "outcome", "value"),
    [
        (401, 400, Outcome.WIN, 1.0),
        (400, 400, Outcome.TIE, 0.5),
        (399, 400, Outcome.LOSS, 0.0),
    ],
)
def test_played_outcome_on_both_sides_of_a_tie(score, against, outcome, value):
    assert (played_outcome(score, against), played_outcome(score, against).win_value) == (
        outcome,
        value,
    )


def test_win_values_and_which_outcomes_were_played():
    assert {o: (o.win_value, o.played) for o in Outcome} == {
        Outcome.WIN: (1.0, True),
        Outcome.LOSS: (0.0, True),
        Outcome.TIE: (0.5, True),
        Outcome.BYE: (1.0, False),
        Outcome.HALF_BYE: (0.5, False),
        Outcome.FORFEIT_WIN: (1.0, False),
        Outcome.FORFEIT_LOSS: (0.0, False),
        Outcome.DOUBLE_FORFEIT: (0.0, False),
    }


@pytest.mark.parametrize(
    ("score", "against", "outcome"),
    [
        (401, 400, Outcome.WIN),
        (400, 400, Outcome.TIE),
        (399, 400, Outcome.LOSS),
        (-5, -6, Outcome.WIN),
    ],
)
def test_a_played_game_s_worth_is_its_outcome_s_win_value(score, against, outcome):
    """One point either side of a tie, and negative scores (a game can end below zero)."""
    assert played_outcome(score, against) is outcome
    assert played_worth(score, against) == outcome.win_value
