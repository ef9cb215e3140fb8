"""``manage.py playoff``: start, show, pair the next games and cancel a division's playoff."""

import pytest
from django.core.management.base import CommandError

from core.models import AuditEntry
from tests.command_runs import refused, run
from tests.tournaments.division_setup import field
from tests.tournaments.services.test_playoffs import games_of, report, swiss
from tournaments.models import Division

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(director):
    division, _ = field(6, director=director, rounds=6)
    swiss(division, rounds=2)
    return division


def args(division, *more):
    return ("playoff", division.tournament.slug, division.name, *more)


def test_the_command_starts_pairs_and_shows_the_bracket(division):
    out = run(*args(division, "--top", "4", "--best-of", "3", "--third-place"))
    assert "Playoff round 3 paired:" in out
    assert "Semi-finals" in out and "Third-place match" in out and "Places" in out
    for p in games_of(division, 3):
        report(p, 400, 300)
    out = run(*args(division, "--next"))
    assert "Playoff round 4 paired:" in out
    assert "Final" in run(*args(division, "--show"))


def test_the_command_refuses_bounds_and_changes_nothing(division):
    for bad in (("--top", "1", "--best-of", "3"), ("--top", "4", "--best-of", "16")):
        with pytest.raises(CommandError):
            run(*args(division, *bad))
    with pytest.raises(CommandError) as err:
        run(*args(division, "--top", "4", "--best-of", "4"))
    assert "odd number" in str(err.value)
    assert Division.objects.get(pk=division.pk).playoff == {}


def test_the_command_cancels_an_unplayed_playoff(division):
    run(*args(division, "--top", "2", "--best-of", "1"))
    assert "Playoff cancelled." in run(*args(division, "--cancel"))
    assert Division.objects.get(pk=division.pk).playoff == {}


def test_the_command_acts_as_the_user_given(division, director):
    AuditEntry.objects.all().delete()
    run(*args(division, "--top", "2", "--best-of", "1", "--user", director.username))
    run(*args(division, "--cancel", "--user", director.username))
    actors = set(AuditEntry.objects.values_list("actor", flat=True))
    assert actors == {director.pk} and AuditEntry.objects.count() >= 2


def test_a_user_who_may_not_change_the_division_is_refused(division, stranger):
    message = refused(*args(division, "--top", "2", "--best-of", "1", "--user", stranger.username))
    assert message == f"{stranger.username} may not do this in {division}."
    assert Division.objects.get(pk=division.pk).playoff == {}
