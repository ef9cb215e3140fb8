"""Patterns across an event: the same two players with the same scores again, a big loss far
below the loser's rating that keeps the winner in the prizes, one device reporting both sides."""

from games.engine.integrity import flags as F
from games.engine.integrity.patterns import (
    BIG_LOSS,
    RATING_GAP,
    DeviceReports,
    DivisionFacts,
    PlayedGame,
    device_flags,
    prize_loss_flags,
    same_score_flags,
)

NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan"}


def game(pairing, round_, first, second, scores, division=9):
    return PlayedGame(pairing, pairing + 100, division, round_, first, second, *scores)


def test_meeting_once_or_twice_with_other_scores_is_clean():
    assert same_score_flags([game(1, 1, 1, 2, (400, 350))], NAMES) == []
    twice = [game(1, 1, 1, 2, (400, 350)), game(2, 3, 2, 1, (351, 400))]
    assert same_score_flags(twice, NAMES) == []


def test_meeting_twice_with_the_same_scores_is_flagged_whoever_went_first():
    twice = [game(1, 1, 1, 2, (400, 350)), game(2, 3, 2, 1, (350, 400))]
    found = same_score_flags(twice, NAMES)
    assert [(f.code, f.pairing, f.game) for f in found] == [(F.SAME_SCORES, 2, 102)]
    assert found[0].params == {
        "first": "Ann",
        "second": "Ben",
        "times": 2,
        "scores": "400-350",
        "rounds": [1, 3],
    }


def facts(loser_rating=1500 + RATING_GAP, places=1, wins_outside=3.0):
    return DivisionFacts(
        last_round=5,
        prize_places=places,
        rank={1: 1, 2: 3, 3: 2, 4: 4},
        wins={1: 4.0, 2: 2.0, 3: wins_outside, 4: 1.0},
        ratings={1: 1500, 2: loser_rating, 3: 1500, 4: 1500},
    )


def upset(round_=5, margin=BIG_LOSS):
    return [game(7, round_, 1, 2, (300 + margin, 300))]


def test_a_big_late_loss_that_keeps_the_winner_in_the_prizes_is_flagged():
    found = prize_loss_flags(upset(), {9: facts()}, NAMES)
    assert [(f.code, f.pairing) for f in found] == [(F.PRIZE_LOSS, 7)]
    assert found[0].params == {
        "player": "Ben",
        "rating": 1700,
        "opponent": "Ann",
        "against": 1500,
        "scores": "300-450",
        "round": 5,
    }


def test_each_limit_of_the_prize_loss_one_short_is_clean():
    assert prize_loss_flags(upset(), {9: facts(loser_rating=1500 + RATING_GAP - 1)}, NAMES) == []
    assert prize_loss_flags(upset(margin=BIG_LOSS - 1), {9: facts()}, NAMES) == []
    assert prize_loss_flags(upset(round_=3), {9: facts()}, NAMES) == []
    assert len(prize_loss_flags(upset(round_=4), {9: facts()}, NAMES)) == 1
    # the first player outside the prizes two wins behind: the game decided no prize
    assert prize_loss_flags(upset(), {9: facts(wins_outside=2.0)}, NAMES) == []


def test_one_device_for_both_sides_is_flagged_and_two_devices_are_clean():
    shared = DeviceReports(5, 6, frozenset({"a"}), frozenset({"a", "b"}))
    apart = DeviceReports(5, 6, frozenset({"a"}), frozenset({"b"}))
    assert [(f.code, f.pairing) for f in device_flags([shared])] == [(F.ONE_DEVICE, 5)]
    assert device_flags([apart]) == []


def test_a_keys_ids_are_given_anew_as_an_imported_event_has_them():
    """A dismissal's key names the game, the pairing and a pattern's entries: an archive
    import gives each its new id (a pair of entries written lower first again)."""
    parts = F.key_parts(f"{F.SAME_SCORES}:7:8:0:3-4")
    assert parts.entries == (3, 4)
    assert (
        F.key_renumbered(parts, {7: 70}, {8: 80}, {3: 41, 4: 40})
        == f"{F.SAME_SCORES}:70:80:0:40-41"
    )
    loss = F.key_parts(f"{F.PRIZE_LOSS}:0:8:0:3")
    assert F.key_renumbered(loss, {}, {8: 80}, {3: 30}) == f"{F.PRIZE_LOSS}:0:80:0:30"
    assert F.key_parts(f"{F.SAME_SCORES}:7:8:0:a-b").entries == ()
    assert F.key_parts("tiles.nonsense:1:1:1:") is None
