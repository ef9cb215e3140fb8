"""`manage.py desk` fed its lines in the test's own process (no terminal): help, divisions,
looking up players, printing, the event's language and lines it refuses."""

import pytest

from tests import factories
from tests.command_runs import database_state
from tests.command_runs import desk_typed as typed
from tests.tournaments.division_setup import field

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    """Divisions A (four players, round 1 paired) and B (two players)."""
    division, entries = field(4, director=director, rounds=3, name="A")
    factories.round_with_pairings(division, entries)
    other = factories.division(division.tournament, name="B")
    factories.entries(other, 2)
    return division.tournament


def test_help_lists_each_command_with_its_tsh_word_and_desk_name(monkeypatch, tmp_path, event):
    out = typed(monkeypatch, tmp_path, event.slug, "help")
    rows = {line.split()[0]: line for line in out.splitlines()[2:] if line.strip()}
    assert rows["result"].split()[1:3] == ["addscore", "a"]
    assert rows["pairings"].split()[1:3] == ["showpairings", "sp"]
    assert rows["standings"].split()[1:3] == ["standings", "st"]
    assert rows["swiss"].split()[1:3] == ["newswiss", "ns"]
    assert rows["player"].split()[1:4] == ["scorecard", "sc", "look"]
    assert rows["undo"].split()[1] == "—"  # TSH has no undo


def test_help_for_one_command_shows_how_it_is_typed(monkeypatch, tmp_path, event):
    out = typed(monkeypatch, tmp_path, event.slug, "help ns")
    assert "ns [ROUND] [DIVISION]" in out


def test_div_switches_the_division_and_a_command_may_name_another(monkeypatch, tmp_path, event):
    out = typed(monkeypatch, tmp_path, event.slug, "div b", "sp A", "sp", "div C")
    assert "Division B (this event has: A, B)." in out
    assert "Division A, round 1:" in out
    assert "Division B has no paired round yet." in out
    assert "No division is called “C” (this event has: A, B)." in out


def test_a_player_is_found_by_number_or_by_name(monkeypatch, tmp_path, event):
    out = typed(monkeypatch, tmp_path, event.slug, "sc 2", "look entrant", "look nobody")
    card = out.split("#2 ", 1)[1]
    assert "(division A), rating" in card
    assert "Round 1, table 1: #1 " in card
    assert out.count("(division B)") == 2  # the name matches players of every division
    assert "No player matches “nobody”." in out


def test_the_console_answers_in_the_events_language(monkeypatch, tmp_path, event):
    event.language = "ja"
    event.save(update_fields=["language"])
    out = typed(monkeypatch, tmp_path, event.slug, "frobnicate")
    assert out.splitlines()[:2] == [
        f"{event.name}、部門 A。コマンドは「help」、終了は「quit」。",
        "拒否されました：「frobnicate」はコマンドではありません。一覧は「help」と入力してください。",
    ]


def test_a_line_of_bytes_that_are_not_text_is_refused(monkeypatch, tmp_path, event):
    before = database_state()
    out = typed(monkeypatch, tmp_path, event.slug, "look A\x00B", "a 1 400\udcff 300")
    assert out.count("The line holds characters that are not text; nothing was done.") == 2
    assert database_state() == before


@pytest.mark.slow
def test_print_writes_the_pdf_in_the_current_folder_and_says_where(monkeypatch, tmp_path, event):
    monkeypatch.chdir(tmp_path)
    out = typed(monkeypatch, tmp_path, event.slug, "print pairings", "print nothing")
    written = tmp_path / f"{event.slug}-A-pairings-r1.pdf"  # the current round, 1
    assert f"Wrote {written} (" in out
    assert written.read_bytes()[:5] == b"%PDF-"
    assert "There is no printout called “nothing”" in out


def test_a_database_that_does_not_answer_is_said_and_the_console_goes_on(
    monkeypatch, tmp_path, event
):
    from django.db import OperationalError

    from tournaments.management.desk import jobs

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(jobs, "standings", locked)
    out = typed(monkeypatch, tmp_path, event.slug, "st", "div")
    assert "The database did not answer (database is locked); this command changed nothing." in out
    assert "Division A (this event has: A, B)." in out


def test_pairings_show_the_round_just_paired_while_results_wait_on_the_one_before(
    monkeypatch, tmp_path, director
):
    # Round 2 paired while round 1 still waits for results (a lagged plan allows it): the
    # pairings, like the division page, are round 2's; results and "missing" stay on round 1.
    division, entries = field(4, director=director, rounds=3, name="A")
    factories.round_with_pairings(division, entries, number=1)
    factories.round_with_pairings(division, entries[::-1], number=2)
    out = typed(monkeypatch, tmp_path, division.tournament.slug, "sp", "missing")
    assert "Division A, round 2:" in out
    assert "Division A, round 1:" not in out
    first, second = (e.player.name for e in entries[:2])
    assert f"Round 1, table 1: #1 {first} – #2 {second}" in out  # missing: round 1's
