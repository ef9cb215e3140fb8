"""Pairing the next round of every ready division as one action: each division says what was
done (paired round N, skipped with results missing, finished, refused with its reason), and a
refused division does not stop the others."""

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from tests import factories
from tests.tournaments.division_setup import play_round
from tournaments.models import Entry, FixedPairing, Pairing, RestorePoint, Round
from tournaments.selectors.readiness import event_readiness
from tournaments.services.pair_all import pair_all_divisions
from tournaments.services.restore_points import restore_point_take
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_states(director):
    """A ready for round 1, B ready for round 2, C with results missing, D finished, E refused
    (a pin of a player who is not checked in)."""
    event = factories.tournament(director=director, slug="kings-cup")
    fresh = factories.division(event, name="A", rounds=3)
    factories.entries(fresh, 4)
    played = factories.division(event, name="B", rounds=3)
    factories.entries(played, 4)
    round_pair(by=director, division=played, round_number=1, seed=1)
    play_round(played, 1)
    open_round = factories.division(event, name="C", rounds=3)
    factories.entries(open_round, 6)
    round_pair(by=director, division=open_round, round_number=1, seed=1)
    done = factories.division(event, name="D", rounds=1)
    factories.entries(done, 2)
    round_pair(by=director, division=done, round_number=1, seed=1)
    play_round(done, 1)
    refused = factories.division(event, name="E", rounds=3)
    people = factories.entries(refused, 4)
    people[0].status = "registered"
    people[0].save()
    FixedPairing.objects.create(division=refused, round_number=1, first=people[0], second=people[1])
    return event


def test_each_division_is_paired_skipped_or_refused_on_its_own(director, four_states):
    outcomes = {o.division: o for o in pair_all_divisions(by=director, tournament=four_states)}
    assert [(o.state, o.round) for o in outcomes.values()] == [
        ("paired", 1),
        ("paired", 2),
        ("missing", 1),
        ("finished", 1),
        ("refused", 1),
    ]
    assert outcomes["C"].missing == 3
    assert "#1 is pinned in round 1 but does not play" in outcomes["E"].reason
    assert Round.objects.filter(division__name="A", number=1).exists()
    assert Round.objects.filter(division__name="B", number=2).exists()
    assert not Round.objects.filter(division__name="C", number=2).exists()
    assert not Round.objects.filter(division__name="E").exists()
    assert AuditEntry.objects.filter(tournament_id=four_states.pk, action="round.pair").count() == 5


def test_pairing_again_pairs_nothing_until_results_are_in(director, four_states):
    pair_all_divisions(by=director, tournament=four_states)
    again = {o.division: o.state for o in pair_all_divisions(by=director, tournament=four_states)}
    assert again == {
        "A": "missing",
        "B": "missing",
        "C": "missing",
        "D": "finished",
        "E": "refused",
    }


def test_the_command_reports_every_division(four_states, capsys):
    call_command("pair", "kings-cup", "--all-divisions")
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "Division A: paired round 1.",
        "Division B: paired round 2.",
        "Division C: skipped, round 1 has 3 results missing.",
        "Division D: finished, all 1 rounds paired.",
        "Division E: round 1 refused: Player #1 is pinned in round 1 but does not play that round.",
    ]


def test_the_command_refuses_a_round_with_all_divisions(four_states):
    with pytest.raises(Exception, match="takes no --division"):
        call_command("pair", "kings-cup", "--all-divisions", "--round", "2")


def test_one_restore_point_is_taken_after_every_division_not_one_each(director, four_states):
    before = set(RestorePoint.objects.values_list("pk", flat=True))
    pair_all_divisions(by=director, tournament=four_states)
    taken = RestorePoint.objects.exclude(pk__in=before)
    assert [(p.reason, p.division_name, p.round_number) for p in taken] == [("pairing", "", None)]


def test_no_restore_point_when_nothing_was_paired(director, four_states):
    pair_all_divisions(by=director, tournament=four_states)
    before = RestorePoint.objects.count()
    pair_all_divisions(by=director, tournament=four_states)
    assert RestorePoint.objects.count() == before


@pytest.mark.parametrize("checked_in, state", [(1, "too_few"), (2, "paired")])
def test_round_one_needs_two_players_to_pair(director, checked_in, state):
    event = factories.tournament(director=director, slug="fresh-cup")
    division = factories.division(event, name="U8")
    for entry in factories.entries(division, 4)[checked_in:]:
        entry.status = "registered"
        entry.save()
    (outcome,) = pair_all_divisions(by=director, tournament=event)
    assert (outcome.state, outcome.round) == (state, 1)
    assert Round.objects.filter(division=division).exists() == (state == "paired")


def test_the_command_says_round_one_would_pair_too_few(director, capsys):
    event = factories.tournament(director=director, slug="empty-cup")
    factories.division(event, name="U8")
    call_command("pair", "empty-cup", "--all-divisions")
    assert capsys.readouterr().out == "Division U8: skipped, round 1 would pair 0 players.\n"


def _three_divisions(director, size: int):
    """Three divisions of ``size`` players, two rounds played, and the point of their end."""
    event = factories.tournament(director=director)
    for name in "ABC":
        division = factories.division(event, name=name, rounds=4)
        factories.entries(division, size)
        for number in (1, 2):
            round_pair(by=director, division=division, round_number=number, seed=number)
            play_round(division, number)
    restore_point_take(by=director, tournament=event, reason=RestorePoint.Reason.ROUND_END)
    return event


@pytest.mark.parametrize("size", [8, 40])
def test_pairing_every_division_takes_the_same_queries_whatever_the_field(
    director, size, django_assert_max_num_queries
):
    event = _three_divisions(director, size)
    # 14 a division to read, pair and write it; the readiness of the divisions; and one restore
    # point of the changes since the last (its marks, the rounds paired, the event's own parts,
    # its integrity dismissals and broadcast settings among them): 75 at 8 and at 40 players a
    # division.
    with django_assert_max_num_queries(75):
        outcomes = pair_all_divisions(by=director, tournament=event)
    assert [(o.state, o.round) for o in outcomes] == [("paired", 3)] * 3
    point = RestorePoint.objects.filter(tournament=event).first()
    assert (point.reason, point.depth) == ("pairing", 1)


def test_round_one_counts_only_the_players_who_play_it(director):
    # As the pairing service counts them (``playing_entries``): a no-show withdrawn before the
    # start and a late entry joining at round 2 do not play round 1.
    event = factories.tournament(director=director, slug="thin-cup")
    division = factories.division(event, name="U8")
    entries = factories.entries(division, 4)
    Entry.objects.filter(pk__in=[entries[0].pk, entries[1].pk]).update(withdrawn_after_round=0)
    Entry.objects.filter(pk=entries[2].pk).update(joins_at_round=2)
    (ready,) = event_readiness(event)
    assert (ready.state, ready.players) == ("too_few", 1)
    (outcome,) = pair_all_divisions(by=director, tournament=event)
    assert (outcome.state, outcome.players) == ("too_few", 1)
    assert not Round.objects.filter(division=division).exists()
    Entry.objects.filter(pk=entries[2].pk).update(joins_at_round=1)
    (ready,) = event_readiness(event)
    assert (ready.state, ready.players) == ("ready", 2)


def test_a_lagged_plan_is_ready_while_the_latest_round_is_still_being_played(director):
    # Rounds 3-4 stand on the standings two rounds back: round 3 may be paired from round 1's
    # results while round 2 is still being played, as the pairing page would.
    event = factories.tournament(director=director, slug="lag-cup")
    division = factories.division(
        event, name="A", rounds=4, pairing_plan="1-2 swiss; 3-4 swiss lag 1"
    )
    factories.entries(division, 6)
    round_pair(by=director, division=division, round_number=1, seed=1)
    play_round(division, 1)
    round_pair(by=director, division=division, round_number=2, seed=2)
    (ready,) = event_readiness(event)
    assert (ready.state, ready.next_round) == ("ready", 3)
    (outcome,) = pair_all_divisions(by=director, tournament=event)
    assert (outcome.state, outcome.round) == ("paired", 3)


def test_a_result_missing_in_an_earlier_round_holds_the_next_round_back(director):
    event = factories.tournament(director=director, slug="gap-cup")
    division = factories.division(event, name="A", rounds=4)
    factories.entries(division, 6)
    for number in (1, 2):
        round_pair(by=director, division=division, round_number=number, seed=number)
        play_round(division, number)
    game = Pairing.objects.filter(round__division=division, round__number=1).first()
    Pairing.objects.filter(pk=game.pk).update(first_score=None, second_score=None)
    (ready,) = event_readiness(event)
    assert (ready.state, ready.missing, ready.missing_round) == ("missing", 1, 1)
    (outcome,) = pair_all_divisions(by=director, tournament=event)
    assert (outcome.state, outcome.round, outcome.missing) == ("missing", 1, 1)
