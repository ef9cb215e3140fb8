import pytest

from pairing.manual import give_bye, pair_together, swap_players, validate_pairings
from pairing.messages import PairingError
from pairing.types import PairingOut

ROUND = [PairingOut(1, 2, table=1), PairingOut(3, 4, table=2), PairingOut(5, 6, table=3)]
ODD_ROUND = [PairingOut(1, 2, table=1), PairingOut(3, 4, table=2), PairingOut(5, None)]


def rows(pairings):
    return [(p.first, p.second, p.table, p.repeats) for p in pairings]


def test_swap_players_exchanges_opponents_sides_and_tables():
    assert rows(swap_players(ROUND, 2, 3)) == [(1, 3, 1, 0), (2, 4, 2, 0), (5, 6, 3, 0)]


def test_swap_with_the_bye_moves_the_bye():
    assert rows(swap_players(ODD_ROUND, 4, 5)) == [(1, 2, 1, 0), (3, 5, 2, 0), (4, None, None, 0)]


def test_pair_together_pairs_the_former_opponents_and_counts_repeats():
    edited = pair_together(ROUND, 1, 4, history=((2, 3),))
    assert rows(edited) == [(1, 4, 1, 0), (2, 3, 2, 1), (5, 6, 3, 0)]


def test_pair_together_with_the_bye_player_hands_the_bye_on():
    assert rows(pair_together(ODD_ROUND, 5, 1)) == [(5, 1, 1, 0), (3, 4, 2, 0), (2, None, None, 0)]


def test_pair_together_when_already_opponents_changes_nothing():
    assert pair_together(ROUND, 2, 1) == ROUND


def test_give_bye_pairs_the_opponent_with_the_old_bye():
    assert rows(give_bye(ODD_ROUND, 3)) == [(1, 2, 1, 0), (4, 5, 2, 0), (3, None, None, 0)]


def test_give_bye_in_an_even_round_leaves_the_opponent_a_bye_too():
    assert rows(give_bye(ROUND, 6)) == [
        (1, 2, 1, 0),
        (3, 4, 2, 0),
        (5, None, None, 0),
        (6, None, None, 0),
    ]


def test_edits_refuse_unknown_and_identical_players():
    with pytest.raises(PairingError) as err:
        swap_players(ROUND, 1, 9)
    assert err.value.params == {"player": 9}
    with pytest.raises(PairingError) as err:
        pair_together(ROUND, 4, 4)
    assert str(err.value) == "Choose two different players."


def test_validate_pairings_names_the_missing_doubled_or_stranger_player():
    with pytest.raises(PairingError) as err:
        validate_pairings(ROUND, range(1, 8))
    assert str(err.value) == "Player 7 has no pairing in this round."
    with pytest.raises(PairingError) as err:
        validate_pairings([*ROUND, PairingOut(6, None)], range(1, 7))
    assert str(err.value) == "Player 6 is paired more than once in this round."
    with pytest.raises(PairingError) as err:
        validate_pairings(ROUND, range(1, 6))
    assert str(err.value) == "Player 6 is not in this round."
    validate_pairings(ROUND, range(1, 7))
