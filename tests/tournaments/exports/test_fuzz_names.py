"""Seeded random names (quotes, ``</script>``, ``undefined``, any script, line breaks) through
the three writers: every file stays one its readers take, and names come back as they went."""

from __future__ import annotations

import random
import re
from datetime import date

import pytest

from tournaments.exports import (
    Cell,
    CellKind,
    ExportDivision,
    ExportEvent,
    ExportPlayer,
    naspa_text,
    tou_text,
    tourney_js,
)
from tournaments.tsh import read_t

from .liwords_reader import misreads, read_feed

T_HEAD = re.compile(r"^(?P<name>(?:(?!\s\d+(?:\s|$)).)*\S)\s+(?P<rating>\d+) (?P<opp>\d+)$")
LETTER = re.compile(r"[^\W\d_]")
PIECES = [
    '"',
    "'",
    "\\",
    "</script>",
    "<!--",
    "&amp;",
    "undefined",
    "UNDEFINED",
    "Undefined",
    "newt=",
    ";",
    "#",
    "\n",
    "\r",
    "\t",
    "\u2028",
    "\u2029",
    "\x00",
    "\x7f",
    " ",
    "  ",
    "é",
    "ø",
    "ß",
    "李",
    "明",
    "ไทย",
    "عربي",
    "😀",
    "\u0301",
    "\ufeff",
    "12",
    "1e3",
    "null",
    "${x}",
    "@list",
    "Okafor, Tem",
    "\\u0075",
    "}",
    "]",
    "{",
    "[",
    ",",
]


def random_name(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6)))


def random_event(seed: int) -> ExportEvent:
    rng = random.Random(seed)
    count = rng.randint(2, 9)
    players = []
    for number in range(1, count + 1):
        opponent = number + 1 if number % 2 else number - 1
        if opponent > count:
            cells = (Cell(CellKind.BYE, 0, 50),)
        else:
            first = number % 2 == 1
            board = (number + 1) // 2
            cells = (Cell(CellKind.TIED, opponent, 400, 400, 1 if first else 2, board),)
        players.append(ExportPlayer(number, random_name(rng), rng.randint(0, 2500), cells))
    division = ExportDivision(random_name(rng), 3, tuple(players))
    return ExportEvent(random_name(rng), date(2026, 1, 2), (division,))


@pytest.mark.parametrize("seed", range(40))
def test_random_names_keep_every_file_readable(seed):
    event = random_event(seed)
    division = event.divisions[0]

    js = tourney_js(event)
    assert "undefined" not in js.lower() and "</" not in js and "<!--" not in js
    assert "\u2028" not in js and "\u2029" not in js
    [read] = read_feed(js)
    assert [p.name for p in read.players] == [p.name for p in division.players]
    assert read.name == division.name
    assert [line for line in misreads(read) if "duplicate" not in line] == []

    tou = tou_text(event)
    tou.encode("ascii")
    lines = tou.split("\r\n")
    assert lines[-1] == "" and lines[-2] == "*** END OF FILE ***"
    assert all(len(line) == 20 + 9 for line in lines[3:-2])
    assert all(" " <= ch <= "~" for line in lines for ch in line)

    naspa = naspa_text(event)
    body = naspa.split("#begin_file name=")[1].split("\n", 1)[1].split("#end_file")[0]
    lines = body.splitlines()  # Python's splitlines: every line break a reader might see
    assert len(lines) == len(division.players)
    for line, player in zip(lines, division.players, strict=True):
        head, scores, *tags = line.split(";")
        found = T_HEAD.match(head)
        assert found, line  # the name ends at the rating: no bare number in it
        assert (int(found["rating"]), scores.split()) == (
            player.rating,
            ["400"] if found["opp"] != "0" else ["50"],
        )
        assert [t.split()[0] for t in tags] == ["board", "p12"]
    if all(LETTER.search(p.name) for p in division.players):
        assert len(read_t(body.encode()).players) == len(division.players)
    config = [line for line in naspa.splitlines() if line.startswith("config event_name")]
    assert len(config) == 1 and config[0].count('"') - config[0].count('\\"') == 2
