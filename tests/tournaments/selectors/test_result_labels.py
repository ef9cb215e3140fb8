"""The result a player sees on the public pages, read from the pairing's outcome."""

import pytest

from tournaments.public_text import result_label
from tournaments.selectors.divisions import PairingRow
from tournaments.selectors.public_pages import result_of


def row(kind, second=2, first_score=None, second_score=None, forfeited_by=None) -> PairingRow:
    return PairingRow(1, 1, 1, 1, second, kind, True, first_score, second_score, forfeited_by)


@pytest.mark.parametrize(
    ("pairing", "labels"),
    [
        (row("played", first_score=420, second_score=380), ("W 420–380", "L 380–420")),
        (row("played", first_score=400, second_score=400), ("T 400–400", "T 400–400")),
        (row("played", first_score=400), ("", "")),
        (row("forfeit", forfeited_by=2), ("forfeit win", "forfeit loss")),
        (row("forfeit", forfeited_by=1), ("forfeit loss", "forfeit win")),
        (row("double_forfeit"), ("double forfeit", "double forfeit")),
    ],
    ids=["win", "tie", "unreported", "second forfeits", "first forfeits", "double forfeit"],
)
def test_each_side_reads_its_own_result(pairing, labels):
    assert (
        result_label(result_of(pairing, True)),
        result_label(result_of(pairing, False)),
    ) == labels


@pytest.mark.parametrize("first_score", [None, 50, 0])
def test_a_bye_or_half_bye_reads_bye(first_score):
    assert result_label(result_of(row("bye", second=None, first_score=first_score), True)) == "bye"


def test_a_forfeit_without_an_opponent_reads_as_the_loss_it_counts_as():
    lone = row("forfeit", second=None, first_score=-50, forfeited_by=1)
    assert result_label(result_of(lone, True)) == "forfeit loss"
