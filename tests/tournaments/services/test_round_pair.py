"""Pairing rounds through the database: every system, plans, pins, byes and refusals."""

import pytest

from core.models import AuditEntry
from pairing.messages import PairingError
from pairing.registry import SCHEDULED_SYSTEMS, SYSTEMS
from tests import factories
from tests.tournaments.division_setup import field, games, play, play_round
from tournaments.models import Entry, FixedPairing, Pairing, Round
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.services import entries as entry_services
from tournaments.services.round_edits import (
    pin_pair,
    round_give_bye,
    round_pair_players,
    round_swap_players,
)
from tournaments.services.rounds import RoundRefused, round_pair

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_system_pairs_each_checked_in_entry_exactly_once(system):
    # Schedules (round robins, quads, Fontes) get an even field that splits into groups of
    # four; the others an odd field, which needs exactly one bye.
    size = 8 if system in SCHEDULED_SYSTEMS else 9
    division, entries = field(size, rounds=3)
    paired = round_pair(by=None, division=division, round_number=1, system=system, seed=7)
    seen = [n for game in games(division, 1) for n in game]
    assert sorted(seen) == list(range(1, size + 1))
    assert paired.system == system
    assert paired.seed == 7
    byes = Pairing.objects.filter(round=paired, second__isnull=True)
    assert byes.count() == size % 2
    assert all(bye.kind == Pairing.Kind.BYE for bye in byes)
    assert paired.pairings.exclude(second__isnull=True).filter(table__isnull=True).count() == 0


def test_koth_pairs_by_rating_then_by_the_standings_of_the_based_on_round():
    division, entries = field(4, rounds=3, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert games(division, 1) == {frozenset({1, 2}), frozenset({3, 4})}
    tables = dict(
        Pairing.objects.filter(round__number=1, round__division=division).values_list(
            "first__number", "table"
        )
    )
    assert tables.get(1, tables.get(2)) == 1
    for pairing in Pairing.objects.filter(round__division=division, round__number=1):
        lower = min(pairing.first.number, pairing.second.number)
        # The lower-rated player (higher number) wins: #2 by 100, #4 by 50.
        loser_first = pairing.first.number == lower
        margin = 100 if lower == 1 else 50
        play(pairing, 400 if loser_first else 400 + margin, 400 + margin if loser_first else 400)
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert games(division, 2) == {frozenset({2, 4}), frozenset({3, 1})}


def test_swiss_avoids_repeats_found_in_the_database():
    division, entries = field(4, rounds=3)
    for number in (1, 2, 3):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    met = [game for n in (1, 2, 3) for game in games(division, n)]
    assert len(met) == 6
    assert len(set(met)) == 6


def test_bye_has_no_second_player_and_counts_the_division_bye_spread():
    division, entries = field(5, rounds=2, bye_spread=30)
    rnd = round_pair(by=None, division=division, round_number=1, seed=3)
    bye = rnd.pairings.get(second__isnull=True)
    assert (bye.kind, bye.first_score, bye.table) == (Pairing.Kind.BYE, None, None)
    record = next(
        r for r in standings_records(division_results(division)) if r["number"] == bye.first.number
    )
    assert (record["wins"], record["spread"], record["byes"]) == (1.0, 30, 1)


def test_round_one_pairs_only_checked_in_entries_unless_the_division_says_otherwise():
    division, entries = field(5, rounds=2)
    Entry.objects.filter(pk=entries[4].pk).update(status=Entry.Status.REGISTERED, paid=True)
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert {n for g in games(division, 1) for n in g} == {1, 2, 3, 4}
    division.pair_checked_in_only = False
    division.save()
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert {n for g in games(division, 1) for n in g} == {1, 2, 3, 4, 5}


def test_pairing_the_next_round_is_refused_while_results_are_missing_naming_the_tables():
    division, entries = field(6, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    first_table = Pairing.objects.get(round__division=division, round__number=1, table=1)
    play(first_table, 400, 300)
    with pytest.raises(RoundRefused) as refused:
        round_pair(by=None, division=division, round_number=2, seed=1)
    assert str(refused.value) == (
        "Round 2 is paired on the standings after round 1, whose results are missing at tables 2, 3."
    )
    assert not Round.objects.filter(division=division, number=2).exists()


def test_a_lagged_round_pairs_on_older_standings_while_the_last_round_is_still_on():
    division, entries = field(6, rounds=4, pairing_plan="1-2 koth; 3-4 koth lag 1")
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    round_pair(by=None, division=division, round_number=2, seed=1)
    third = round_pair(by=None, division=division, round_number=3, seed=1)
    assert third.based_on_round == 1
    assert third.pairings.count() == 3


def test_re_pairing_a_round_with_results_needs_force():
    division, entries = field(4, rounds=2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    with pytest.raises(RoundRefused, match="Round 1 already has results"):
        round_pair(by=None, division=division, round_number=1, seed=2)
    again = round_pair(by=None, division=division, round_number=1, seed=2, force=True)
    assert again.pairings.filter(first_score__isnull=False).count() == 0
    assert again.seed == 2


def test_a_round_cannot_be_paired_before_the_one_before_it():
    division, entries = field(4, rounds=3)
    with pytest.raises(RoundRefused, match="Pair round 1 before round 2"):
        round_pair(by=None, division=division, round_number=2, seed=1)


def test_an_unknown_system_is_refused():
    division, entries = field(4, rounds=3)
    with pytest.raises(RoundRefused, match="no pairing system called “bogus”"):
        round_pair(by=None, division=division, round_number=1, system="bogus")


def test_a_round_outside_the_division_is_refused():
    division, entries = field(4, rounds=3)
    with pytest.raises(RoundRefused, match="Round 4 is outside the division's 3 rounds"):
        round_pair(by=None, division=division, round_number=4)


def test_a_pin_puts_two_players_together_and_a_fixed_table_seats_a_player():
    division, entries = field(6, rounds=2, pairing_plan="1-N koth")
    pin_pair(by=None, division=division, round_number=1, first=entries[0], second=entries[5])
    entry_services.entry_set_fixed_table(by=None, entry=entries[2], table=9)
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert frozenset({1, 6}) in games(division, 1)
    seated = Pairing.objects.get(round__division=division, round__number=1, table=9)
    assert 3 in (seated.first.number, seated.second.number)


def test_a_pin_of_a_withdrawn_player_is_refused_when_pairing():
    division, entries = field(4, rounds=2)
    pin_pair(by=None, division=division, round_number=1, first=entries[0], second=entries[1])
    entry_services.entry_withdraw(by=None, entry=entries[1], after_round=0)
    with pytest.raises(RoundRefused, match="Player #2 is pinned in round 1 but does not play"):
        round_pair(by=None, division=division, round_number=1, seed=1)


def test_a_player_can_be_pinned_only_once_per_round():
    division, entries = field(4, rounds=2)
    pin_pair(by=None, division=division, round_number=1, first=entries[0], second=entries[1])
    with pytest.raises(RoundRefused, match="#1 is already pinned in round 1"):
        pin_pair(by=None, division=division, round_number=1, first=entries[2], second=entries[0])
    assert FixedPairing.objects.count() == 1


def test_late_entry_joins_with_a_starting_record_and_withdrawn_player_is_left_out():
    division, entries = field(4, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    late = entry_services.entry_add(
        by=None,
        division=division,
        player=factories.player("Late Comer"),
        rating=1500,
        joins_at_round=2,
        starting_wins=1,
        starting_losses=0,
        starting_spread=25,
        status=Entry.Status.CHECKED_IN,
    )
    entry_services.entry_withdraw(by=None, entry=entries[3], after_round=1)
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert {n for g in games(division, 2) for n in g} == {1, 2, 3, late.number}
    record = next(
        r
        for r in standings_records(division_results(division), through_round=1)
        if r["number"] == late.number
    )
    assert (record["wins"], record["losses"], record["spread"], record["games"]) == (1, 0, 25, 1)


def test_firsts_and_seconds_carry_into_the_next_round():
    division, entries = field(8, rounds=2, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=5)
    play_round(division, 1)
    went_first = set(
        Pairing.objects.filter(round__division=division, round__number=1).values_list(
            "first_id", flat=True
        )
    )
    round_pair(by=None, division=division, round_number=2, seed=5)
    for game in Pairing.objects.filter(round__division=division, round__number=2):
        if (game.first_id in went_first) != (game.second_id in went_first):
            assert game.second_id in went_first


def test_pairing_is_audited():
    division, entries = field(4, rounds=2)
    rnd = round_pair(by=None, division=division, round_number=1, seed=11)
    entry = AuditEntry.objects.get(action="round.pair", object_id=str(rnd.pk))
    assert entry.tournament_id == division.tournament_id
    assert entry.after["seed"] == 11
    assert len(entry.after["pairings"]) == 2


def test_swap_pair_together_and_give_bye_edit_a_paired_round():
    division, entries = field(5, rounds=2, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert games(division, 1) == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5})}
    round_swap_players(
        by=None, division=division, round_number=1, first=entries[1], second=entries[2]
    )
    assert games(division, 1) == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5})}
    round_pair_players(
        by=None, division=division, round_number=1, first=entries[0], second=entries[1]
    )
    assert games(division, 1) == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5})}
    round_give_bye(by=None, division=division, round_number=1, entry=entries[0])
    assert games(division, 1) == {frozenset({1}), frozenset({2, 5}), frozenset({3, 4})}
    bye = Pairing.objects.get(round__division=division, round__number=1, second__isnull=True)
    assert bye.kind == Pairing.Kind.BYE
    assert (
        AuditEntry.objects.filter(
            action__in=["round.swap", "round.pair_together", "round.give_bye"]
        ).count()
        == 3
    )


def test_an_edit_that_would_undo_a_result_is_refused():
    division, entries = field(4, rounds=2, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    game = Pairing.objects.get(round__division=division, round__number=1, table=1)
    play(game, 420, 380)
    with pytest.raises(RoundRefused, match="Table 1 already has a result"):
        round_swap_players(
            by=None, division=division, round_number=1, first=entries[0], second=entries[2]
        )
    assert games(division, 1) == {frozenset({1, 2}), frozenset({3, 4})}


def test_an_edit_naming_one_player_twice_is_refused_by_the_core():
    division, entries = field(4, rounds=2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    with pytest.raises(PairingError, match="Choose two different players"):
        round_swap_players(
            by=None, division=division, round_number=1, first=entries[0], second=entries[0]
        )


def _play_by_numbers(division, number, winners):
    """Each game won by the player numbered in ``winners`` by the given margin."""
    for pairing in Pairing.objects.filter(round__division=division, round__number=number):
        for winner, margin in winners.items():
            if winner == pairing.first.number:
                play(pairing, 400 + margin, 400)
            elif winner == pairing.second.number:
                play(pairing, 400, 400 + margin)


@pytest.mark.parametrize(("gibsonize", "expected"), [(True, {1, 2}), (False, {1, 4})])
def test_a_clinched_leader_is_gibsonized_in_the_last_round(gibsonize, expected):
    division, entries = field(
        4,
        rounds=3,
        pairing_plan="1-N koth",
        gibsonize=gibsonize,
        prize_places=2,
        max_spread_per_round=50,
    )
    round_pair(by=None, division=division, round_number=1, seed=1)
    _play_by_numbers(division, 1, {1: 300, 3: 10})
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert games(division, 2) == {frozenset({1, 3}), frozenset({4, 2})}
    _play_by_numbers(division, 2, {1: 300, 4: 10})
    # #1 is 2-0 +600 with one round left: nobody can catch them, and #2 (0-2 -310) is the
    # only player who can no longer finish in the two prize places.
    round_pair(by=None, division=division, round_number=3, seed=1)
    assert frozenset(expected) in games(division, 3)
