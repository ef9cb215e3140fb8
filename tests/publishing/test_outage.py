"""The outage: a target cannot be reached for a while (a folder made read-only, or the server's
sshd stopped under an rsync target), results keep coming in through the services, then it
returns. The worker catches it up with nobody pressing anything: every
file on the target is what the site publishes now, no change is lost, and a reader polling the
folder throughout never saw a half-written round."""

import contextlib
import datetime
import json
import os

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from core.polled.stamps import latest_change
from publishing.models import PublishJob, PublishTarget
from publishing.pages import event_files
from publishing.plan.manifest import MANIFEST_NAME, STAMP_NAME, hashes, stamp_bytes
from publishing.selectors import target_statuses
from publishing.services import event_publish
from publishing.target_services import target_add
from publishing.targets import Target, TargetUnreachable
from publishing.worker import work_once
from tests import factories
from tests.publishing.outage import Reader, unreachable
from tests.publishing.servers import SSHD, Sshd
from tournaments.models import Pairing
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db(transaction=True)
SCORES = [(402, 380), (355, 411), (390, 390)]


class Clock:
    """The worker's clock, moved by the test: ten minutes a turn, past any backoff."""

    def __init__(self):
        self.now = timezone.now() + datetime.timedelta(minutes=1)

    def __call__(self):
        return self.now

    def turn(self):
        self.now += datetime.timedelta(minutes=10)


def worker_turn(clock):
    clock.turn()
    return work_once(
        publish=event_publish, unreachable_error=TargetUnreachable, clock=clock, name="test:1"
    )


def files_on(folder):
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name not in (MANIFEST_NAME, STAMP_NAME)
    }


def manifest_of(folder):
    return json.loads((folder / MANIFEST_NAME).read_bytes())["files"]


@contextlib.contextmanager
def sshd_stopped(server: Sshd):
    server.stop()
    try:
        yield
    finally:
        server.start()


@pytest.fixture(params=["folder", "rsync"])
def away(request, tmp_path, settings):
    """(the target's spec, the folder that holds its files, how it goes away for a while)."""
    site = tmp_path / "site"
    site.mkdir()
    if request.param == "folder":
        yield str(site), site, lambda: unreachable(site)
        return
    if not os.access(SSHD, os.X_OK):
        pytest.skip("sshd is missing: apt-get install openssh-server")
    server = Sshd(tmp_path)
    settings.PUBLISH_SSH_COMMAND = server.ssh_command
    try:
        yield server.spec(site), site, lambda: sshd_stopped(server)
    finally:
        server.stop()


@pytest.fixture
def manifests_written(monkeypatch):
    """Every manifest a publish writes, in order: a staged publish writes one per stage."""
    written = []
    real = Target.write_manifest

    def recorded(self, file_hashes):
        real(self, file_hashes)
        written.append(dict(file_hashes))

    monkeypatch.setattr(Target, "write_manifest", recorded)
    return written


def test_a_target_that_was_away_catches_up_and_no_reader_saw_half_a_round(
    director, away, manifests_written
):
    spec, site, outage = away
    event = factories.tournament(director=director, slug="outage-open")
    division = factories.division(event, name="A")
    players = factories.entries(division, 6)
    factories.round_with_pairings(division, players)
    target = target_add(by=director, tournament=event, spec=spec)
    clock = Clock()
    assert worker_turn(clock).ok
    target.refresh_from_db()
    rounds = [manifest_of(site)]
    reader = Reader(site)
    reader.start()
    try:
        with outage():
            pairings = Pairing.objects.order_by("table")
            for number, (pairing, (first, second)) in enumerate(zip(pairings, SCORES, strict=True)):
                result_record(
                    by=director,
                    pairing_id=pairing.pk,
                    first_score=first,
                    second_score=second,
                    expected_version=None,
                )
                # The worker tries after the first result and after the last (each publish
                # renders the whole event: a turn per result would only make the test slow).
                if number in (0, len(SCORES) - 1):
                    outcome = worker_turn(clock)
                    assert (outcome.ok, outcome.target) == (False, spec)
            status = target_statuses(event.pk)[0]
            assert status.unreachable_since is not None
            since = AuditEntry.objects.filter(
                tournament_id=event.pk, id__gt=target.published_through
            )
            assert since.filter(action="result.record").count() == len(SCORES)
            assert status.changes_waiting == since.count()
        # Back: the next turn of the worker publishes everything, nobody pressed anything.
        written = len(manifests_written)
        outcome = worker_turn(clock)
        assert outcome.ok
        # The pages the results touched first, then the whole round: each stage a manifest.
        rounds += manifests_written[written:]
        assert len(rounds) == 3
        assert rounds[-1] == manifest_of(site)
    finally:
        reader.stop.set()
        reader.join()
    assert reader.looks, "the reader never read the folder"
    assert reader.problems(rounds) == []
    published = event_files(event)
    assert files_on(site) == published
    assert manifest_of(site) == hashes(published)
    assert (site / STAMP_NAME).read_bytes() == stamp_bytes(hashes(published))
    tourney = Client().get(reverse("tournaments:tourney_js", args=[event.slug]))
    assert published["tourney.js"] == tourney.content
    target = PublishTarget.objects.get(pk=target.pk)
    assert (target.unreachable_since, target.failures, target.last_error) == (None, 0, "")
    assert target.published_through == latest_change(event.pk)
    assert target_statuses(event.pk)[0].changes_waiting == 0
    assert not PublishJob.objects.filter(state=PublishJob.WAITING).exists()
    assert worker_turn(clock) is None
