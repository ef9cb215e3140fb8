"""The pairing write path: one read of the division, pairing outside the lock, a re-pair when
the event changed meanwhile, and a query count that does not grow with the field."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.division_setup import field, games, play_round
from tournaments.models import Pairing
from tournaments.services import entries as entry_services
from tournaments.services import rounds as round_services
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _withdraw_during_first_read(monkeypatch, entry):
    """Make the first (unlocked) read see the event as it was, then withdraw ``entry``."""
    real = round_services._prepare
    calls = []

    def prepare(division_pk, request):
        prepared = real(division_pk, request)
        calls.append(prepared)
        if len(calls) == 1:
            entry_services.entry_withdraw(by=None, entry=entry, after_round=1)
        return prepared

    monkeypatch.setattr(round_services, "_prepare", prepare)
    return calls


def test_a_change_made_while_pairing_is_read_again_under_the_lock(monkeypatch):
    division, entries = field(4, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    calls = _withdraw_during_first_read(monkeypatch, entries[3])
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert len(calls) == 2
    # The withdrawn #4 is left out: three players, so one bye and one game.
    assert len(games(division, 2)) == 2
    assert all(4 not in game for game in games(division, 2))


def test_nothing_changed_means_the_first_read_is_written(monkeypatch):
    division, _entries = field(4, rounds=3)
    real = round_services._prepare
    calls = []
    monkeypatch.setattr(
        round_services, "_prepare", lambda pk, request: calls.append(1) or real(pk, request)
    )
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert len(calls) == 1


def test_last_change_moves_with_every_audited_change_of_the_event():
    division, entries = field(2, rounds=1)
    before = round_services.last_change(division.tournament_id)
    entry_services.entry_check_in(by=None, entry=entries[0])
    assert round_services.last_change(division.tournament_id) > before


def _paired_field(size: int, rounds_played: int):
    division, _entries = field(size, rounds=rounds_played + 2)
    for number in range(1, rounds_played + 1):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    return division


@pytest.mark.parametrize("size", [6, 30])
def test_pairing_a_round_takes_the_same_queries_whatever_the_field(
    size, django_assert_max_num_queries
):
    division = _paired_field(size, 2)
    # 14 to pair and write, 26 to read the event's restore point (a fixed number per division:
    # the newest point, the parts' marks, the site's newest audit entry and the archive, whose
    # integrity dismissals and broadcast settings are 4 of them).
    with django_assert_max_num_queries(40):
        round_pair(by=None, division=division, round_number=3, seed=3)
    assert Pairing.objects.filter(round__division=division, round__number=3).count() == size // 2


def _histories_by_scanning(earlier, entry_ids):
    """The per-player reading the one-pass history replaced: a scan of every game per player."""
    return {
        pk: sum(1 for p in earlier if p.first_id == pk and p.second_id is None) for pk in entry_ids
    }


@settings(max_examples=15, deadline=None, derandomize=True)
@given(size=st.integers(min_value=3, max_value=9), rounds_played=st.integers(0, 3))
def test_one_pass_byes_equal_a_scan_per_player(size, rounds_played):
    division = _paired_field(size, rounds_played)
    results = round_services.pairing_read(division)
    planned = round_services.planned_round(division, rounds_played + 1)
    round_input = round_services.build_round_input(
        division, rounds_played + 1, planned, random.Random(size).randrange(99), results
    )
    scanned = _histories_by_scanning(results.pairings, [e.pk for e in results.entries])
    assert {c.id: c.byes for c in round_input.competitors} == scanned
    assert sum(scanned.values()) == rounds_played * (size % 2)
