"""The three writers against the examples of FORMATS.md, copied from it, and its edge rules."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tournaments.exports import (
    Cell,
    CellKind,
    ExportDivision,
    ExportEvent,
    ExportPlayer,
    ExportRefused,
    naspa_text,
    tou_text,
    tourney_js,
)

from .liwords_reader import Rejected, current_round, games, misreads, read_feed, standings

K = CellKind
DAY = date(2026, 3, 14)


def game(opponent, score, against, p12, board):
    kind = K.WON if score > against else K.LOST if score < against else K.TIED
    return Cell(kind, opponent, score, against, p12, board)


# FORMATS.md (c)'s example: Ferreira had a round-1 bye and withdrew before round 2.
FIVE = ExportDivision(
    "A",
    2,
    (
        ExportPlayer(1, "Quill, Avery", 1620, (game(2, 412, 388, 1, 1), game(3, 350, 372, 2, 1))),
        ExportPlayer(2, "Marsh, Juno", 1544, (game(1, 388, 412, 2, 1), game(4, 455, 330, 1, 2))),
        ExportPlayer(3, "Okafor, Tem", 1490, (game(4, 401, 401, 2, 2), game(1, 372, 350, 1, 1))),
        ExportPlayer(4, "Lindqvist, Bo", 1402, (game(3, 401, 401, 1, 2), game(2, 330, 455, 2, 2))),
        ExportPlayer(
            5,
            "Ferreira, Dana",
            1300,
            (Cell(K.BYE, 0, 50), Cell(K.FORFEIT_LOST, 0, -50)),
            withdrawn=True,
        ),
    ),
)

NASPA_EXAMPLE = """division A a.t
config event_name = "Example Open"
config event_date = "2026-03-14"
config rating_system = "nsa2008"
#begin_file name=a.t
Quill, Avery            1620 2 3; 412 350; board 1 1; p12 1 2
Marsh, Juno             1544 1 4; 388 455; board 1 2; p12 2 1
Okafor, Tem             1490 4 1; 401 372; board 2 1; p12 2 1
Lindqvist, Bo           1402 3 2; 401 330; board 2 2; p12 1 2
Ferreira, Dana          1300 0 0; 50 -50; board 0 0; off -50; p12 0 0
#end_file name=a.t
"""

TOU_EXAMPLE = """*M14.03.2026 Example Open
*A
                                      0
Quill, Avery         2412  +2  350   3
Marsh, Juno           388   1 2455  +4
Okafor, Tem          1401   4 2372  +1
Lindqvist, Bo        1401  +3  330   2
*** END OF FILE ***
"""

TOURNEY_EXAMPLE = """newt={"config":{"event_name":"Example Open","max_rounds":3},
"divisions":[{"name":"A","maxr":2,"players":[null,
{"id":1,"name":"Quill, Avery","rating":1620,"pairings":[2,0,3],"scores":[412,50],"etc":{"board":[1,0,1],"p12":[1,0,2]}},
{"id":2,"name":"Marsh, Juno","rating":1544,"pairings":[1,3,0],"scores":[388,401],"etc":{"board":[1,1,0],"p12":[2,2,0]}},
{"id":3,"name":"Okafor, Tem","rating":1490,"pairings":[0,2,1],"scores":[50,401],"etc":{"board":[0,1,1],"p12":[0,1,1]}}]}]};
"""  # noqa: E501


def event(*divisions: ExportDivision, name: str = "Example Open") -> ExportEvent:
    return ExportEvent(name, DAY, divisions)


def test_naspa_example_of_formats_written_exactly():
    assert naspa_text(event(FIVE)) == NASPA_EXAMPLE


def test_tou_example_of_formats_written_exactly_with_crlf():
    four = ExportDivision("A", 2, FIVE.players[:4])
    assert tou_text(event(four)) == TOU_EXAMPLE.replace("\n", "\r\n")


def test_reader_reads_the_formats_example_as_formats_says():
    [division] = read_feed(TOURNEY_EXAMPLE)
    assert current_round(division) == 3
    assert standings(division) == [
        ("Quill, Avery", 2.0, 74),
        ("Okafor, Tem", 1.5, 50),
        ("Marsh, Juno", 0.5, -24),
    ]
    assert games(division, 3) == [(1, "Okafor, Tem", "Quill, Avery", False)]


def test_reader_rejects_what_formats_says_it_rejects():
    with pytest.raises(Rejected):
        read_feed('newt = {"divisions":[]}')
    with pytest.raises(Rejected):
        read_feed('newt={"divisions":[]};')
    with pytest.raises(Rejected):
        read_feed('newt={"divisions":[{"name":"A","maxr":"2","players":[]}]}')
    [division] = read_feed(
        'newt={"divisions":[{"name":1,"maxr":0,"players":[null,'
        '{"id":1,"name":"A","rating":1500.0,"pairings":[],"scores":[],"etc":{}},'
        '{"id":2,"name":"B","rating":1500,"pairings":[],"scores":[],"etc":{}}]}]};\n'
    )
    assert (division.name, [p.name for p in division.players]) == ("1", ["B"])


def test_tourney_js_reads_back_with_the_standings_of_the_division():
    [division] = read_feed(tourney_js(event(FIVE)))
    assert [p.id for p in division.players] == [1, 2, 3, 4, 5]
    # Hand count: Okafor tie and +22; Marsh -24 +125; Quill +24 -22; Ferreira +50 -50.
    assert standings(division) == [
        ("Okafor, Tem", 1.5, 22),
        ("Marsh, Juno", 1.0, 101),
        ("Quill, Avery", 1.0, 2),
        ("Ferreira, Dana", 1.0, 0),
        ("Lindqvist, Bo", 0.5, -125),
    ]
    assert misreads(division) == []
    assert current_round(division) == 2


def pending_division() -> ExportDivision:
    """Round 2 paired, not scored: 1 v 2 at board 1; 3 a bye."""
    return ExportDivision(
        "A",
        3,
        (
            ExportPlayer(
                1, "One", 1500, (game(2, 400, 300, 1, 1), Cell(K.PENDING, 2, None, None, 2, 1))
            ),
            ExportPlayer(
                2, "Two", 1400, (game(1, 300, 400, 2, 1), Cell(K.PENDING, 1, None, None, 1, 1))
            ),
            ExportPlayer(3, "Three", 1300, (Cell(K.NOT_PAIRED), Cell(K.BYE, 0, 50))),
        ),
    )


def test_tourney_js_never_writes_a_score_for_a_game_not_played():
    text = tourney_js(event(pending_division()))
    [division] = read_feed(text)
    one, two, three = division.players
    assert (one.pairings, one.scores, two.scores, three.scores) == ([2, 2], [400], [300], [0, 50])
    assert misreads(division) == []
    assert current_round(division) == 2
    assert games(division, 2) == [(1, "Two", "One", False)]


def _arrays(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _arrays(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from _arrays(item)


def test_tourney_js_holds_integer_literals_only():
    text = tourney_js(event(FIVE, pending_division()))
    data = json.loads(text.removeprefix("newt=").rstrip(";\n"), parse_float=pytest.fail)
    players = [p for d in data["divisions"] for p in d["players"][1:]]
    for player in players:
        assert all(type(player[k]) is int for k in ("id", "rating"))
        for array in _arrays({k: player[k] for k in ("pairings", "scores", "etc")}):
            assert all(type(v) is int for v in array)
    assert all(type(d["maxr"]) is int for d in data["divisions"])


def test_tou_opponent_column_is_four_wide_above_99_players_only():
    def field(count):
        players = tuple(
            ExportPlayer(n, f"P{n}", 1500, (game(count + 1 - n, 400, 300, 1, n),))
            for n in range(1, count + 1)
        )
        return tou_text(event(ExportDivision("A", 1, players))).split("\r\n")[3]

    assert field(98) == f"{'P1':<20} 2400 +98"
    assert field(99) == f"{'P1':<20} 2400 +99"
    assert field(100) == f"{'P1':<20} 2400 +100"
    assert field(101) == f"{'P1':<20} 2400 +101"


@pytest.mark.parametrize(("score", "fits"), [(0, True), (999, True), (1000, False), (-1, False)])
def test_tou_refuses_a_score_its_columns_cannot_hold(score, fits):
    players = (
        ExportPlayer(1, "A", 1500, (game(2, score, 300, 1, 1),)),
        ExportPlayer(2, "B", 1500, (game(1, 300, score, 2, 1),)),
    )
    division = ExportDivision("A", 1, players)
    if fits:
        lines = tou_text(event(division)).split("\r\n")
        assert lines[3] == f"{'A':<20} {'2' if score > 300 else ' '}{score:>3}  +2"
    else:
        with pytest.raises(ExportRefused):
            tou_text(event(division))


def test_tou_names_ascii_in_twenty_columns():
    players = (
        ExportPlayer(1, "Müller-Lüdenscheidt, Jürgen", 1500, ()),
        ExportPlayer(2, "Exactly Twenty Chars", 1500, ()),
        ExportPlayer(3, "李, 明", 1500, ()),
    )
    lines = tou_text(event(ExportDivision("Ä", 1, players), name="Café 東京")).split("\r\n")
    assert lines[:2] == ["*M14.03.2026 Cafe", "*A"]
    assert lines[3:6] == ["Muller-Ludenscheidt,", "Exactly Twenty Chars", f"{',':<20}"]


def test_tou_and_naspa_leave_out_rounds_not_complete():
    tou = tou_text(event(pending_division())).split("\r\n")
    assert tou[3:6] == [
        f"{'One':<20} 2400  +2",
        f"{'Two':<20}  300   1",
        f"{'Three':<20}    0   3",
    ]
    naspa = naspa_text(event(pending_division())).splitlines()
    # Three was not paired in round 1, the one complete round: the line ends before it.
    assert naspa[5:8] == [
        f"{'One':<23} 1500 2; 400; board 1; p12 1",
        f"{'Two':<23} 1400 1; 300; board 1; p12 2",
        f"{'Three':<23} 1300; ",
    ]


def test_naspa_files_and_config_of_several_divisions():
    divisions = [ExportDivision(name, 1, ()) for name in ("A", "a", "Open Pro", "#!")]
    text = naspa_text(event(*divisions, name='Say "$5" @ home\\'))
    assert text.splitlines()[:6] == [
        "division A a.t",
        "division a div2.t",
        "division Open_Pro openpro.t",
        "division 4 div4.t",
        'config event_name = "Say \\"\\$5\\" \\@ home\\\\"',
        'config event_date = "2026-03-14"',
    ]
