"""One record per player per round (tournaments.results.records), every kind, pure."""

from typing import NamedTuple

import pytest

from tournaments.results.outcomes import Spreads
from tournaments.results.records import (
    EntryFacts,
    Record,
    entry_records,
    round_record,
    starting_shares,
)

SPREADS = Spreads(bye=40, forfeit=75)


class Row(NamedTuple):
    kind: str
    first_id: int
    second_id: int | None = None
    first_score: int | None = None
    second_score: int | None = None
    forfeited_by_id: int | None = None
    sides_known: bool = True
    playoff_winner_id: int | None = None


ME = EntryFacts(1)


@pytest.mark.parametrize(
    ("row", "record", "value", "spread"),
    [
        (Row("played", 1, 2, 420, 380), Record.WON, 1.0, 40),
        (Row("played", 2, 1, 420, 380), Record.LOST, 0.0, -40),
        (Row("played", 1, 2, 400, 400), Record.TIED, 0.5, 0),
        (Row("played", 1, 2, 400, 400, playoff_winner_id=1), Record.PLAYOFF_WON, 1.0, 0),
        (Row("played", 1, 2, 400, 400, playoff_winner_id=2), Record.PLAYOFF_LOST, 0.0, 0),
        (Row("bye", 1), Record.BYE, 1.0, 40),
        (Row("bye", 1, first_score=0), Record.HALF_BYE, 0.5, 0),
        (Row("forfeit", 1, 2, forfeited_by_id=2), Record.FORFEIT_WON, 1.0, 75),
        (Row("forfeit", 1, 2, forfeited_by_id=1), Record.FORFEIT_LOST, 0.0, -75),
        (Row("double_forfeit", 1, 2), Record.DOUBLE_FORFEIT, 0.0, -75),
        (Row("played", 1, 2), Record.PENDING, None, 0),
        (Row("played", 1, 2, 400), Record.PENDING, None, 0),
    ],
)
def test_a_pairing_is_one_record_for_the_player(row, record, value, spread):
    found = round_record(3, ME, row, SPREADS)
    assert (found.record, found.value, found.spread) == (record, value, spread)
    assert found.record.counts is (value is not None)


def test_a_play_off_tie_is_rated_as_the_tie_it_was_on_the_board():
    won = round_record(1, ME, Row("played", 1, 2, 400, 400, playoff_winner_id=1), SPREADS)
    assert (won.value, won.rated_value, won.score, won.against) == (1.0, 0.5, 400, 400)
    plain = round_record(1, ME, Row("played", 1, 2, 401, 400), SPREADS)
    assert plain.rated_value == plain.value == 1.0


def test_rounds_without_a_pairing_say_why():
    late = EntryFacts(1, joins_at_round=3, withdrawn_after_round=5)
    records = entry_records(late, {3: Row("bye", 1), 4: Row("bye", 1)}, 7, SPREADS)
    assert [r.record for r in records] == [
        Record.NOT_JOINED,
        Record.NOT_JOINED,
        Record.BYE,
        Record.BYE,
        Record.NOT_PAIRED,  # round 5: still in, not paired
        Record.WITHDRAWN,
        Record.WITHDRAWN,
    ]
    assert [r.value for r in records] == [None, None, 1.0, 1.0, None, None, None]


def test_playoff_rounds_are_marked():
    records = entry_records(ME, {1: Row("bye", 1)}, 3, SPREADS, playoff_after=2)
    assert [r.playoff_game for r in records] == [False, False, True]


def test_a_late_entrys_starting_result_is_shared_over_the_missed_rounds():
    late = EntryFacts(
        1, joins_at_round=4, starting_wins=1.5, starting_losses=1.5, starting_spread=30
    )
    records = entry_records(late, {4: Row("played", 1, 2, 400, 350)}, 4, SPREADS)
    assert [(r.record, r.value) for r in records[:3]] == [
        (Record.STARTING, 1.0),
        (Record.STARTING, 0.5),
        (Record.STARTING, 0.0),
    ]
    win, half, loss = (r.spread for r in records[:3])
    assert win > 0 and half == 0 and loss < 0 and win + loss == 30
    assert sum(r.value for r in records) == 2.5 and sum(r.spread for r in records) == 80


@pytest.mark.parametrize(
    ("wins", "losses", "spread", "shortfall"),
    [(1, 1, 0, 0), (2, 0, 2, 0), (2, 0, 1, -1), (0, 2, -2, 0), (0, 2, 10, 12), (0.5, 0.5, 0, 0)],
)
def test_starting_shares_keep_each_games_sign_and_say_what_they_could_not_carry(
    wins, losses, spread, shortfall
):
    shares = starting_shares(wins, losses, spread, SPREADS)
    assert sum(v for v, _ in shares) == wins
    assert all((s > 0) if v == 1 else (s < 0) if v == 0 else s == 0 for v, s in shares)
    assert spread - sum(s for _, s in shares) == shortfall
