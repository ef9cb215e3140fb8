"""``generate_event``: a seeded random tournament paired by the desk's systems, with the things
that happen at real events (odd fields, late entries, withdrawals, forfeits, ties)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from pairing.messages import PairingError
from tournaments.models import Division, Pairing
from tournaments.pair_check import CheckRefused, round_view
from tournaments.pair_check.generate import (
    MAX_PLAYER_ROUNDS,
    MAX_PLAYERS,
    EventSpec,
    Happenings,
    check_spec,
    generate_event,
)
from tournaments.tsh import read_t, write_t


def test_the_same_seed_gives_the_same_event_and_another_seed_another():
    spec = EventSpec(players=12, rounds=6, plan="1-3 swiss; 4-N koth", seed=7)
    assert generate_event(spec) == generate_event(spec)
    other = EventSpec(players=12, rounds=6, plan="1-3 swiss; 4-N koth", seed=8)
    assert generate_event(other) != generate_event(spec)


def test_a_generated_event_reads_back_from_its_t_file_unchanged():
    division = generate_event(EventSpec(players=31, rounds=9, seed=3))
    assert read_t(write_t(division).encode()) == division


def test_every_round_is_paired_and_played():
    division = generate_event(
        EventSpec(players=10, rounds=5, seed=1, happenings=Happenings(0, 0, 0, 0))
    )
    for player in division.players:
        assert len(player.opponents) == len(player.scores) == 5
    for number in range(1, 6):
        view = round_view(division, number)
        assert (len(view.games), view.byes, view.forfeits) == (5, (), ())


def test_an_odd_field_has_one_bye_a_round():
    division = generate_event(
        EventSpec(players=7, rounds=4, seed=2, happenings=Happenings(0, 0, 0, 0))
    )
    assert [len(round_view(division, n).byes) for n in range(1, 5)] == [1, 1, 1, 1]


def test_ratings_look_like_a_club_list():
    division = generate_event(EventSpec(players=400, rounds=1, seed=4))
    ratings = sorted(p.rating_value for p in division.players)
    assert ratings[0] >= 300 and ratings[-1] <= 2300
    assert 1200 <= ratings[200] <= 1500  # the median near 1350


def test_the_better_rated_player_wins_more_often():
    division = generate_event(
        EventSpec(
            players=200, rounds=8, plan="1-N random", seed=5, happenings=Happenings(0, 0, 0, 0)
        )
    )
    upsets = favourites = 0
    for player in division.players:
        for opponent, score in zip(player.opponents, player.scores, strict=True):
            other = division.player(opponent)
            theirs = other.scores[player.opponents.index(opponent)]
            if player.rating_value > other.rating_value and score != theirs:
                favourites += score > theirs
                upsets += score < theirs
    assert favourites > 1.4 * upsets


def test_late_entries_withdrawals_forfeits_and_ties_happen_at_their_rates():
    happen = Happenings(late_entries=0.1, withdrawals=0.1, forfeits=0.05, ties=0.05)
    division = generate_event(EventSpec(players=100, rounds=10, seed=6, happenings=happen))
    late = [p for p in division.players if p.opponents[0] == 0 and p.scores[0] == 0]
    withdrawn = [p for p in division.players if p.withdrawn]
    forfeits = sum(len(round_view(division, n).forfeits) for n in range(1, 11))
    ties = sum(
        1
        for p in division.players
        for i, o in enumerate(p.opponents)
        if o > p.number and p.scores[i] == division.player(o).scores[i]
    )
    assert len(late) == 10 and len(withdrawn) == 10
    assert all(len(p.opponents) < 10 for p in withdrawn)
    assert 5 <= forfeits <= 50 and 5 <= ties <= 50


@pytest.mark.parametrize(
    "spec",
    [
        EventSpec(players=1, rounds=3),
        EventSpec(players=10_001, rounds=3),
        EventSpec(players=4, rounds=0),
        EventSpec(players=4, rounds=41),
        EventSpec(players=4, rounds=3, happenings=Happenings(forfeits=0.6)),
        EventSpec(players=4, rounds=3, happenings=Happenings(ties=-0.1)),
    ],
)
def test_sizes_and_rates_out_of_bounds_are_refused(spec):
    with pytest.raises(CheckRefused):
        generate_event(spec)


def test_ten_thousand_players_are_generated_and_one_more_is_refused_with_the_limit_named():
    still = Happenings(0, 0, 0, 0)
    division = generate_event(
        EventSpec(players=10_000, rounds=1, plan="1-N random", seed=3, happenings=still)
    )
    view = round_view(division, 1)
    assert (MAX_PLAYERS, len(division.players), len(view.games), view.byes) == (
        10_000,
        10_000,
        5_000,
        (),
    )
    with pytest.raises(CheckRefused) as refused:
        check_spec(EventSpec(players=10_001, rounds=1))
    assert str(refused.value) == "The players must number from 2 to 10000, not 10001."


@pytest.mark.parametrize(
    ("players", "rounds"), [(10_000, 10), (2_500, 40), (10_000, 11), (2_501, 40)]
)
def test_players_times_rounds_are_bounded(players, rounds):
    spec = EventSpec(players=players, rounds=rounds)
    if players * rounds <= MAX_PLAYER_ROUNDS:
        check_spec(spec)
        return
    with pytest.raises(CheckRefused) as refused:
        check_spec(spec)
    assert str(refused.value) == (
        f"{players} players over {rounds} rounds make {players * rounds} player-rounds, more "
        "than the 100000 a generated event may hold: take fewer players or fewer rounds."
    )


def test_king_of_the_hill_pairs_thousands_without_reaching_the_recursion_limit():
    still = Happenings(0, 0, 0, 0)
    division = generate_event(
        EventSpec(players=3_000, rounds=2, plan="1-N koth", seed=4, happenings=still)
    )
    assert len(round_view(division, 2).games) == 1_500


def test_the_command_takes_ten_thousand_players_and_refuses_one_more(tmp_path):
    target = tmp_path / "big.t"
    args = ["--rounds", "1", "--plan", "1-N random", "--output", str(target)]
    call_command("generate_event", "--players", "10000", *args, stdout=io.StringIO())
    assert len(read_t(target.read_bytes()).players) == 10_000
    with pytest.raises(CommandError) as refused:
        call_command("generate_event", "--players", "10001", *args, stderr=io.StringIO())
    assert "Enter a whole number from 2 to 10000." in str(refused.value)


def test_the_command_refuses_an_event_too_big_with_the_reason():
    args = ["--players", "10000", "--rounds", "11"]
    with pytest.raises(CommandError) as refused:
        call_command("generate_event", *args, stdout=io.StringIO(), stderr=io.StringIO())
    assert "more than the 100000 a generated event may hold" in str(refused.value)


def test_a_plan_that_does_not_fit_the_rounds_is_refused():
    with pytest.raises(PairingError):
        generate_event(EventSpec(players=4, rounds=3, plan="1-2 swiss"))


def test_the_command_prints_the_t_file():
    out = io.StringIO()
    call_command("generate_event", "--players", "6", "--rounds", "3", "--seed", "9", stdout=out)
    expected = write_t(generate_event(EventSpec(players=6, rounds=3, seed=9)))
    assert out.getvalue() == expected


def test_the_command_writes_the_file_asked_for(tmp_path):
    target = tmp_path / "event.t"
    args = ["--players", "6", "--rounds", "3", "--plan", "1-N koth", "--seed", "2"]
    call_command("generate_event", *args, "--output", str(target), stdout=io.StringIO())
    spec = EventSpec(players=6, rounds=3, plan="1-N koth", seed=2)
    assert read_t(target.read_bytes()) == generate_event(spec)


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "1", "--rounds", "3"],
        ["--players", "6", "--rounds", "41"],
        ["--players", "6", "--rounds", "3", "--seed", "-1"],
        ["--players", "6", "--rounds", "3", "--plan", "1 swiss"],
    ],
)
def test_the_command_refuses_bad_arguments(args):
    with pytest.raises(CommandError):
        call_command("generate_event", *args, stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.django_db
def test_the_command_creates_the_event_with_its_plan():
    args = ["--players", "7", "--rounds", "4", "--plan", "1-2 swiss; 3-N koth", "--seed", "3"]
    out = io.StringIO()
    call_command("generate_event", *args, "--create", "--name", "Trial Cup", stdout=out)
    division = Division.objects.get(tournament__name="Trial Cup")
    assert (division.pairing_plan, division.rounds, division.entries.count()) == (
        "1-2 swiss; 3-N koth",
        4,
        7,
    )
    assert Pairing.objects.filter(round__division=division).count() == 4 * 4
    assert "Created Trial Cup" in out.getvalue()
