"""``tourney.js`` with rounds paired ahead: a later game scored while an earlier one still waits
is not written (its score would land in the earlier round's place), nor any other result of the
later rounds (it would be counted for one side of a game and not the other): every player's
scores stop at the round with a result still missing, and the later round shows once it is in."""

from __future__ import annotations

from datetime import date

from tournaments.exports import (
    Cell,
    CellKind,
    ExportDivision,
    ExportEvent,
    ExportPlayer,
    tourney_js,
)

from .liwords_reader import read_feed

K = CellKind


def played(opponent, score, against, p12, board):
    kind = K.WON if score > against else K.LOST if score < against else K.TIED
    return Cell(kind, opponent, score, against, p12, board)


def waiting(opponent, p12, board):
    return Cell(K.PENDING, opponent, None, None, p12, board)


def division(round_two_of_one_and_two) -> ExportDivision:
    """Four players, three rounds paired. Round 2's 1 v 2 is given; round 3 is scored."""
    one_two, two_one = round_two_of_one_and_two
    return ExportDivision(
        "A",
        3,
        (
            ExportPlayer(1, "One", 1500,
                         (played(2, 400, 300, 1, 1), one_two, played(3, 410, 390, 1, 1))),
            ExportPlayer(2, "Two", 1400,
                         (played(1, 300, 400, 2, 1), two_one, played(4, 350, 420, 1, 2))),
            ExportPlayer(3, "Three", 1300,
                         (played(4, 380, 360, 1, 2), played(4, 330, 340, 2, 2),
                          played(1, 390, 410, 2, 1))),
            ExportPlayer(4, "Four", 1200,
                         (played(3, 360, 380, 2, 2), played(3, 340, 330, 1, 2),
                          played(2, 420, 350, 2, 2))),
        ),
    )  # fmt: skip


def scores(div: ExportDivision) -> list[list[int]]:
    text = tourney_js(ExportEvent("Open", date(2026, 3, 14), (div,)))
    [read] = read_feed(text)
    return [p.scores for p in read.players]


def test_no_later_round_is_scored_while_an_earlier_game_is_pending():
    pending = (waiting(2, 1, 1), waiting(1, 2, 1))
    one, two, three, four = scores(division(pending))
    assert one == [400]
    assert two == [300]
    assert three == [380, 330]
    assert four == [360, 340]


def test_the_later_round_is_written_in_its_own_place_once_the_earlier_game_is_in():
    given = (played(2, 420, 380, 1, 1), played(1, 380, 420, 2, 1))
    one, two, _, _ = scores(division(given))
    assert one == [400, 420, 410]
    assert two == [300, 380, 350]
