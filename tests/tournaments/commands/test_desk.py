"""`manage.py desk`, driven as a director drives it: in its own process on a pseudo-terminal,
typing TSH's commands. A round of results in TSH's form, the next round paired, the standings
and an undo; a refusal; the questions of the result entry page answered yes, no, Ctrl-D and
Ctrl-C, each line stored whole or not at all."""

import pytest

from core.models import AuditEntry
from tests import factories
from tests.tournaments.division_setup import field
from tournaments.models import Pairing, Round

from .desk_terminal import IGNORING_CTRL_C, console

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PROMPT = "desk:A> "


def scores(round_number: int = 1) -> dict[int, tuple]:
    """Each table's stored result: (first's number, first's score, second's score)."""
    return {
        p.table: (p.first.number, p.first_score, p.second_score)
        for p in Pairing.objects.filter(round__number=round_number).select_related("first")
    }


@pytest.fixture
def round_one(director):
    """Division A of six, round 1 paired: tables 1 #1 v #2, 2 #3 v #4, 3 #5 v #6."""
    division, entries = field(6, director=director, rounds=3, name="A")
    factories.round_with_pairings(division, entries)
    return division


def test_a_round_typed_as_in_tsh_then_paired_shown_and_undone(tmp_path, director, round_one):
    slug = round_one.tournament.slug
    with console(tmp_path, slug, "--user", director.username) as desk:
        desk.expect(PROMPT)
        desk.type("a 1 A")  # TSH: results of round 1, division A, at a prompt of their own
        desk.expect("[A1] result? (3 to go) ")
        desk.type("1 402 2 380")  # TSH's "pn1 ps1 pn2 ps2"
        assert "Saved: 402–380" in desk.expect("[A1] result? (2 to go) ")
        desk.type("4 390 3 410")  # the player who went second typed first: sides kept
        assert "Saved: 410–390" in desk.expect("(1 to go) ")
        desk.type("6 420 5 360")
        assert "Saved: 360–420" in desk.expect("(0 to go) ")
        desk.type("")  # an empty line ends the results, as in TSH
        desk.expect(PROMPT)
        desk.type("sp")
        shown = desk.expect(PROMPT)
        assert "Division A, round 1:" in shown and "410–390" in shown
        desk.type("pair")
        assert "Round 2 paired by Swiss" in desk.expect(PROMPT)
        desk.type("st")
        standings = desk.expect(PROMPT)
        assert standings.index("+60") < standings.index("+22") < standings.index("-22")
        desk.type("undo")  # the last result typed here: table 3
        assert "the game's result is now: no result" in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
    assert scores() == {1: (1, 402, 380), 2: (3, 410, 390), 3: (5, None, None)}
    assert Round.objects.get(number=2).pairings.count() == 3
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", "actor"))
    assert [a for a, _actor in actions if a.startswith("result")] == [
        "result.record",
        "result.record",
        "result.record",
        "result.undo",
    ]
    assert {actor for _a, actor in actions} == {director.pk}


def test_a_refusal_is_written_and_changes_nothing(tmp_path, director, round_one):
    with console(tmp_path, round_one.tournament.slug) as desk:
        desk.expect(PROMPT)
        desk.type("a 9 400 300")  # no table 9
        assert "Refused:" in desk.expect(PROMPT)
        desk.type("pair")  # round 1 has no results yet
        assert "Refused:" in desk.expect(PROMPT)
        desk.type("koth 0 3 A")  # TSH's repeats and based-on round
        assert "pairing plan" in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
    assert scores() == {1: (1, None, None), 2: (3, None, None), 3: (5, None, None)}
    assert not Round.objects.filter(number=2).exists()
    assert not AuditEntry.objects.exists()


def test_unusual_scores_are_stored_on_yes_only(tmp_path, director, round_one):
    with console(tmp_path, round_one.tournament.slug) as desk:
        desk.expect(PROMPT)
        desk.type("a 1 50 400")
        assert "A score of 50 is unusually low." in desk.expect("Save anyway? [y/N] ")
        desk.type("n")
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.type("a 2 50 400")
        desk.expect("Save anyway? [y/N] ")
        desk.type("y")
        assert "Saved: 50–400" in desk.expect(PROMPT)
        desk.type("a 2 410 400")  # table 2 has its result: the page asks before replacing it
        assert "It already has a result: 50–400." in desk.expect("Replace it? [y/N] ")
        desk.type("n")
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
    assert scores() == {1: (1, None, None), 2: (3, 50, 400), 3: (5, None, None)}
    assert AuditEntry.objects.filter(action="result.record").count() == 1
    # The commands are kept for the next session (the up arrow); the answers are not.
    kept = (tmp_path / "history").read_text().splitlines()
    assert kept == ["a 1 50 400", "a 2 50 400", "a 2 410 400", "quit"]


def test_ctrl_d_or_ctrl_c_at_a_question_stores_nothing(tmp_path, director, round_one):
    with console(tmp_path, round_one.tournament.slug) as desk:
        desk.expect(PROMPT)
        desk.type("a 3 40 400")
        desk.expect("Save anyway? [y/N] ")
        desk.ctrl_d()
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.type("a 1 30 400")
        desk.expect("Save anyway? [y/N] ")
        desk.ctrl_c()
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.type("sp")
        assert "402" not in desk.expect(PROMPT)
        desk.send("st")
        desk.expect("st")  # typed and shown: the prompt waits for the next key
        desk.ctrl_c()  # Ctrl-C at the prompt abandons the line typed, and the console goes on
        assert "Spread" not in desk.expect(PROMPT)
        desk.ctrl_d()  # Ctrl-D at the prompt leaves the console
        assert desk.finish() == 0
    assert scores() == {1: (1, None, None), 2: (3, None, None), 3: (5, None, None)}
    assert not AuditEntry.objects.exists()


def test_ctrl_c_works_in_a_console_started_with_ctrl_c_ignored(tmp_path, director, round_one):
    """A console started by a script's background job inherits Ctrl-C ignored: at a question
    and at the prompt it still answers it, and stores nothing."""
    slug = round_one.tournament.slug
    with console(tmp_path, slug, launcher=IGNORING_CTRL_C) as desk:
        desk.expect(PROMPT)
        desk.type("a 1 30 400")
        desk.expect("Save anyway? [y/N] ")
        desk.ctrl_c()
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.send("st")
        desk.expect("st")
        desk.ctrl_c()
        assert "Spread" not in desk.expect(PROMPT)
        desk.ctrl_d()
        assert desk.finish() == 0
    assert scores() == {1: (1, None, None), 2: (3, None, None), 3: (5, None, None)}


def test_a_tie_under_play_off_rules_asks_who_won_the_word(tmp_path, director):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    with console(tmp_path, event.slug) as desk:
        desk.expect(PROMPT)
        desk.type("a 1 400 400")
        desk.expect("Who won the play-off? [1-2, Enter: none] ")
        desk.type("")  # no answer: nothing stored
        assert "Nothing was saved." in desk.expect(PROMPT)
        desk.type("a 1 400 400")
        desk.expect("Who won the play-off? [1-2, Enter: none] ")
        desk.type("2")
        assert "tie won by" in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
    table_one = Pairing.objects.get(round__number=1, table=1)
    assert (table_one.first_score, table_one.second_score) == (400, 400)
    assert table_one.playoff_winner_id == table_one.second_id


def test_a_tie_under_rules_that_give_it_to_who_led_before_the_racks_asks_who_led(
    tmp_path, director
):
    event = factories.tournament(director=director, rules_preset="home")
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 2))
    with console(tmp_path, event.slug) as desk:
        desk.expect(PROMPT)
        desk.type("a 1 400 400")
        said = desk.expect("Who led before the racks were counted? [1-2, Enter: none] ")
        assert "who led before the tiles left on the racks were counted" in said
        desk.type("1")
        assert "tie won by" in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
    assert Pairing.objects.get().playoff_winner_id == Pairing.objects.get().first_id


def test_tab_completes_commands_and_names_and_ctrl_p_brings_back_a_command(
    tmp_path, director, round_one
):
    with console(tmp_path, round_one.tournament.slug) as desk:
        desk.expect(PROMPT)
        desk.send("showp\t")  # Tab completes the only command starting so
        desk.expect("showpairings ")
        desk.type("")
        assert "Division A, round 1:" in desk.expect(PROMPT)
        desk.send("div \t")  # and the division's name after a command
        desk.expect("div A ")
        desk.type("")
        assert "Division A (this event has: A)." in desk.expect(PROMPT)
        desk.send("print wall-\t")  # a printout's name, hyphen and all
        desk.expect("wall-chart ")
        desk.send("\x15")  # Ctrl-U: the line is wiped, nothing printed
        desk.send("\x10\x10")  # Ctrl-P twice: the command before last
        desk.expect("showpairings ")
        desk.type("")
        assert "Division A, round 1:" in desk.expect(PROMPT)
        desk.type("quit")
        assert desk.finish() == 0
