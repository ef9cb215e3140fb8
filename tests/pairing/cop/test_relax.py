"""A director may drop a hard rule for one round; an overconstrained round names the rules."""

import pytest

from pairing.cop.engine import pair_field
from pairing.cop.messages import CopError, render

from .build import fast, make_field
from .test_control import CONTROL, MET, RACE


def test_dropping_control_loss_leaves_the_pairing_to_the_weights():
    # In the last quarter the leader's window ends at P2, the only other hopeful for 1st, and
    # P3 would be the first rank past it (half a major penalty): the weights pair P1 v P2
    # again (repeat 224) without any hard rule.
    field = make_field(RACE, rounds_left=3, met=MET)
    games, notes = pair_field(
        field, fast(control_loss_threshold=0.2, relaxed=frozenset({"control_loss"})), seed=5
    )
    assert games == [(0, 1), (2, 3), (4, 5)]
    log = render(notes)
    assert "Dropped for this round at the director's choice: control loss." in log
    assert "the leader may only play" not in log
    assert "P1 (1) v P2 (2): penalty 224 (repeat 224)." in log


def test_an_overconstrained_round_names_its_culprits_by_key():
    # Destiny's child (P2) is pre-paired with P6, and control loss stays hard.
    field = make_field(RACE, rounds_left=3, met=MET, prepaired=[(1, 5)])
    with pytest.raises(CopError) as caught:
        pair_field(field, CONTROL, seed=5)
    assert caught.value.culprits == ("control_loss",)
    assert caught.value.all_needed is False


def test_dropping_control_loss_pairs_the_overconstrained_round():
    field = make_field(RACE, rounds_left=3, met=MET, prepaired=[(1, 5)])
    settings = fast(control_loss_threshold=0.2, relaxed=frozenset({"control_loss"}))
    games, notes = pair_field(field, settings, seed=5)
    assert (1, 5) in games and (0, 2) in games
    assert "Dropped for this round at the director's choice: control loss." in render(notes)
