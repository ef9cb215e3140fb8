"""Every GCG we write passes macondo's line rules (``macondo_grammar``), and the rules catch the
lines macondo refuses."""

from pathlib import Path

import pytest

from games.engine.gcg import EventKind, GcgEvent, GcgGame, GcgPlayer, parse_gcg, write_gcg
from games.engine.gcg_io import record_from_game

from .macondo_grammar import line_kind, refusals

FIXTURES = Path(__file__).parent / "gcg_fixtures"
REAL = [
    "doug_v_emely.gcg",
    "noah_vs_peter.gcg",
    "vs_frentz.gcg",
    "some_isc_game.gcg",
    "logan.gcg",
    "noah_vs_mishu.gcg",
    "guy_vs_bot.gcg",
]


@pytest.mark.parametrize("name", REAL)
def test_the_rules_read_the_real_records_as_macondo_does(name):
    assert refusals((FIXTURES / name).read_bytes().decode("latin-1")) == []


def test_the_rules_refuse_what_macondo_refuses():
    head = "#player1 p1 One\n#player2 p2 Two\n"
    assert refusals(head + "#time seconds=20 saved=2026\n>p1: AB 8G AB +8 8\n") != []
    assert refusals(head + ">p1: 8G AB +8 8\n") != []  # a play without a rack
    assert refusals(head + ">p1: - +0 8\n") != []  # a pass without a rack
    # one space leaves no rack field: macondo takes the line for end-of-game rack points
    assert line_kind(">p1: (challenge) +5 8") == "end_rack"
    assert line_kind(">p1:  (challenge) +5 8") == "challenge"
    assert refusals(head + "#incomplete\n") != []
    assert refusals(head + ">p1: AB 8G AB +8 8\n#title late\n") != []
    assert line_kind(">p1: AB 8G AB +8 8") == "move"


def test_the_time_line_after_a_move_is_refused_too():
    head = "#player1 p1 One\n#player2 p2 Two\n>p1: AB 8G AB +8 8\n"
    # after a move, a line no pattern matches is refused unless a #note came just before it
    assert refusals(head + "#time seconds=20\n") != []
    assert refusals(head + "#note x\n#time seconds=20\n") == []  # silently part of the note


# wrong.gcg holds wrong scores on purpose: it is never read into a game, so never written again.
READABLE = sorted(p for p in FIXTURES.glob("*.gcg") if p.name != "wrong.gcg")


@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.name)
def test_every_record_read_and_written_again_passes(path):
    written = write_gcg(parse_gcg(path.read_bytes()))
    assert refusals(written) == []


def _unknown_racks() -> GcgGame:
    events = (
        GcgEvent(EventKind.PLAY, 0, 12, 12, position="8D", word="TRaIN"),
        GcgEvent(EventKind.PLAY, 1, 20, 20, position="D8", word=".HORB"),
        GcgEvent(EventKind.PHONY_WITHDRAWN, 1, -20, 0),
        GcgEvent(EventKind.PASS, 0, 0, 12),
        GcgEvent(EventKind.EXCHANGE, 1, 0, 0, exchange_count=3),
        GcgEvent(EventKind.EXCHANGE, 0, 0, 12, exchanged="QU", exchange_count=2),
        GcgEvent(EventKind.CHALLENGE_BONUS, 1, 5, 5),
        GcgEvent(EventKind.TIME_PENALTY, 0, -10, 2),
    )
    return GcgGame(players=(GcgPlayer("p1", ""), GcgPlayer("p2", "Two")), events=events)


def test_moves_without_racks_are_written_in_macondos_grammar_and_read_back_without():
    game = _unknown_racks()
    written = write_gcg(game)
    assert refusals(written) == []
    lines = written.split("\r\n")
    assert ">p1: TR?IN 8D TRaIN +12 12" in lines  # the tiles the play shows
    assert ">p2: HORB -- -20 0" in lines
    assert ">p1: ? - +0 12" in lines and ">p2: ? -3 +0 0" in lines
    assert ">p1: QU -QU +0 12" in lines
    assert ">p2:  (challenge) +5 5" in lines and ">p1:  (time) -10 2" in lines
    assert lines.count("#note rack not recorded") == 6
    assert "#player1 p1 p1" in lines
    again = parse_gcg(written)
    assert [e.rack for e in again.events] == [""] * 8
    assert [e.notes for e in again.events] == [()] * 8


class Turn:
    """A scoresheet line as ``record_from_game`` reads it."""

    def __init__(self, **values):
        self.__dict__.update(values)


def test_times_are_left_out_unless_asked_for_and_then_ride_in_a_note():
    import datetime

    saved = datetime.datetime(2026, 5, 2, 10, 4, 31, tzinfo=datetime.UTC)
    turn = Turn(
        kind="play", move="8D TRAIN", rack="AINRTXY", score=12, player=0, first_total=12,
        second_total=0, notes="", seconds=25, saved_at=saved, withdrawn_score=None,
    )  # fmt: skip
    plain = write_gcg(record_from_game(names=("A", "B"), turns=[turn]))
    assert "time" not in plain and refusals(plain) == []
    timed = write_gcg(record_from_game(names=("A", "B"), turns=[turn], times=True))
    assert refusals(timed) == []
    lines = timed.split("\r\n")
    move = lines.index(">p1: AINRTXY 8D TRAIN +12 12")
    assert lines[move + 1] == "#note time seconds=25 saved=2026-05-02T10:04:31+00:00"
