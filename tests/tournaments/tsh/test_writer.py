"""Writing .t files back: TSH's layout, and read_t(write_t(d)) == d."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.tsh import TshDivision, TshPlayer, player_line, read_t, tsh_name, write_t

FIXTURES = Path(__file__).parent / "fixtures"


def test_player_line_pads_the_name_and_joins_fields_with_semicolons():
    player = TshPlayer(
        1, "Chew, John", "1720", (2, 0), (410, 50), (("p12", ("1", "0")), ("off", ()))
    )
    assert player_line(player) == "Chew, John              1720 2 0; 410 50; p12 1 0; off"


def test_unplayed_player_is_written_with_empty_scores():
    player = TshPlayer(1, "New, Entry", "0", (), ())
    assert player_line(player) == "New, Entry              0; "


def test_tsh_names_never_break_the_line():
    assert tsh_name("Smith; Jr") == "Smith  Jr"
    assert tsh_name("Anna 101 Smith") == "Anna No.101 Smith"
    assert tsh_name("#1 Fan") == "No.1 Fan"
    assert tsh_name(";") == "?"
    # Every character a reader may split a line at, and other control characters, too.
    assert tsh_name("Ann\u2028Lee\x85Bo\x0cCy\x1eDi\x00Ed\ufeff") == "Ann Lee Bo Cy Di Ed"
    assert tsh_name("Zoë Ünal, 李") == "Zoë Ünal, 李"


def test_every_tag_file_round_trips_through_writer_and_reader():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    text = write_t(division)
    assert read_t(text.encode()) == division
    assert text.splitlines()[3] == (
        "Roe, Bo                 1400+1300 3 1 0; 300 400; board 2 2 0; p12 3 1 0; excwins 0.5; penalty"
    )


_NAMES = st.from_regex(r"[A-Z][a-z]{1,8}, [A-Z][a-z]{1,8}", fullmatch=True)
_TOKEN = st.from_regex(r"[A-Za-z0-9.\-]{1,6}", fullmatch=True)


@st.composite
def divisions(draw):
    """Valid random divisions: reciprocal pairings, some byes, pending last rounds, odd tags."""
    count = draw(st.integers(1, 8))
    rounds = draw(st.integers(0, 4))
    opponents: list[list[int]] = [[] for _ in range(count)]
    for _ in range(rounds):
        order = draw(st.permutations(range(1, count + 1)))
        for i in range(0, count - 1, 2):
            a, b = order[i], order[i + 1]
            opponents[a - 1].append(b)
            opponents[b - 1].append(a)
        if count % 2:
            opponents[order[-1] - 1].append(0)
    played = draw(st.integers(0, rounds))
    # A game's score is never negative; a bye or forfeit (opponent 0) carries a spread.
    scores = [
        [draw(st.integers(-200 if opponents[p][r] == 0 else 0, 800)) for r in range(played)]
        for p in range(count)
    ]
    players = []
    for n in range(1, count + 1):
        tags = draw(
            st.lists(
                st.tuples(
                    st.sampled_from(["team", "class", "zzz", "note"]), st.lists(_TOKEN, max_size=3)
                ),
                max_size=3,
            )
        )
        players.append(
            TshPlayer(
                n,
                draw(_NAMES),
                str(draw(st.integers(0, 2500))),
                tuple(opponents[n - 1]),
                tuple(scores[n - 1]),
                tuple((tag, tuple(values)) for tag, values in tags),
            )
        )
    return TshDivision(tuple(players))


@settings(max_examples=80, deadline=None)
@given(divisions())
def test_read_of_write_gives_back_the_same_division(division):
    assert read_t(write_t(division).encode()) == division
