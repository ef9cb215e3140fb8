"""The Swiss matching by structure (``swiss_local``) against the exact matching of the whole
candidate graph: neighbours paired, conflicts matched in stretches that grow until they are
certainly as good, the exact matching wherever the structure's argument does not hold."""

from dataclasses import replace

import pytest

from bench.pairing_rounds import Gap, gap, generated_case, paired_locally
from pairing import swiss, swiss_local
from pairing.meetings import Meetings
from pairing.swiss_local import LocalMatcher, local_pairs
from pairing.types import PairingSettings

from .builders import make_field

SETTINGS = PairingSettings(gibsonize=False)
NO_GAP = Gap(excess=0, repeats=0, team_mates=0, across=0, total=0)


def matcher(field, history=(), settings=SETTINGS, apart=False):
    return LocalMatcher(
        field,
        Meetings(history),
        settings,
        settings.swiss_window,
        apart,
        swiss.penalty,
        swiss.MAX_COUNTED_HALF_WINS,
    )


def exact_of(local):
    return swiss.exact_matching(
        local.field, local.meetings, local.settings, local.window, local.apart
    )


def never():
    raise AssertionError("the exact matching of the whole field was not expected")


def total(local, pairs):
    field, times = local.field, local.meetings.times
    return sum(
        swiss.penalty(field[i], field[j], j - i, times(field[i].id, field[j].id), 0, local.apart)
        for i, j in pairs
    )


def repeats(local, pairs):
    field = local.field
    return sum(local.meetings.times(field[i].id, field[j].id) > 0 for i, j in pairs)


def test_neighbours_are_paired_when_no_neighbours_game_is_a_conflict():
    local = matcher(make_field(20, wins=[5.0] * 10 + [4.0] * 10))
    assert local_pairs(local, never) == [(k, k + 1) for k in range(0, 20, 2)]


def test_a_conflict_is_matched_exactly_in_its_stretch_and_the_rest_keeps_neighbours():
    field = make_field(200, wins=[3.0] * 200)
    local = matcher(field, history=((101, 102),))  # places 100 and 101
    pairs = local_pairs(local, never)
    assert list(local._solved) == [(84, 118)]
    assert [p for p in pairs if not 84 <= p[0] < 118] == [
        (k, k + 1) for k in range(0, 200, 2) if not 84 <= k < 118
    ]
    assert repeats(local, pairs) == 0
    assert total(local, pairs) == total(local, exact_of(local))


def test_an_odd_field_has_no_matching():
    assert local_pairs(matcher(make_field(7, wins=[1.0] * 7)), never) is None


def test_team_mates_neighbours_are_conflicts_only_in_rounds_that_keep_teams_apart():
    field = tuple(replace(c, team="X" if c.id in (1, 2) else "") for c in make_field(40))
    assert matcher(field, apart=True).conflicts() == [0]
    assert matcher(field, apart=False).conflicts() == []


def test_a_stretch_too_short_to_avoid_a_repeat_grows_until_it_can():
    # Place 0 has met places 1..19: the first stretch (places 0..17) has nobody fresh for it,
    # so its own answer keeps a repeat the exact matching avoids; the grown one does not.
    field = make_field(60, wins=[4.0] * 60)
    local = matcher(field, history=tuple((1, j) for j in range(2, 21)))
    first = local.solve(0, 18)
    assert repeats(local, first) == 1
    assert local.needed(0, 18) == (0, 36)
    pairs = local_pairs(local, never)
    assert repeats(local, pairs) == 0
    assert total(local, pairs) == total(local, exact_of(local))


def test_a_stretch_playing_more_wins_apart_than_its_neighbours_did_grows():
    # Places 8 and 9 are team-mates; keeping them apart inside places 2..11 costs more wins
    # apart than the neighbours' games, and the cheaper cycle runs through places 0 and 1.
    wins = [25.5, 22, 21.5, 21, 20.5, 20.5, 18.5, 18, 18, 17.5, 14, 14]
    teams = ["A", "B", "C", "B", "", "C", "B", "C", "C", "C", "", "A"]
    field = tuple(
        replace(c, wins=w, team=t) for c, w, t in zip(make_field(12), wins, teams, strict=True)
    )
    local = matcher(field, settings=replace(SETTINGS, swiss_window=6), apart=True)
    inside = local.solve(2, 12)
    assert local.wins_apart(inside) > local.wins_apart([(k, k + 1) for k in range(2, 12, 2)])
    assert local.needed(2, 12) == (0, 12)
    exact = exact_of(local)
    assert total(local, inside + [(0, 1)]) > total(local, exact)
    assert total(local, local_pairs(local, lambda: exact)) == total(local, exact)


def test_a_stretch_playing_more_wins_apart_stays_when_a_wider_one_does_no_better():
    # The top two have met: both must play someone a win below, however wide the stretch.
    field = make_field(60, wins=[5.0, 5.0] + [4.0] * 58)
    local = matcher(field, history=((1, 2),))
    inside = local.solve(0, 18)
    assert local.wins_apart(inside) > local.wins_apart([(k, k + 1) for k in range(0, 18, 2)])
    assert local.cost(local.solve(0, 36)) == local.cost(
        inside + [(k, k + 1) for k in range(18, 36, 2)]
    )
    assert local.needed(0, 18) == (0, 18)
    assert total(local, local_pairs(local, never)) == total(local, exact_of(local))


def test_a_stretch_without_conflict_or_extra_wins_grows_to_its_moved_players_candidates():
    field = make_field(200, wins=[3.0] * 200)
    local = matcher(field, history=((101, 102),))
    pairs = local.solve(88, 114)
    moved = [k for i, j in pairs if not (j == i + 1 and i % 2 == 0) for k in (i, j)]
    spare = SETTINGS.swiss_window + swiss_local.GUARD
    assert local.needed(88, 114) == (min(moved) - spare, max(moved) + spare + 1)


@pytest.mark.parametrize(
    ("wins", "local_path"),
    [
        ([3.0] * 10 + [2.0] * 10, True),
        ([3.0] * 10 + [4.0] + [2.0] * 9, False),  # wins do not fall down the order
    ],
)
def test_the_exact_matching_is_used_when_wins_do_not_fall_down_the_order(wins, local_path):
    local = matcher(make_field(20, wins=wins), history=((1, 2),))
    assert local.uncapped() is local_path


@pytest.mark.parametrize(
    ("groups", "local_path"),
    [
        ((20.0, 10.0), True),  # 10 wins apart at most: the cap itself
        ((20.0, 10.0, 0.0), True),  # 20 apart, but never within the window of 12 places
        ((20.0, 9.5), False),  # 10.5 wins apart within the window: beyond the cap
    ],
)
def test_the_exact_matching_is_used_when_a_candidate_could_reach_the_wins_cap(groups, local_path):
    wins = [w for w in groups for _ in range(13)]
    assert matcher(make_field(len(wins), wins=wins)).uncapped() is local_path


@pytest.mark.parametrize("first_seed", range(0, 600, 100))
def test_generated_small_rounds_pair_as_well_as_the_exact_matching(first_seed):
    sizes = (4, 6, 8, 10, 12, 16, 20, 24, 30, 40, 50, 64, 100, 150, 200)
    for seed in range(first_seed, first_seed + 100):
        case = generated_case(seed, sizes[seed % len(sizes)])
        assert (case.name, gap(case)) == (case.name, NO_GAP)


# Swiss-played, sparse and far histories paired by stretches (and 33, a 40-round field whose
# crowded top reaches the whole field: the exact matching).
@pytest.mark.parametrize("seed", [7, 12, 13, 17, 21, 25, 32, 33, 38, 41])
def test_generated_rounds_of_up_to_1000_players_pair_as_well_as_the_exact_matching(seed):
    case = generated_case(seed, 1000 if seed % 2 else 500)
    assert paired_locally(case) is (seed != 33)
    assert (case.name, gap(case)) == (case.name, NO_GAP)


@pytest.mark.parametrize(("seed", "size"), [(1154, 200), (1559, 200)])
def test_generated_rounds_where_the_first_stretches_alone_would_pair_worse(seed, size):
    case = generated_case(seed, size)
    local = LocalMatcher(
        case.field,
        Meetings(case.history),
        case.settings,
        case.settings.swiss_window,
        case.apart,
        swiss.penalty,
        swiss.MAX_COUNTED_HALF_WINS,
    )
    spare = local.window + swiss_local.MARGIN
    first = swiss_local._merged(
        [(k - spare, k + 2 + spare) for k in local.conflicts()], size, local.window
    )
    alone = swiss_local._assembled(size, first, local)
    exact = exact_of(local)
    assert local.cost(alone) > local.cost(exact)
    assert local.cost(local_pairs(local, never)) == local.cost(exact)
