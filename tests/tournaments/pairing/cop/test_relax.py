"""A director may drop a hard rule for one round; an overconstrained round names the rules."""

import pytest

from tournaments.pairing.cop.engine import pair_field
from tournaments.pairing.cop.messages import CopError, render

from .build import fast, make_field
from .test_control import MET, RACE
from .test_overconstrained import FINAL


def test_dropping_control_loss_lets_the_weights_keep_the_leader_from_a_fourth_meeting():
    field = make_field(RACE, rounds_left=3, met=MET)
    games, notes = pair_field(field, fast(relaxed=frozenset({"control_loss"})), seed=5)
    assert (0, 1) not in games
    log = render(notes)
    assert "Dropped for this round at the director's choice: control loss." in log
    assert "the leader may only play" not in log


def test_an_overconstrained_round_names_its_culprits_by_key():
    with pytest.raises(CopError) as caught:
        pair_field(make_field(FINAL, rounds_left=1), fast(place_prizes=2, top_down_byes=True), 2)
    assert caught.value.culprits == ("top_down", "koth")
    assert caught.value.all_needed is False


def test_dropping_top_down_byes_pairs_the_overconstrained_final_round():
    settings = fast(place_prizes=2, top_down_byes=True, relaxed=frozenset({"top_down"}))
    games, notes = pair_field(make_field(FINAL, rounds_left=1), settings, seed=2)
    assert games[0] == (0, 1)
    assert "Dropped for this round at the director's choice: top-down byes." in render(notes)
