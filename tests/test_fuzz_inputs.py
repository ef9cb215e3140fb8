"""Fuzzing every input path, seeded and bounded: a GCG record, a TSH file, a CSV roster, a word
list and a typed result line either go in or are refused with a message, never an exception, and
a refused input leaves every table as it was. Runs on SQLite and on PostgreSQL (which refuses NUL
and integers past 2**63 that SQLite would take)."""

from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.refusal import Refusal
from games.services.imports import game_import_gcg
from games.services.words import lexicon_upload
from players.roster import decode_upload, parse_roster
from players.services import roster_import
from tests import factories
from tests.command_runs import database_state
from tournaments.services.result_lines import result_enter_line
from tournaments.services.tsh_import import tsh_import

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "games" / "engine" / "gcg_fixtures"
REFUSED = (Refusal, ValidationError)
FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Text that has broken parsers before: separators, signs, huge and odd digits, NUL, endings.
NASTY = st.sampled_from(
    [
        ";",
        ",",
        '"',
        "#",
        "-",
        "+",
        "0",
        "9" * 25,
        str(2**63),
        "³",
        "٣",
        "\x00",
        "\r",
        "\n",
        "\t",
        "=cmd",
        "<script>",
        "é",
        "王",
        " ",
        "p12 9",
        "#player1 ",
        "  ",
        "\ufeff",
    ]
)


@st.composite
def mutated(draw, seed: str) -> str:
    """``seed`` with a few random edits: insertions of nasty or random text, deletions."""
    text = seed
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            piece = draw(NASTY | st.text(max_size=6))
            text = text[:at] + piece + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
    return text


def refused_or_done(action) -> bool:
    """Run ``action``; True when it was refused (with a message), False when it went in."""
    try:
        action()
    except REFUSED as refusal:
        assert str(refusal).strip()
        return True
    return False


def check(action) -> None:
    before = database_state()
    if refused_or_done(action):
        assert database_state() == before


GCG = (FIXTURES / "noah_vs_peter.gcg").read_text(encoding="utf-8")


@FUZZ
@given(text=mutated(GCG))
def test_gcg_records_go_in_or_are_refused(text):
    check(lambda: game_import_gcg(by=None, data=text.encode("utf-8", "surrogatepass")))


TSH = "Doe, John 1500 2 0; 400 50\nRoe, Jane 1450 1 3; 380 -50\nPoe, Ed 1400 0 2; 50 -50\n"


@FUZZ
@given(text=mutated(TSH))
def test_tsh_files_go_in_or_are_refused(text):
    data = text.encode("utf-8", "surrogatepass")
    check(lambda: tsh_import(by=None, data=data, name="Fuzz Open"))


ROSTER = "name,country,member_id,rating\nAnn Lee,GB,M1,1500\nBen Ng,SG,,1400\n"


@FUZZ
@given(text=mutated(ROSTER))
def test_rosters_go_in_or_are_refused(text):
    def run():
        roster = parse_roster(decode_upload(text.encode("utf-8", "surrogatepass")))
        outcome = roster_import(by=None, roster=roster, confirm_duplicates=True)
        if outcome.problems:  # the roster's own way of refusing: every problem, nothing saved
            raise ValidationError(outcome.problems)

    check(run)


WORDS = "AA\nAB\nQI\nZA\nCAT\n"


@FUZZ
@given(text=mutated(WORDS))
def test_word_lists_go_in_or_are_refused(text):
    data = text.encode("utf-8", "surrogatepass")
    check(lambda: lexicon_upload(by=None, name="Fuzz words", data=data))


@pytest.fixture
def round_one(director):
    division = factories.division(factories.tournament(director=director))
    return factories.round_with_pairings(division, factories.entries(division, 4))


@FUZZ
@given(line=mutated("1 400 380") | mutated("1 400 2 380") | mutated("f 3") | NASTY)
def test_result_lines_go_in_or_are_refused(round_one, director, line):
    check(lambda: result_enter_line(by=director, round_=round_one, line=line))
