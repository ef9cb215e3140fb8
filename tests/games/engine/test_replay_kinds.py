"""Every problem of a replayed record has a kind; only rack continuity is a warning."""

from __future__ import annotations

import pytest

from games.engine import replay
from games.engine.gcg import parse_gcg
from games.engine.replay import Problem, verify_game

HEADER = "#player1 alice Alice\n#player2 bob Bob\n"
OPENING = HEADER + ">alice: AINRTXY 8D TRAIN +12 12\n"  # line 3


def kinds(text: str) -> list[tuple[int, str, bool]]:
    return [(p.line, p.kind, p.is_warning) for p in verify_game(parse_gcg(text)).problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (HEADER + ">alice: AINRTXY 8D TRAIN +14 14\n", [(3, replay.SCORE, False)]),
        (OPENING + ">bob: ABCDEFG - +0 5\n", [(4, replay.TOTAL, False)]),
        (HEADER + ">alice: AINRTXY 1A TRAIN +12 12\n", [(3, replay.LEGALITY, False)]),
        (OPENING + ">bob: ABCDEFG (challenge) +5 5\n", [(4, replay.FORMAT, False)]),
        (
            OPENING + ">bob: ABCDEFG - +0 0\n>alice: ABCDEFG - +0 12\n",
            [(5, "rack_continuity", True)],
        ),
        (OPENING + ">bob: ABCDEFG - +0 0\n>alice: XYABCDE - +0 12\n", []),
    ],
)
def test_each_problem_has_its_kind(text, expected):
    assert kinds(text) == expected


def test_the_kinds_are_the_five_a_director_reads():
    assert replay.KINDS == ("score", "total", "legality", "format", "rack_continuity")
    assert sorted(replay.WARNING_KINDS) == ["rack_continuity"]


def test_a_template_of_the_engine_is_legality_and_no_warning():
    problem = Problem(3, "Some rule of the engine %(x)s.", {"x": 1})
    assert (problem.kind, problem.is_warning) == ("legality", False)
