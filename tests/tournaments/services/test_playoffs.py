"""The playoff services: start a stage, pair its next games, cancel it; standings after it."""

import pytest

from core.models import AuditEntry
from tests.tournaments.division_setup import field
from tournaments.models import Entry, Pairing, Round
from tournaments.results.playoffs import HEAD_START, read_stage
from tournaments.selectors.divisions import division_results
from tournaments.services import playoffs
from tournaments.services.entries import entry_withdraw
from tournaments.services.results import result_record
from tournaments.services.rounds import IN_PLAYOFF, RoundRefused, round_pair

pytestmark = pytest.mark.django_db


def swiss(division, rounds=2):
    """``rounds`` rounds, every game won by the lower-numbered (higher-rated) player."""
    for number in range(1, rounds + 1):
        round_pair(by=None, division=division, round_number=number, seed=number)
        for p in Pairing.objects.filter(
            round__division=division, round__number=number, kind="played"
        ):
            win = p.first.number < p.second.number
            report(p, 420 if win else 380, 380 if win else 420)


def report(pairing, first, second, **kw):
    result_record(
        by=None,
        pairing_id=pairing.pk,
        first_score=first,
        second_score=second,
        expected_version=None,
        confirm_unusual=True,
        **kw,
    )


def games_of(division, number):
    return list(
        Pairing.objects.filter(round__division=division, round__number=number)
        .select_related("first", "second")
        .order_by("table")
    )


def win_for(pairing, number):
    """Report ``pairing`` as a win for entry ``number``."""
    first_wins = pairing.first.number == number
    report(pairing, 450 if first_wins else 350, 350 if first_wins else 450)


@pytest.fixture
def division(director):
    division, _entries = field(8, director=director, rounds=6)
    swiss(division, rounds=2)
    return division


def test_create_seeds_the_top_of_the_standings_and_pairs_the_semi_finals(division):
    seeds = [r.player for r in division_results(division).standings()][:4]
    rnd = playoffs.playoff_create(by=None, division=division, top=4, best_of=3)
    division.refresh_from_db()
    stage = read_stage(division.playoff)
    assert stage.seeds == tuple(seeds) and stage.after_round == 2
    assert (rnd.number, rnd.system) == (3, "playoff")
    pairs = [(p.first.number, p.second.number) for p in games_of(division, 3)]
    assert pairs == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert AuditEntry.objects.filter(action="division.playoff_create").count() == 1
    assert AuditEntry.objects.filter(action="round.pair", object_id=str(rnd.pk)).count() == 1


def test_a_player_withdrawn_after_the_last_round_is_left_out_and_the_next_moves_up(
    director, division
):
    order = [r.player for r in division_results(division).standings()]
    leader = Entry.objects.get(division=division, number=order[0])
    entry_withdraw(by=director, entry=leader, after_round=2)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    division.refresh_from_db()
    assert read_stage(division.playoff).seeds == (order[1], order[2])
    assert [{p.first.number, p.second.number} for p in games_of(division, 3)] == [
        {order[1], order[2]}
    ]


def test_a_player_still_playing_with_the_same_standings_is_seeded(division):
    order = [r.player for r in division_results(division).standings()]
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    division.refresh_from_db()
    assert read_stage(division.playoff).seeds == (order[0], order[1])
    assert [{p.first.number, p.second.number} for p in games_of(division, 3)] == [
        {order[0], order[1]}
    ]


def test_series_stop_when_decided_and_the_final_follows(division):
    playoffs.playoff_create(by=None, division=division, top=4, best_of=3)
    seeds = read_stage(Round.objects.get(division=division, number=3).division.playoff).seeds
    one, two = games_of(division, 3)
    win_for(one, seeds[0])
    win_for(two, seeds[2])
    playoffs.playoff_pair_next(by=None, division=division)
    one, two = games_of(division, 4)
    win_for(one, seeds[0])  # 2-0: decided
    win_for(two, seeds[1])  # 1-1: a decider
    rnd = playoffs.playoff_pair_next(by=None, division=division)
    assert [(p.first.number, p.second.number) for p in games_of(division, rnd.number)] == [
        (seeds[1], seeds[2])  # game 3: the sides alternate back
    ]
    win_for(games_of(division, 5)[0], seeds[1])
    playoffs.playoff_pair_next(by=None, division=division)
    final = games_of(division, 6)
    assert [{p.first.number, p.second.number} for p in final] == [{seeds[0], seeds[1]}]
    win_for(final[0], seeds[1])
    playoffs.playoff_pair_next(by=None, division=division)
    win_for(games_of(division, 7)[0], seeds[1])
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_pair_next(by=None, division=division)
    assert err.value.template == playoffs.OVER
    division.refresh_from_db()
    order = [r.player for r in division_results(division).standings()]
    assert order[:4] == [seeds[1], seeds[0], seeds[2], seeds[3]]
    ranks = [r.rank for r in division_results(division).standings()]
    assert ranks[:5] == [1, 2, 3, 4, 5]


def test_pair_next_waits_for_results(division):
    playoffs.playoff_create(by=None, division=division, top=2, best_of=3)
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_pair_next(by=None, division=division)
    assert err.value.template == playoffs.WAITING
    assert Round.objects.filter(division=division).count() == 3


def test_head_start_final_of_best_of_three_is_decided_by_one_win(division):
    playoffs.playoff_create(by=None, division=division, top=2, best_of=3, advantage=HEAD_START)
    seeds = read_stage(Round.objects.get(division=division, number=3).division.playoff).seeds
    win_for(games_of(division, 3)[0], seeds[0])
    with pytest.raises(playoffs.PlayoffServiceRefused):
        playoffs.playoff_pair_next(by=None, division=division)
    assert division_results(division).standings()[0].player == seeds[0]


def test_a_tie_decided_by_the_play_off_word_counts_as_that_win(division):
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    division.refresh_from_db()
    seeds = read_stage(division.playoff).seeds
    game = games_of(division, 3)[0]
    winner = game.first if game.first.number == seeds[1] else game.second
    division.rules_preset = "thai"
    division.save()
    report(game, 400, 400, playoff_winner_id=None)
    Pairing.objects.filter(pk=game.pk).update(playoff_winner=winner)
    assert division_results(division).standings()[0].player == seeds[1]


def test_a_tie_counts_half_and_the_series_goes_on(division):
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    report(games_of(division, 3)[0], 400, 400)
    rnd = playoffs.playoff_pair_next(by=None, division=division)
    assert rnd.number == 4 and len(games_of(division, 4)) == 1


@pytest.mark.parametrize(
    "kw,template",
    [
        ({"top": 9, "best_of": 1}, playoffs.TOO_FEW),
        (
            {"top": 4, "best_of": 2},
            "A series is best of an odd number of games from %(low)d to %(high)d.",
        ),
    ],
)
def test_create_refuses_bad_settings_and_changes_nothing(division, kw, template):
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_create(by=None, division=division, **kw)
    assert err.value.template == template
    division.refresh_from_db()
    assert division.playoff == {} and Round.objects.filter(division=division).count() == 2


def test_create_refuses_twice_and_with_missing_results(director):
    division, _ = field(4, director=director, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    assert err.value.template == playoffs.MISSING
    for p in games_of(division, 1):
        report(p, 400, 300)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    assert err.value.template == playoffs.ALREADY


def test_swiss_pairing_is_refused_during_the_playoff(division):
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    with pytest.raises(RoundRefused) as err:
        round_pair(by=None, division=division, round_number=4)
    assert err.value.template == IN_PLAYOFF


def test_cancel_removes_unplayed_games_and_refuses_after_a_result(division):
    playoffs.playoff_create(by=None, division=division, top=4, best_of=3)
    playoffs.playoff_cancel(by=None, division=division)
    division.refresh_from_db()
    assert division.playoff == {} and not Round.objects.filter(division=division, number=3).exists()
    assert AuditEntry.objects.filter(action="division.playoff_cancel").count() == 1
    playoffs.playoff_create(by=None, division=division, top=4, best_of=3)
    report(games_of(division, 3)[0], 400, 300)
    with pytest.raises(playoffs.PlayoffServiceRefused) as err:
        playoffs.playoff_cancel(by=None, division=division)
    assert err.value.template == playoffs.HAS_RESULTS


def test_the_division_is_complete_once_the_last_series_is_decided(division):
    from tournaments.selectors.playoffs import playoff_finished
    from tournaments.selectors.rounds import division_complete

    playoffs.playoff_create(by=None, division=division, top=2, best_of=3)
    division.refresh_from_db()
    seeds = read_stage(division.playoff).seeds
    win_for(games_of(division, 3)[0], seeds[1])
    assert (division_complete(division), playoff_finished(division)) == (False, False)
    playoffs.playoff_pair_next(by=None, division=division)
    win_for(games_of(division, 4)[0], seeds[1])
    assert (division_complete(division), playoff_finished(division)) == (True, True)
    assert division_results(division).standings()[0].player == seeds[1]
