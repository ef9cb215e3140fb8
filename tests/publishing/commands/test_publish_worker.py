"""manage.py publish_worker --once: runs what is due, says what it did, and stops."""

import io
import os

import pytest
from django.core.management import call_command

from publishing.models import PublishJob, PublishTarget
from publishing.target_services import target_add
from publishing.worker import worker_name
from tests import factories

pytestmark = pytest.mark.django_db


def run_worker() -> str:
    out = io.StringIO()
    call_command("publish_worker", once=True, stdout=out)
    return out.getvalue()


def small_event(director):
    event = factories.tournament(director=director)
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2))
    return event


def test_the_worker_puts_back_a_dead_workers_job_and_publishes(director, tmp_path):
    event = small_event(director)
    site = tmp_path / "site"
    target = target_add(by=director, tournament=event, spec=str(site))
    # Left running by a worker of this host whose process is gone.
    host = worker_name().rpartition(":")[0]
    dead = 2**22 + 1
    while os.path.exists(f"/proc/{dead}"):
        dead += 1
    PublishJob.objects.update(state="running", claimed_by=f"{host}:{dead}")
    said = run_worker()
    assert said.splitlines()[0] == "1 job left running was put back."
    assert said.splitlines()[1].startswith(f"Published to {site}: ")
    assert (site / "index.html").is_file()
    assert PublishTarget.objects.get(pk=target.pk).last_published_at is not None
    assert run_worker() == ""


def test_the_worker_says_a_target_cannot_be_reached_and_stops(director, tmp_path):
    event = small_event(director)
    (tmp_path / "file").write_bytes(b"")
    spec = str(tmp_path / "file" / "site")
    target_add(by=director, tournament=event, spec=spec)
    said = run_worker()
    assert said.startswith(f"Could not publish to {spec} (will retry): ")
    job = PublishJob.objects.get()
    assert (job.state, job.attempts) == ("waiting", 1)
