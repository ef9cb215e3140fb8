"""Macondo's record of a turn lost to a double challenge (a pass, then ``#note
#unsuccessful-challenge``: domino14/macondo gcgio writeEvent) read as the play standing."""

import pytest

from games.engine.gcg import parse_gcg
from games.engine.gcg_io import entries_from_record
from games.engine.rules import PRESETS

HEAD = "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +12 12\n>ben: AT D8 .AT +3 3\n"
LOST = ">ann: AEIXY - +0 12\n#note #unsuccessful-challenge\n"
NEXT = ">ben: CDEFGHI - +0 3\n"


def moves(text, rules):
    read = entries_from_record(parse_gcg(text), rules)
    return [(e.move, e.challenge, e.notes) for e in read.entries]


def test_the_lost_turn_under_a_double_challenge_is_the_play_standing():
    text = HEAD + LOST + "#note ann thought AT was no good\n" + NEXT
    assert moves(text, PRESETS["naspa"]) == [
        ("8D TRAIN", "none", ""),
        ("D8 .AT", "valid", "ann thought AT was no good"),
        ("-", "none", ""),
    ]


@pytest.mark.parametrize(
    ("text", "preset"),
    [
        (HEAD + LOST + NEXT, "wespa"),  # no turn is lost to a challenge under these rules
        (HEAD + LOST + NEXT, None),  # rules not known
        (HEAD + LOST, "naspa"),  # nothing follows: left to the end-of-game reading
        (HEAD + LOST.replace("ann", "ben") + NEXT.replace("ben", "ann"), "naspa"),  # the player
        (HEAD + LOST.replace("#note #unsuccessful-challenge\n", "") + NEXT, "naspa"),  # no note
    ],
)
def test_anything_else_stays_a_pass(text, preset):
    assert moves(text, PRESETS[preset] if preset else None)[2][:2] == ("-", "none")
