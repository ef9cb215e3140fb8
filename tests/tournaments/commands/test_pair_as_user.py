"""`pair --user`: the round is paired and audited as that account, if it may change the
division; anyone else is refused and nothing changes."""

import pytest
from django.core.management.base import CommandError

from core.models import AuditEntry
from tests.command_runs import database_state, run
from tests.tournaments.division_setup import field

pytestmark = pytest.mark.django_db


def test_pair_as_the_director_is_audited_as_them(director):
    division, _entries = field(4, director=director, rounds=3, name="A")
    slug = division.tournament.slug
    run("pair", slug, "--round", "1", "--seed", "1", "--user", director.username)
    assert list(AuditEntry.objects.values_list("actor", flat=True).distinct()) == [director.pk]


def test_pair_as_someone_who_may_not_change_the_division_is_refused(director, stranger):
    division, _entries = field(4, director=director, rounds=3, name="A")
    before = database_state()
    with pytest.raises(CommandError, match="may not do this"):
        run("pair", division.tournament.slug, "--round", "1", "--user", stranger.username)
    assert database_state() == before
