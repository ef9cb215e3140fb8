"""King of the hill keeps the division's repeat limit: the nearest opponent not met too often,
as TSH's ``koth`` with repeats; plain neighbours only when no pairing keeps it."""

from pairing.koth import nearest_within_limit
from pairing.meetings import Meetings
from pairing.registry import pair_round
from pairing.types import PairingSettings

from .builders import make_field, make_input


def games(pairings) -> list[tuple[int, int]]:
    return sorted(tuple(sorted(p.players)) for p in pairings if p.second is not None)


def koth(history, max_repeats=0, count=6):
    settings = PairingSettings(gibsonize=False, max_repeats=max_repeats)
    return pair_round("koth", make_input(make_field(count), history=history, settings=settings))


def test_without_history_king_of_the_hill_pairs_neighbours():
    assert games(koth(())) == [(1, 2), (3, 4), (5, 6)]


def test_a_rematch_beyond_the_limit_gives_way_to_the_nearest_new_opponent():
    # 1 met 2, 3 met 4: with no repeats allowed, 1 v 3 and 2 v 4 are the nearest new games.
    pairings = koth(((1, 2), (3, 4)))
    assert games(pairings) == [(1, 3), (2, 4), (5, 6)]
    assert [p.repeats for p in pairings] == [0, 0, 0]


def test_a_rematch_within_the_limit_is_kept():
    assert games(koth(((1, 2), (3, 4)), max_repeats=1)) == [(1, 2), (3, 4), (5, 6)]
    # ... and one more meeting is one too many: 1 v 3, 2 v 4 (3 and 4 met once: allowed).
    assert games(koth(((1, 2), (1, 2), (3, 4)), max_repeats=1)) == [(1, 3), (2, 4), (5, 6)]


def test_the_search_backs_up_when_the_bottom_could_not_be_paired():
    # 3 has met 4: 3 plays the nearest new opponent below, 5, and 4 plays 6.
    assert games(koth(((3, 4),))) == [(1, 2), (3, 5), (4, 6)]
    # 5 and 6 have met: the search backs up from the bottom (3 v 5, 4 v 6).
    assert games(koth(((5, 6),))) == [(1, 2), (3, 5), (4, 6)]


def test_when_no_pairing_keeps_the_limit_plain_neighbours_are_paired_with_their_repeats():
    history = ((1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3))  # four players, all met
    pairings = koth(history, count=4)
    assert games(pairings) == [(1, 2), (3, 4)]
    assert sorted(p.repeats for p in pairings) == [1, 1]


def test_the_search_is_bounded():
    meetings = Meetings(())
    ids = list(range(1, 21))
    assert nearest_within_limit(ids, meetings, 0, limit=5) is None
    assert nearest_within_limit(ids, meetings, 0) == [(i, i + 1) for i in range(1, 21, 2)]


def test_a_field_of_thousands_is_searched_without_reaching_the_recursion_limit():
    ids = list(range(1, 6_001))
    # Each player met their neighbour below once: with no repeats allowed, 1 v 3, 2 v 4, ...
    meetings = Meetings([(i, i + 1) for i in range(1, 6_000, 2)])
    pairs = nearest_within_limit(ids, meetings, 0)
    assert pairs is not None and len(pairs) == 3_000
    assert pairs[:2] == [(1, 3), (2, 4)]
