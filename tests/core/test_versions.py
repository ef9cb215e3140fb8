"""The per-tournament version an audited change renews (what the public pages' 304s check)."""

import pytest

from core.audit import audit_record
from core.versions import tournament_version
from tests import factories

pytestmark = pytest.mark.django_db


def test_an_audited_change_to_a_tournament_renews_its_version_at_once_and_on_commit(
    django_capture_on_commit_callbacks,
):
    event = factories.tournament()
    before = tournament_version(event.pk)
    assert tournament_version(event.pk) == before
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        audit_record(by=None, action="test", obj=event, tournament_id=event.pk)
        during = tournament_version(event.pk)
    assert during != before
    # One renewal on commit (the publishing queue adds its own callback beside it).
    renewals = [c for c in callbacks if "tournament_changed" in getattr(c, "__qualname__", "")]
    assert len(renewals) == 1
    assert tournament_version(event.pk) not in (before, during)


def test_other_tournaments_and_untournamented_changes_keep_their_version():
    one, other = factories.tournament(), factories.tournament()
    first, second = tournament_version(one.pk), tournament_version(other.pk)
    audit_record(by=None, action="test", obj=one, tournament_id=one.pk)
    audit_record(by=None, action="test", obj=other, scope="club")
    assert tournament_version(one.pk) != first
    assert tournament_version(other.pk) == second
