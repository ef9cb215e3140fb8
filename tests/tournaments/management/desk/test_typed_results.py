"""Results typed at the console ask what the result entry page asks: replacing a stored result
is confirmed first, and a result someone else saved while the question waited is shown beside
the director's own, which is stored only if they keep it."""

import io

import pytest

from core.models import AuditEntry
from tests import factories
from tests.tournaments.division_setup import field
from tournaments.management.desk import ask, results
from tournaments.management.desk.session import Session
from tournaments.models import Pairing
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(director):
    """A session on division A, round 1 paired; table 1 already holds 400–300."""
    division, entries = field(4, director=director, rounds=3, name="A")
    round_ = factories.round_with_pairings(division, entries)
    table_one = round_.pairings.get(table=1)
    result_record(
        by=director,
        pairing_id=table_one.pk,
        first_score=400,
        second_score=300,
        expected_version=None,
    )
    session = Session(
        tournament=division.tournament,
        division=division,
        username=None,
        by=director,
        stream=io.StringIO(),
    )
    return session, session.paired_round(division, 1), table_one.pk


def answering(monkeypatch, *answers, meanwhile=None):
    """Answer the console's questions in turn; ``meanwhile`` runs while the first one waits."""
    given = iter(answers)

    def answer(prompt):
        if meanwhile is not None and not answering.done:
            answering.done = True
            meanwhile()
        return next(given)

    answering.done = False
    monkeypatch.setattr(ask, "answer", answer)


def stored(pk: int) -> tuple:
    pairing = Pairing.objects.get(pk=pk)
    return pairing.first_score, pairing.second_score


def test_replacing_a_result_is_asked_first_and_no_keeps_it(monkeypatch, desk):
    session, round_, pk = desk
    answering(monkeypatch, "n")
    assert results.enter_line(session, round_, "1 410 300") is False
    assert "It already has a result: 400–300." in session.stream.getvalue()
    assert stored(pk) == (400, 300)


def test_replacing_a_result_on_yes_stores_the_new_one(monkeypatch, desk):
    session, round_, pk = desk
    answering(monkeypatch, "y")
    assert results.enter_line(session, round_, "1 410 300") is True
    assert stored(pk) == (410, 300)
    assert session.typed == [AuditEntry.objects.latest("pk").pk]


@pytest.mark.parametrize(("keep", "final"), [("y", (410, 300)), ("n", (420, 300))])
def test_a_result_saved_by_someone_else_meanwhile_is_shown_and_kept_only_if_chosen(
    monkeypatch, desk, director, keep, final
):
    session, round_, pk = desk

    def someone_else():
        version = Pairing.objects.get(pk=pk).version
        result_record(
            by=director,
            pairing_id=pk,
            first_score=420,
            second_score=300,
            expected_version=version,
        )

    answering(monkeypatch, "y", keep, meanwhile=someone_else)
    results.enter_line(session, round_, "1 410 300")
    said = session.stream.getvalue()
    assert "Someone else saved this game since you typed it." in said
    assert "Theirs: 420–300" in said and "Yours: 410–300" in said
    assert stored(pk) == final


def test_a_refused_line_is_said_and_stores_nothing(monkeypatch, desk):
    session, round_, pk = desk
    before = AuditEntry.objects.count()
    assert results.enter_line(session, round_, "7 400 300") is False
    assert "Refused:" in session.stream.getvalue()
    assert AuditEntry.objects.count() == before
