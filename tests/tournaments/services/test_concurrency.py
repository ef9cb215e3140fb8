"""Two directors entering results at the same moment on PostgreSQL: nothing is lost or overwritten.

Threads run real requests (each with its own client and database connection) released together by
a barrier. Row locks (``select_for_update``) and versions decide the races; SQLite serialises
writers by itself, so this module only means something on PostgreSQL, where CI runs it.
"""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing, TournamentRole
from tournaments.services import results as services

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks and concurrent transactions are tested on PostgreSQL only",
    ),
    pytest.mark.django_db(transaction=True),
]

HTMX = {"HTTP_HX_REQUEST": "true"}


def run_together(jobs):
    """Run each job in its own thread, all released at once; return their results in order."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def worker(index, job):
        try:
            barrier.wait()
            results[index] = job()
        except Exception as exc:  # handed back to the test to assert on
            results[index] = exc
        finally:
            connection.close()  # each thread opened its own connection

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.fixture
def round_of(director):
    event = factories.tournament(director=director)
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 8))
    return {
        "url": reverse("tournaments:results", args=[event.slug, "A", 1]),
        "tables": {p.table: p for p in round_.pairings.all()},
    }


def director_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def poster(user, url, line, pairing, version):
    client = director_client(user)
    data = {"line": line, "pairing": pairing.pk, "version": version}
    return lambda: client.post(url, data, **HTMX)


def test_two_directors_on_different_tables_both_save(director, round_of):
    other = factories.user()
    TournamentRole.objects.create(
        tournament=round_of["tables"][1].round.division.tournament, user=other, role="assistant"
    )
    url, tables = round_of["url"], round_of["tables"]
    responses = run_together(
        [
            poster(director, url, "1 402 380", tables[1], 0),
            poster(other, url, "2 350 420", tables[2], 0),
        ]
    )
    assert [r.status_code for r in responses] == [200, 200]
    assert all('data-state="saved"' in r.text for r in responses)
    saved = {p.table: (p.first_score, p.second_score, p.version) for p in Pairing.objects.all()}
    assert saved[1] == (402, 380, 1) and saved[2] == (350, 420, 1)
    audited = {(e.actor_id, e.after["first_score"]) for e in AuditEntry.objects.all()}
    assert audited == {(director.pk, 402), (other.pk, 350)}


def test_same_table_with_stale_versions_one_wins_the_other_sees_the_conflict(director, round_of):
    url, tables = round_of["url"], round_of["tables"]
    jobs = []
    for table in (1, 2, 3, 4):  # four races at once, two directors per table
        jobs.append(poster(director, url, f"{table} 400 300", tables[table], 0))
        jobs.append(poster(director, url, f"{table} 300 400", tables[table], 0))
    responses = run_together(jobs)
    for table in (1, 2, 3, 4):
        mine, theirs = responses[2 * table - 2], responses[2 * table - 1]
        assert sorted([mine.status_code, theirs.status_code]) == [200, 409]
        winner, loser = (mine, theirs) if mine.status_code == 200 else (theirs, mine)
        pairing = Pairing.objects.get(pk=tables[table].pk)
        won = (400, 300) if winner is mine else (300, 400)
        assert (pairing.first_score, pairing.second_score, pairing.version) == (*won, 1)
        # The loser is shown the winner's result as "theirs", never silently overwritten.
        assert f'<td data-version="theirs">{won[0]}–{won[1]}</td>' in loser.text
        entry = AuditEntry.objects.get(action="result.record", object_id=str(pairing.pk))
        assert (entry.after["first_score"], entry.after["second_score"]) == won
    # Four results, and the round's end point: each of the last writes saw the others' games
    # locked, so each looked again once committed (two at the same instant may both take one).
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert actions.count("result.record") == 4
    assert 1 <= actions.count("restore_point.take") <= 2
    assert len(actions) == 4 + actions.count("restore_point.take")


def test_concurrent_writes_without_versions_queue_on_the_row_lock(director, round_of):
    pairing = round_of["tables"][1]

    def job(score):
        return lambda: services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=score,
            second_score=300,
            expected_version=None,
        )

    outcomes = run_together([job(400 + i) for i in range(6)])
    assert all(isinstance(o, services.ResultOutcome) for o in outcomes)
    pairing.refresh_from_db()
    assert pairing.version == 6
    # Every write saw the one before it: versions chain 0→1→…→6 with no update lost.
    chain = sorted((e.before["version"], e.after["version"]) for e in AuditEntry.objects.all())
    assert chain == [(v, v + 1) for v in range(6)]
    assert pairing.first_score == AuditEntry.objects.first().after["first_score"]


def test_concurrent_writes_with_the_same_version_let_exactly_one_through(director, round_of):
    pairing = round_of["tables"][1]

    def job(score):
        return lambda: services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=score,
            second_score=300,
            expected_version=0,
        )

    outcomes = run_together([job(400 + i) for i in range(6)])
    won = [o for o in outcomes if isinstance(o, services.ResultOutcome)]
    conflicts = [o for o in outcomes if isinstance(o, services.ResultConflict)]
    assert (len(won), len(conflicts)) == (1, 5)
    assert all(c.current == won[0].after for c in conflicts)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.version) == (won[0].after["first_score"], 1)
    assert AuditEntry.objects.count() == 1
